import Domain
import Foundation

/// Reads every record of the sqlite store inside one read transaction (the caller's), each
/// list a page at a time, stepping one statement per list: no list is held whole.
///
/// With `skipped`, a row that cannot be read (a value out of range, as a Pocket before every
/// door checked could write) is left out and named there; without it, it throws.
final class SQLiteArchiveReader: ArchiveReader {
  private let connection: SQLiteConnection
  private let skipped: SkippedRows?

  init(_ connection: SQLiteConnection, skipping skipped: SkippedRows? = nil) {
    self.connection = connection
    self.skipped = skipped
  }

  /// `body`'s value; `nil` for a row `skipped` takes instead.
  private func row<Value>(_ body: () throws -> Value) throws -> Value? {
    try SkippedRows.row(skipped, body)
  }

  private func pages<Record>(
    _ sql: String, _ pageSize: Int, _ read: @escaping (SQLiteStatement) throws -> Record,
    _ page: ([Record]) throws -> Void
  ) throws {
    try connection.query(
      sql, pageSize: pageSize, row: { statement in try self.row { try read(statement) } },
      page: page)
  }

  func head() throws -> StoreArchive {
    let screen = try SQLScreenRepository<SQLiteDatabase>.state(connection)
    return StoreArchive(
      stopwatch: try row { try SQLStopwatchRepository<SQLiteDatabase>.stopwatch(connection) }
        ?? Stopwatch(),
      latestRates: try row {
        try SQLExchangeRateRepository<SQLiteDatabase>.snapshot("latest", connection)
      }
        ?? nil,
      previousRates: try row {
        try SQLExchangeRateRepository<SQLiteDatabase>.snapshot("previous", connection)
      } ?? nil,
      // Sorted in Swift, so the order is Swift's string order whatever the collation.
      favoriteCurrencies: try connection.query("SELECT code FROM favorite_currencies") {
        $0.text(0)
      }.sorted(),
      lastScreen: try row { try screen?.lastScreen() } ?? nil,
      lastCalculatorCurrency: screen?.lastCalculatorCurrency,
      lastMindLogID: try checkedColumn(
        connection.integer("SELECT value FROM counters WHERE name = 'mind_logs'") ?? 0,
        Limits.counter, "counters.value of mind_logs"),
      lastMessageID: try checkedColumn(
        connection.integer("SELECT value FROM counters WHERE name = 'chat_messages'") ?? 0,
        Limits.counter, "counters.value of chat_messages"))
  }

  func recordCounts() throws -> RecordCounts {
    try SQLiteArchiveRepository.recordCounts(connection)
  }

  func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
    try pages(
      "SELECT \(LapRow.columns) FROM laps ORDER BY number", pageSize,
      {
        try LapRow($0).toDomain()
      }, page)
  }

  func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    try pages(
      "SELECT \(BookmarkRow.columns) FROM bookmarks ORDER BY bookmarked_at_ms, id", pageSize,
      { try BookmarkRow($0).toDomain() }, page)
  }

  func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    try pages(
      "SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY id", pageSize,
      {
        try MindLogRow($0).toDomain()
      }, page)
  }

  func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    try pages(
      "SELECT \(ChatMessageRow.columns) FROM chat_messages ORDER BY id", pageSize,
      {
        try ChatMessageRow($0).toDomain()
      }, page)
  }
}
