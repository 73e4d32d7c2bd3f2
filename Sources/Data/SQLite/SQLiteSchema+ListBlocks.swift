extension SQLiteSchema {
  /// The blocks that find item N of a long list without stepping over N rows
  /// (`SQLiteListIndex`): the table, its triggers, and the blocks of the rows the file
  /// holds, in blocks of 1,000 rows, the first starting at (-9223372036854775807, 0).
  /// Shipped, so frozen: its lists and text are its own (`listBlocksStatements`, used by
  /// nothing else), never `SQLiteListIndex`'s constants.
  static let listBlocks = Migration(
    name: "listBlocks",
    statements: [
      """
      CREATE TABLE list_blocks (
        list TEXT NOT NULL CHECK (list IN ('chat_messages', 'mind_logs', 'bookmarks')),
        k1 INTEGER NOT NULL,
        k2 INTEGER NOT NULL,
        size INTEGER NOT NULL CHECK (size >= 0),
        PRIMARY KEY (list, k1, k2)
      ) STRICT, WITHOUT ROWID
      """
    ]
      + [
        ("chat_messages", "date_ms"), ("mind_logs", "date_ms"), ("bookmarks", "bookmarked_at_ms"),
      ].flatMap { listBlocksStatements(table: $0, key: $1) })

  /// The blocks of `table` over the rows it holds, and its three triggers (a row added,
  /// deleted, or given another key), as `listBlocks` shipped them.
  private static func listBlocksStatements(table: String, key: String) -> [String] {
    let rebuild = """
      INSERT INTO list_blocks (list, k1, k2, size)
      SELECT '\(table)',
        CASE WHEN r = 0 THEN -9223372036854775807 ELSE \(key) END,
        CASE WHEN r = 0 THEN 0 ELSE id END,
        min(1000, n - r)
      FROM (
        SELECT \(key), id, row_number() OVER (ORDER BY \(key), id) - 1 AS r, count(*) OVER () AS n
        FROM \(table))
      WHERE r % 1000 = 0
      UNION ALL SELECT '\(table)', -9223372036854775807, 0, 0
      WHERE NOT EXISTS (SELECT 1 FROM \(table))
      """
    // The block whose first key is the greatest at or below `(row.key, row.id)`.
    func covering(_ row: String) -> String {
      """
      SELECT k1, k2 FROM list_blocks WHERE list = '\(table)' AND (k1, k2) <= (\(row).\(key), \(row).id)
        ORDER BY k1 DESC, k2 DESC LIMIT 1
      """
    }
    let add = """
      UPDATE list_blocks SET size = size + 1 WHERE list = '\(table)' AND (k1, k2) = (
        \(covering("NEW")));
      """
    let remove = """
      UPDATE list_blocks SET size = size - 1 WHERE list = '\(table)' AND (k1, k2) = (
        \(covering("OLD")));
      """
    return [
      rebuild,
      "CREATE TRIGGER \(table)_blocked_insert AFTER INSERT ON \(table) BEGIN \(add) END",
      "CREATE TRIGGER \(table)_blocked_delete AFTER DELETE ON \(table) BEGIN \(remove) END",
      """
      CREATE TRIGGER \(table)_blocked_move AFTER UPDATE OF \(key), id ON \(table)
      WHEN OLD.\(key) IS NOT NEW.\(key) OR OLD.id IS NOT NEW.id
      BEGIN \(remove) \(add) END
      """,
    ]
  }
}
