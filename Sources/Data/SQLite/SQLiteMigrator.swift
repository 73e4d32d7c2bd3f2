/// Runs a list of migrations on a file, as GRDB's `DatabaseMigrator` does: each migration the
/// file has not had, in order, in its own transaction that also records it, so a file killed
/// midway has had exactly the migrations before the one that was running.
///
/// The record is `PRAGMA user_version`: the number of migrations of the list the file has
/// had. (Every Pocket file ever written keeps it so, so every one opens and upgrades.)
struct SQLiteMigrator {
  let migrations: [SQLiteSchema.Migration]

  /// Migrates with every migration of the schema: what opening a store does.
  static let pocket = SQLiteMigrator(migrations: SQLiteSchema.migrations)

  /// The number of `migrations` the file of `connection` has had.
  static func appliedCount(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
    Int(try connection.integer("PRAGMA user_version") ?? 0)
  }

  /// Runs every migration after the first `applied` (the count read before). The count is
  /// read again inside each transaction, so two processes opening one file at once run each
  /// migration once.
  func migrate(_ connection: SQLiteConnection, after applied: Int = 0) throws {
    for (index, migration) in migrations.enumerated() where index >= applied {
      try connection.transaction(immediate: true) {
        guard try Self.appliedCount(connection) == index else { return }
        for statement in migration.statements {
          try connection.execute(statement)
        }
        try connection.execute("PRAGMA user_version = \(index + 1)")
      }
    }
  }
}
