import Foundation
import PocketDomain

// Records as both files keep them — the json document's objects and the SQLite tables'
// rows: times in epoch milliseconds, durations in milliseconds, decimals as their exact
// text. One mapping each, `init(_ entity:)` / `toDomain(_:)`, which checks every number
// against its range in `Limits`. The json document uses these types as they are (their
// property names are its keys); the SQLite rows add their columns and statements
// (SQLiteRows.swift). `toDomain(_ name:)` takes how messages name a field, from its
// property name: "laps[3].number" in a document, "laps.number" in a table.

/// Why a stored value could not be read back; becomes `DomainError.corruptStore`.
struct InvalidDocument: Error {
  var reason: StoreCause
}

/// `value` when `limit` holds it.
/// - Throws: the reason naming `field` when it does not.
func checked<Value>(
  _ value: Value, _ limit: Limit<Value>, _ field: @autoclosure () -> String,
  text: @autoclosure () -> String? = nil
) throws(InvalidDocument) -> Value {
  if let problem = limit.problem(value, field: field(), text: text()) {
    throw InvalidDocument(reason: problem)
  }
  return value
}

/// A date in epoch milliseconds, checked against `Limits.epochMilliseconds`.
func checkedDate(_ milliseconds: Int64, _ field: @autoclosure () -> String)
  throws(InvalidDocument) -> Date
{
  Date(epochMilliseconds: try checked(milliseconds, Limits.epochMilliseconds, field()))
}

/// `record` when every field is in range, checked as every door checks it (Domain's
/// `CheckedRecord`), so that what a store reads back is what its writes and an import take.
/// - Throws: the reason naming the first field that is not: `name` names it from its name
///   in the stored fields (`storedName`).
func readable<Record: CheckedRecord>(_ record: Record, _ name: (String) -> String)
  throws(InvalidDocument) -> Record
{
  if let problem = record.problem({ name(storedName($0)) }) {
    throw InvalidDocument(reason: problem)
  }
  return record
}

/// The name these types give a record's field that Domain names by its property: a date
/// or a duration is kept in milliseconds, its name ending in `Ms` ("date" is "dateMs");
/// every other field keeps its name.
func storedName(_ field: String) -> String {
  switch field {
  case "accumulated", "startedAt", "lapTime", "total", "noticeDate", "bookmarkedAt",
    "publishedAt", "nextUpdateAt", "date":
    field + "Ms"
  default: field
  }
}

extension CheckedRecord {
  /// `self`, when every field is in range; a refusal names the field as the stores keep it.
  /// - Throws: `.invalidInput(.outOfRange(reason))`.
  @discardableResult
  func storable() throws(DomainError) -> Self {
    try checked(storedName)
  }
}

/// The decimal written as `text`, read exactly (`DecimalText`, as every door reads one) and
/// checked against `limit`.
func checkedDecimal(_ text: String, _ limit: Limit<Decimal>, _ field: @autoclosure () -> String)
  throws(InvalidDocument) -> Decimal
{
  guard let value = DecimalText.parse(text) else {
    let shown = JSONNumberLiterals.shown(text)
    switch DecimalText.refusal(text) {
    case .tooManyDigits:
      throw InvalidDocument(
        reason: CheckFailure.tooManyDigits(
          field: field(), value: shown, digits: DecimalText.maxSignificantDigits))
    case .outOfRange:
      throw InvalidDocument(
        reason: CheckFailure.outOfRange(field: field(), value: shown, range: limit.meaning))
    case .notANumber, nil:
      throw InvalidDocument(reason: CheckFailure.notADecimal(field: field(), value: shown))
    }
  }
  return try checked(value, limit, field(), text: text)
}

struct StopwatchFields: Codable, Equatable {
  var accumulatedMs: Int64
  var startedAtMs: Int64?
  /// The boot the run started in, and the time since that boot then (`BootInstant`).
  /// Absent in files of Pocket before them, and for a run started without a boot clock; a
  /// pair that is not a valid boot instant is read as absent (the run is then measured on
  /// the wall clock).
  var startedBootID: String?
  var startedUptimeMs: Int64?

  init(_ stopwatch: Stopwatch) {
    accumulatedMs = stopwatch.accumulated.milliseconds
    startedAtMs = stopwatch.startedAt?.epochMilliseconds
    startedBootID = stopwatch.startedOnBoot?.bootID
    startedUptimeMs = stopwatch.startedOnBoot?.uptime.milliseconds
  }

  /// A boot id and uptime that are not a valid `BootInstant` are read as none.
  func toDomain(_ name: (String) -> String) throws(InvalidDocument) -> Stopwatch {
    try readable(
      Stopwatch(
        accumulated: .milliseconds(accumulatedMs),
        startedAt: startedAtMs.map(Date.init(epochMilliseconds:)),
        startedOnBoot: BootInstant(bootID: startedBootID, uptimeMilliseconds: startedUptimeMs)),
      name)
  }
}

struct LapFields: Codable, Equatable {
  var number: Int
  var lapTimeMs: Int64
  var totalMs: Int64

  init(_ lap: Lap) {
    number = lap.number
    lapTimeMs = lap.lapTime.milliseconds
    totalMs = lap.total.milliseconds
  }

  func toDomain(_ name: (String) -> String) throws(InvalidDocument) -> Lap {
    try readable(
      Lap(number: number, lapTime: .milliseconds(lapTimeMs), total: .milliseconds(totalMs)), name)
  }
}

struct BookmarkFields: Codable, Equatable {
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

  func toDomain(_ name: (String) -> String) throws(InvalidDocument) -> Bookmark {
    try readable(
      Bookmark(
        url: url, title: title, noticeDate: Date(epochMilliseconds: noticeDateMs),
        bookmarkedAt: Date(epochMilliseconds: bookmarkedAtMs)), name)
  }
}

struct MindLogFields: Codable, Equatable {
  var id: Int64
  var dateMs: Int64
  var score: String
  var note: String

  init(_ entry: MindLog) {
    id = entry.id
    dateMs = entry.date.epochMilliseconds
    score = entry.score.description
    note = entry.note
  }

  func toDomain(_ name: (String) -> String) throws(InvalidDocument) -> MindLog {
    try readable(
      MindLog(
        id: id, date: Date(epochMilliseconds: dateMs),
        score: try checkedDecimal(score, Limits.score, name("score")), note: note), name)
  }
}

struct ChatMessageFields: Codable, Equatable {
  var id: Int64
  var content: String
  var dateMs: Int64
  var isEdited: Bool

  init(_ message: ChatMessage) {
    id = message.id
    content = message.content
    dateMs = message.date.epochMilliseconds
    isEdited = message.isEdited
  }

  func toDomain(_ name: (String) -> String) throws(InvalidDocument) -> ChatMessage {
    try readable(
      ChatMessage(
        id: id, content: content, date: Date(epochMilliseconds: dateMs), isEdited: isEdited), name)
  }
}

/// A rate snapshot's fields; the rates are kept differently (an object in the document,
/// rows of their own in SQLite), so only the reading is shared.
func rateSnapshotFields(
  base: String, publishedAtMs: Int64, nextUpdateAtMs: Int64,
  rates: some Sequence<(code: String, rate: String)>, _ name: (String) -> String
) throws(InvalidDocument) -> RateSnapshot {
  var values: [String: Decimal] = [:]
  for (code, text) in rates {
    values[code] = try checkedDecimal(text, Limits.rate, name("rates.\(code)"))
  }
  return try readable(
    RateSnapshot(
      base: base, publishedAt: Date(epochMilliseconds: publishedAtMs),
      nextUpdateAt: Date(epochMilliseconds: nextUpdateAtMs), rates: values), name)
}

/// A screen as both stores keep it, a name and, for the calculator, a currency
/// (("calculator", "KRW"), ("rates", nil)), through the one codec, Domain's `ScreenText`.
/// A malformed name (or a currency on a screen other than the calculator) is the stores'
/// `InvalidDocument`; a well-formed name no feature shows is a later version's screen, and
/// reads, so the app can show the rates list instead.
enum ScreenFields {
  static func name(_ screen: Screen) -> (screen: String, currency: String?) {
    let text = ScreenText(screen)
    return (text.name, text.currency)
  }

  static func screen(_ name: String, currency: String?) throws(InvalidDocument) -> Screen {
    guard let screen = ScreenText(name: name, currency: currency).screen else {
      throw InvalidDocument(reason: .document(.unknownScreen(name: name, currency: currency)))
    }
    return screen
  }
}
