import Domain
import Foundation

/// Everything one store holds, as plain values, with the repository contract written once.
///
/// The in-memory store and the JSON file store both keep one `StoreState` and differ only
/// in where it lives, so their behaviour cannot drift apart. Every mutating method either
/// changes the state and returns, or throws and leaves the state exactly as it was.
struct StoreState: Equatable, Sendable {
  var stopwatch = Stopwatch()
  /// Laps in insertion order; numbers are unique.
  var laps: [Lap] = []
  /// Bookmarks in insertion order; urls are unique.
  var bookmarks: [Bookmark] = []
  var latestRates: RateSnapshot?
  var previousRates: RateSnapshot?
  var favoriteCurrencies: Set<String> = []
  var lastScreen: Screen?
  var lastCalculatorCurrency: String?
  /// Mind-log entries in insertion order.
  var mindLogs: [MindLog] = []
  /// The highest mind-log id ever given (0 when none was).
  var lastMindLogID: Int64 = 0
  /// Chat messages in insertion order.
  var messages: [ChatMessage] = []
  /// The highest chat message id ever given (0 when none was).
  var lastMessageID: Int64 = 0
}

// MARK: - Stopwatch

extension StoreState {
  mutating func append(_ lap: Lap) throws(DomainError) {
    guard !laps.contains(where: { $0.number == lap.number }) else { throw .duplicate }
    laps.append(lap)
  }

  func laps(offset: Int, limit: Int) -> Page<Lap> {
    page(laps.sorted { $0.number > $1.number }, offset: offset, limit: limit)
  }

  var lapSummary: LapSummary {
    // Scanning by ascending number and replacing only on a strict improvement lets the
    // lowest number win a tie.
    var fastest: Lap?
    var slowest: Lap?
    for lap in laps.sorted(by: { $0.number < $1.number }) {
      if fastest.map({ lap.lapTime < $0.lapTime }) ?? true { fastest = lap }
      if slowest.map({ lap.lapTime > $0.lapTime }) ?? true { slowest = lap }
    }
    return LapSummary(count: laps.count, fastest: fastest, slowest: slowest)
  }

  mutating func resetStopwatch() {
    stopwatch = Stopwatch()
    laps = []
  }
}

// MARK: - Bookmarks

extension StoreState {
  func bookmarks(offset: Int, limit: Int) -> Page<Bookmark> {
    // Newest first; among equal dates the later insert (higher index) first.
    let ordered = bookmarks.enumerated()
      .sorted { ($0.element.bookmarkedAt, $0.offset) > ($1.element.bookmarkedAt, $1.offset) }
      .map(\.element)
    return page(ordered, offset: offset, limit: limit)
  }

  func bookmarkedURLs(among urls: [String]) -> Set<String> {
    let stored = Set(bookmarks.map(\.url))
    return Set(urls.filter(stored.contains))
  }

  mutating func insert(_ bookmark: Bookmark) throws(DomainError) {
    guard !bookmarks.contains(where: { $0.url == bookmark.url }) else { throw .duplicate }
    bookmarks.append(bookmark)
  }

  mutating func renameBookmark(url: String, to title: String) throws(DomainError) {
    guard let index = bookmarks.firstIndex(where: { $0.url == url }) else { throw .notFound }
    bookmarks[index].title = title
  }

  mutating func deleteBookmark(url: String) throws(DomainError) {
    guard let index = bookmarks.firstIndex(where: { $0.url == url }) else { throw .notFound }
    bookmarks.remove(at: index)
  }
}

// MARK: - Exchange rates

extension StoreState {
  mutating func store(_ snapshot: RateSnapshot) {
    guard snapshot != latestRates else { return }
    previousRates = latestRates
    latestRates = snapshot
  }

  mutating func setFavorite(_ code: String, _ isFavorite: Bool) {
    if isFavorite {
      favoriteCurrencies.insert(code)
    } else {
      favoriteCurrencies.remove(code)
    }
  }
}

// MARK: - Mind log

extension StoreState {
  func mindLogs(offset: Int, limit: Int) -> Page<MindLog> {
    let ordered = mindLogs.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
    return page(ordered, offset: offset, limit: limit)
  }

  mutating func insertMindLog(date: Date, score: Decimal, note: String) -> MindLog {
    lastMindLogID += 1
    let entry = MindLog(id: lastMindLogID, date: date, score: score, note: note)
    mindLogs.append(entry)
    return entry
  }

  mutating func update(_ entry: MindLog) throws(DomainError) {
    guard let index = mindLogs.firstIndex(where: { $0.id == entry.id }) else { throw .notFound }
    mindLogs[index] = entry
  }

  mutating func deleteMindLog(id: Int64) throws(DomainError) {
    guard let index = mindLogs.firstIndex(where: { $0.id == id }) else { throw .notFound }
    mindLogs.remove(at: index)
  }
}

// MARK: - Chat

extension StoreState {
  func messages(offset: Int, limit: Int) -> Page<ChatMessage> {
    let ordered = messages.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    return page(ordered, offset: offset, limit: limit)
  }

  mutating func insertMessage(content: String, date: Date) -> ChatMessage {
    lastMessageID += 1
    let message = ChatMessage(id: lastMessageID, content: content, date: date)
    messages.append(message)
    return message
  }

  mutating func update(_ message: ChatMessage) throws(DomainError) {
    guard let index = messages.firstIndex(where: { $0.id == message.id }) else {
      throw .notFound
    }
    messages[index] = message
  }

  mutating func deleteMessage(id: Int64) throws(DomainError) {
    guard let index = messages.firstIndex(where: { $0.id == id }) else { throw .notFound }
    messages.remove(at: index)
  }
}

// MARK: - Archive

extension StoreState {
  init(_ archive: StoreArchive) {
    self.init(
      stopwatch: archive.stopwatch, laps: archive.laps, bookmarks: archive.bookmarks,
      latestRates: archive.latestRates, previousRates: archive.previousRates,
      favoriteCurrencies: Set(archive.favoriteCurrencies), lastScreen: archive.lastScreen,
      lastCalculatorCurrency: archive.lastCalculatorCurrency, mindLogs: archive.mindLogs,
      lastMindLogID: archive.lastMindLogID, messages: archive.messages,
      lastMessageID: archive.lastMessageID)
  }

  /// Everything, in the archive's canonical orders.
  var archive: StoreArchive {
    StoreArchive(
      stopwatch: stopwatch, laps: laps.sorted { $0.number < $1.number },
      bookmarks: bookmarks.enumerated()
        .sorted { ($0.element.bookmarkedAt, $0.offset) < ($1.element.bookmarkedAt, $1.offset) }
        .map(\.element),
      latestRates: latestRates, previousRates: previousRates,
      favoriteCurrencies: favoriteCurrencies.sorted(), lastScreen: lastScreen,
      lastCalculatorCurrency: lastCalculatorCurrency,
      mindLogs: mindLogs.sorted { $0.id < $1.id }, lastMindLogID: lastMindLogID,
      messages: messages.sorted { $0.id < $1.id }, lastMessageID: lastMessageID)
  }
}

// MARK: - Paging

/// The window of `ordered` from `offset`, at most `limit` items; negative values count as 0.
func page<Item: Equatable & Sendable>(_ ordered: [Item], offset: Int, limit: Int) -> Page<Item> {
  let start = min(max(offset, 0), ordered.count)
  let end = start + min(max(limit, 0), ordered.count - start)
  return Page(items: Array(ordered[start..<end]), offset: max(offset, 0), total: ordered.count)
}
