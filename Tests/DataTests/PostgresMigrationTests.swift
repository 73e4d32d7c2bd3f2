import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// The migrations, run one by one on an empty schema or on a schema of each older version
/// that holds rows, make exactly the schema today's store makes and keep every row; today's
/// lists of tables agree with what they made; and a migration appended later (a test-only
/// table) leaves the ones before it as they were.
@Suite(
  "PostgreSQL: migrations",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresMigrationTests {
  let server: PostgresServer
  let connection: PostgresConnection

  init() throws {
    server = try #require(PostgresServer.shared)
    connection = try PostgresConnection(
      try LibPQ.load(environment: [:]), parameters: [("dbname", server.url())])
  }

  /// Makes `schema` with `migrations` only, as a Pocket of that version did.
  @discardableResult
  func make(_ schema: String, with migrations: [PostgresSchema.Migration]) throws -> Int {
    try connection.execute(
      "SELECT set_config('search_path', $1, false)", PostgresSchema.quoted(schema))
    return try PostgresMigrator(migrations: migrations).migrate(schema, connection)
  }

  /// A new schema made by today's store, the normal way.
  func storeSchema() throws -> String {
    let schema = PostgresServer.uniqueSchema()
    _ = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: schema), environment: [:])
    return schema
  }

  /// Every object of `schema` from the catalog, its name replaced by `S`: relations (tables,
  /// indexes, sequences), columns, constraints, indexes, triggers and functions. Read with
  /// no store's schema on the path, so every reference to one of its objects names it.
  func catalog(_ schema: String) throws -> [String] {
    try connection.execute("SELECT set_config('search_path', 'pg_catalog', false)")
    let queries = [
      """
      SELECT 'relation ' || c.relname || ' ' || c.relkind::text FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
      """,
      """
      SELECT 'column ' || c.relname || '.' || a.attname || ' ' || a.attnum || ' '
        || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' '
        || a.attidentity::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '-')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
      """,
      """
      SELECT 'constraint ' || c.relname || ' ' || o.conname || ' ' || pg_get_constraintdef(o.oid)
      FROM pg_constraint o JOIN pg_class c ON c.oid = o.conrelid
      JOIN pg_namespace n ON n.oid = o.connamespace WHERE n.nspname = $1
      """,
      "SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = $1",
      """
      SELECT 'trigger ' || t.tgname || ' ' || pg_get_triggerdef(t.oid) FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND NOT t.tgisinternal
      """,
      """
      SELECT 'function ' || p.proname || ' ' || pg_get_functiondef(p.oid) FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1
      """,
    ]
    return try queries.flatMap { sql in
      try connection.query(sql, schema) { $0.text(0).replacingOccurrences(of: schema, with: "S") }
    }.sorted()
  }

  /// Every row of every table of `schema` (its row as text), by table.
  func rows(_ schema: String) throws -> [String: [String]] {
    let tables = try connection.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = $1", schema
    ) { $0.text(0) }
    var rows: [String: [String]] = [:]
    for table in tables {
      rows[table] = try connection.query("SELECT t::text FROM \(schema).\(table) t ORDER BY 1") {
        $0.text(0)
      }
    }
    return rows
  }

  /// A schema built from nothing by each migration in turn (each run on its own, as a Pocket
  /// of that version would) has the catalog and the rows of the schema today's store makes,
  /// and a notifying trigger and counts for exactly the tables today's code names.
  @Test func eachMigrationInTurnMakesTheSchemaTodaysStoreMakes() throws {
    let stepped = PostgresServer.uniqueSchema()
    for version in 1...PostgresSchema.migrations.count {
      #expect(try make(stepped, with: Array(PostgresSchema.migrations.prefix(version))) == version)
    }
    let normal = try storeSchema()
    let (a, b) = (try catalog(stepped), try catalog(normal))
    #expect(a == b, "\(Set(a).symmetricDifference(b).sorted())")
    #expect(try rows(stepped) == rows(normal))

    let tables = try connection.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = $1", stepped
    ) { $0.text(0) }
    let notified = try connection.query(
      """
      SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND t.tgname = c.relname || '_notify'
      """, stepped
    ) { $0.text(0) }
    #expect(
      Set(notified) == Set(PostgresSchema.notifyingTables.map(\.table) + ["declared_records"]))
    #expect(
      Set(tables).subtracting(notified)
        == [
          "counters", "row_counts", "list_blocks", "schema_version", "change_log",
          "change_log_pruned", "machines",
        ])
    #expect(Set(RecordKind.tablesOfRecords).isSubset(of: tables))
    #expect(
      Set(try connection.query("SELECT name FROM \(stepped).row_counts") { $0.text(0) })
        == Set(PostgresSchema.countedTables))
  }

  /// Raw SQL rows for a schema of `version` (every migration so far made every table).
  static let rows = [
    "INSERT INTO stopwatch VALUES (1, 61000, 1700000000000, 'boot-1', 5000)",
    "INSERT INTO laps (number, lap_ms, total_ms) VALUES (1, 500, 500), (2, 700, 1200)",
    """
    INSERT INTO bookmarks (url, title, notice_date_ms, bookmarked_at_ms)
    VALUES ('https://n.example/1', 'one', 1000, 2000), ('https://n.example/2', 'two', 1000, 3000)
    """,
    """
    INSERT INTO rate_snapshots (slot, base, published_at_ms, next_update_at_ms)
    VALUES ('latest', 'EUR', 1000, 2000)
    """,
    """
    INSERT INTO rates (slot, code, rate)
    VALUES ('latest', 'USD', '1.0825'), ('latest', 'KRW', '1450.5')
    """,
    "INSERT INTO favorite_currencies (code) VALUES ('KRW')",
    "INSERT INTO screen_state VALUES (1, 'chat', NULL, 'USD')",
    """
    INSERT INTO mind_logs (id, date_ms, score, note)
    VALUES (1, 1000, '7.5', 'calm'), (2, 2000, '3', 'tired')
    """,
    """
    INSERT INTO chat_messages (id, content, date_ms, edited)
    VALUES (1, 'hello', 1000, false), (2, 'again', 2000, true), (3, 'bye', 3000, false)
    """,
    "UPDATE counters SET value = 2 WHERE name = 'mind_logs'",
    "UPDATE counters SET value = 3 WHERE name = 'chat_messages'",
  ]

  /// The rows of the shown lists a schema of `applied` migrations holds: the store's one
  /// list before `terminalShown` (which drops it: it belongs to no terminal), a terminal's
  /// after.
  static func shownRows(applied: Int) -> (rows: [String], dropped: Set<String>) {
    let terminalShown = PostgresSchema.migrations.map(\.name).firstIndex(of: "terminalShown") ?? 0
    guard applied > terminalShown else {
      return (
        [
          "INSERT INTO shown_list VALUES (1, 'chat', NULL)",
          "INSERT INTO shown_items VALUES (1, 3, NULL, 'bye', '3')",
        ], ["shown_list", "shown_items"]
      )
    }
    return (
      [
        "INSERT INTO terminal_shown VALUES ('tty=1;sid=2;start=3;boot=?', 1, 'chat', NULL, 1)",
        """
        INSERT INTO terminal_shown_items
        VALUES ('tty=1;sid=2;start=3;boot=?', 1, 3, NULL, 'bye', 'bye')
        """,
      ], []
    )
  }

  /// A schema of each older version, built by its migrations and holding rows, is migrated
  /// by today's store: every row it held is there as it was, today's code reads them, the
  /// counts and blocks agree with the rows, and the catalog is a new store's.
  @Test(arguments: 1...PostgresSchema.migrations.count)
  func aSchemaOfEachVersionWithRowsKeepsThemAll(applied: Int) async throws {
    let old = PostgresServer.uniqueSchema()
    try make(old, with: Array(PostgresSchema.migrations.prefix(applied)))
    let (shownRows, dropped) = Self.shownRows(applied: applied)
    for statement in Self.rows + shownRows {
      try connection.execute(statement)
    }
    let before = try rows(old)
    #expect(before["chat_messages"]?.count == 3)

    let store = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: old), environment: [:])
    #expect(try store.schemaVersion == PostgresStore.currentSchemaVersion)
    #expect(try catalog(old) == catalog(storeSchema()))
    let after = try rows(old)
    #expect(
      after.filter { before.keys.contains($0.key) && $0.key != "schema_version" }
        == before.filter { $0.key != "schema_version" && !dropped.contains($0.key) })
    #expect(dropped.allSatisfy { after[$0] == nil }, "the store's one shown list is gone")

    let repositories = store.repositories
    let chat = try await repositories.chat.messages(offset: 0, limit: 10)
    #expect(chat.items.map(\.content) == ["hello", "again", "bye"] && chat.total == 3)
    #expect(chat.items.map(\.isEdited) == [false, true, false])
    let logs = try await repositories.mindLogs.entries(offset: 0, limit: 10)
    #expect(logs.items.map(\.note) == ["tired", "calm"] && logs.total == 2)
    let bookmarks = try await repositories.bookmarks.bookmarks(offset: 0, limit: 10)
    #expect(bookmarks.items.map(\.title) == ["two", "one"] && bookmarks.total == 2)
    #expect(try await repositories.stopwatch.lapSummary().count == 2)
    #expect(
      try await repositories.rates.latest()?.rates.mapValues { "\($0)" }
        == ["USD": "1.0825", "KRW": "1450.5"])
    #expect(try await repositories.rates.favorites() == ["KRW"])
    #expect(
      try await repositories.screens.shownList(for: .named("tty=1;sid=2;start=3;boot=?"))
        == (dropped.isEmpty
          ? ShownList(
            screen: .named("chat"),
            items: [ShownItem(number: 1, identity: .id(3), text: "bye", value: "bye")], page: 1)
          : nil))

    for table in PostgresSchema.countedTables {
      #expect(
        try connection.integer("SELECT value FROM \(old).row_counts WHERE name = $1", table)
          == connection.integer("SELECT count(*) FROM \(old).\(table)"), "\(table)")
    }
    for table in ["chat_messages", "mind_logs", "bookmarks"] {
      #expect(
        try connection.integer("SELECT sum(size) FROM \(old).list_blocks WHERE list = $1", table)
          == connection.integer("SELECT count(*) FROM \(old).\(table)"), "\(table)")
    }
    let next = try await repositories.chat.insert(content: "new", date: Fixtures.date())
    #expect(next.id == 4)
    await store.close()
  }

  /// A table added later is a migration of its own, appended, that makes the table and its
  /// notifying trigger: it runs on a schema that had every migration before it, and the
  /// schema keeps every object of today's unchanged beside the new table.
  @Test func aMigrationAppendedLaterLeavesTheOnesBeforeItAsTheyWere() throws {
    let tally = PostgresSchema.Migration(
      name: "tally",
      statements: [
        "CREATE TABLE tally (id integer PRIMARY KEY CHECK (id = 1), count bigint NOT NULL)",
        """
        CREATE TRIGGER tally_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tally
        FOR EACH STATEMENT EXECUTE FUNCTION notify_change()
        """,
      ])
    let later = PostgresServer.uniqueSchema()
    #expect(
      try make(later, with: PostgresSchema.migrations + [tally])
        == PostgresSchema.migrations.count + 1)
    try connection.execute("INSERT INTO tally (id, count) VALUES (1, 42)")
    let catalog = try catalog(later)
    #expect(catalog.filter { !$0.contains("tally") } == (try self.catalog(storeSchema())))
    #expect(catalog.contains { $0.hasPrefix("trigger tally_notify ") })
    #expect(try rows(later)["tally"] == ["(1,42)"])
  }
}
