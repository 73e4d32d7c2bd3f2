import Foundation
import PocketDomain

/// The statements of `SQLMindLogRepository`.
enum MindLogSQL {
  static let insert = SQLText(
    "INSERT INTO mind_logs (\(MindLogRow.columns)) VALUES (?, ?, ?, ?)")
  static let update = SQLText(
    "UPDATE mind_logs SET date_ms = ?, score = ?, note = ? WHERE id = ?")
  static let delete = SQLText("DELETE FROM mind_logs WHERE id = ? RETURNING date_ms")
  static let select = SQLText("SELECT \(MindLogRow.columns) FROM mind_logs WHERE id = ?")
}

/// The mind log of an SQL store (SQLite or PostgreSQL).
struct SQLMindLogRepository<Database: SQLDatabase>: MindLogRepository {
  let database: Database

  func entries(offset: Int, limit: Int) async throws -> Page<MindLog> {
    try await page(offset: offset, limit: limit, of: .mindLogs, in: database) {
      try MindLogRow($0).toDomain()
    }
  }

  /// The id and the row in one statement where the database can (`insertWithNextID`).
  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog {
    // Checked before the id is known: everything but the id.
    let checked = try MindLog(id: 1, date: date, score: score, note: note).storable()
    let row = MindLogRow(checked)
    return try await insertListed(checked, id: \.id, key: row.dateMs, into: .mindLogs, in: database)
    {
      [row.dateMs, row.score, row.note]
    }
  }

  /// The entry is read inside the write transaction, under the store's lock, so no other
  /// connection can change it between the reading and the writing.
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
      let row = MindLogRow(try entry.storable())
      try requireChange(
        try connection.execute(MindLogSQL.update, row.dateMs, row.score, row.note, row.id))
      try connection.listAdded(.mindLogs, key: row.dateMs, id: row.id)
      return entry
    }
  }

  func delete(id: Int64, if condition: WriteCondition<MindLog>) async throws {
    try await deleteListed(
      id: id, if: condition, with: MindLogSQL.delete, from: .mindLogs, in: database,
      stored: Self.entry)
  }

  func entry(id: Int64) async throws -> MindLog? {
    try await database.read { connection in try Self.entry(id: id, connection) }
  }

  private static func entry(id: Int64, _ connection: Database.Connection) throws -> MindLog? {
    try connection.query(MindLogSQL.select, id) { try MindLogRow($0).toDomain() }.first
  }
}
