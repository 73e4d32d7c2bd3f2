import Domain
import Foundation

// The store's repositories, and what they share: statements, row counts, unique inserts
// and id counters. Each repository has its own file; paging is `rows` (SQLRepositorySupport).

extension Repositories {
  /// Every repository, all sharing `database`, whose changes made elsewhere `changes`
  /// reports, and its waits for another program's lock `waits`.
  init(database: SQLiteDatabase, changes: any StoreObservation, waits: StoreWaits) {
    self.init(
      stopwatch: SQLStopwatchRepository(database: database),
      bookmarks: SQLBookmarkRepository(database: database),
      rates: SQLExchangeRateRepository(database: database),
      screens: SQLScreenRepository(database: database),
      mindLogs: SQLMindLogRepository(database: database),
      chat: SQLChatRepository(database: database),
      archive: SQLArchiveRepository(database: database), changes: changes, waits: waits)
  }
}

/// Statements several repositories run, named so the query-plan test checks the very text.
enum SQLiteSharedSQL {
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
