import Foundation
import PocketDomain

/// The statements of `SQLChatRepository`.
enum ChatSQL {
  static let update = SQLText(
    "UPDATE chat_messages SET content = ?, date_ms = ?, edited = ? WHERE id = ?")
  /// The newest messages after skipping `?2`, at most `?1`, newest first, each with the
  /// count of messages (the last column), in one statement, so one snapshot; no message
  /// gives one row of NULLs with the count.
  static let newestPage = SQLText(
    """
    SELECT m.*, c.value FROM row_counts c LEFT JOIN (
      SELECT \(ChatMessageRow.columns) FROM chat_messages
      ORDER BY date_ms DESC, id DESC LIMIT ? OFFSET ?) m ON true
    WHERE c.name = 'chat_messages'
    """)
}

/// The chat of an SQL store (SQLite or PostgreSQL).
struct SQLChatRepository<Database: SQLDatabase>: ChatRepository {
  let database: Database

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      try Self.page(window, total: try rowCount("chat_messages", connection), connection)
    }
  }

  /// The messages in `window` of the `total` stored, read through the list's blocks when
  /// far from both ends.
  private static func page(
    _ window: (offset: Int, limit: Int), total: Int, _ connection: Database.Connection
  ) throws -> Page<ChatMessage> {
    // Oldest first: the newest page, which the chat shows, is the head of `pageReversed`.
    let items = try rows(window, total: total, of: .chat, connection) {
      try ChatMessageRow($0).toDomain()
    }
    return Page(items: items, offset: window.offset, total: total)
  }

  /// A page near the newest end (the chat's first pages) is one statement, which a database
  /// that can runs without a transaction: one round trip. A page farther in is a read of the
  /// count, then the window it names through the list's blocks.
  func newestMessages(skipping: Int, limit: Int) async throws -> Page<ChatMessage> {
    let (skipping, limit) = window(offset: skipping, limit: limit)
    guard skipping <= 2 * ListIndex.blockSize else {
      return try await database.read { connection in
        let total = try rowCount("chat_messages", connection)
        let window = Page<ChatMessage>.windowFromNewest(
          total: total, skipping: skipping, limit: limit)
        return try Self.page(window, total: total, connection)
      }
    }
    return try await database.statement { connection in
      var count: Int64?
      let newestFirst = try connection.query(ChatSQL.newestPage, limit, skipping) {
        row -> ChatMessage? in
        count = row.int64(4)
        return row.isNull(0) ? nil : try ChatMessageRow(row).toDomain()
      }
      guard let count else {
        throw InvalidRow(reason: .rowCountMissing(table: "chat_messages"))
      }
      // Checked as `rowCount` checks it.
      let total = Int(
        try checkedColumn(count, Limits.counter, "row_counts.value of chat_messages"))
      let items = newestFirst.compactMap { $0 }.reversed()
      let window = Page<ChatMessage>.windowFromNewest(
        total: total, skipping: skipping, limit: limit)
      return Page(items: Array(items), offset: window.offset, total: total)
    }
  }

  /// The id and the row in one statement where the database can (`insertWithNextID`).
  func insert(content: String, date: Date) async throws -> ChatMessage {
    // Checked before the id is known: everything but the id.
    let checked = try ChatMessage(id: 1, content: content, date: date).storable()
    let row = ChatMessageRow(checked)
    return try await insertListed(checked, id: \.id, key: row.dateMs, into: .chat, in: database) {
      [row.content, row.dateMs, row.edited]
    }
  }

  /// One transaction: the ids are taken from the counter once, the messages inserted as a
  /// batch (`SQLConnection.insertMessages`), and the counter set past the last.
  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage] {
    guard !drafts.isEmpty else { return [] }
    for draft in drafts {
      try ChatMessage(id: 1, content: draft.content, date: draft.date).storable()
    }
    return try await database.write { connection in
      let first = try nextID("chat_messages", table: "chat_messages", connection)
      guard first <= Limits.maxCounter - Int64(drafts.count) + 1 else {
        throw DomainError.invalidInput(.outOfRange(.idsEnd(last: Limits.maxCounter)))
      }
      let messages = drafts.enumerated().map { index, draft in
        ChatMessage(id: first + Int64(index), content: draft.content, date: draft.date)
      }
      try connection.insertMessages(messages)
      try connection.execute(
        SharedSQL.setCounter, first + Int64(messages.count) - 1, "chat_messages")
      return messages
    }
  }

  /// With a condition, the message is read in the write, under the store's lock.
  func update(_ message: ChatMessage, if condition: WriteCondition<ChatMessage>) async throws {
    let row = ChatMessageRow(try message.storable())
    try await database.write(readingFirst: condition.readsItem) { connection in
      if condition.readsItem {
        try condition(try listed(ChatMessageRow.self, id: row.id, of: .chat, connection))
      }
      try requireChange(
        try connection.execute(ChatSQL.update, row.content, row.dateMs, row.edited, row.id))
      try connection.listAdded(.chat, key: row.dateMs, id: row.id)
    }
  }

  func delete(id: Int64, if condition: WriteCondition<ChatMessage>) async throws {
    try await deleteListed(ChatMessageRow.self, id: id, if: condition, from: .chat, in: database)
  }

  /// Through the database's index of the chat's texts where it has one for the query (the
  /// SQLite store's, `SQLiteChatSearch`): its candidates, newest first, go through the scan's
  /// own matching and windowing (`MatchingItems`), so the answer is the scan's. Else the scan.
  func matchingMessages(_ search: TextSearch, skipping: Int, limit: Int) async throws
    -> Page<ChatMessage>
  {
    guard !search.isEmpty, let candidates = try await database.chatSearchCandidates(search)
    else {
      return try await scannedMatches(search, skipping: skipping, limit: limit)
    }
    return try await MatchingItems<ChatMessage>(search) { [$0.content] }.oldestFirst(
      skipping: skipping, limit: limit
    ) { skip, limit in
      let start = min(max(skip, 0), candidates.count)
      let end = start + min(max(limit, 0), candidates.count - start)
      return Page(items: Array(candidates[start..<end]), offset: skip, total: candidates.count)
    }
  }

  func message(id: Int64) async throws -> ChatMessage? {
    try await database.read { try listed(ChatMessageRow.self, id: id, of: .chat, $0) }
  }
}
