extension PostgresSchema {
  /// What each terminal showed last (`ShownList`, one per `TerminalKey`), in place of the
  /// one list the store showed last, as `SQLiteSchema.terminalShown` keeps it: Pocket keeps
  /// a terminal's list in the local sqlite file beside a postgres store, and these tables
  /// serve a front end that opens a `PostgresStore` alone. The store's list (`shown_list`,
  /// `shown_items`) is dropped with its tables and triggers; each new table notifies its
  /// changes (`notify_change`). Shipped, so frozen: its text is its own.
  static let terminalShown = Migration(
    name: "terminalShown",
    statements: [
      "DROP TABLE shown_items",
      "DROP TABLE shown_list",
      """
      CREATE TABLE terminal_shown (
        terminal text PRIMARY KEY,
        seq bigint NOT NULL UNIQUE,
        screen text NOT NULL,
        currency text,
        page bigint CHECK (page >= 1)
      )
      """,
      """
      CREATE TABLE terminal_shown_items (
        terminal text NOT NULL,
        number bigint NOT NULL CHECK (number >= 1),
        record_id bigint,
        url text,
        text text NOT NULL,
        value text NOT NULL,
        PRIMARY KEY (terminal, number),
        CHECK ((record_id IS NULL) <> (url IS NULL))
      )
      """,
      """
      CREATE TRIGGER terminal_shown_notify
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON terminal_shown
      FOR EACH STATEMENT EXECUTE FUNCTION notify_change()
      """,
      """
      CREATE TRIGGER terminal_shown_items_notify
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON terminal_shown_items
      FOR EACH STATEMENT EXECUTE FUNCTION notify_change()
      """,
    ])
}
