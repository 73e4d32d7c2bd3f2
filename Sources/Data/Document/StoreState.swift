import Foundation
import PocketDomain

/// Everything one document store holds, as plain values, with the repository contract
/// written once.
///
/// The in-memory store and the JSON file store both keep one `StoreState` and change it
/// only through `apply(_:)`, so their behaviour cannot drift apart, and the JSON store's
/// journal is simply the list of changes applied. Lists are kept in their display order
/// with an index by identity, so a change or a page costs O(log n) plus what it copies,
/// whatever the size of the store. A change that throws leaves the state as it was.
struct StoreState: Sendable {
  var stopwatch = Stopwatch()
  /// By number, lowest first.
  private(set) var laps: [Lap] = []
  private(set) var fastestLap: Lap?
  private(set) var slowestLap: Lap?
  /// Oldest first: by `bookmarkedAt`, then insertion order.
  private(set) var bookmarks: [StoredBookmark] = []
  /// The sort key of each bookmark, by url.
  private var bookmarkKeys: [String: BookmarkKey] = [:]
  private var nextBookmarkSequence: Int64 = 0
  private(set) var latestRates: RateSnapshot?
  private(set) var previousRates: RateSnapshot?
  private(set) var favoriteCurrencies: Set<String> = []
  private(set) var lastScreen: Screen?
  private(set) var lastCalculatorCurrency: String?
  /// What each terminal showed last, the list changed least recently first: view state,
  /// like the last screen, not in the archive. At most `ShownList.keptTerminals`.
  private(set) var shownLists: [TerminalShown] = []
  /// Oldest first: by date, then id.
  private(set) var mindLogs: [MindLog] = []
  private var mindLogDates: [Int64: Date] = [:]
  private(set) var lastMindLogID: Int64 = 0
  /// Oldest first: by date, then id.
  private(set) var messages: [ChatMessage] = []
  private var messageDates: [Int64: Date] = [:]
  private(set) var lastMessageID: Int64 = 0
  /// The records of every declared kind.
  private(set) var declared = DeclaredRecords()

  init() {}

  /// How many bookmarks the state holds.
  var bookmarkCount: Int { bookmarks.count }

  /// How many records the state holds (the size compaction is measured against).
  var recordCount: Int {
    laps.count + bookmarks.count + mindLogs.count + messages.count + declared.count
  }

  /// `archive.counts`, without building the archive.
  var counts: RecordCounts {
    RecordCounts(
      laps: laps.count, bookmarks: bookmarks.count,
      rateSnapshots: [latestRates, previousRates].compactMap { $0 }.count,
      favoriteCurrencies: favoriteCurrencies.count, mindLogs: mindLogs.count,
      chatMessages: messages.count)
  }
}

struct BookmarkKey: Comparable {
  var bookmarkedAt: Date
  var sequence: Int64

  static func < (lhs: BookmarkKey, rhs: BookmarkKey) -> Bool {
    (lhs.bookmarkedAt, lhs.sequence) < (rhs.bookmarkedAt, rhs.sequence)
  }
}

struct StoredBookmark {
  var key: BookmarkKey
  var bookmark: Bookmark
}

extension StoreState {
  /// Counts the ids a journalled change gave to the records it inserted, without inserting
  /// them (a change skipped while salvaging a store).
  mutating func skipIDs(of change: JournalChange) {
    switch change {
    case .insertMindLog: lastMindLogID = min(lastMindLogID + 1, Limits.maxCounter)
    case .insertMessages(let drafts):
      lastMessageID = min(lastMessageID + Int64(drafts.count), Limits.maxCounter)
    default: break
    }
  }
}

extension StoreState {
  /// Applies `change`, or throws and changes nothing.
  @discardableResult
  mutating func apply(_ change: StoreChange) throws(DomainError) -> ChangeResult {
    if let problem = change.problem { throw .invalidInput(.outOfRange(problem)) }
    switch change {
    case .saveStopwatch(let stopwatch):
      guard stopwatch != self.stopwatch else { return .unchanged }
      self.stopwatch = stopwatch
    case .appendLap(let lap, let saving):
      try append(lap)
      if let saving { stopwatch = saving }
    case .resetStopwatch:
      guard !stopwatch.isReset || !laps.isEmpty else { return .unchanged }
      stopwatch = Stopwatch()
      laps = []
      fastestLap = nil
      slowestLap = nil
    case .insertBookmark(let bookmark):
      try insert(bookmark)
    case .renameBookmark(let url, let title):
      let index = try bookmarkIndex(url)
      bookmarks[index].bookmark.title = title
    case .deleteBookmark(let url):
      bookmarks.remove(at: try bookmarkIndex(url))
      bookmarkKeys[url] = nil
    case .deleteAllBookmarks:
      guard !bookmarks.isEmpty else { return .unchanged }
      bookmarks = []
      bookmarkKeys = [:]
    case .storeRates(let snapshot):
      guard snapshot != latestRates else { return .unchanged }
      previousRates = latestRates
      latestRates = snapshot
    case .setFavorite(let code, let isFavorite):
      let changed =
        isFavorite
        ? favoriteCurrencies.insert(code).inserted : favoriteCurrencies.remove(code) != nil
      guard changed else { return .unchanged }
    case .saveScreen(let screen):
      let currency: String? =
        if case .calculator(let currency) = screen { currency } else { lastCalculatorCurrency }
      guard screen != lastScreen || currency != lastCalculatorCurrency else { return .unchanged }
      lastScreen = screen
      lastCalculatorCurrency = currency
    case .saveShown(let shown, let terminal):
      if let index = shownLists.firstIndex(where: { $0.terminal == terminal }) {
        guard shownLists[index].list != shown else { return .unchanged }
        shownLists.remove(at: index)
      } else if shownLists.count >= ShownList.keptTerminals {
        shownLists.removeFirst(shownLists.count - ShownList.keptTerminals + 1)
      }
      shownLists.append(TerminalShown(terminal: terminal, list: shown))
    case .dropShown(let terminals):
      let count = shownLists.count
      shownLists.removeAll { terminals.contains($0.terminal) }
      guard shownLists.count != count else { return .unchanged }
    case .insertMindLog(let date, let score, let note):
      guard lastMindLogID < Limits.maxCounter else {
        throw .invalidInput(.outOfRange(.idsEnd(last: Limits.maxCounter)))
      }
      lastMindLogID += 1
      let entry = MindLog(id: lastMindLogID, date: date, score: score, note: note)
      Self.insert(entry, into: &mindLogs, dates: &mindLogDates)
      return .insertedMindLog(entry)
    case .updateMindLog(let entry):
      try Self.replace(entry, in: &mindLogs, dates: &mindLogDates)
    case .deleteMindLog(let id):
      try Self.remove(id, from: &mindLogs, dates: &mindLogDates)
    case .insertMessages(let drafts):
      guard !drafts.isEmpty else { return .unchanged }
      guard lastMessageID <= Limits.maxCounter - Int64(drafts.count) else {
        throw .invalidInput(.outOfRange(.idsEnd(last: Limits.maxCounter)))
      }
      let inserted = drafts.map { draft in
        lastMessageID += 1
        let message = ChatMessage(id: lastMessageID, content: draft.content, date: draft.date)
        Self.insert(message, into: &messages, dates: &messageDates)
        return message
      }
      return .insertedMessages(inserted)
    case .updateMessage(let message):
      try Self.replace(message, in: &messages, dates: &messageDates)
    case .deleteMessage(let id):
      try Self.remove(id, from: &messages, dates: &messageDates)
    case .saveRecord(let kind, let key, let body):
      guard declared.body(kind, key: key) != body else { return .unchanged }
      declared.set(kind, key: key, body: body)
    case .replaceAll(let archive):
      self = StoreState(archive)
    }
    return .changed
  }

  private mutating func append(_ lap: Lap) throws(DomainError) {
    let index = lowerBound(laps) { $0.number < lap.number }
    guard index == laps.count || laps[index].number != lap.number else { throw .duplicate }
    laps.insert(lap, at: index)
    // Marked by the time shown (`Lap.isFaster(than:)`, `isSlower(than:)`).
    if fastestLap.map({ lap.isFaster(than: $0) }) ?? true { fastestLap = lap }
    if slowestLap.map({ lap.isSlower(than: $0) }) ?? true { slowestLap = lap }
  }

  private mutating func insert(_ bookmark: Bookmark) throws(DomainError) {
    guard bookmarkKeys[bookmark.url] == nil else { throw .duplicate }
    let key = BookmarkKey(bookmarkedAt: bookmark.bookmarkedAt, sequence: nextBookmarkSequence)
    nextBookmarkSequence += 1
    let index = lowerBound(bookmarks) { $0.key < key }
    bookmarks.insert(StoredBookmark(key: key, bookmark: bookmark), at: index)
    bookmarkKeys[bookmark.url] = key
  }

  private func bookmarkIndex(_ url: String) throws(DomainError) -> Int {
    guard let key = bookmarkKeys[url] else { throw .notFound }
    return lowerBound(bookmarks) { $0.key < key }
  }

  private static func insert<Item: DatedRecord>(
    _ item: Item, into items: inout [Item], dates: inout [Int64: Date]
  ) {
    let index = lowerBound(items) { ($0.date, $0.id) < (item.date, item.id) }
    items.insert(item, at: index)
    dates[item.id] = item.date
  }

  private static func index<Item: DatedRecord>(
    of id: Int64, in items: [Item], dates: [Int64: Date]
  ) throws(DomainError) -> Int {
    guard let date = dates[id] else { throw .notFound }
    return lowerBound(items) { ($0.date, $0.id) < (date, id) }
  }

  private static func replace<Item: DatedRecord>(
    _ item: Item, in items: inout [Item], dates: inout [Int64: Date]
  ) throws(DomainError) {
    let index = try index(of: item.id, in: items, dates: dates)
    if items[index].date == item.date {
      items[index] = item
    } else {
      items.remove(at: index)
      insert(item, into: &items, dates: &dates)
    }
  }

  private static func remove<Item: DatedRecord>(
    _ id: Int64, from items: inout [Item], dates: inout [Int64: Date]
  ) throws(DomainError) {
    items.remove(at: try index(of: id, in: items, dates: dates))
    dates[id] = nil
  }
}

/// A record ordered by date, then id.
private protocol DatedRecord {
  var id: Int64 { get }
  var date: Date { get }
}

extension MindLog: DatedRecord {}
extension ChatMessage: DatedRecord {}

// MARK: - Queries

extension StoreState {
  /// Laps newest first.
  func laps(offset: Int, limit: Int) -> Page<Lap> {
    page(count: laps.count, offset: offset, limit: limit, newestFirst: true) { laps[$0] }
  }

  /// The lap with the highest number.
  var newestLap: Lap? { laps.last }

  var lapSummary: LapSummary {
    LapSummary(count: laps.count, fastest: fastestLap, slowest: slowestLap)
  }

  /// Bookmarks newest first.
  func bookmarks(offset: Int, limit: Int) -> Page<Bookmark> {
    page(count: bookmarks.count, offset: offset, limit: limit, newestFirst: true) {
      bookmarks[$0].bookmark
    }
  }

  func bookmarkedURLs(among urls: [String]) -> Set<String> {
    Set(urls.filter { bookmarkKeys[$0] != nil })
  }

  /// Mind-log entries newest first.
  func mindLogs(offset: Int, limit: Int) -> Page<MindLog> {
    page(count: mindLogs.count, offset: offset, limit: limit, newestFirst: true) { mindLogs[$0] }
  }

  /// The mind-log entry with `id`, if there is one.
  func mindLog(id: Int64) -> MindLog? {
    guard let index = try? Self.index(of: id, in: mindLogs, dates: mindLogDates) else {
      return nil
    }
    return mindLogs[index]
  }

  /// The message with `id`, if there is one.
  func message(id: Int64) -> ChatMessage? {
    guard let index = try? Self.index(of: id, in: messages, dates: messageDates) else {
      return nil
    }
    return messages[index]
  }

  /// The bookmark with `url`, if there is one.
  func bookmark(url: String) -> Bookmark? {
    guard let index = try? bookmarkIndex(url) else { return nil }
    return bookmarks[index].bookmark
  }

  /// Messages oldest first.
  func messages(offset: Int, limit: Int) -> Page<ChatMessage> {
    page(count: messages.count, offset: offset, limit: limit, newestFirst: false) { messages[$0] }
  }

  /// The page that leaves out the `skipping` newest messages, oldest first.
  func newestMessages(skipping: Int, limit: Int) -> Page<ChatMessage> {
    let window = Page<ChatMessage>.windowFromNewest(
      total: messages.count, skipping: skipping, limit: limit)
    return messages(offset: window.offset, limit: window.limit)
  }
}

/// The window from `offset`, at most `limit` items, of a list of `count` items stored
/// oldest first and shown `newestFirst` or not; negative values count as 0.
private func page<Item: Equatable & Sendable>(
  count: Int, offset: Int, limit: Int, newestFirst: Bool, _ item: (Int) -> Item
) -> Page<Item> {
  let start = min(max(offset, 0), count)
  let end = start + min(max(limit, 0), count - start)
  let items = (start..<end).map { item(newestFirst ? count - 1 - $0 : $0) }
  return Page(items: items, offset: max(offset, 0), total: count)
}

/// The first index of `items` (sorted) whose element is not `isBefore` the target.
private func lowerBound<Item>(_ items: [Item], _ isBefore: (Item) -> Bool) -> Int {
  // Appending in order is the common case: check the end first.
  if let last = items.last, isBefore(last) { return items.count }
  var low = 0
  var high = items.count
  while low < high {
    let middle = (low + high) / 2
    if isBefore(items[middle]) { low = middle + 1 } else { high = middle }
  }
  return low
}

// MARK: - Archive

extension StoreState {
  /// The state holding `archive`, and `shownLists`, which no archive holds (an import
  /// leaves none: the ids they name may be given to other records), the list changed
  /// least recently first; the first beyond `ShownList.keptTerminals` are dropped.
  init(_ archive: StoreArchive, shownLists: [TerminalShown] = []) {
    self.init()
    self.shownLists = Array(shownLists.suffix(ShownList.keptTerminals))
    stopwatch = archive.stopwatch
    for lap in archive.laps { try? append(lap) }
    for bookmark in archive.bookmarks { try? insert(bookmark) }
    latestRates = archive.latestRates
    previousRates = archive.previousRates
    favoriteCurrencies = Set(archive.favoriteCurrencies)
    lastScreen = archive.lastScreen
    lastCalculatorCurrency = archive.lastCalculatorCurrency
    mindLogs = archive.mindLogs.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    mindLogDates = Dictionary(archive.mindLogs.map { ($0.id, $0.date) }) { first, _ in first }
    lastMindLogID = archive.lastMindLogID
    messages = archive.messages.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    messageDates = Dictionary(archive.messages.map { ($0.id, $0.date) }) { first, _ in first }
    lastMessageID = archive.lastMessageID
    declared = archive.declared
  }

  /// Everything, in the archive's canonical orders.
  var archive: StoreArchive {
    StoreArchive(
      stopwatch: stopwatch, laps: laps, bookmarks: bookmarks.map(\.bookmark),
      latestRates: latestRates, previousRates: previousRates,
      favoriteCurrencies: favoriteCurrencies.sorted(), lastScreen: lastScreen,
      lastCalculatorCurrency: lastCalculatorCurrency,
      mindLogs: mindLogs.sorted { $0.id < $1.id }, lastMindLogID: lastMindLogID,
      messages: messages.sorted { $0.id < $1.id }, lastMessageID: lastMessageID,
      declared: declared)
  }
}

/// What one terminal showed last, as a document store keeps it.
struct TerminalShown: Equatable, Sendable {
  var terminal: TerminalKey
  var list: ShownList
}

extension StoreState {
  /// What `terminal` showed last.
  func shownList(for terminal: TerminalKey) -> ShownList? {
    shownLists.last { $0.terminal == terminal }?.list
  }
}
