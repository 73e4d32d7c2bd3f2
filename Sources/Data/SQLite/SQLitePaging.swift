import Foundation

// Pages of a list read from whichever end is nearer.

/// `offset` and `limit` as `StoreState`'s `page` reads them: negative values count as 0.
func window(offset: Int, limit: Int) -> (offset: Int, limit: Int) {
  (max(offset, 0), max(limit, 0))
}

/// The rows `window` selects from a list of `total` rows, read with `forward` (the list's
/// `ORDER BY`, then `LIMIT ? OFFSET ?`) or `backward` (the same with every direction flipped;
/// the order must be total, so the two are exact mirrors).
///
/// `OFFSET` steps over every row it skips, so a window in the second half of the list is
/// read from the far end with `backward` and its rows reversed: either end of a list costs
/// the same, however long the list. `total` must be the exact count in the same transaction.
func rows<Item>(
  _ window: (offset: Int, limit: Int), total: Int, forward: String, backward: String,
  _ connection: SQLiteConnection, row: (SQLiteStatement) throws -> Item
) throws -> [Item] {
  let start = min(window.offset, total)
  let count = min(window.limit, total - start)
  guard count > 0 else { return [] }
  let skippedFromEnd = total - start - count
  guard skippedFromEnd < start else {
    return try connection.query(forward, count, start, row: row)
  }
  return try connection.query(backward, count, skippedFromEnd, row: row).reversed()
}
