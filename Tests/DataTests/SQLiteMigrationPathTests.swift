import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// The migrations, run one by one from an empty file or from a file of each older version
/// that holds rows, make exactly the file today's store makes and keep every row; today's
/// lists of tables and triggers agree with what they made; and a migration appended later
/// (here a test-only one) leaves the ones before it as they were.
@Suite struct SQLiteMigrationPathTests {
  /// The number of migrations up to and including the one named `name`.
  static func version(after name: String) throws -> Int {
    try OldSQLiteFile.migrations(through: name).count
  }

  /// Rows a Pocket of `version` could hold, as raw SQL of that version's tables.
  static func rows(version: Int) throws -> [String] {
    var rows = [
      "INSERT INTO stopwatch (id, accumulated_ms, started_at_ms) VALUES (1, 61000, 1700000000000)",
      "INSERT INTO laps (number, lap_ms, total_ms) VALUES (1, 500, 500), (2, 700, 1200)",
      """
      INSERT INTO bookmarks (id, url, title, notice_date_ms, bookmarked_at_ms)
      VALUES (1, 'https://n.example/1', 'one', 1000, 2000),
        (2, 'https://n.example/2', 'two', 1000, 3000)
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
      """
      INSERT INTO screen_state (id, screen, currency, last_calculator_currency)
      VALUES (1, 'chat', NULL, 'USD')
      """,
      """
      INSERT INTO mind_logs (id, date_ms, score, note)
      VALUES (1, 1000, '7.5', 'calm'), (2, 2000, '3', 'tired')
      """,
      """
      INSERT INTO chat_messages (id, content, date_ms, edited)
      VALUES (1, 'hello', 1000, 0), (2, 'again', 2000, 1), (3, 'bye', 3000, 0)
      """,
      "UPDATE counters SET value = 2 WHERE name = 'mind_logs'",
      "UPDATE counters SET value = 3 WHERE name = 'chat_messages'",
    ]
    if version >= (try Self.version(after: "stopwatchBootInstant")) {
      rows.append("UPDATE stopwatch SET started_boot_id = 'boot-1', started_uptime_ms = 5000")
    }
    if version >= (try Self.version(after: "terminalShown")) {
      rows += [
        """
        INSERT INTO terminal_shown (terminal, seq, screen, currency, page)
        VALUES ('tty=1;sid=2;start=3;boot=?', 1, 'chat', NULL, 1)
        """,
        """
        INSERT INTO terminal_shown_items (terminal, number, record_id, url, text, value)
        VALUES ('tty=1;sid=2;start=3;boot=?', 1, 3, NULL, 'bye', 'bye')
        """,
      ]
    } else if version >= (try Self.version(after: "shownItems")) {
      rows += [
        "INSERT INTO shown_list (id, screen, currency) VALUES (1, 'chat', NULL)",
        """
        INSERT INTO shown_items (number, record_id, url, text, value)
        VALUES (1, 3, NULL, 'bye', '3')
        """,
      ]
    }
    return rows
  }

  /// The tables a migration after `version` drops, whose rows go with them: the store's one
  /// shown list, which belongs to no terminal (`terminalShown`).
  static func dropped(after version: Int) throws -> Set<String> {
    version < (try Self.version(after: "terminalShown")) ? ["shown_list", "shown_items"] : []
  }

  /// Every row of every table of the file at `path`, each as the quoted values of `columns`
  /// (the table's columns then, when given), in the order of its values.
  static func dump(
    _ path: String, columns: [String: [String]]? = nil
  ) throws -> [String: [String]] {
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0001)  // READONLY
    let tables = try connection.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    ) { $0.text(0) }
    var rows: [String: [String]] = [:]
    for table in tables {
      let names =
        try columns?[table]
        ?? connection.query("SELECT name FROM pragma_table_info(?)", table) { $0.text(0) }
      rows[table] = try connection.query(
        "SELECT \(names.map { "quote(\($0))" }.joined(separator: " || ',' || ")) FROM \(table)"
          + " ORDER BY \(names.joined(separator: ", "))"
      ) { $0.text(0) }
    }
    return rows
  }

  /// The columns of every table of the file at `path`.
  static func columns(_ path: String) throws -> [String: [String]] {
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0001)  // READONLY
    let tables = try connection.query(
      "SELECT name FROM sqlite_master WHERE type = 'table'"
    ) { $0.text(0) }
    return try Dictionary(
      uniqueKeysWithValues: tables.map { table in
        (table, try connection.query("SELECT name FROM pragma_table_info(?)", table) { $0.text(0) })
      })
  }

  /// A file built from nothing by each migration in turn (each run on its own, as a Pocket of
  /// that version would) has the schema and the rows of a new file today's store makes, and
  /// the tables and triggers today's code names.
  @Test func eachMigrationInTurnMakesTheFileTodaysStoreMakes() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let stepped = directory.appendingPathComponent("stepped.sqlite").path
    let new = directory.appendingPathComponent("new.sqlite").path
    let connection = try SQLiteConnection(path: stepped, flags: 0x0000_0006)
    for version in 1...SQLiteSchema.migrations.count {
      try SQLiteMigrator(migrations: Array(SQLiteSchema.migrations.prefix(version)))
        .migrate(connection, after: version - 1)
      #expect(try SQLiteMigrator.appliedCount(connection) == version)
    }
    try connection.close()
    _ = try SQLiteStore.open(path: new)
    #expect(try OldSQLiteFile.schema(stepped) == OldSQLiteFile.schema(new))
    #expect(try Self.dump(stepped) == Self.dump(new))

    let objects = try SQLiteConnection(path: stepped, flags: 0x0000_0001).query(
      "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    ) { ($0.text(0), $0.text(1)) }
    #expect(Set(objects.filter { $0.0 == "table" }.map(\.1)) == Set(SQLiteSchema.tables))
    let triggers = Set(objects.filter { $0.0 == "trigger" }.map(\.1))
    #expect(Set(SQLiteSchema.triggers).isSubset(of: triggers))
    #expect(
      Set(SQLiteSchema.countedTables.flatMap { ["\($0)_counted_insert", "\($0)_counted_delete"] })
        .isSubset(of: triggers))
    #expect(
      Set(
        SQLiteSchema.rangeCheckedTables.flatMap {
          ["\($0)_in_range_insert", "\($0)_in_range_update"]
        }
      )
      .isSubset(of: triggers))
  }

  /// A file of each older version, built by its migrations and holding rows of that
  /// version's tables, is migrated by today's store: every row it held is there with the
  /// values it had, today's code reads them, the counts and blocks agree with the rows, and
  /// the schema is a new file's.
  @Test(arguments: 1...SQLiteSchema.migrations.count)
  func aFileOfEachVersionWithRowsKeepsThemAll(applied: Int) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = directory.appendingPathComponent("old.sqlite").path
    let new = directory.appendingPathComponent("new.sqlite").path
    try OldSQLiteFile.make(
      at: old, with: Array(SQLiteSchema.migrations.prefix(applied)),
      rows: try Self.rows(version: applied))
    let columns = try Self.columns(old)
    let before = try Self.dump(old)
    #expect(before["chat_messages"]?.count == 3)

    let store = try SQLiteStore.open(path: old)
    #expect(store.schemaVersion == SQLiteStore.currentSchemaVersion)
    _ = try SQLiteStore.open(path: new)
    #expect(try OldSQLiteFile.schema(old) == OldSQLiteFile.schema(new))
    let after = try Self.dump(old, columns: columns)
    let dropped = try Self.dropped(after: applied)
    #expect(
      after.filter { before.keys.contains($0.key) } == before.filter { !dropped.contains($0.key) })
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
    #expect(try await repositories.screens.lastCalculatorCurrency() == "USD")
    let terminal = TerminalKey.named("tty=1;sid=2;start=3;boot=?")
    let kept = try await repositories.screens.shownList(for: terminal)
    #expect(
      kept
        == (dropped.isEmpty
          ? ShownList(
            screen: .named("chat"),
            items: [ShownItem(number: 1, identity: .id(3), text: "bye", value: "bye")], page: 1)
          : nil))

    try SQLiteConnection(path: old, flags: 0x0000_0001).expectCountsAndBlocksAddUp()
    let next = try await repositories.chat.insert(content: "new", date: Fixtures.date())
    #expect(next.id == 4)
  }

  /// A table added later is a migration of its own, appended: the file it makes has every
  /// object of today's file unchanged, and the new table with its triggers beside them.
  @Test func aMigrationAppendedLaterLeavesTheOnesBeforeItAsTheyWere() throws {
    let tally = SQLiteSchema.Migration(
      name: "tally",
      statements: [
        """
        CREATE TABLE tally (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL) STRICT
        """,
        """
        CREATE TRIGGER tally_in_range_insert BEFORE INSERT ON tally WHEN NEW.count < 0
        BEGIN SELECT RAISE(ABORT, 'tally: a value is out of range'); END
        """,
      ])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let later = directory.appendingPathComponent("later.sqlite").path
    let new = directory.appendingPathComponent("new.sqlite").path
    try OldSQLiteFile.make(
      at: later, with: SQLiteSchema.migrations + [tally],
      rows: ["INSERT INTO tally (id, count) VALUES (1, 41)", "UPDATE tally SET count = 42"])
    _ = try SQLiteStore.open(path: new)
    let schema = try OldSQLiteFile.schema(later)
    #expect(schema.filter { !$0.contains(" on tally: ") } == (try OldSQLiteFile.schema(new)))
    #expect(schema.filter { $0.contains(" on tally: ") }.count == 2)
    #expect(try Self.dump(later)["tally"] == ["1,42"])
  }
}
