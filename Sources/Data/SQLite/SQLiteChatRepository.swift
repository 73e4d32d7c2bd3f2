import Domain
import Foundation

struct SQLiteChatRepository: ChatRepository {
  let database: SQLiteDatabase

  static let insert = "INSERT INTO chat_messages (\(ChatMessageRow.columns)) VALUES (?, ?, ?, ?)"
  static let update = "UPDATE chat_messages SET content = ?, date_ms = ?, edited = ? WHERE id = ?"
  static let delete = "DELETE FROM chat_messages WHERE id = ? RETURNING date_ms"
  static let page = """
    SELECT \(ChatMessageRow.columns) FROM chat_messages
    ORDER BY date_ms ASC, id ASC LIMIT ? OFFSET ?
    """
  /// `page` read from the other end: the newest page, which the chat shows, is its head.
  static let pageReversed = """
    SELECT \(ChatMessageRow.columns) FROM chat_messages
    ORDER BY date_ms DESC, id DESC LIMIT ? OFFSET ?
    """

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      try Self.page(window, total: try rowCount("chat_messages", connection), connection)
    }
  }

  /// One read: the count, then the window it names.
  func newestMessages(skipping: Int, limit: Int) async throws -> Page<ChatMessage> {
    try await database.read { connection in
      let total = try rowCount("chat_messages", connection)
      let window = Page<ChatMessage>.windowFromNewest(
        total: total, skipping: skipping, limit: limit)
      return try Self.page(window, total: total, connection)
    }
  }

  /// The messages in `window` of the `total` stored.
  private static func page(
    _ window: (offset: Int, limit: Int), total: Int, _ connection: SQLiteConnection
  ) throws -> Page<ChatMessage> {
    let items = try rows(
      window, total: total, forward: page, backward: pageReversed, index: .chat, connection
    ) { try ChatMessageRow($0).toDomain() }
    return Page(items: items, offset: window.offset, total: total)
  }

  func insert(content: String, date: Date) async throws -> ChatMessage {
    try await database.write { connection in
      let id = try nextID("chat_messages", table: "chat_messages", connection)
      let message = try ChatMessage(id: id, content: content, date: date).storable()
      let row = ChatMessageRow(message)
      try connection.execute(Self.insert, row.id, row.content, row.dateMs, row.edited)
      try SQLiteListIndex.chat.added(key: row.dateMs, id: row.id, connection)
      return message
    }
  }

  /// One transaction and one prepared INSERT, bound and run per row. The row-count trigger
  /// would add a second statement per row (a third of the time): it is off for the batch,
  /// which adds its count once, like the id counter, in the same transaction.
  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage] {
    guard !drafts.isEmpty else { return [] }
    for draft in drafts {
      try ChatMessage(id: 1, content: draft.content, date: draft.date).storable()
    }
    return try await database.write { connection in
      let first = try nextID("chat_messages", table: "chat_messages", connection)
      guard first <= Limits.maxCounter - Int64(drafts.count) + 1 else {
        throw DomainError.invalidInput(.outOfRange("ids end at \(Limits.maxCounter)"))
      }
      let messages = try connection.withoutTriggers {
        let statement = try connection.statement(Self.insert)
        defer { statement.reset() }
        var messages: [ChatMessage] = []
        messages.reserveCapacity(drafts.count)
        var id = first
        for draft in drafts {
          try statement.bind(id, at: 1)
          try statement.bind(draft.content, at: 2)
          try statement.bind(draft.date.epochMilliseconds, at: 3)
          try statement.bind(0, at: 4)  // not edited
          try statement.run()
          messages.append(ChatMessage(id: id, content: draft.content, date: draft.date))
          id += 1
        }
        return messages
      }
      try connection.execute(SQLiteSharedSQL.addToRowCount, messages.count, "chat_messages")
      try SQLiteListIndex.chat.addedInBatch(
        messages.map { ($0.date.epochMilliseconds, $0.id) }, connection)
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'chat_messages'",
        first + Int64(messages.count) - 1)
      return messages
    }
  }

  func update(_ message: ChatMessage, if condition: WriteCondition<ChatMessage>) async throws {
    let row = ChatMessageRow(try message.storable())
    try await database.write { connection in
      if condition.readsItem { try condition(try Self.message(id: row.id, connection)) }
      try connection.execute(Self.update, row.content, row.dateMs, row.edited, row.id)
      try requireChange(connection)
      try SQLiteListIndex.chat.added(key: row.dateMs, id: row.id, connection)
    }
  }

  func delete(id: Int64, if condition: WriteCondition<ChatMessage>) async throws {
    try await database.write { connection in
      if condition.readsItem { try condition(try Self.message(id: id, connection)) }
      let dates = try connection.query(Self.delete, id) { $0.int64(0) }
      guard let date = dates.first else { throw DomainError.notFound }
      try SQLiteListIndex.chat.removed(key: date, id: id, connection)
    }
  }

  static let select = "SELECT \(ChatMessageRow.columns) FROM chat_messages WHERE id = ?"

  func message(id: Int64) async throws -> ChatMessage? {
    try await database.read { connection in try Self.message(id: id, connection) }
  }

  private static func message(id: Int64, _ connection: SQLiteConnection) throws -> ChatMessage? {
    try connection.query(select, id) { try ChatMessageRow($0).toDomain() }.first
  }
}
