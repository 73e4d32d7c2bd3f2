/// A list paged from both ends that is cut into blocks in `list_blocks`, so that item N of a
/// million rows is found without stepping over N rows (`SQLConnection.indexedRows`; how each
/// database keeps the blocks: `SQLiteListIndex`, `PostgresSchema.listBlocks`).
struct ListIndex: Sendable {
  /// The table, and the list's name in `list_blocks`.
  let table: String
  /// The first column of the list's order; `id` breaks ties.
  let key: String
  /// The columns a page reads, as the repository's row type reads them.
  let columns: String
  /// Whether the list is shown in descending key order (newest first).
  let descending: Bool

  /// A page of the list in the order it is shown (`id` breaking ties): `LIMIT ? OFFSET ?`.
  var page: SQLText { select(descending: descending) }
  /// `page` read from the other end, every direction flipped.
  var pageReversed: SQLText { select(descending: !descending) }

  /// The row whose id is `?`, the columns a page reads.
  var selectID: SQLText { SQLText("SELECT \(columns) FROM \(table) WHERE id = ?") }
  /// Deletes the row whose id is `?`, returning its key (for the list's blocks).
  var deleteID: SQLText { SQLText("DELETE FROM \(table) WHERE id = ? RETURNING \(key)") }

  private func select(descending: Bool) -> SQLText {
    let order = descending ? "DESC" : "ASC"
    return SQLText(
      """
      SELECT \(columns) FROM \(table)
      ORDER BY \(key) \(order), id \(order) LIMIT ? OFFSET ?
      """)
  }

  static let chat = ListIndex(
    table: "chat_messages", key: "date_ms", columns: ChatMessageRow.columns, descending: false)
  static let mindLogs = ListIndex(
    table: "mind_logs", key: "date_ms", columns: MindLogRow.columns, descending: true)
  static let bookmarks = ListIndex(
    table: "bookmarks", key: "bookmarked_at_ms", columns: BookmarkRow.columns, descending: true)

  static let all = [chat, mindLogs, bookmarks]

  /// Rows per block, as both schemas cut them (`SQLiteListIndex.blockSize`,
  /// `PostgresSchema.blockSize`): a window this far from both ends is read through them.
  static let blockSize = 1_000
}
