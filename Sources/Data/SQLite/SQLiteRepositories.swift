import Domain
import Foundation

// The store's repositories, and what they share: statements, row counts, unique inserts
// and id counters. Each repository has its own file; paging is in SQLitePaging.swift.

extension Repositories {
  /// Every repository, all sharing `database`, whose changes made elsewhere `changes`
  /// reports, and its waits for another program's lock `waits`.
  init(database: SQLiteDatabase, changes: any StoreObservation, waits: StoreWaits) {
    self.init(
      stopwatch: SQLiteStopwatchRepository(database: database),
      bookmarks: SQLiteBookmarkRepository(database: database),
      rates: SQLiteExchangeRateRepository(database: database),
      screens: SQLiteScreenRepository(database: database),
      mindLogs: SQLiteMindLogRepository(database: database),
      chat: SQLiteChatRepository(database: database),
      archive: SQLiteArchiveRepository(database: database), changes: changes, waits: waits)
  }
}

/// Statements several repositories run, named so the query-plan test checks the very text.
enum SQLiteSharedSQL {
  static let rowCount = "SELECT value FROM row_counts WHERE name = ?"
  /// What a batch run without triggers adds to its count.
  static let addToRowCount = "UPDATE row_counts SET value = value + ? WHERE name = ?"

  /// Moves the id counter `name` past every id given and every id in `table`; returns it.
  static func nextID(table: String) -> String {
    // Table names are constants of ours; max(id) is one step down the primary key.
    """
    UPDATE counters SET value = max(value, (SELECT coalesce(max(id), 0) FROM \(table))) + 1
    WHERE name = ? RETURNING value
    """
  }
}

/// The number of rows of `table` (one of `SQLiteSchema.countedTables`), as `row_counts`
/// keeps it: one primary-key lookup, where `count(*)` reads the whole table. A count past
/// the last id (a store edited by hand) is refused naming it: every page count and window
/// is worked out from it.
func rowCount(_ table: String, _ connection: SQLiteConnection) throws -> Int {
  guard let value = try connection.integer(SQLiteSharedSQL.rowCount, table)
  else { throw InvalidRow(reason: "the row count of \"\(table)\" is missing") }
  return Int(try checkedColumn(value, Limits.counter, "row_counts.value of \(table)"))
}

/// Runs an INSERT that may hit a unique key, turning that into `DomainError.duplicate`.
func insertUnique(
  _ connection: SQLiteConnection, _ sql: String, _ values: any SQLiteBindable...
) throws {
  do {
    try connection.execute(sql, arguments: values)
  } catch let error where error.isUniquenessViolation {
    throw DomainError.duplicate
  }
}

/// Throws `.notFound` when the last statement changed no row.
func requireChange(_ connection: SQLiteConnection) throws(DomainError) {
  guard connection.changes > 0 else { throw .notFound }
}

/// The next id of the list counted under `name` in `counters`: one more than any id ever
/// given (and, should an imported archive say less, than any id stored).
func nextID(
  _ name: String, table: String, _ connection: SQLiteConnection
) throws -> Int64 {
  let id = try connection.integer(SQLiteSharedSQL.nextID(table: table), name)
  guard let id else { throw InvalidRow(reason: "the id counter \"\(name)\" is missing") }
  // Past 2^53 − 1 (SQLite makes an overflowing counter a REAL, read back as Int64.max):
  // refused, and the transaction rolls back.
  guard Limits.id.contains(id) else {
    throw DomainError.invalidInput(.outOfRange("ids end at \(Limits.maxCounter)"))
  }
  return id
}
