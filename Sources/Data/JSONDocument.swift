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

  func toDomain() throws(InvalidDocument) -> StoreArchive {
    var archive = StoreArchive()
    archive.stopwatch = try stopwatch.toDomain()
    archive.laps = try laps.map { lap throws(InvalidDocument) in try lap.toDomain() }
      .sorted { $0.number < $1.number }
    try requireUnique(archive.laps.map(\.number), "lap number")
    archive.bookmarks = bookmarks.map { $0.toDomain() }
    try requireUnique(archive.bookmarks.map(\.url), "bookmark url")
    archive.latestRates = try rates.latest?.toDomain()
    archive.previousRates = try rates.previous?.toDomain()
    archive.favoriteCurrencies = Set(rates.favorites).sorted()
    archive.lastScreen = try lastScreen?.toDomain()
    archive.lastCalculatorCurrency = lastCalculatorCurrency
    archive.mindLogs = try mindLog.entries.map { entry throws(InvalidDocument) in
      try entry.toDomain()
    }.sorted { $0.id < $1.id }
    archive.lastMindLogID = try checkedLastID(
      mindLog.lastID, ids: archive.mindLogs.map(\.id), "mind log")
    archive.messages = chat.messages.map { $0.toDomain() }.sorted { $0.id < $1.id }
    archive.lastMessageID = try checkedLastID(
      chat.lastID, ids: archive.messages.map(\.id), "chat")
    return archive
  }
}

private func requireUnique<Key: Hashable>(_ keys: [Key], _ what: String) throws(InvalidDocument) {
  var seen = Set<Key>()
  for key in keys where !seen.insert(key).inserted {
    throw InvalidDocument(reason: "duplicate \(what) \(key)")
  }
}

private func checkedLastID(_ lastID: Int64, ids: [Int64], _ what: String) throws(InvalidDocument)
  -> Int64
{
  try requireUnique(ids, "\(what) id")
  guard ids.allSatisfy({ $0 > 0 && $0 <= lastID }) else {
    throw InvalidDocument(reason: "\(what) ids must be positive and at most lastID \(lastID)")
  }
  return lastID
}

func decimal(_ text: String, _ what: String) throws(InvalidDocument) -> Decimal {
  guard let value = DecimalText.parse(text) else {
    throw InvalidDocument(reason: "\(what) \"\(text)\" is not a decimal number")
  }
  return value
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
    guard accumulatedMs >= 0 else {
      throw InvalidDocument(reason: "negative stopwatch time \(accumulatedMs)")
    }
    return Stopwatch(
      accumulated: .milliseconds(accumulatedMs),
      startedAt: startedAtMs.map(Date.init(epochMilliseconds:)),
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

  func toDomain() throws(InvalidDocument) -> Lap {
    guard number > 0 else { throw InvalidDocument(reason: "lap number \(number) is not positive") }
    return Lap(number: number, lapTime: .milliseconds(lapTimeMs), total: .milliseconds(totalMs))
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

  func toDomain() -> Bookmark {
    Bookmark(
      url: url, title: title, noticeDate: Date(epochMilliseconds: noticeDateMs),
      bookmarkedAt: Date(epochMilliseconds: bookmarkedAtMs))
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

  func toDomain() throws(InvalidDocument) -> RateSnapshot {
    var values: [String: Decimal] = [:]
    for (code, text) in rates {
      values[code] = try decimal(text, "rate of \(code)")
    }
    return RateSnapshot(
      base: base, publishedAt: Date(epochMilliseconds: publishedAtMs),
      nextUpdateAt: Date(epochMilliseconds: nextUpdateAtMs), rates: values)
  }
}

/// A screen as `{"screen":"calculator","currency":"KRW"}` or `{"screen":"rates"}`.
struct ScreenDTO: Codable, Equatable {
  var screen: String
  var currency: String?

  init(_ screen: Screen) {
    switch screen {
    case .rates: self.screen = "rates"
    case .calculator(let currency):
      self.screen = "calculator"
      self.currency = currency
    case .stopwatch: self.screen = "stopwatch"
    case .notices: self.screen = "notices"
    case .bookmarks: self.screen = "bookmarks"
    case .mindLog: self.screen = "mindLog"
    case .chat: self.screen = "chat"
    }
  }

  func toDomain() throws(InvalidDocument) -> Screen {
    switch (screen, currency) {
    case ("rates", nil): return .rates
    case ("calculator", let currency?): return .calculator(currency: currency)
    case ("stopwatch", nil): return .stopwatch
    case ("notices", nil): return .notices
    case ("bookmarks", nil): return .bookmarks
    case ("mindLog", nil): return .mindLog
    case ("chat", nil): return .chat
    default: throw InvalidDocument(reason: "unknown screen \"\(screen)\"")
    }
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

  func toDomain() throws(InvalidDocument) -> MindLog {
    MindLog(
      id: id, date: Date(epochMilliseconds: dateMs), score: try decimal(score, "score"),
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

  func toDomain() -> ChatMessage {
    ChatMessage(
      id: id, content: content, date: Date(epochMilliseconds: dateMs), isEdited: isEdited)
  }
}
