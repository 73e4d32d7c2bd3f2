import Domain
import Foundation

// Rows as the tables hold them: times in epoch milliseconds, durations in milliseconds,
// decimals as their exact text. Each maps with `init(_ entity:)` / `toDomain()`, which
// checks every number against its range in `Limits` (a store edited by hand is refused,
// naming the table and column, before anything uses the value).

/// `value` when `limit` holds it.
/// - Throws: the reason naming `field` (`table.column`) when it does not.
func checkedColumn<Value>(
  _ value: Value, _ limit: Limit<Value>, _ field: @autoclosure () -> String,
  text: @autoclosure () -> String? = nil
) throws(InvalidRow) -> Value {
  if let problem = limit.problem(value, field: field(), text: text()) {
    throw InvalidRow(reason: problem)
  }
  return value
}

private func dateColumn(_ milliseconds: Int64, _ field: @autoclosure () -> String)
  throws(InvalidRow) -> Date
{
  Date(epochMilliseconds: try checkedColumn(milliseconds, Limits.epochMilliseconds, field()))
}

private func durationColumn(_ milliseconds: Int64, _ field: @autoclosure () -> String)
  throws(InvalidRow) -> Duration
{
  .milliseconds(try checkedColumn(milliseconds, Limits.durationMilliseconds, field()))
}

struct StopwatchRow {
  static let select = """
    SELECT accumulated_ms, started_at_ms, started_boot_id, started_uptime_ms
    FROM stopwatch WHERE id = 1
    """

  var accumulatedMs: Int64
  var startedAtMs: Int64?
  /// Schema version 4: the boot the run started in and the time since that boot then;
  /// NULL in rows of older versions and for a run started without a boot clock.
  var startedBootID: String?
  var startedUptimeMs: Int64?

  init(_ stopwatch: Stopwatch) {
    accumulatedMs = stopwatch.accumulated.milliseconds
    startedAtMs = stopwatch.startedAt?.epochMilliseconds
    startedBootID = stopwatch.startedOnBoot?.bootID
    startedUptimeMs = stopwatch.startedOnBoot?.uptime.milliseconds
  }

  init(_ statement: SQLiteStatement) {
    accumulatedMs = statement.int64(0)
    startedAtMs = statement.optionalInt64(1)
    startedBootID = statement.optionalText(2)
    startedUptimeMs = statement.optionalInt64(3)
  }

  /// A boot id and uptime that are not a valid `BootInstant` are read as none.
  func toDomain() throws(InvalidRow) -> Stopwatch {
    var startedAt: Date?
    if let startedAtMs { startedAt = try dateColumn(startedAtMs, "stopwatch.started_at_ms") }
    return Stopwatch(
      accumulated: try durationColumn(accumulatedMs, "stopwatch.accumulated_ms"),
      startedAt: startedAt,
      startedOnBoot: BootInstant(bootID: startedBootID, uptimeMilliseconds: startedUptimeMs))
  }

  /// Stores the row with `connection`, replacing the one there. A row without a boot
  /// instant names only the version-1 columns (the others become NULL), so it can be
  /// written to files of every version, as tests build them.
  func save(_ connection: SQLiteConnection) throws(SQLiteError) {
    if let startedBootID, let startedUptimeMs {
      try connection.execute(
        Self.replaceWithBoot, accumulatedMs, startedAtMs, startedBootID, startedUptimeMs)
    } else {
      try connection.execute(Self.replace, accumulatedMs, startedAtMs)
    }
  }

  static let replace = """
    INSERT OR REPLACE INTO stopwatch (id, accumulated_ms, started_at_ms) VALUES (1, ?, ?)
    """
  static let replaceWithBoot = """
    INSERT OR REPLACE INTO stopwatch
      (id, accumulated_ms, started_at_ms, started_boot_id, started_uptime_ms)
    VALUES (1, ?, ?, ?, ?)
    """
}

struct LapRow {
  static let columns = "number, lap_ms, total_ms"

  var number: Int64
  var lapMs: Int64
  var totalMs: Int64

  init(_ lap: Lap) {
    number = Int64(lap.number)
    lapMs = lap.lapTime.milliseconds
    totalMs = lap.total.milliseconds
  }

  init(_ statement: SQLiteStatement) {
    number = statement.int64(0)
    lapMs = statement.int64(1)
    totalMs = statement.int64(2)
  }

  func toDomain() throws(InvalidRow) -> Lap {
    // Int is 64 bits wide wherever Pocket builds.
    let number = try checkedColumn(Int(number), Limits.lapNumber, "laps.number")
    return Lap(
      number: number,
      lapTime: try durationColumn(lapMs, "laps.lap_ms (lap \(number))"),
      total: try durationColumn(totalMs, "laps.total_ms (lap \(number))"))
  }
}

struct BookmarkRow {
  static let columns = "url, title, notice_date_ms, bookmarked_at_ms"

  var url: String
  var title: String
  var noticeDateMs: Int64
  var bookmarkedAtMs: Int64

  init(_ bookmark: Bookmark) {
    url = bookmark.url
    title = bookmark.title
    noticeDateMs = bookmark.noticeDate.epochMilliseconds
    bookmarkedAtMs = bookmark.bookmarkedAt.epochMilliseconds
  }

  init(_ statement: SQLiteStatement) {
    url = statement.text(0)
    title = statement.text(1)
    noticeDateMs = statement.int64(2)
    bookmarkedAtMs = statement.int64(3)
  }

  func toDomain() throws(InvalidRow) -> Bookmark {
    Bookmark(
      url: url, title: title, noticeDate: try dateColumn(noticeDateMs, "bookmarks.notice_date_ms"),
      bookmarkedAt: try dateColumn(bookmarkedAtMs, "bookmarks.bookmarked_at_ms"))
  }
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
    rates = snapshot.rates.sorted { $0.key < $1.key }.map { ($0.key, DecimalText.format($0.value)) }
  }

  init(_ statement: SQLiteStatement) {
    base = statement.text(0)
    publishedAtMs = statement.int64(1)
    nextUpdateAtMs = statement.int64(2)
    rates = []
  }

  func toDomain() throws(InvalidRow) -> RateSnapshot {
    var decimals: [String: Decimal] = [:]
    for (code, text) in rates {
      guard let rate = DecimalText.parse(text) else {
        throw InvalidRow(reason: "the rate of \(code) \"\(text)\" is not a decimal number")
      }
      decimals[code] = try checkedColumn(rate, Limits.rate, "rates.rate of \(code)", text: text)
    }
    return RateSnapshot(
      base: base, publishedAt: try dateColumn(publishedAtMs, "rate_snapshots.published_at_ms"),
      nextUpdateAt: try dateColumn(nextUpdateAtMs, "rate_snapshots.next_update_at_ms"),
      rates: decimals)
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
    let text = lastScreen.map(ScreenText.init)
    screen = text?.name
    currency = text?.currency
    self.lastCalculatorCurrency = lastCalculatorCurrency
  }

  init(_ statement: SQLiteStatement) {
    screen = statement.optionalText(0)
    currency = statement.optionalText(1)
    lastCalculatorCurrency = statement.optionalText(2)
  }

  func lastScreen() throws(InvalidRow) -> Screen? {
    if screen == nil, currency == nil { return nil }
    guard let name = screen, let lastScreen = ScreenText(name: name, currency: currency).screen
    else {
      throw InvalidRow(
        reason: "unknown screen \"\(screen ?? "")\" (currency \(currency ?? "none"))")
    }
    return lastScreen
  }
}

struct MindLogRow {
  static let columns = "id, date_ms, score, note"

  var id: Int64
  var dateMs: Int64
  var score: String
  var note: String

  init(_ entry: MindLog) {
    id = entry.id
    dateMs = entry.date.epochMilliseconds
    score = DecimalText.format(entry.score)
    note = entry.note
  }

  init(_ statement: SQLiteStatement) {
    id = statement.int64(0)
    dateMs = statement.int64(1)
    score = statement.text(2)
    note = statement.text(3)
  }

  func toDomain() throws(InvalidRow) -> MindLog {
    guard let value = DecimalText.parse(score) else {
      throw InvalidRow(reason: "the score of mind log \(id) \"\(score)\" is not a decimal number")
    }
    return MindLog(
      id: try checkedColumn(id, Limits.id, "mind_logs.id"),
      date: try dateColumn(dateMs, "mind_logs.date_ms (id \(id))"),
      score: try checkedColumn(value, Limits.score, "mind_logs.score (id \(id))", text: score),
      note: note)
  }
}

struct ChatMessageRow {
  static let columns = "id, content, date_ms, edited"

  var id: Int64
  var content: String
  var dateMs: Int64
  var edited: Bool

  init(_ message: ChatMessage) {
    id = message.id
    content = message.content
    dateMs = message.date.epochMilliseconds
    edited = message.isEdited
  }

  init(_ statement: SQLiteStatement) {
    id = statement.int64(0)
    content = statement.text(1)
    dateMs = statement.int64(2)
    edited = statement.int64(3) != 0
  }

  func toDomain() throws(InvalidRow) -> ChatMessage {
    ChatMessage(
      id: try checkedColumn(id, Limits.id, "chat_messages.id"), content: content,
      date: try dateColumn(dateMs, "chat_messages.date_ms (id \(id))"), isEdited: edited)
  }
}
