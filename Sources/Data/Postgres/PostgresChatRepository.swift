import Domain
import Foundation

struct PostgresChatRepository: ChatRepository {
  let database: PostgresDatabase

  static let insert = """
    INSERT INTO chat_messages (\(ChatMessageRow.columns)) VALUES ($1, $2, $3, $4)
    """
  /// Many messages in one statement: ids, contents, dates and edited flags as four arrays
  /// of one length (`PostgresArray`). The row-count trigger runs once for the statement.
  static let insertMany = """
    INSERT INTO chat_messages (\(ChatMessageRow.columns))
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::boolean[])
    """
  static let update = """
    UPDATE chat_messages SET content = $1, date_ms = $2, edited = $3 WHERE id = $4
    """
  static let delete = "DELETE FROM chat_messages WHERE id = $1"
  static let select = "SELECT \(ChatMessageRow.columns) FROM chat_messages WHERE id = $1"
  static let page = """
    SELECT \(ChatMessageRow.columns) FROM chat_messages
    ORDER BY date_ms ASC, id ASC LIMIT $1 OFFSET $2
    """
  /// `page` read from the other end: the newest page, which the chat shows, is its head.
  static let pageReversed = """
    SELECT \(ChatMessageRow.columns) FROM chat_messages
    ORDER BY date_ms DESC, id DESC LIMIT $1 OFFSET $2
    """

  /// How many messages one `insertMany` carries: enough that a statement's round trip is
  /// little beside its rows, few enough that a statement of the longest messages stays
  /// within a few megabytes.
  static let rowsPerStatement = 1_000

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("chat_messages", connection)
      let items = try postgresRows(
        window, total: total, forward: Self.page, backward: Self.pageReversed,
        index: .chat, connection
      ) { try ChatMessageRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func insert(content: String, date: Date) async throws -> ChatMessage {
    try await database.write { connection in
      let id = try nextID("chat_messages", table: "chat_messages", connection)
      let message = try ChatMessage(id: id, content: content, date: date).storable()
      let row = ChatMessageRow(message)
      try connection.execute(Self.insert, row.id, row.content, row.dateMs, row.edited)
      return message
    }
  }

  /// One transaction: the ids are taken from the counter once, the messages inserted
  /// `rowsPerStatement` at a time, and the counter set past the last.
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
      let messages = drafts.enumerated().map { index, draft in
        ChatMessage(id: first + Int64(index), content: draft.content, date: draft.date)
      }
      try Self.insert(messages, connection)
      try connection.execute(
        PostgresSharedSQL.setCounter, first + Int64(messages.count) - 1, "chat_messages")
      return messages
    }
  }

  /// Inserts `messages`, `rowsPerStatement` at a time, telling `progress` after each
  /// statement. An id stored already, or given twice, throws `DomainError.duplicate`.
  static func insert(
    _ messages: [ChatMessage], _ connection: PostgresConnection,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws {
    var done = 0
    while done < messages.count {
      let chunk = messages[done..<min(done + rowsPerStatement, messages.count)]
      try insertUnique(
        connection, insertMany, PostgresArray.literal(chunk.lazy.map(\.id)),
        PostgresArray.literal(chunk.lazy.map(\.content)),
        PostgresArray.literal(chunk.lazy.map(\.date.epochMilliseconds)),
        PostgresArray.literal(chunk.lazy.map(\.isEdited)))
      done += chunk.count
      progress?(done, messages.count)
    }
  }

  func update(_ message: ChatMessage) async throws {
    let row = ChatMessageRow(try message.storable())
    try await database.write { connection in
      try requireChange(
        try connection.execute(Self.update, row.content, row.dateMs, row.edited, row.id))
    }
  }

  func delete(id: Int64) async throws {
    try await database.write { connection in
      try requireChange(try connection.execute(Self.delete, id))
    }
  }

  func message(id: Int64) async throws -> ChatMessage? {
    try await database.read { connection in
      try connection.query(Self.select, id) { try ChatMessageRow($0).toDomain() }.first
    }
  }
}
