extension SQLiteSchema {
  /// What each terminal showed last (`ShownList`, one per `TerminalKey`), in place of the
  /// one list the store showed last: `terminal_shown` holds a terminal's screen, its page,
  /// and `seq`, which orders the lists by their last change (the least recent go first when
  /// the store holds too many); `terminal_shown_items` its numbered rows, each with its
  /// item's id (`record_id`) or url, exactly one of them. The store's list (`shown_list`,
  /// `shown_items`) belongs to no terminal and is dropped with its tables and triggers. Each
  /// new table moves the screens' version in `change_kinds` (32) as `changeKinds`' tables
  /// do, with the very triggers `changeKinds` made (`changeKindTriggers`, whose text is
  /// frozen). Shipped, so frozen: its text is its own.
  static let terminalShown = Migration(
    name: "terminalShown",
    statements: [
      "DROP TABLE shown_items",
      "DROP TABLE shown_list",
      """
      CREATE TABLE terminal_shown (
        terminal TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        screen TEXT NOT NULL,
        currency TEXT,
        page INTEGER CHECK (page >= 1)
      ) STRICT, WITHOUT ROWID
      """,
      """
      CREATE TABLE terminal_shown_items (
        terminal TEXT NOT NULL,
        number INTEGER NOT NULL CHECK (number >= 1),
        record_id INTEGER,
        url TEXT,
        text TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (terminal, number),
        CHECK ((record_id IS NULL) <> (url IS NULL))
      ) STRICT
      """,
    ]
      + changeKindTriggers(table: "terminal_shown", kind: 32)
      + changeKindTriggers(table: "terminal_shown_items", kind: 32))
}
