import PocketDomain

// What the repositories of both SQL stores share: row counts, pages read from the nearer end,
// unique inserts, deletes from a list, missing rows and id counters.

/// Statements several repositories run, named so the query-plan tests check the very text.
enum SharedSQL {
  static let rowCount = SQLText("SELECT value FROM row_counts WHERE name = ?")
  /// Sets the id counter `?2` to `?1`.
  static let setCounter = SQLText("UPDATE counters SET value = ? WHERE name = ?")
}

/// `offset` and `limit` as `StoreState`'s `page` reads them: negative values count as 0.
func window(offset: Int, limit: Int) -> (offset: Int, limit: Int) {
  (max(offset, 0), max(limit, 0))
}

/// The number of rows of `table` (a table whose rows `row_counts` counts), as `row_counts`
/// keeps it: one primary-key lookup, where `count(*)` reads the whole table. A count past
/// the last id (a store edited by hand) is refused naming it: every page count and window
/// is worked out from it.
func rowCount(_ table: String, _ connection: some SQLConnection) throws -> Int {
  guard let value = try connection.integer(SharedSQL.rowCount, table)
  else { throw InvalidRow(reason: .rowCountMissing(table: table)) }
  return Int(try checkedColumn(value, Limits.counter, "row_counts.value of \(table)"))
}

/// The rows `window` selects from a list of `total` rows, read with `forward` (the list's
/// `ORDER BY`, then `LIMIT ? OFFSET ?`) or `backward` (the same with every direction flipped;
/// the order must be total, so the two are exact mirrors).
///
/// `OFFSET` steps over every row it skips, so a window in the second half of the list is
/// read from the far end with `backward` and its rows reversed: either end of a list costs
/// the same, however long the list. `total` must be the exact count in the same transaction.
///
/// With `index`, a window farther than two blocks from both ends is read through the list's
/// blocks (`SQLConnection.indexedRows`), so item N of a million costs what it costs in a
/// thousand.
func rows<Connection: SQLConnection, Item>(
  _ window: (offset: Int, limit: Int), total: Int, forward: SQLText, backward: SQLText,
  index: ListIndex? = nil, _ connection: Connection,
  row: (Connection.Row) throws -> Item
) throws -> [Item] {
  let start = min(window.offset, total)
  let count = min(window.limit, total - start)
  guard count > 0 else { return [] }
  let skippedFromEnd = total - start - count
  if let index, min(start, skippedFromEnd) > 2 * ListIndex.blockSize {
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

/// The rows `window` selects from `list` of `total` rows (`rows`, through its pages and blocks).
func rows<Connection: SQLConnection, Item>(
  _ window: (offset: Int, limit: Int), total: Int, of list: ListIndex, _ connection: Connection,
  row: (Connection.Row) throws -> Item
) throws -> [Item] {
  try rows(
    window, total: total, forward: list.page, backward: list.pageReversed, index: list,
    connection, row: row)
}

/// The page at `offset` of `list`, in one read: its count, then its rows, each made an item by
/// `row`.
func page<Database: SQLDatabase, Item: Sendable>(
  offset: Int, limit: Int, of list: ListIndex, in database: Database,
  row: @escaping @Sendable (Database.Connection.Row) throws -> Item
) async throws -> Page<Item> {
  let window = window(offset: offset, limit: limit)
  return try await database.read { connection in
    let total = try rowCount(list.table, connection)
    let items = try rows(window, total: total, of: list, connection, row: row)
    return Page(items: items, offset: window.offset, total: total)
  }
}

/// Runs a statement that may hit a unique key, turning that into `DomainError.duplicate`.
func insertUnique(
  _ connection: some SQLConnection, _ sql: SQLText, _ values: any SQLBindable...
) throws {
  try insertUnique(connection, sql, arguments: values)
}

/// Runs a statement that may hit a unique key, turning that into `DomainError.duplicate`.
func insertUnique(
  _ connection: some SQLConnection, _ sql: SQLText, arguments values: [any SQLBindable]
) throws {
  do {
    try connection.execute(sql, arguments: values)
  } catch let error as any SQLDatabaseError where error.isUniquenessViolation {
    throw DomainError.duplicate
  }
}

/// Throws `.notFound` when a statement changed no row (`changed`, what `execute` returned).
func requireChange(_ changed: Int) throws(DomainError) {
  guard changed > 0 else { throw .notFound }
}

/// The record `id` of `list`, read as a `Row`; nil when there is none.
func listed<Row: TableRow>(
  _: Row.Type, id: Int64, of list: ListIndex, _ connection: some SQLConnection
) throws -> Row.Record? {
  try connection.query(list.selectID, id) { try Row($0).toDomain() }.first
}

/// Deletes the record `id` of `list` (`list.deleteID`, which gives the row's key in the list);
/// `condition` sees it as stored, read as a `Row`, first when it needs to.
/// - Throws: `.notFound` when there is no such row.
func deleteListed<Row: TableRow & SendableMetatype, Database: SQLDatabase>(
  _: Row.Type, id: Int64, if condition: WriteCondition<Row.Record>, from list: ListIndex,
  in database: Database
) async throws {
  try await database.write(readingFirst: condition.readsItem) { connection in
    if condition.readsItem { try condition(try listed(Row.self, id: id, of: list, connection)) }
    let keys = try connection.query(list.deleteID, id) { $0.int64(0) }
    guard let key = keys.first else { throw DomainError.notFound }
    try connection.listRemoved(list, key: key, id: id)
  }
}

/// The next id of the list counted under `counter` in `counters`: one more than any id ever
/// given (and, should an imported archive say less, than any id stored).
func nextID(_ counter: String, table: String, _ connection: some SQLConnection) throws -> Int64 {
  try checkedID(try connection.nextIDValue(counter, table: table), counter)
}

/// Inserts a row of `table` whose id is the next of the list counted under `counter` (as
/// `nextID` gives it); returns the id. `columns` names the row's columns, the id first;
/// `values` are the others'.
/// - Throws: `.outOfRange` past the last id, having changed nothing, so the statement may be
///   the last of its transaction (`SQLDatabase.writeOne`).
func insertWithNextID(
  _ counter: String, table: String, columns: String, values: [any SQLBindable],
  _ connection: some SQLConnection
) throws -> Int64 {
  let id = try connection.insertWithNextIDValue(
    counter, table: table, columns: columns, values: values)
  return try checkedID(id, counter)
}

/// Inserts `record` (checked, but for its id) as a new row of `list` (`values`, every column
/// but the id, in the order of `list.columns`) with the next id of the list's counter, in one
/// statement where the database can (`insertWithNextID`), and keeps the list's blocks, `key`
/// being the row's key; returns `record` with its id.
func insertListed<Database: SQLDatabase, Record: Sendable>(
  _ record: Record, id: WritableKeyPath<Record, Int64> & Sendable, key: Int64,
  into list: ListIndex, in database: Database,
  values: @escaping @Sendable () -> [any SQLBindable]
) async throws -> Record {
  try await database.writeOne { connection in
    var record = record
    record[keyPath: id] = try insertWithNextID(
      list.table, table: list.table, columns: list.columns, values: values(), connection)
    try connection.listAdded(list, key: key, id: record[keyPath: id])
    return record
  }
}

/// `id` as the counter `name` gave it: refused past 2^53 − 1 (and the transaction rolls
/// back); a counter that gave none is missing.
private func checkedID(_ id: Int64?, _ name: String) throws -> Int64 {
  guard let id else { throw InvalidRow(reason: .counterMissing(name: name)) }
  // Past 2^53 − 1 (SQLite makes an overflowing counter a REAL, read back as Int64.max).
  guard Limits.id.contains(id) else {
    throw DomainError.invalidInput(.outOfRange(.idsEnd(last: Limits.maxCounter)))
  }
  return id
}
