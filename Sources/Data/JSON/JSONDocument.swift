import Domain
import Foundation

// The shape of `pocket.json`. Durations are integer milliseconds (`…Ms`), dates integer
// milliseconds since 1970 (`…Ms`), decimals strings ("1350.003043") so they round-trip
// exactly. Every type maps with `init(_ entity:)` and `toDomain()`.

/// Why a document could not be read back; becomes `DomainError.corruptStore`.
struct InvalidDocument: Error {
  var reason: String
}

/// The first two fields, read before anything else so a newer file is refused cleanly.
struct JSONDocumentHeader: Decodable {
  var format: String
  var version: Int
}

struct JSONDocument: Codable, Equatable {
  static let formatName = "pocket-json"
  static let currentVersion = 1

  var format: String
  var version: Int
  /// In a json store's snapshot: the sequence number of the last journal entry it holds.
  /// Absent in exports.
  var journalSeq: Int64?
  var stopwatch: StopwatchDTO
  var laps: [LapDTO]
  var bookmarks: [BookmarkDTO]
  var rates: RatesDTO
  var lastScreen: ScreenDTO?
  var lastCalculatorCurrency: String?
  var mindLog: MindLogListDTO
  var chat: ChatListDTO

  init(_ archive: StoreArchive, journalSeq: Int64? = nil) {
    format = Self.formatName
    version = Self.currentVersion
    self.journalSeq = journalSeq
    stopwatch = StopwatchDTO(archive.stopwatch)
    laps = archive.laps.map(LapDTO.init)
    bookmarks = archive.bookmarks.map(BookmarkDTO.init)
    rates = RatesDTO(
      latest: archive.latestRates.map(RateSnapshotDTO.init),
      previous: archive.previousRates.map(RateSnapshotDTO.init),
      favorites: archive.favoriteCurrencies)
    lastScreen = archive.lastScreen.map(ScreenDTO.init)
    lastCalculatorCurrency = archive.lastCalculatorCurrency
    mindLog = MindLogListDTO(
      lastID: archive.lastMindLogID, entries: archive.mindLogs.map(MindLogDTO.init))
    chat = ChatListDTO(
      lastID: archive.lastMessageID, messages: archive.messages.map(ChatMessageDTO.init))
  }

  /// Every number is checked against its range in `Limits` here, where it enters, and a
  /// number out of range is refused naming its field ("laps[3].number …").
  func toDomain() throws(InvalidDocument) -> StoreArchive {
    var archive = StoreArchive()
    if let journalSeq { _ = try checked(journalSeq, Limits.counter, "journalSeq") }
    archive.stopwatch = try stopwatch.toDomain()
    archive.laps = try laps.enumerated().map { index, lap throws(InvalidDocument) in
      try lap.toDomain(field: "laps[\(index)]")
    }
    .sorted { $0.number < $1.number }
    try requireUnique(archive.laps.map(\.number), "lap number")
    archive.bookmarks = try bookmarks.enumerated().map { index, bookmark throws(InvalidDocument) in
      try bookmark.toDomain(field: "bookmarks[\(index)]")
    }
    try requireUnique(archive.bookmarks.map(\.url), "bookmark url")
    archive.latestRates = try rates.latest?.toDomain(field: "rates.latest")
    archive.previousRates = try rates.previous?.toDomain(field: "rates.previous")
    archive.favoriteCurrencies = Set(rates.favorites).sorted()
    archive.lastScreen = try lastScreen?.toDomain()
    archive.lastCalculatorCurrency = lastCalculatorCurrency
    archive.mindLogs = try mindLog.entries.enumerated().map {
      index, entry throws(InvalidDocument) in
      try entry.toDomain(field: "mindLog.entries[\(index)]")
    }.sorted { $0.id < $1.id }
    archive.lastMindLogID = try checkedLastID(
      checked(mindLog.lastID, Limits.counter, "mindLog.lastID"), ids: archive.mindLogs.map(\.id),
      "mindLog.lastID")
    archive.messages = try chat.messages.enumerated().map {
      index, message throws(InvalidDocument) in
      try message.toDomain(field: "chat.messages[\(index)]")
    }.sorted { $0.id < $1.id }
    archive.lastMessageID = try checkedLastID(
      checked(chat.lastID, Limits.counter, "chat.lastID"), ids: archive.messages.map(\.id),
      "chat.lastID")
    return archive
  }
}

private func requireUnique<Key: Hashable>(_ keys: [Key], _ what: String) throws(InvalidDocument) {
  var seen = Set<Key>()
  for key in keys where !seen.insert(key).inserted {
    throw InvalidDocument(reason: "duplicate \(what) \(key)")
  }
}

/// `lastID` (named `field`), when it is at least every id in `ids`.
private func checkedLastID(_ lastID: Int64, ids: [Int64], _ field: String) throws(InvalidDocument)
  -> Int64
{
  try requireUnique(ids, "\(field.prefix { $0 != "." }) id")
  if let above = ids.first(where: { $0 > lastID }) {
    throw InvalidDocument(reason: "\(field) \(lastID) is below the id \(above) it has given")
  }
  return lastID
}

func decimal(_ text: String, _ what: @autoclosure () -> String) throws(InvalidDocument) -> Decimal {
  guard let value = DecimalText.parse(text) else {
    throw InvalidDocument(reason: "\(what()) \"\(text)\" is not a decimal number")
  }
  return value
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

/// A duration in milliseconds, checked against `Limits.durationMilliseconds`.
func checkedDuration(_ milliseconds: Int64, _ field: @autoclosure () -> String)
  throws(InvalidDocument) -> Duration
{
  .milliseconds(try checked(milliseconds, Limits.durationMilliseconds, field()))
}

struct StopwatchDTO: Codable, Equatable {
  var accumulatedMs: Int64
  var startedAtMs: Int64?
  /// The boot the run started in, and the time since that boot then (`BootInstant`).
  /// Both absent in documents of Pocket before them, and for a run started without a boot
  /// clock; a pair that is not a valid boot instant is read as absent (the run is then
  /// measured on the wall clock).
  var startedBootID: String?
  var startedUptimeMs: Int64?

  init(_ stopwatch: Stopwatch) {
    accumulatedMs = stopwatch.accumulated.milliseconds
    startedAtMs = stopwatch.startedAt?.epochMilliseconds
    startedBootID = stopwatch.startedOnBoot?.bootID
    startedUptimeMs = stopwatch.startedOnBoot?.uptime.milliseconds
  }

  func toDomain() throws(InvalidDocument) -> Stopwatch {
    let accumulated = try checkedDuration(accumulatedMs, "stopwatch.accumulatedMs")
    var startedAt: Date?
    if let startedAtMs { startedAt = try checkedDate(startedAtMs, "stopwatch.startedAtMs") }
    return Stopwatch(
      accumulated: accumulated, startedAt: startedAt,
      startedOnBoot: BootInstant(bootID: startedBootID, uptimeMilliseconds: startedUptimeMs))
  }
}

struct LapDTO: Codable, Equatable {
  var number: Int
  var lapTimeMs: Int64
  var totalMs: Int64

  init(_ lap: Lap) {
    number = lap.number
    lapTimeMs = lap.lapTime.milliseconds
    totalMs = lap.total.milliseconds
  }

  func toDomain(field: @autoclosure () -> String = "lap") throws(InvalidDocument) -> Lap {
    Lap(
      number: try checked(number, Limits.lapNumber, "\(field()).number"),
      lapTime: try checkedDuration(lapTimeMs, "\(field()).lapTimeMs"),
      total: try checkedDuration(totalMs, "\(field()).totalMs"))
  }
}

struct BookmarkDTO: Codable, Equatable {
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

  func toDomain(field: @autoclosure () -> String = "bookmark") throws(InvalidDocument) -> Bookmark {
    Bookmark(
      url: url, title: title, noticeDate: try checkedDate(noticeDateMs, "\(field()).noticeDateMs"),
      bookmarkedAt: try checkedDate(bookmarkedAtMs, "\(field()).bookmarkedAtMs"))
  }
}

struct RatesDTO: Codable, Equatable {
  var latest: RateSnapshotDTO?
  var previous: RateSnapshotDTO?
  var favorites: [String]
}

struct RateSnapshotDTO: Codable, Equatable {
  var base: String
  var publishedAtMs: Int64
  var nextUpdateAtMs: Int64
  var rates: [String: String]

  init(_ snapshot: RateSnapshot) {
    base = snapshot.base
    publishedAtMs = snapshot.publishedAt.epochMilliseconds
    nextUpdateAtMs = snapshot.nextUpdateAt.epochMilliseconds
    rates = snapshot.rates.mapValues(DecimalText.format)
  }

  func toDomain(field: @autoclosure () -> String = "snapshot") throws(InvalidDocument)
    -> RateSnapshot
  {
    var values: [String: Decimal] = [:]
    for (code, text) in rates.sorted(by: { $0.key < $1.key }) {
      values[code] = try checked(
        decimal(text, "\(field()).rates.\(code)"), Limits.rate, "\(field()).rates.\(code)",
        text: text)
    }
    return RateSnapshot(
      base: base, publishedAt: try checkedDate(publishedAtMs, "\(field()).publishedAtMs"),
      nextUpdateAt: try checkedDate(nextUpdateAtMs, "\(field()).nextUpdateAtMs"), rates: values)
  }
}

/// A screen as `{"screen":"calculator","currency":"KRW"}` or `{"screen":"rates"}`.
struct ScreenDTO: Codable, Equatable {
  var screen: String
  var currency: String?

  init(_ screen: Screen) {
    let text = ScreenText(screen)
    self.screen = text.name
    currency = text.currency
  }

  func toDomain() throws(InvalidDocument) -> Screen {
    guard let screen = ScreenText(name: screen, currency: currency).screen else {
      throw InvalidDocument(reason: "unknown screen \"\(self.screen)\"")
    }
    return screen
  }
}

struct MindLogListDTO: Codable, Equatable {
  var lastID: Int64
  var entries: [MindLogDTO]
}

struct MindLogDTO: Codable, Equatable {
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

  func toDomain(field: @autoclosure () -> String = "entry") throws(InvalidDocument) -> MindLog {
    MindLog(
      id: try checked(id, Limits.id, "\(field()).id"),
      date: try checkedDate(dateMs, "\(field()).dateMs"),
      score: try checked(
        decimal(score, "\(field()).score"), Limits.score, "\(field()).score", text: score),
      note: note)
  }
}

struct ChatListDTO: Codable, Equatable {
  var lastID: Int64
  var messages: [ChatMessageDTO]
}

struct ChatMessageDTO: Codable, Equatable {
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

  func toDomain(field: @autoclosure () -> String = "message") throws(InvalidDocument) -> ChatMessage
  {
    ChatMessage(
      id: try checked(id, Limits.id, "\(field()).id"), content: content,
      date: try checkedDate(dateMs, "\(field()).dateMs"), isEdited: isEdited)
  }
}

extension JSONDocument {
  /// For a document Foundation's decoder refused as a whole (it names no field for a number
  /// it cannot hold): the first number that no integer field takes — a fraction, an
  /// exponent, more digits than 64 bits hold — named by its path, e.g.
  /// "laps[0].number 1e308 is not a whole number in range". Every number of the format is
  /// an integer (decimals are strings). `nil` when there is none, or the bytes are not JSON.
  static func integerProblem(in bytes: [UInt8]) -> String? {
    guard let value = try? JSONLiteral.parse(bytes) else { return nil }
    return integerProblem(in: value, path: "")
  }

  private static func integerProblem(in value: JSONLiteral, path: String) -> String? {
    switch value {
    case .number(let text) where Int64(text) == nil:
      let shown = text.count > 40 ? "\(text.prefix(40))… (\(text.count) characters)" : text
      return "\(path.isEmpty ? "the document" : path) \(shown) is not a whole number in range"
    case .object(let members):
      for (key, member) in members.sorted(by: { $0.key < $1.key }) {
        let name = path.isEmpty ? key : "\(path).\(key)"
        if let problem = integerProblem(in: member, path: name) { return problem }
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let problem = integerProblem(in: element, path: "\(path)[\(index)]") { return problem }
      }
    default: break
    }
    return nil
  }
}
