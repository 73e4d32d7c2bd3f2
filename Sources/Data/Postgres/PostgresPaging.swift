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
/// blocks (`PostgresListIndex`), so page N of a million costs what it costs in a thousand.
func postgresRows<Item>(
  _ window: (offset: Int, limit: Int), total: Int, forward: String, backward: String,
  index: PostgresListIndex? = nil, _ connection: PostgresConnection,
  row: (PostgresRow) throws -> Item
) throws -> [Item] {
  let start = min(window.offset, total)
  let count = min(window.limit, total - start)
  guard count > 0 else { return [] }
  let skippedFromEnd = total - start - count
  if let index, min(start, skippedFromEnd) > 2 * PostgresSchema.blockSize {
    let ascendingStart = index.descending ? skippedFromEnd : start
    if let items = try index.rows(
      ascendingStart: ascendingStart, count: count, connection, row: row)
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
  static let rowCount = "SELECT value FROM row_counts WHERE name = $1"

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

  /// Sets the id counter `$2` to `$1`.
  static let setCounter = "UPDATE counters SET value = $1 WHERE name = $2"
}

/// The number of rows of `table` (one of `PostgresSchema.countedTables`), as `row_counts`
/// keeps it: one primary-key lookup, where `count(*)` reads the whole table. A count past
/// the last id (a store edited by hand) is refused naming it: every page count and window
/// is worked out from it.
func rowCount(_ table: String, _ connection: PostgresConnection) throws -> Int {
  guard let value = try connection.integer(PostgresSharedSQL.rowCount, table)
  else { throw InvalidRow(reason: "the row count of \"\(table)\" is missing") }
  return Int(try checkedColumn(value, Limits.counter, "row_counts.value of \(table)"))
}

/// Runs a statement that may hit a unique key, turning that into `DomainError.duplicate`.
func insertUnique(
  _ connection: PostgresConnection, _ sql: String, _ values: any PostgresBindable...
) throws {
  do {
    try connection.execute(sql, arguments: values)
  } catch let error where error.isUniquenessViolation {
    throw DomainError.duplicate
  }
}

/// Throws `.notFound` when a statement changed no row (`changed`, what `execute` returned).
func requireChange(_ changed: Int) throws(DomainError) {
  guard changed > 0 else { throw .notFound }
}

/// Inserts a row of `table` whose id is the next of the list counted under `name` (as
/// `nextID` gives it), in one statement; returns the id. `columns` names the row's columns,
/// the id first; `values` are the others', bound as `$2`, `$3`, … (`$1` is `name`).
/// - Throws: `.outOfRange` past the last id, having changed nothing: the statement moves
///   the counter only to an id in range, so it may be the last of its transaction, whose
///   COMMIT goes with it (`PostgresDatabase.writeOne`).
func insertWithNextID(
  _ name: String, table: String, columns: String, values: [any PostgresBindable],
  _ connection: PostgresConnection
) throws -> Int64 {
  let parameters = (2..<(values.count + 2)).map { "$\($0)" }.joined(separator: ", ")
  // The counter moves, and the row is inserted, only for an id in range; otherwise the id
  // it would have given (read from the statement's snapshot, as the counter was) says so.
  let next = PostgresSharedSQL.nextValue(table: table)
  let sql = """
    WITH next AS (UPDATE counters SET value = \(next)
      WHERE name = $1 AND \(next) <= \(Limits.maxCounter) RETURNING value),
    inserted AS (INSERT INTO \(table) (\(columns)) SELECT value, \(parameters) FROM next)
    SELECT value FROM next
    UNION ALL SELECT \(next) FROM counters WHERE name = $1 AND NOT EXISTS (SELECT FROM next)
    """
  let id = try connection.integer(sql, arguments: [name] + values)
  return try checkedID(id, name)
}

/// The next id of the list counted under `name` in `counters`: one more than any id ever
/// given (and, should an imported archive say less, than any id stored).
func nextID(_ name: String, table: String, _ connection: PostgresConnection) throws -> Int64 {
  try checkedID(try connection.integer(PostgresSharedSQL.nextID(table: table), name), name)
}

/// `id` as the counter `name` gave it: refused past 2^53 − 1 (and the transaction rolls
/// back); a counter that gave none is missing.
private func checkedID(_ id: Int64?, _ name: String) throws -> Int64 {
  guard let id else { throw InvalidRow(reason: "the id counter \"\(name)\" is missing") }
  guard Limits.id.contains(id) else {
    throw DomainError.invalidInput(.outOfRange("ids end at \(Limits.maxCounter)"))
  }
  return id
}
