import PocketDomain

extension PostgresReplica {
  /// The copy's own tables, beside the sqlite store's schema in its file: a list of frozen
  /// migrations of their own, only ever appended to, whose count is kept in
  /// `replica_version` rather than `user_version`, so the sqlite store's migrations keep
  /// their numbering and a migration added to either list later runs on every copy.
  /// (`SQLiteStore` checks only that its own tables are in a file, so these sit beside them.)
  static let migrations: [SQLiteSchema.Migration] = [pulledPosition, machineNumber]

  /// The table that counts the copy's migrations; made with the first.
  static let createVersionTable = """
    CREATE TABLE IF NOT EXISTS replica_version (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL CHECK (version >= 0)
    ) STRICT
    """

  /// The log the copy was pulled from, the position it holds and when it was pulled (one
  /// row, written in the transaction that applied the rows it covers; none before the
  /// first pull).
  static let pulledPosition = SQLiteSchema.Migration(
    name: "pulledPosition",
    statements: [
      """
      CREATE TABLE replica_pulled (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        log TEXT NOT NULL,
        position INTEGER NOT NULL CHECK (position >= 0),
        pulled_at_ms INTEGER NOT NULL
      ) STRICT
      """
    ])

  /// The number this machine claimed from the server's `machines` for the log it names
  /// (one row; none before the first claim, and a copy of another log claims again).
  static let machineNumber = SQLiteSchema.Migration(
    name: "machineNumber",
    statements: [
      """
      CREATE TABLE replica_machine (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        log TEXT NOT NULL,
        number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 8191)
      ) STRICT
      """
    ])

  /// A connection of the pull to the copy at `path`, made (as the sqlite store makes its
  /// file) when missing and migrated, with the copy's own migrations run. Its commits are
  /// on disk at the next checkpoint (`SQLiteDurability.localState`): a power loss may take
  /// back a pull, rows and position together, which the next pull brings again. Its
  /// foreign keys are off: a pull writes a snapshot of the server, whose rows keep them,
  /// and a cascade would delete a snapshot's rates that the pull does not write again.
  static func connect(path: String) throws -> SQLiteConnection {
    let path = try SQLiteStore.prepareFile(path, waits: StoreWaits())
    let connection = try SQLiteStore.connect(path: path, durability: .localState).connection
    try connection.execute("PRAGMA foreign_keys = OFF")
    try migrate(connection)
    return connection
  }

  /// The number of `migrations` the copy on `connection` has had.
  static func appliedCount(_ connection: SQLiteConnection) throws -> Int {
    guard
      try connection.integer("SELECT count(*) FROM sqlite_master WHERE name = 'replica_version'")
        == 1
    else { return 0 }
    return Int(try connection.integer("SELECT version FROM replica_version WHERE id = 1") ?? 0)
  }

  /// Runs each migration the copy has not had, each in its own transaction that counts it;
  /// refuses a copy a newer Pocket made.
  static func migrate(_ connection: SQLiteConnection) throws {
    let applied = try appliedCount(connection)
    guard applied <= migrations.count else {
      throw DomainError.corruptStore(
        path: connection.path,
        reason: StoreProblem(
          .schemaTooNew(version: applied, current: migrations.count), advice: .updatePocket))
    }
    for (index, migration) in migrations.enumerated() where index >= applied {
      try connection.transaction(immediate: true) {
        try connection.execute(createVersionTable)
        try connection.execute(
          "INSERT INTO replica_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING")
        guard try appliedCount(connection) == index else { return }
        for statement in migration.statements { try connection.execute(statement) }
        try connection.execute("UPDATE replica_version SET version = ? WHERE id = 1", index + 1)
      }
    }
  }
}
