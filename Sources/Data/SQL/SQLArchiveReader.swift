import Foundation
import PocketDomain

/// The statements of `SQLArchiveReader`.
enum ArchiveSQL {
  static let selectLaps = SQLText("SELECT \(LapRow.columns) FROM laps ORDER BY number")
  static let selectBookmarks = SQLText(
    """
    SELECT \(BookmarkRow.columns) FROM bookmarks ORDER BY bookmarked_at_ms, id
    """)
  static let selectFavorites = SQLText("SELECT code FROM favorite_currencies")
  static let selectMindLogs = SQLText("SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY id")
  static let selectMessages = SQLText(
    "SELECT \(ChatMessageRow.columns) FROM chat_messages ORDER BY id")
  static let selectCounter = SQLText("SELECT value FROM counters WHERE name = ?")
}

/// What the archive reader asks of each database: a long result a page at a time.
protocol SQLArchiveReading: SQLConnection {
  /// The rows of `sql` (a statement without parameters), each read by `row` (`nil`: left
  /// out), handed to `page` a page of at most `pageSize` at a time, so that no list is held
  /// whole.
  func pages<Record>(
    _ sql: SQLText, pageSize: Int, row: (Row) throws -> Record?,
    page: ([Record]) throws -> Void
  ) throws
}

/// Reads every record of an SQL store inside one read transaction (the caller's: on
/// PostgreSQL a REPEATABLE READ one), each list a page at a time
/// (`SQLArchiveReading.pages`): no list is held whole.
///
/// With `skipped`, a row that cannot be read (a value out of range, as a Pocket before every
/// door checked could write, or a text longer than typing takes, written by another client)
/// is left out and named there; without it, it throws.
final class SQLArchiveReader<Database: SQLDatabase>: ArchiveReader
where Database.Connection: SQLArchiveReading & SQLLapReading {
  typealias Connection = Database.Connection
  private let connection: Connection
  private let skipped: SkippedRows?

  init(_ connection: Connection, skipping skipped: SkippedRows? = nil) {
    self.connection = connection
    self.skipped = skipped
  }

  /// `body`'s value; `nil` for a row `skipped` takes instead.
  private func row<Value>(_ body: () throws -> Value) throws -> Value? {
    try SkippedRows.row(skipped, body)
  }

  private func pages<Record>(
    _ sql: SQLText, _ pageSize: Int, _ read: (Connection.Row) throws -> Record,
    _ page: ([Record]) throws -> Void
  ) throws {
    try connection.pages(
      sql, pageSize: pageSize, row: { result in try row { try read(result) } }, page: page)
  }

  /// The id counter `name`'s value (0 when it is missing), checked.
  private func counter(_ name: String) throws -> Int64 {
    try checkedColumn(
      connection.integer(ArchiveSQL.selectCounter, name) ?? 0, Limits.counter,
      "counters.value of \(name)")
  }

  func head() throws -> StoreArchive {
    let screen = try SQLScreenRepository<Database>.state(connection)
    return StoreArchive(
      stopwatch: try row { try StopwatchSQL.stopwatch(connection) }
        ?? Stopwatch(),
      latestRates: try row {
        try SQLExchangeRateRepository<Database>.snapshot("latest", connection)
      } ?? nil,
      previousRates: try row {
        try SQLExchangeRateRepository<Database>.snapshot("previous", connection)
      } ?? nil,
      // Sorted in Swift, as every other store sorts them, whatever the collation.
      favoriteCurrencies: try connection.query(ArchiveSQL.selectFavorites) { $0.text(0) }
        .sorted(),
      lastScreen: try row { try screen?.lastScreen() } ?? nil,
      lastCalculatorCurrency: screen?.lastCalculatorCurrency,
      lastMindLogID: try counter("mind_logs"),
      lastMessageID: try counter("chat_messages"),
      declared: try SQLDeclaredRecordRepository<Database>.all(connection, skipping: skipped))
  }

  func recordCounts() throws -> RecordCounts {
    try Self.recordCounts(connection)
  }

  /// Each kind's count (`RecordKind.counted`): the lists' from `row_counts` (kept by
  /// triggers), the small tables counted.
  static func recordCounts(_ connection: Connection) throws -> RecordCounts {
    var counts = RecordKind.counts(StoreArchive())
    for kind in RecordKind.all {
      guard let (heading, table) = kind.counted else { continue }
      switch table {
      case .rowCounts(let table): counts[keyPath: heading] += try rowCount(table, connection)
      case .countAll(let table):
        // Table names are constants of ours; values are never interpolated.
        counts[keyPath: heading] += Int(
          try connection.integer(SQLText("SELECT count(*) FROM \(table)")) ?? 0)
      }
    }
    return counts
  }

  func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
    try pages(ArchiveSQL.selectLaps, pageSize, { try LapRow($0).toDomain() }, page)
  }

  func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    try pages(ArchiveSQL.selectBookmarks, pageSize, { try BookmarkRow($0).toDomain() }, page)
  }

  func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    try pages(ArchiveSQL.selectMindLogs, pageSize, { try MindLogRow($0).toDomain() }, page)
  }

  func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    try pages(ArchiveSQL.selectMessages, pageSize, { try ChatMessageRow($0).toDomain() }, page)
  }
}
