import Foundation
import PocketDomain

/// The statements of `SQLMindLogRepository`.
enum MindLogSQL {
  static let update = SQLText(
    "UPDATE mind_logs SET date_ms = ?, score = ?, note = ? WHERE id = ?")
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
      let stored = try listed(MindLogRow.self, id: id, of: .mindLogs, connection)
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
    try await deleteListed(MindLogRow.self, id: id, if: condition, from: .mindLogs, in: database)
  }

  func entry(id: Int64) async throws -> MindLog? {
    try await database.read { try listed(MindLogRow.self, id: id, of: .mindLogs, $0) }
  }
}
