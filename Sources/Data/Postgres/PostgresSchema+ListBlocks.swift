extension PostgresSchema {
  /// The blocks that find item N of a long list without stepping over N rows
  /// (`PostgresListIndex`): each list cut, in its order, into blocks of about
  /// 1,000 rows whose first key and exact size `list_blocks` keeps. One function per list,
  /// fired once per statement with the rows it inserted, deleted or moved, keeps the sizes,
  /// splits a block past 2,000 rows and merges one under 250 into the block before it, so the blocks stay right whoever writes (`psql` too). The first block
  /// of a list starts below every key. Shipped, so frozen: its lists, sizes and text are its
  /// own (`listBlocksStatements`, used by nothing else), never today's constants.
  static let listBlocks = Migration(
    name: "listBlocks",
    statements: [
      """
      CREATE TABLE list_blocks (
        list text NOT NULL CHECK (list IN ('chat_messages', 'mind_logs', 'bookmarks')),
        k1 bigint NOT NULL,
        k2 bigint NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        PRIMARY KEY (list, k1, k2)
      )
      """,
      "CREATE INDEX list_blocks_too_large ON list_blocks (list) WHERE size > 2000",
      "CREATE INDEX list_blocks_too_small ON list_blocks (list) WHERE size < 250",
    ]
      + [
        ("chat_messages", "date_ms"), ("mind_logs", "date_ms"), ("bookmarks", "bookmarked_at_ms"),
      ].flatMap { listBlocksStatements(table: $0, key: $1) })

  /// The blocks of `table` over the rows it holds, its function and its triggers, as
  /// `listBlocks` shipped them: blocks of 1,000 rows, split past 2,000 and merged under 250,
  /// the first starting at (-9223372036854775807, 0).
  private static func listBlocksStatements(table: String, key: String) -> [String] {
    let list = "list = '\(table)'"
    let (sentinel, blockSize) = ((-9_223_372_036_854_775_807, 0), 1_000)
    let first = "(\(sentinel.0), \(sentinel.1))"
    // Per block covering the rows of a transition table, how many of them it holds.
    func perBlock(_ rows: String) -> String {
      """
      SELECT c.k1, c.k2, count(*) AS n FROM \(rows) r
        CROSS JOIN LATERAL (
          SELECT k1, k2 FROM list_blocks WHERE \(list) AND (k1, k2) <= (r.\(key), r.id)
          ORDER BY k1 DESC, k2 DESC LIMIT 1) c
        GROUP BY c.k1, c.k2
      """
    }
    let rebuild = """
      INSERT INTO list_blocks (list, k1, k2, size)
      SELECT '\(table)', CASE WHEN r = 0 THEN \(sentinel.0) ELSE \(key) END,
        CASE WHEN r = 0 THEN \(sentinel.1) ELSE id END, least(\(blockSize), n - r)
      FROM (
        SELECT \(key), id, row_number() OVER (ORDER BY \(key), id) - 1 AS r,
          count(*) OVER () AS n
        FROM \(table)) s
      WHERE r % \(blockSize) = 0
      UNION ALL SELECT '\(table)', \(sentinel.0), \(sentinel.1), 0
      WHERE NOT EXISTS (SELECT 1 FROM \(table))
      """
    let function = """
      CREATE FUNCTION \(table)_count_blocks() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      DECLARE
        block record;
        before record;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM list_blocks WHERE \(list);
          INSERT INTO list_blocks (list, k1, k2, size)
          VALUES ('\(table)', \(sentinel.0), \(sentinel.1), 0);
          RETURN NULL;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE list_blocks b SET size = b.size - d.n FROM (\(perBlock("old_rows"))) d
          WHERE b.\(list) AND (b.k1, b.k2) = (d.k1, d.k2);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE list_blocks b SET size = b.size + d.n FROM (\(perBlock("new_rows"))) d
          WHERE b.\(list) AND (b.k1, b.k2) = (d.k1, d.k2);
        END IF;
        FOR block IN
          SELECT k1, k2, size FROM list_blocks WHERE \(list) AND size > 2000
        LOOP
          INSERT INTO list_blocks (list, k1, k2, size)
          SELECT '\(table)', \(key), id, least(\(blockSize), block.size - r)
          FROM (
            SELECT \(key), id, row_number() OVER (ORDER BY \(key), id) - 1 AS r
            FROM (
              SELECT \(key), id FROM \(table) WHERE (\(key), id) >= (block.k1, block.k2)
              ORDER BY \(key), id LIMIT block.size) rows) numbered
          WHERE r > 0 AND r % \(blockSize) = 0;
          UPDATE list_blocks SET size = \(blockSize)
          WHERE \(list) AND (k1, k2) = (block.k1, block.k2);
        END LOOP;
        FOR block IN
          SELECT k1, k2, size FROM list_blocks
          WHERE \(list) AND size < 250 AND (k1, k2) <> \(first)
        LOOP
          SELECT k1, k2 INTO before FROM list_blocks
          WHERE \(list) AND (k1, k2) < (block.k1, block.k2) ORDER BY k1 DESC, k2 DESC LIMIT 1;
          DELETE FROM list_blocks WHERE \(list) AND (k1, k2) = (block.k1, block.k2);
          UPDATE list_blocks SET size = size + block.size
          WHERE \(list) AND (k1, k2) = (before.k1, before.k2);
        END LOOP;
        RETURN NULL;
      END
      $$
      """
    let trigger = "FOR EACH STATEMENT EXECUTE FUNCTION \(table)_count_blocks()"
    return [
      rebuild, function,
      """
      CREATE TRIGGER \(table)_blocked_insert AFTER INSERT ON \(table)
      REFERENCING NEW TABLE AS new_rows \(trigger)
      """,
      """
      CREATE TRIGGER \(table)_blocked_delete AFTER DELETE ON \(table)
      REFERENCING OLD TABLE AS old_rows \(trigger)
      """,
      """
      CREATE TRIGGER \(table)_blocked_move AFTER UPDATE ON \(table)
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows \(trigger)
      """,
      "CREATE TRIGGER \(table)_blocked_truncate AFTER TRUNCATE ON \(table) \(trigger)",
    ]
  }

}
