import PocketDomain

/// The statements of the declared kinds' records (`declared_records`, one row per record:
/// its kind's name and declaration, its key, its JSON text).
enum DeclaredSQL {
  static let selectKind = SQLText(
    "SELECT key, body FROM declared_records WHERE kind = ? ORDER BY key")
  static let selectOne = SQLText("SELECT body FROM declared_records WHERE kind = ? AND key = ?")
  static let selectAll = SQLText(
    "SELECT kind, key, kinds, user_data, body FROM declared_records ORDER BY kind, key")
  static let upsert = SQLText(
    """
    INSERT INTO declared_records (kind, key, kinds, user_data, body) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (kind, key) DO UPDATE
    SET kinds = excluded.kinds, user_data = excluded.user_data, body = excluded.body
    """)
  static let delete = SQLText("DELETE FROM declared_records WHERE kind = ? AND key = ?")
  static let holdsUserData = SQLText(
    "SELECT EXISTS (SELECT 1 FROM declared_records WHERE user_data)")
}

/// The declared kinds' records in an SQL store (SQLite or PostgreSQL).
struct SQLDeclaredRecordRepository<Database: SQLDatabase>: DeclaredRecordRepository {
  let database: Database

  func records(of kind: RecordDeclaration) async throws -> [String: String] {
    let rows = try await database.read { connection in
      try connection.query(DeclaredSQL.selectKind, kind.name) { ($0.text(0), $0.text(1)) }
    }
    return Dictionary(rows) { _, last in last }
  }

  func record(of kind: RecordDeclaration, key: String) async throws -> String? {
    try await database.read { connection in
      try connection.query(DeclaredSQL.selectOne, kind.name, key) { $0.text(0) }.first
    }
  }

  /// The record is read in the write transaction, so what `decide` saw is what it replaces.
  func update<Result: Sendable>(
    _ kind: RecordDeclaration, key: String,
    _ decide: @Sendable (String?) throws -> (write: DeclaredWrite, result: Result)
  ) async throws -> Result {
    try await database.write { connection in
      let stored = try connection.query(DeclaredSQL.selectOne, kind.name, key) { $0.text(0) }
      let (write, result) = try decide(stored.first)
      switch write {
      case .keep: break
      case .save(let body):
        guard body != stored.first else { break }
        if let problem = DeclaredRecords.problem(name: kind.name, key: key, body: body) {
          throw DomainError.invalidInput(.outOfRange(problem))
        }
        try Self.save(kind, key: key, body: body, connection)
      case .remove: try connection.execute(DeclaredSQL.delete, kind.name, key)
      }
      return result
    }
  }

  private static func save(
    _ kind: RecordDeclaration, key: String, body: String, _ connection: Database.Connection
  ) throws {
    try connection.execute(
      DeclaredSQL.upsert, kind.name, key, kind.kinds.rawValue, kind.isUserData, body)
  }

  /// Every declared kind's records, each row checked; with `skipped`, a row that cannot be
  /// read is left out and named there.
  static func all(_ connection: Database.Connection, skipping skipped: SkippedRows?) throws
    -> DeclaredRecords
  {
    var kinds: [String: DeclaredRecords.Kind] = [:]
    let rows = try connection.query(DeclaredSQL.selectAll) { row in
      try SkippedRows.row(skipped) { () throws -> (RecordDeclaration, String, String) in
        let name = row.text(0)
        let key = row.text(1)
        guard
          let declaration = RecordDeclaration(
            stored: name, kinds: RecordKinds(rawValue: Int(row.int64(2))),
            isUserData: row.int64(3) != 0)
        else {
          throw InvalidRow(
            reason: .document(.namesNoKind(field: "declared_records", name: name, kinds: nil)))
        }
        let body = row.text(4)
        if let problem = DeclaredRecords.problem(name: name, key: key, body: body) {
          throw InvalidRow(reason: .document(.inField("declared_records", .check(problem))))
        }
        return (declaration, key, body)
      }
    }
    for case (let declaration, let key, let body)? in rows {
      kinds[declaration.name, default: DeclaredRecords.Kind(declaration: declaration)]
        .records[key] = body
    }
    return DeclaredRecords(Array(kinds.values))
  }

  /// Inserts `records` into a store whose declared records were all deleted (an import).
  static func insert(_ records: DeclaredRecords, _ connection: Database.Connection) throws {
    for kind in records.kinds.values {
      for (key, body) in kind.records {
        try save(kind.declaration, key: key, body: body, connection)
      }
    }
  }
}
