import Domain
import Foundation

// Pages of a list read from whichever end is nearer, and what the repositories of the
// postgres store share: row counts, unique inserts, missing rows and id counters.

/// The rows `window` selects from a list of `total` rows, read with `forward` (the list's
/// `ORDER BY`, then `LIMIT $1 OFFSET $2`) or `backward` (the same with every direction
/// flipped; the order must be total, so the two are exact mirrors).
///
/// `OFFSET` steps over every row it skips, so a window in the second half of the list is
/// read from the far end with `backward` and its rows reversed: either end of a list costs
/// the same, however long the list. `total` must be the exact count in the same transaction.
///
/// With `index`, a window farther than two blocks from both ends is read through the list's
/// blocks (`PostgresConnection.indexedRows`), so page N of a million costs what it costs in a thousand.
func postgresRows<Item>(
  _ window: (offset: Int, limit: Int), total: Int, forward: String, backward: String,
  index: ListIndex? = nil, _ connection: PostgresConnection,
  row: (PostgresRow) throws -> Item
) throws -> [Item] {
  let start = min(window.offset, total)
  let count = min(window.limit, total - start)
  guard count > 0 else { return [] }
  let skippedFromEnd = total - start - count
  if let index, min(start, skippedFromEnd) > 2 * PostgresSchema.blockSize {
    let ascendingStart = index.descending ? skippedFromEnd : start
    if let items = try connection.indexedRows(
      index, ascendingStart: ascendingStart, count: count, total: total, row: row)
    {
      return index.descending ? items.reversed() : items
    }
  }
  guard skippedFromEnd < start else {
    return try connection.query(forward, count, start, row: row)
  }
  return try connection.query(backward, count, skippedFromEnd, row: row).reversed()
}

/// Statements several repositories of the postgres store run.
enum PostgresSharedSQL {
  /// Moves the id counter `$1` past every id given and every id in `table`; returns it.
  static func nextID(table: String) -> String {
    "UPDATE counters SET value = \(nextValue(table: table)) WHERE name = $1 RETURNING value"
  }

  /// The next id of `table`, in a statement on `counters`: past the counter's value and every
  /// id in the table.
  static func nextValue(table: String) -> String {
    // Table names are constants of ours; max(id) is one step down the primary key.
    "greatest(value, (SELECT coalesce(max(id), 0) FROM \(table))) + 1"
  }
}

/// Runs a statement that may hit a unique key, turning that into `DomainError.duplicate`.
func insertUnique(
  _ connection: PostgresConnection, _ sql: String, _ values: any SQLBindable...
) throws {
  do {
    try connection.execute(sql, arguments: values)
  } catch let error where error.isUniquenessViolation {
    throw DomainError.duplicate
  }
}
