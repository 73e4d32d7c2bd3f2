/// The schema of a Pocket SQLite file, as an ordered list of named migrations, each moving a
/// file from the one before (as GRDB's `DatabaseMigrator` registers them). A file records how
/// many it has had in `PRAGMA user_version`, which `SQLiteMigrator` sets in the transaction
/// that runs each one, so a file has always had exactly the first N.
///
/// Migrations are only ever appended: one that shipped never changes, moves or goes, since
/// files it wrote exist. Each is spelled out rather than generated from today's constants.
enum SQLiteSchema {
  /// `PRAGMA application_id` of every Pocket file: "Pock" in ASCII.
  static let applicationID: Int64 = 0x506F_636B

  /// One step of the schema: a name for people and tests, and the constant statements that
  /// move a file that has had every migration before it to this one, run in order.
  struct Migration {
    let name: String
    let statements: [String]
  }

  /// Every migration, in the order they run. Only ever appended to. Each is frozen, its SQL
  /// and its lists its own: none reads today's constants (`tables`, `countedTables`,
  /// `SQLiteListIndex`, the record kinds' tables and columns), which change when a table is
  /// added; a new table is a new migration that creates it and its triggers, and adds it to
  /// those lists (`ShippedMigrationTests` pins the text of each shipped one;
  /// `SQLiteMigrationTests` checks that the lists agree with what the migrations made).
  static let migrations: [Migration] = [
    createTables, orderIndexes, rowCounts, stopwatchBootInstant, listBlocks, rangeChecks,
    shownItems, changeKinds, declaredRecords, terminalShown, lapShownTimes, chatSearchPending,
  ]

  /// The version this code writes and reads: the number of migrations
  /// (`SQLiteMigrationTests.theCurrentVersionIsTheNumberOfMigrations`). A constant, so that
  /// opening a file at this version builds no migration's statements: only a file that
  /// needs them pays for them.
  static let currentVersion = 12

  /// Every table the current code uses; a file at the current version without one is damaged.
  /// (Every record kind's tables, and the counters and indexes kept beside them.)
  static let tables =
    RecordKind.tablesOfRecords + [
      "counters", "row_counts", "list_blocks", "change_kinds", "declared_versions",
      "chat_search_pending",
    ]
    + SQLShownList.tables

  /// The lists whose rows `row_counts` counts, each kept by two triggers (`rowCounts`).
  static let countedTables = ["laps", "bookmarks", "mind_logs", "chat_messages"]

  /// Every trigger the current code relies on; a file at the current version without one is
  /// damaged (its counts would drift).
  static let triggers =
    countedTables.flatMap { ["\($0)_counted_insert", "\($0)_counted_delete"] }
    + SQLiteListIndex.triggerNames + SQLiteChangeKinds.triggerNames
    + SQLiteChangeKinds.declaredTriggerNames + chatSearchTriggers

  /// Tables for everything in Domain. Times are epoch milliseconds, durations milliseconds,
  /// decimals their exact text.
  static let createTables = Migration(
    name: "createTables",
    statements: [
      "PRAGMA application_id = 1349477227",
      """
      CREATE TABLE stopwatch (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        accumulated_ms INTEGER NOT NULL,
        started_at_ms INTEGER
      ) STRICT
      """,
      """
      CREATE TABLE laps (
        number INTEGER PRIMARY KEY,
        lap_ms INTEGER NOT NULL,
        total_ms INTEGER NOT NULL
      ) STRICT
      """,
      // `id` aliases the rowid, so it keeps insertion order even through a VACUUM.
      """
      CREATE TABLE bookmarks (
        id INTEGER PRIMARY KEY,
        url TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        notice_date_ms INTEGER NOT NULL,
        bookmarked_at_ms INTEGER NOT NULL
      ) STRICT
      """,
      """
      CREATE TABLE rate_snapshots (
        slot TEXT PRIMARY KEY CHECK (slot IN ('latest', 'previous')),
        base TEXT NOT NULL,
        published_at_ms INTEGER NOT NULL,
        next_update_at_ms INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID
      """,
      """
      CREATE TABLE rates (
        slot TEXT NOT NULL
          REFERENCES rate_snapshots (slot) ON DELETE CASCADE ON UPDATE CASCADE,
        code TEXT NOT NULL,
        rate TEXT NOT NULL,
        PRIMARY KEY (slot, code)
      ) STRICT, WITHOUT ROWID
      """,
      "CREATE TABLE favorite_currencies (code TEXT PRIMARY KEY) STRICT, WITHOUT ROWID",
      """
      CREATE TABLE screen_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        screen TEXT,
        currency TEXT,
        last_calculator_currency TEXT
      ) STRICT
      """,
      """
      CREATE TABLE mind_logs (
        id INTEGER PRIMARY KEY,
        date_ms INTEGER NOT NULL,
        score TEXT NOT NULL,
        note TEXT NOT NULL
      ) STRICT
      """,
      """
      CREATE TABLE chat_messages (
        id INTEGER PRIMARY KEY,
        content TEXT NOT NULL,
        date_ms INTEGER NOT NULL,
        edited INTEGER NOT NULL CHECK (edited IN (0, 1))
      ) STRICT
      """,
      // The highest id ever given per list: ids are never reused, even after the newest
      // row is deleted.
      """
      CREATE TABLE counters (
        name TEXT PRIMARY KEY CHECK (name IN ('mind_logs', 'chat_messages')),
        value INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID
      """,
      "INSERT INTO counters (name, value) VALUES ('mind_logs', 0), ('chat_messages', 0)",
    ])

  /// Indexes for every ordered or paged query. (Laps are ordered by their primary key.)
  static let orderIndexes = Migration(
    name: "orderIndexes",
    statements: [
      "CREATE INDEX chat_messages_by_date ON chat_messages (date_ms, id)",
      "CREATE INDEX mind_logs_by_date ON mind_logs (date_ms, id)",
      "CREATE INDEX bookmarks_by_date ON bookmarks (bookmarked_at_ms, id)",
      "CREATE INDEX laps_by_lap_time ON laps (lap_ms, number)",
    ])

  /// Exact row counts, so a page's `total` is one b-tree lookup instead of a `count(*)`
  /// that reads the whole table. Triggers keep them in the transaction that changes the
  /// rows, whatever statement does it (an insert, a delete, `replaceAll`, another program);
  /// only the chat batch insert turns them off for its own connection and adds its count
  /// once. The migration starts the counts from the rows the file holds. (Spelled out, its
  /// list of tables its own, not `countedTables`, so this migration never changes.)
  static let rowCounts = Migration(
    name: "rowCounts",
    statements: [
      """
      CREATE TABLE row_counts (
        name TEXT PRIMARY KEY
          CHECK (name IN ('laps', 'bookmarks', 'mind_logs', 'chat_messages')),
        value INTEGER NOT NULL CHECK (value >= 0)
      ) STRICT, WITHOUT ROWID
      """,
      """
      INSERT INTO row_counts (name, value)
      SELECT 'laps', count(*) FROM laps
      UNION ALL SELECT 'bookmarks', count(*) FROM bookmarks
      UNION ALL SELECT 'mind_logs', count(*) FROM mind_logs
      UNION ALL SELECT 'chat_messages', count(*) FROM chat_messages
      """,
    ]
      + ["laps", "bookmarks", "mind_logs", "chat_messages"].flatMap(countTriggers))

  /// Where a running stopwatch started on the boot clock (`BootInstant`), so a later
  /// process measures the run on a clock that is never set. Both NULL in rows written
  /// before, read as no boot instant.
  static let stopwatchBootInstant = Migration(
    name: "stopwatchBootInstant",
    statements: [
      "ALTER TABLE stopwatch ADD COLUMN started_boot_id TEXT",
      "ALTER TABLE stopwatch ADD COLUMN started_uptime_ms INTEGER",
    ])

  /// The ranges every door checks (Domain's `CheckedRecord`, from `Limits`), said once more
  /// by the file itself, as a second line of defence against a writer that is not Pocket:
  /// a row out of range is refused by SQLite (`RAISE(ABORT)`), whatever wrote it. Triggers,
  /// because SQLite adds no CHECK to a table that exists; rows already in the file are left
  /// as they are, so a file with one can still be exported and repaired. Scores and rates are
  /// decimal text, compared as REAL: a second line, not the first. (Spelled out, so this
  /// migration never changes; `SQLiteRangeTriggerTests` checks they say what `Limits` says.)
  static let rangeChecks = Migration(
    name: "rangeChecks",
    statements: rangeTriggers(
      "stopwatch",
      "NEW.accumulated_ms NOT BETWEEN 0 AND 3155760000000"
        + " OR NEW.started_at_ms NOT BETWEEN 0 AND 253402300799999")
      + rangeTriggers(
        "laps",
        "NEW.number NOT BETWEEN 1 AND 9007199254740991"
          + " OR NEW.lap_ms NOT BETWEEN 0 AND 3155760000000"
          + " OR NEW.total_ms NOT BETWEEN 0 AND 3155760000000")
      + rangeTriggers(
        "bookmarks",
        "NEW.notice_date_ms NOT BETWEEN 0 AND 253402300799999"
          + " OR NEW.bookmarked_at_ms NOT BETWEEN 0 AND 253402300799999")
      + rangeTriggers(
        "rate_snapshots",
        "NEW.published_at_ms NOT BETWEEN 0 AND 253402300799999"
          + " OR NEW.next_update_at_ms NOT BETWEEN 0 AND 253402300799999")
      + rangeTriggers("rates", "CAST(NEW.rate AS REAL) NOT BETWEEN 1e-12 AND 1e12")
      + rangeTriggers(
        "mind_logs",
        "NEW.id NOT BETWEEN 1 AND 9007199254740991"
          + " OR NEW.date_ms NOT BETWEEN 0 AND 253402300799999"
          + " OR CAST(NEW.score AS REAL) NOT BETWEEN 0 AND 10")
      + rangeTriggers(
        "chat_messages",
        "NEW.id NOT BETWEEN 1 AND 9007199254740991"
          + " OR NEW.date_ms NOT BETWEEN 0 AND 253402300799999"))

  /// The rows a screen showed last, so that a number typed later names the item it showed
  /// (`ShownList`): the screen in the one row of `shown_list`, each numbered row in
  /// `shown_items` with its item's id (`record_id`) or url, exactly one of them. Every
  /// value is checked when it is read (`ShownChecks`), as before it is written; the
  /// constraints here are a second line of defence. A file without these tables (before
  /// this migration) had no shown list.
  static let shownItems = Migration(
    name: "shownItems",
    statements: [
      """
      CREATE TABLE shown_list (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        screen TEXT NOT NULL,
        currency TEXT
      ) STRICT
      """,
      """
      CREATE TABLE shown_items (
        number INTEGER PRIMARY KEY CHECK (number >= 1),
        record_id INTEGER,
        url TEXT,
        text TEXT NOT NULL,
        value TEXT NOT NULL,
        CHECK ((record_id IS NULL) <> (url IS NULL))
      ) STRICT
      """,
    ])

  /// The two triggers that keep the row count of `table`, as `rowCounts` shipped them.
  private static func countTriggers(_ table: String) -> [String] {
    [("INSERT", "+"), ("DELETE", "-")].map { event, sign in
      """
      CREATE TRIGGER \(table)_counted_\(event.lowercased()) AFTER \(event) ON \(table) BEGIN
        UPDATE row_counts SET value = value \(sign) 1 WHERE name = '\(table)';
      END
      """
    }
  }

  /// The tables `rangeChecks` guards.
  static let rangeCheckedTables = [
    "stopwatch", "laps", "bookmarks", "rate_snapshots", "rates", "mind_logs", "chat_messages",
  ]

  /// A trigger before an insert and one before an update of `table` that abort the
  /// statement when `outOfRange` holds for the new row, as `rangeChecks` shipped them (a later
  /// migration spells out its own).
  private static func rangeTriggers(_ table: String, _ outOfRange: String) -> [String] {
    ["INSERT", "UPDATE"].map { event in
      """
      CREATE TRIGGER \(table)_in_range_\(event.lowercased()) BEFORE \(event) ON \(table)
      WHEN \(outOfRange)
      BEGIN SELECT RAISE(ABORT, '\(table): a value is out of range'); END
      """
    }
  }
}
