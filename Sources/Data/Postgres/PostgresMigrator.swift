import PocketDomain

/// Runs a list of migrations on a store's schema, as `SQLiteMigrator` does on a file: each
/// migration the schema has not had, in order, in its own transaction that also records it in
/// `schema_version`, so a schema has always had exactly the first N. The list is data: the
/// store runs `pocket` (`PostgresSchema.migrations`), and a test builds an older schema with
/// the first N of them, never with today's repository code.
struct PostgresMigrator {
  let migrations: [PostgresSchema.Migration]

  /// Migrates with every migration of the schema: what opening a store does.
  static let pocket = PostgresMigrator(migrations: PostgresSchema.migrations)

  /// Brings `schema` (the connection's path already set to it) to the version of the last
  /// of `migrations`, one migration per transaction under the store's lock (two Pockets
  /// opening a new store at once make it once); returns the version. A schema with more
  /// migrations than `migrations` is refused, untouched.
  func migrate(_ schema: String, _ connection: PostgresConnection) throws -> Int {
    let current = migrations.count
    while true {
      let version = try connection.transaction("BEGIN") { () throws -> Int in
        try PostgresDatabase.lock(schema, connection)
        try Self.prepare(schema, connection)
        let version = Int(try connection.integer(PostgresSchema.readVersion) ?? 0)
        guard version <= current else {
          throw DomainError.corruptStore(
            path: "",
            reason: StoreProblem(
              .schemaTooNew(version: version, current: current), advice: .updatePocket))
        }
        guard version < current else { return version }
        for statement in migrations[version].statements {
          try connection.execute(statement)
        }
        try connection.execute(PostgresSchema.setVersion, version + 1)
        return version + 1
      }
      if version >= current { return version }
    }
  }

  /// Creates the schema and its version table when missing; refuses, untouched, a schema
  /// without the version table that holds anything at all (another program's: a table, a
  /// view, a sequence, a function, a type, …).
  private static func prepare(_ schema: String, _ connection: PostgresConnection) throws {
    try connection.execute("CREATE SCHEMA IF NOT EXISTS \(PostgresSchema.quoted(schema))")
    let hasVersionTable =
      try connection.integer(
        "SELECT count(*) FROM pg_tables WHERE schemaname = $1 AND tablename = 'schema_version'",
        schema) ?? 0
    if hasVersionTable == 0 {
      if let objects = try connection.text(PostgresSchema.objectsNotPocket, schema) {
        throw DomainError.corruptStore(
          path: "",
          reason: StoreProblem(
            .foreignObjects(schema: schema, objects: objects), advice: .chooseAnotherSchema))
      }
      try connection.execute(PostgresSchema.createVersionTable)
    }
  }
}
