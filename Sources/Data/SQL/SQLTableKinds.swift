import PocketDomain

/// The tables of records of both SQL stores, each with the kinds of record a change to it
/// touches: what PostgreSQL's notify triggers and SQLite's `change_kinds` triggers report
/// (`PostgresSchema.notifyingTables`, `SQLiteChangeKinds.tables`). Today's list: a shipped
/// migration spells out its own.
enum SQLTableKinds {
  static let all: [(table: String, kinds: RecordKinds)] = [
    ("stopwatch", .stopwatch), ("laps", .stopwatch), ("bookmarks", .bookmarks),
    ("rate_snapshots", .rates), ("rates", .rates), ("favorite_currencies", .rates),
    ("mind_logs", .mindLog), ("chat_messages", .chat), ("screen_state", .screens),
    ("terminal_shown", .screens), ("terminal_shown_items", .screens),
  ]
}
