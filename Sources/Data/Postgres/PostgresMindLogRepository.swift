import Domain
import Foundation

struct PostgresMindLogRepository: MindLogRepository {
  let database: PostgresDatabase

  static let insert = "INSERT INTO mind_logs (\(MindLogRow.columns)) VALUES ($1, $2, $3, $4)"
  static let update = "UPDATE mind_logs SET date_ms = $1, score = $2, note = $3 WHERE id = $4"
  static let delete = "DELETE FROM mind_logs WHERE id = $1"
  static let select = "SELECT \(MindLogRow.columns) FROM mind_logs WHERE id = $1"
  static let page = """
    SELECT \(MindLogRow.columns) FROM mind_logs
    ORDER BY date_ms DESC, id DESC LIMIT $1 OFFSET $2
    """
  /// `page` read from the other end.
  static let pageReversed = """
    SELECT \(MindLogRow.columns) FROM mind_logs
    ORDER BY date_ms ASC, id ASC LIMIT $1 OFFSET $2
    """

  func entries(offset: Int, limit: Int) async throws -> Page<MindLog> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("mind_logs", connection)
      let items = try postgresRows(
        window, total: total, forward: Self.page, backward: Self.pageReversed,
        index: .mindLogs, connection
      ) { try MindLogRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog {
    // Checked before the id is known: everything but the id.
    let checked = try MindLog(id: 1, date: date, score: score, note: note).storable()
    let row = MindLogRow(checked)
    return try await database.writeOne { connection in
      var entry = checked
      entry.id = try insertWithNextID(
        "mind_logs", table: "mind_logs", columns: MindLogRow.columns,
        values: [row.dateMs, row.score, row.note], connection)
      return entry
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
        try connection.execute(Self.update, row.dateMs, row.score, row.note, row.id))
      return entry
    }
  }

  func delete(id: Int64, if condition: WriteCondition<MindLog>) async throws {
    try await database.write(readingFirst: condition.readsItem) { connection in
      if condition.readsItem { try condition(try Self.entry(id: id, connection)) }
      try requireChange(try connection.execute(Self.delete, id))
    }
  }

  func entry(id: Int64) async throws -> MindLog? {
    try await database.read { connection in try Self.entry(id: id, connection) }
  }

  private static func entry(id: Int64, _ connection: PostgresConnection) throws -> MindLog? {
    try connection.query(select, id) { try MindLogRow($0).toDomain() }.first
  }
}
