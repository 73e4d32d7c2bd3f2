/// Finds row N of a long list without stepping over N rows, through the blocks
/// `list_blocks` keeps (`PostgresSchema.listBlocks`): the block holding row N is the last
/// whose rows before it (a running sum of the block sizes, over about a thousand small rows
/// at a million) are at most N, and row N is at most `2 × blockSize` rows down the
/// `(key, id)` index from that block's first key. `OFFSET N` would step over N rows, so a
/// page deep in a long list would cost in proportion to its depth (docs/benchmarks.md has
/// the figures).
struct PostgresListIndex: Sendable {
  /// The table, and the list's name in `list_blocks`.
  let table: String
  /// The first column of the list's order; `id` breaks ties.
  let key: String
  /// The columns a page reads, as the repository's row type reads them.
  let columns: String
  /// Whether the list is shown in descending key order (newest first).
  let descending: Bool

  static let chat = PostgresListIndex(
    table: "chat_messages", key: "date_ms", columns: ChatMessageRow.columns, descending: false)
  static let mindLogs = PostgresListIndex(
    table: "mind_logs", key: "date_ms", columns: MindLogRow.columns, descending: true)
  static let bookmarks = PostgresListIndex(
    table: "bookmarks", key: "bookmarked_at_ms", columns: BookmarkRow.columns, descending: true)

  /// The block holding the row at ascending position `$2` of list `$1`: its first key, and
  /// how many rows of the list come before it.
  static let blockContaining = """
    SELECT k1, k2, before FROM (
      SELECT k1, k2, sum(size) OVER (ORDER BY k1, k2) - size AS before
      FROM list_blocks WHERE list = $1) blocks
    WHERE before <= $2 ORDER BY k1 DESC, k2 DESC LIMIT 1
    """

  /// The rows at `ascendingStart ..< ascendingStart + count` in ascending key order, read
  /// through the blocks; `nil` when the blocks disagree with the rows (then the caller
  /// steps with `OFFSET`).
  func rows<Item>(
    ascendingStart: Int, count: Int, _ connection: PostgresConnection,
    row: (PostgresRow) throws -> Item
  ) throws -> [Item]? {
    let blocks = try connection.query(Self.blockContaining, table, ascendingStart) {
      ($0.int64(0), $0.int64(1), Int($0.int64(2)))
    }
    // Negative only when sizes are (a table whose CHECK was dropped): blocks that disagree.
    guard let (k1, k2, before) = blocks.first, before >= 0, before <= ascendingStart else {
      return nil
    }
    let items = try connection.query(
      """
      SELECT \(columns) FROM \(table) WHERE (\(key), id) >= ($1, $2)
      ORDER BY \(key) ASC, id ASC LIMIT $3 OFFSET $4
      """, k1, k2, count, ascendingStart - before, row: row)
    return items.count == count ? items : nil
  }
}
