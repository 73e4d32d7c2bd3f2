import PocketDomain

/// The schema of a Pocket store on PostgreSQL, in a PostgreSQL schema of its own (`pocket`
/// unless `--store-schema` names another), as an ordered list of migrations. The number
/// applied is kept in `schema_version`, set in the transaction that runs each one, so a
/// store has always had exactly the first N (`PostgresMigrator`).
///
/// Every statement runs with `search_path` set to the store's schema, so none names it;
/// the functions keep that path (`SET search_path FROM CURRENT`), so a trigger fired by
/// another client (`psql`, with its own path) still finds the store's tables.
enum PostgresSchema {
  /// One step of the schema: a name, and the constant statements that make it.
  struct Migration: Sendable {
    let name: String
    let statements: [String]
  }

  /// Every migration, in the order they run. Only ever appended to: one that shipped never
  /// changes, moves or goes, since stores it made exist. Each is frozen, its SQL and its
  /// lists its own: none reads today's constants (`countedTables`, `notifyingTables`, the
  /// record kinds' tables and columns), which change when a table is added. A new table is
  /// a new migration that creates it and its triggers, and adds it to the lists here
  /// (`ShippedMigrationTests` pins the text of each shipped one; `PostgresMigrationTests`
  /// checks that the lists agree with what the migrations made).
  static let migrations: [Migration] = [
    createTables, listBlocks, declaredRecords, terminalShown, lapShownTimes, changeLog, machines,
  ]

  /// The version this code writes and reads: the number of migrations.
  static var currentVersion: Int { migrations.count }

  /// The channel every store's triggers notify, with "SCHEMA TABLE" as the payload.
  static let channel = "pocket_changes"

  /// Tells every follower that every kind changed (an import): a payload that names no
  /// table is every kind (`PostgresChangeListener`).
  static let notifyEverything =
    "SELECT pg_notify('pocket_changes', current_schema() || ' everything')"

  /// The lists whose rows `row_counts` counts, as the migrations made them.
  static let countedTables = ["laps", "bookmarks", "mind_logs", "chat_messages"]

  /// Rows per block of `list_blocks` after a split, as `listBlocks` made its triggers (they
  /// split a block past twice this).
  static let blockSize = 1_000

  /// The tables of records, each with a trigger that notifies its changes (made by the
  /// migration that made the table), and the kinds of record a change to each touches.
  static let notifyingTables = SQLTableKinds.all

  /// The table that says how many migrations the schema has had; made before the first.
  static let createVersionTable = """
    CREATE TABLE IF NOT EXISTS schema_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version integer NOT NULL CHECK (version >= 0)
    )
    """
  static let readVersion = "SELECT version FROM schema_version WHERE id = 1"

  /// The statement that sets a connection's path to the store's `schema` and its commits
  /// synchronous (a commit returns once it is on the server's disk, whatever the server's
  /// default), and fails unless the schema is at the current version: a division by zero
  /// where its version is another, an undefined table or schema where it has none. The
  /// version's table is named with its schema: the path is set only as the statement runs.
  static func currentCheck(_ schema: String) -> (sql: String, values: [any SQLBindable]) {
    (
      """
      SELECT 1 / count(*)::integer, set_config('search_path', $1, false),
        set_config('synchronous_commit', 'on', false)
      FROM \(quoted(schema)).schema_version WHERE id = 1 AND version = $2
      """, [quoted(schema), currentVersion]
    )
  }
  static let setVersion = """
    INSERT INTO schema_version (id, version) VALUES (1, $1)
    ON CONFLICT (id) DO UPDATE SET version = excluded.version
    """

  /// `name` as an SQL identifier, in double quotes (a quote inside doubled): for the
  /// statements that cannot take a parameter (`CREATE SCHEMA`, `search_path`).
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Whether `name` may name a store's schema: a letter or `_`, then letters, digits and
  /// `_`, at most 63 bytes (PostgreSQL's limit), lowercase so that psql finds it unquoted.
  static func isValidName(_ name: String) -> Bool {
    guard let first = name.utf8.first, name.utf8.count <= 63 else { return false }
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    let underscore = UInt8(ascii: "_")
    return (letters.contains(first) || first == underscore)
      && name.utf8.allSatisfy { letters.contains($0) || digits.contains($0) || $0 == underscore }
  }
}
