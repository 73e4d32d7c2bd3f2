import PocketDomain

extension SQLiteSchema {
  /// Which kinds of record each commit touched, for the connections that follow the file
  /// (`SQLiteDatabase.changedElsewhere`): `change_kinds` holds one version per kind
  /// (`RecordKinds`' bits, as they were when it shipped: 1 stopwatch, 2 bookmarks, 4 rates,
  /// 8 mind log, 16 chat, 32 screens), and a trigger after every insert, update and delete
  /// of each table of records moves its kind's version, whoever writes: `pocket`, or the
  /// `sqlite3` shell. A batch that turns this connection's triggers off moves the versions
  /// itself, once (`SQLiteChangeKinds.touch`). Shipped, so frozen: its lists are its own.
  static let changeKinds = Migration(
    name: "changeKinds",
    statements: [
      """
      CREATE TABLE change_kinds (
        kind INTEGER PRIMARY KEY CHECK (kind IN (1, 2, 4, 8, 16, 32)),
        version INTEGER NOT NULL
      ) STRICT
      """,
      "INSERT INTO change_kinds (kind, version) VALUES (1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (32, 0)",
    ]
      + [
        ("stopwatch", 1), ("laps", 1), ("bookmarks", 2), ("rate_snapshots", 4), ("rates", 4),
        ("favorite_currencies", 4), ("mind_logs", 8), ("chat_messages", 16), ("screen_state", 32),
        ("shown_list", 32), ("shown_items", 32),
      ].flatMap { changeKindTriggers(table: $0, kind: $1) })

  /// The declared kinds' records (`DeclaredRecords`): a row per record, with its kind's name
  /// and declaration beside it, and `declared_versions`, one version per set of kinds a
  /// declared kind reports (`RecordDeclaration.kinds`), moved by a trigger after every
  /// insert, update and delete, read with `change_kinds` (`SQLiteChangeKinds.read`).
  /// Shipped, so frozen.
  static let declaredRecords = Migration(
    name: "declaredRecords",
    statements: [
      """
      CREATE TABLE declared_records (
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        kinds INTEGER NOT NULL CHECK (kinds <> 0),
        user_data INTEGER NOT NULL CHECK (user_data IN (0, 1)),
        body TEXT NOT NULL,
        PRIMARY KEY (kind, key)
      ) STRICT, WITHOUT ROWID
      """,
      """
      CREATE TABLE declared_versions (
        kinds INTEGER PRIMARY KEY,
        version INTEGER NOT NULL
      ) STRICT
      """,
      """
      CREATE TRIGGER declared_records_changed_insert AFTER INSERT ON declared_records
      BEGIN
        \(declaredVersionMoved("NEW"))
      END
      """,
      """
      CREATE TRIGGER declared_records_changed_update AFTER UPDATE ON declared_records
      BEGIN
        \(declaredVersionMoved("OLD"))
        \(declaredVersionMoved("NEW"))
      END
      """,
      """
      CREATE TRIGGER declared_records_changed_delete AFTER DELETE ON declared_records
      BEGIN
        \(declaredVersionMoved("OLD"))
      END
      """,
    ])

  /// The statement of a `declaredRecords` trigger that moves the version of the kinds of the
  /// `row` (NEW or OLD) it changed, as it shipped (its second line indented as it stands in
  /// the trigger's body).
  private static func declaredVersionMoved(_ row: String) -> String {
    """
    INSERT INTO declared_versions (kinds, version) VALUES (\(row).kinds, 1)
      ON CONFLICT (kinds) DO UPDATE SET version = version + 1;
    """
  }

  /// The three triggers of `table` that move `kind`'s version, as `changeKinds` shipped them
  /// and `terminalShown` made them again for its tables. Both are shipped, so this text is
  /// frozen with them: never change it (a new kind of trigger is a new helper).
  static func changeKindTriggers(table: String, kind: Int) -> [String] {
    ["INSERT", "UPDATE", "DELETE"].map { event in
      """
      CREATE TRIGGER \(table)_changed_\(event.lowercased()) AFTER \(event) ON \(table)
      BEGIN UPDATE change_kinds SET version = version + 1 WHERE kind = \(kind); END
      """
    }
  }
}

/// The kinds of record an SQLite file's tables hold, as `change_kinds` versions them.
enum SQLiteChangeKinds {
  /// The tables whose every change moves a kind's version, with that kind.
  static let tables = SQLTableKinds.all

  /// The triggers that move `change_kinds`: those `changeKinds` made and those
  /// `terminalShown` made for its tables, one per table and statement.
  static let triggerNames = tables.flatMap { entry in
    ["insert", "update", "delete"].map { "\(entry.table)_changed_\($0)" }
  }

  /// The triggers `declaredRecords` made.
  static let declaredTriggerNames = ["insert", "update", "delete"].map {
    "declared_records_changed_\($0)"
  }

  /// Reads every kind's version: the shipped kinds' and the declared kinds' (a declared
  /// kind that reports a shipped kind's bit adds to its version).
  static let read = """
    SELECT kind, sum(version) FROM (
      SELECT kind, version FROM change_kinds
      UNION ALL SELECT kinds, version FROM declared_versions
    ) GROUP BY kind
    """

  /// Moves the versions of `kinds` (their bits bound as the one parameter): what a batch
  /// with this connection's triggers off does once, for what its rows changed.
  static let touch = "UPDATE change_kinds SET version = version + 1 WHERE kind & ? <> 0"

  /// Moves the version of every kind, the declared kinds' too (`RecordKinds.all`, whose
  /// bits are all set): what an import, which replaces every kind, does.
  static let touchEverything = """
    INSERT INTO declared_versions (kinds, version) VALUES (-1, 1)
    ON CONFLICT (kinds) DO UPDATE SET version = version + 1
    """

  /// The kinds whose version differs between `before` and `now` (kind → version); every
  /// kind when the versions cannot tell (none moved, though the file changed: a writer that
  /// changed records with the triggers off and said nothing).
  static func changed(from before: [Int64: Int64], to now: [Int64: Int64]) -> RecordKinds {
    let moved = now.reduce(into: RecordKinds()) { kinds, entry in
      if before[entry.key] != entry.value { kinds.insert(RecordKinds(rawValue: Int(entry.key))) }
    }
    return moved.isEmpty ? .all : moved.intersection(.all)
  }
}
