import Foundation

// Pages of a list read from whichever end is nearer.

/// The rows `window` selects from a list of `total` rows, read with `forward` (the list's
/// `ORDER BY`, then `LIMIT ? OFFSET ?`) or `backward` (the same with every direction flipped;
/// the order must be total, so the two are exact mirrors).
///
/// `OFFSET` steps over every row it skips, so a window in the second half of the list is
/// read from the far end with `backward` and its rows reversed: either end of a list costs
/// the same, however long the list. `total` must be the exact count in the same transaction.
///
/// With `index`, a window farther than two blocks from both ends is read through the list's
/// blocks (`SQLiteListIndex`), so item N of a million costs what it costs in a thousand.
func rows<Item>(
  _ window: (offset: Int, limit: Int), total: Int, forward: String, backward: String,
  index: ListIndex? = nil, _ connection: SQLiteConnection,
  row: (SQLiteStatement) throws -> Item
) throws -> [Item] {
  let start = min(window.offset, total)
  let count = min(window.limit, total - start)
  guard count > 0 else { return [] }
  let skippedFromEnd = total - start - count
  if let index, min(start, skippedFromEnd) > 2 * ListIndex.blockSize {
    let ascendingStart = index.descending ? skippedFromEnd : start
    if let items = try index.rows(
      ascendingStart: ascendingStart, count: count, total: total, connection, row: row)
    {
      return index.descending ? items.reversed() : items
    }
  }
  guard skippedFromEnd < start else {
    return try connection.query(forward, count, start, row: row)
  }
  return try connection.query(backward, count, skippedFromEnd, row: row).reversed()
}
