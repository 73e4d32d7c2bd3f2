import Domain
import Foundation

/// Reads every record of the postgres store inside one REPEATABLE READ transaction (the
/// caller's), each list a page at a time through a cursor (`FETCH`), so that neither the
/// client nor libpq holds a list whole.
///
/// With `skipped`, a row that cannot be read (a text longer than typing takes, written by
/// another client) is left out and named there; without it, it throws.
final class PostgresArchiveReader: ArchiveReader {
  private let connection: PostgresConnection
  private let skipped: SkippedRows?

  init(_ connection: PostgresConnection, skipping skipped: SkippedRows? = nil) {
    self.connection = connection
    self.skipped = skipped
  }

  /// `body`'s value; `nil` for a row `skipped` takes instead.
  private func row<Value>(_ body: () throws -> Value) throws -> Value? {
    try SkippedRows.row(skipped, body)
  }

  /// The rows of `sql` through a cursor, `pageSize` at a time.
  private func pages<Record>(
    _ sql: String, _ pageSize: Int, _ read: (PostgresRow) throws -> Record,
    _ page: ([Record]) throws -> Void
  ) throws {
    precondition(pageSize > 0, "a page holds at least one record")
    // The statements are constants of ours; values are never interpolated.
    try connection.execute("DECLARE archive_rows NO SCROLL CURSOR FOR \(sql)")
    while true {
      let rows = try connection.query("FETCH FORWARD \(pageSize) FROM archive_rows") { result in
        try row { try read(result) }
      }
      let records = rows.compactMap { $0 }
      if !records.isEmpty { try page(records) }
      if rows.count < pageSize { break }
    }
    try connection.execute("CLOSE archive_rows")
  }

  func head() throws -> StoreArchive {
    func counter(_ name: String) throws -> Int64 {
      try checkedColumn(
        connection.integer(PostgresArchiveRepository.selectCounter, name) ?? 0, Limits.counter,
        "counters.value of \(name)")
    }
    let screen = try SQLScreenRepository<PostgresDatabase>.state(connection)
    return StoreArchive(
      stopwatch: try row { try SQLStopwatchRepository<PostgresDatabase>.stopwatch(connection) }
        ?? Stopwatch(),
      latestRates: try row {
        try SQLExchangeRateRepository<PostgresDatabase>.snapshot("latest", connection)
      }
        ?? nil,
      previousRates: try row {
        try SQLExchangeRateRepository<PostgresDatabase>.snapshot("previous", connection)
      } ?? nil,
      // Sorted in Swift, as every other store sorts them, whatever the server's collation.
      favoriteCurrencies: try connection.query(PostgresArchiveRepository.selectFavorites) {
        $0.text(0)
      }.sorted(),
      lastScreen: try row { try screen?.lastScreen() } ?? nil,
      lastCalculatorCurrency: screen?.lastCalculatorCurrency,
      lastMindLogID: try counter("mind_logs"),
      lastMessageID: try counter("chat_messages"))
  }

  func recordCounts() throws -> RecordCounts {
    try PostgresArchiveRepository.recordCounts(connection)
  }

  func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
    try pages(PostgresArchiveRepository.selectLaps, pageSize, { try LapRow($0).toDomain() }, page)
  }

  func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    try pages(
      PostgresArchiveRepository.selectBookmarks, pageSize, { try BookmarkRow($0).toDomain() },
      page)
  }

  func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    try pages(
      PostgresArchiveRepository.selectMindLogs, pageSize, { try MindLogRow($0).toDomain() }, page)
  }

  func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    try pages(
      PostgresArchiveRepository.selectMessages, pageSize, { try ChatMessageRow($0).toDomain() },
      page)
  }
}
