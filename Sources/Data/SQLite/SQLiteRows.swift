import Foundation
import PocketDomain

// Rows as the tables hold them: the shared stored records (StoredFields.swift) with their
// columns and statements, so one mapping serves the json document and the tables. Each
// `toDomain()` checks every number against its range in `Limits` and names the table and
// column of a value out of range (a store edited by hand is refused before anything uses
// the value).

extension InvalidRow {
  /// `body`'s value; a stored value it refuses becomes a row that cannot be read.
  static func reading<Value>(_ body: () throws(InvalidDocument) -> Value) throws(InvalidRow)
    -> Value
  {
    do {
      return try body()
    } catch {
      throw InvalidRow(reason: error.reason)
    }
  }
}

/// A stored record as a table's row holds it, its fields named by their columns.
protocol TableRow {
  associatedtype Record
  /// The row a statement reads, its columns in the order of the type's `columns` or `select`.
  init(_ statement: some StoredRow)
  /// A field's name as a refusal names it: its table and column, and for a list's row
  /// which row ("laps.lap_ms (lap 3)").
  var columnName: (String) -> String { get }
  func toDomain(_ name: (String) -> String) throws(InvalidDocument) -> Record
}

extension TableRow {
  /// The record; a value out of its range makes a row that cannot be read, naming its
  /// column (`columnName`).
  func toDomain() throws(InvalidRow) -> Record {
    try InvalidRow.reading { () throws(InvalidDocument) in try toDomain(columnName) }
  }
}

/// `value` when `limit` holds it.
/// - Throws: the reason naming `field` (`table.column`) when it does not.
func checkedColumn<Value>(
  _ value: Value, _ limit: Limit<Value>, _ field: @autoclosure () -> String
) throws(InvalidRow) -> Value {
  try InvalidRow.reading { () throws(InvalidDocument) in try checked(value, limit, field()) }
}

/// The column that holds a field of the export format: `dateMs` is `date_ms`, and a lap's
/// `lapTimeMs` is `lap_ms`.
func column(_ field: String) -> String {
  if field == "lapTimeMs" { return "lap_ms" }
  return field.reduce(into: "") { name, character in
    if character.isUppercase { name += "_" }
    name += character.lowercased()
  }
}

/// The names of the fields of the row of `table` that `row` names ("lap 3"): its key field
/// `key` by the column alone ("laps.number"), any other with the row ("laps.lap_ms (lap 3)").
func keyedColumn(_ table: String, key: String, _ row: String) -> (String) -> String {
  { $0 == key ? "\(table).\(key)" : "\(table).\(column($0)) (\(row))" }
}

typealias StopwatchRow = StopwatchFields

extension StopwatchFields: TableRow {
  static let select = """
    SELECT accumulated_ms, started_at_ms, started_boot_id, started_uptime_ms
    FROM stopwatch WHERE id = 1
    """

  /// `started_boot_id` and `started_uptime_ms` (the `stopwatchBootInstant` migration) are
  /// NULL in rows written before it and for a run started without a boot clock.
  init(_ statement: some StoredRow) {
    accumulatedMs = statement.int64(0)
    startedAtMs = statement.optionalInt64(1)
    startedBootID = statement.optionalText(2)
    startedUptimeMs = statement.optionalInt64(3)
  }

  var columnName: (String) -> String { { "stopwatch.\(column($0))" } }
}

typealias LapRow = LapFields

extension LapFields: TableRow {
  static let columns = "number, lap_ms, total_ms"

  /// The `lap_ms` column.
  var lapMs: Int64 { lapTimeMs }

  init(_ statement: some StoredRow) {
    // Int is 64 bits wide wherever Pocket builds.
    number = Int(statement.int64(0))
    lapTimeMs = statement.int64(1)
    totalMs = statement.int64(2)
  }

  var columnName: (String) -> String { keyedColumn("laps", key: "number", "lap \(number)") }
}

typealias BookmarkRow = BookmarkFields

extension BookmarkFields: TableRow {
  static let columns = "url, title, notice_date_ms, bookmarked_at_ms"

  init(_ statement: some StoredRow) {
    url = statement.text(0)
    title = statement.text(1)
    noticeDateMs = statement.int64(2)
    bookmarkedAtMs = statement.int64(3)
  }

  var columnName: (String) -> String { { "bookmarks.\(column($0))" } }
}

/// One row of `rate_snapshots` with its rows of `rates`.
struct RateSnapshotRow {
  static let select = """
    SELECT base, published_at_ms, next_update_at_ms FROM rate_snapshots WHERE slot = ?
    """
  static let selectRates = "SELECT code, rate FROM rates WHERE slot = ?"

  var base: String
  var publishedAtMs: Int64
  var nextUpdateAtMs: Int64
  /// Code and rate text.
  var rates: [(code: String, rate: String)]

  init(_ snapshot: RateSnapshot) {
    base = snapshot.base
    publishedAtMs = snapshot.publishedAt.epochMilliseconds
    nextUpdateAtMs = snapshot.nextUpdateAt.epochMilliseconds
    rates = snapshot.rates.sorted { $0.key < $1.key }.map { ($0.key, $0.value.description) }
  }

  init(_ statement: some StoredRow) {
    base = statement.text(0)
    publishedAtMs = statement.int64(1)
    nextUpdateAtMs = statement.int64(2)
    rates = []
  }

  func toDomain() throws(InvalidRow) -> RateSnapshot {
    try InvalidRow.reading { () throws(InvalidDocument) in
      try rateSnapshotFields(
        base: base, publishedAtMs: publishedAtMs, nextUpdateAtMs: nextUpdateAtMs, rates: rates
      ) {
        switch $0 {
        case let rate where rate.hasPrefix("rates."): "rates.rate of \(rate.dropFirst(6))"
        case let field: "rate_snapshots.\(column(field))"
        }
      }
    }
  }
}

/// The single row of `screen_state`.
struct ScreenStateRow {
  static let select = """
    SELECT screen, currency, last_calculator_currency FROM screen_state WHERE id = 1
    """

  var screen: String?
  var currency: String?
  var lastCalculatorCurrency: String?

  init(lastScreen: Screen?, lastCalculatorCurrency: String?) {
    if let lastScreen { (screen, currency) = ScreenFields.name(lastScreen) }
    self.lastCalculatorCurrency = lastCalculatorCurrency
  }

  init(_ statement: some StoredRow) {
    screen = statement.optionalText(0)
    currency = statement.optionalText(1)
    lastCalculatorCurrency = statement.optionalText(2)
  }

  func lastScreen() throws(InvalidRow) -> Screen? {
    guard screen != nil || currency != nil else { return nil }
    return try InvalidRow.reading { () throws(InvalidDocument) in
      try ScreenFields.screen(screen ?? "", currency: currency)
    }
  }
}

typealias MindLogRow = MindLogFields

extension MindLogFields: TableRow {
  static let columns = "id, date_ms, score, note"

  init(_ statement: some StoredRow) {
    id = statement.int64(0)
    dateMs = statement.int64(1)
    score = statement.text(2)
    note = statement.text(3)
  }

  var columnName: (String) -> String { keyedColumn("mind_logs", key: "id", "id \(id)") }
}

typealias ChatMessageRow = ChatMessageFields

extension ChatMessageFields: TableRow {
  static let columns = "id, content, date_ms, edited"

  /// The `edited` column.
  var edited: Bool { isEdited }

  init(_ statement: some StoredRow) {
    id = statement.int64(0)
    content = statement.text(1)
    dateMs = statement.int64(2)
    isEdited = statement.int64(3) != 0
  }

  var columnName: (String) -> String { keyedColumn("chat_messages", key: "id", "id \(id)") }
}
