import Domain
import Foundation

struct SQLiteMindLogRepository: MindLogRepository {
  let database: SQLiteDatabase

  static let insert = "INSERT INTO mind_logs (\(MindLogRow.columns)) VALUES (?, ?, ?, ?)"
  static let update = "UPDATE mind_logs SET date_ms = ?, score = ?, note = ? WHERE id = ?"
  static let delete = "DELETE FROM mind_logs WHERE id = ? RETURNING date_ms"
  static let page = """
    SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY date_ms DESC, id DESC LIMIT ? OFFSET ?
    """
  /// `page` read from the other end.
  static let pageReversed = """
    SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY date_ms ASC, id ASC LIMIT ? OFFSET ?
    """

  func entries(offset: Int, limit: Int) async throws -> Page<MindLog> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("mind_logs", connection)
      let items = try rows(
        window, total: total, forward: Self.page, backward: Self.pageReversed,
        index: .mindLogs, connection
      ) { try MindLogRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog {
    try await database.write { connection in
      let id = try nextID("mind_logs", table: "mind_logs", connection)
      let entry = try MindLog(id: id, date: date, score: score, note: note).storable()
      let row = MindLogRow(entry)
      try connection.execute(Self.insert, row.id, row.dateMs, row.score, row.note)
      try SQLiteListIndex.mindLogs.added(key: row.dateMs, id: row.id, connection)
      return entry
    }
  }

  static let select = "SELECT \(MindLogRow.columns) FROM mind_logs WHERE id = ?"

  private static func update(_ entry: MindLog, _ connection: SQLiteConnection) throws {
    let row = MindLogRow(try entry.storable())
    try connection.execute(update, row.dateMs, row.score, row.note, row.id)
    try requireChange(connection)
    try SQLiteListIndex.mindLogs.added(key: row.dateMs, id: row.id, connection)
  }

  /// The entry is read inside the write transaction, so no other connection can change it
  /// between the reading and the writing.
  func update(
    id: Int64, score: Decimal, note: String?, date: Date?, if condition: WriteCondition<MindLog>
  ) async throws -> MindLog {
    try await database.write { connection in
      let stored = try Self.entry(id: id, connection)
      try condition(stored)
      guard var entry = stored else { throw DomainError.notFound }
      entry.score = score
      if let note { entry.note = note }
      if let date { entry.date = date }
      try Self.update(entry, connection)
      return entry
    }
  }

  func delete(id: Int64, if condition: WriteCondition<MindLog>) async throws {
    try await database.write { connection in
      if condition.readsItem { try condition(try Self.entry(id: id, connection)) }
      let dates = try connection.query(Self.delete, id) { $0.int64(0) }
      guard let date = dates.first else { throw DomainError.notFound }
      try SQLiteListIndex.mindLogs.removed(key: date, id: id, connection)
    }
  }

  func entry(id: Int64) async throws -> MindLog? {
    try await database.read { connection in try Self.entry(id: id, connection) }
  }

  private static func entry(id: Int64, _ connection: SQLiteConnection) throws -> MindLog? {
    try connection.query(select, id) { try MindLogRow($0).toDomain() }.first
  }
}
