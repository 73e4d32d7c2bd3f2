import Foundation

// Every store (memory, json, sqlite) implements these protocols. What each method must
// do — ordering, insert or upsert, missing ids, duplicates — is written here, and the
// repository contract suite in Tests/DataTests checks every store against it.

/// The stopwatch's persisted time and its laps.
public protocol StopwatchRepository: Sendable {
  /// The stored stopwatch; a reset `Stopwatch()` when nothing is stored.
  func load() async throws -> Stopwatch
  /// Laps ordered newest first (highest number first), skipping `offset`, at most `limit`.
  func laps(offset: Int, limit: Int) async throws -> Page<Lap>
  /// Count of laps, and the fastest and slowest lap by the time shown
  /// (`Lap.shownCentiseconds`; lowest number wins a tie: `Lap.isFaster(than:)`,
  /// `Lap.isSlower(than:)`), so a mark agrees with the times on the screen.
  func lapSummary() async throws -> LapSummary
  /// Deletes the stored time and every lap when at most `limit` laps are stored, counting
  /// and deleting in one step that no other task or process can come between (one
  /// transaction, under one lock): laps another process saves meanwhile are either counted
  /// or kept. With more laps nothing changes. Resetting an empty store is not an error.
  /// - Returns: `.deleted`, or `.refused(count:)` with the number of laps stored.
  func reset(ifAtMost limit: Int) async throws -> BulkDeletion
  /// Reads the stored stopwatch and its newest lap, lets `decide` choose at most one change,
  /// and stores it, all in one step that no other task or process can come between (one
  /// transaction, under one lock). When `decide` throws, nothing is stored and its error is
  /// rethrown. A command that reads then writes the stopwatch goes through here, so two
  /// processes never give out one lap number or lose each other's start or stop.
  func update<Result: Sendable>(
    _ decide:
      @Sendable (_ stopwatch: Stopwatch, _ newestLap: Lap?) throws -> (
        change: StopwatchChange?, result: Result
      )
  ) async throws -> Result
}

extension StopwatchRepository {
  /// Deletes the stored time and every lap, however many there are.
  public func reset() async throws {
    _ = try await reset(ifAtMost: .max)
  }
}

/// What a deletion of a whole list with a limit (`reset(ifAtMost:)`,
/// `deleteAll(ifAtMost:)`) did.
public enum BulkDeletion: Equatable, Sendable {
  /// Everything was deleted (an empty stopwatch included).
  case deleted
  /// There was nothing to delete (`deleteAll` of no bookmarks).
  case empty
  /// Nothing was deleted: the list holds `count` items, more than the limit.
  case refused(count: Int)
}

/// What `StopwatchRepository.update` stores.
public enum StopwatchChange: Equatable, Sendable {
  /// Replaces the stored stopwatch (laps are untouched).
  case save(Stopwatch)
  /// Inserts a lap and, when `saving` is given, replaces the stored stopwatch with it in the
  /// same step; a number already stored throws `DomainError.duplicate`.
  case appendLap(Lap, saving: Stopwatch? = nil)
}

/// Bookmarked notices. The url is the identity.
public protocol BookmarkRepository: Sendable {
  /// Bookmarks newest first (by `bookmarkedAt`, then the later insert first).
  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark>
  /// The subset of `urls` that is bookmarked.
  func bookmarkedURLs(among urls: [String]) async throws -> Set<String>
  /// Changes the title of the bookmark with `url` when `condition` holds for it, read in
  /// the write; a missing url throws `.notFound`.
  func rename(url: String, to title: String, if condition: WriteCondition<Bookmark>)
    async throws
  /// Deletes the bookmark with `url` when `condition` holds for it, read in the write; a
  /// missing url throws `.notFound`.
  func delete(url: String, if condition: WriteCondition<Bookmark>) async throws
  /// The bookmark with `url`, or `nil` when there is none.
  func bookmark(url: String) async throws -> Bookmark?
  /// Deletes every bookmark when at most `limit` are stored, counting and deleting in one
  /// step that no other task or process can come between; with more, nothing changes. An
  /// empty list is not an error.
  /// - Returns: `.deleted`, or `.refused(count:)` with the number of bookmarks stored.
  func deleteAll(ifAtMost limit: Int) async throws -> BulkDeletion
  /// Deletes the bookmark with `bookmark.url` when there is one, else inserts `bookmark`,
  /// in one step that no other task or process can come between, when `condition` holds
  /// for whether it is bookmarked (read in that step). Returns what it did.
  func toggle(_ bookmark: Bookmark, if condition: WriteCondition<Bool>) async throws
    -> BookmarkState
}

extension BookmarkRepository {
  /// Changes the title of the bookmark with `url`, whatever it holds.
  public func rename(url: String, to title: String) async throws {
    try await rename(url: url, to: title, if: .always)
  }

  /// Deletes the bookmark with `url`, whatever it holds.
  public func delete(url: String) async throws {
    try await delete(url: url, if: .always)
  }

  /// Bookmarks `bookmark.url`, or removes its bookmark, whichever it needs.
  public func toggle(_ bookmark: Bookmark) async throws -> BookmarkState {
    try await toggle(bookmark, if: .always)
  }

  /// Deletes every bookmark, however many there are.
  public func deleteAll() async throws {
    _ = try await deleteAll(ifAtMost: .max)
  }
}

/// Cached exchange rates and favourite currencies.
public protocol ExchangeRateRepository: Sendable {
  /// The newest stored snapshot, if any.
  func latest() async throws -> RateSnapshot?
  /// The snapshot stored before the newest, if any.
  func previous() async throws -> RateSnapshot?
  /// Stores `snapshot` as the latest, when `condition` admits it over the latest stored
  /// snapshot (`RateStoreCondition.admits`): the former latest becomes the previous one and
  /// the one before it is dropped. The latest is read and the snapshot written in one step
  /// that no other task or process can come between (one transaction, under one lock), so
  /// two processes storing at once never leave an older publication as the latest: rates
  /// never go back in time.
  /// - Returns: `.stored`, or `.kept(latest:)` with the latest snapshot, which stays.
  func store(_ snapshot: RateSnapshot, if condition: RateStoreCondition) async throws
    -> RateStoreOutcome
  /// Favourite currency codes.
  func favorites() async throws -> Set<String>
  /// Removes `code` from the favourites when it is one, else adds it, in one step that no
  /// other task or process can come between. Returns whether it is a favourite now.
  func toggleFavorite(_ code: String) async throws -> Bool
}

/// When `ExchangeRateRepository.store(_:if:)` stores a snapshot.
public enum RateStoreCondition: Equatable, Sendable {
  /// Only into a store that holds no rates (the first launch's bundled snapshot).
  case noneStored
  /// Only when it was published after the latest stored snapshot, or none is stored.
  case newerThanLatest
  /// As `newerThanLatest`, and also over a latest snapshot that cannot be a real
  /// publication at `now` (`RateSnapshot.impossibility(now:)`: published in the future), which
  /// would otherwise keep every true one out.
  case newerThanLatestOrImpossible(now: Date)

  /// Whether `snapshot` may be stored over `latest` (`nil` when the store holds no rates).
  /// Every store decides with this, inside its write.
  public func admits(_ snapshot: RateSnapshot, over latest: RateSnapshot?) -> Bool {
    guard let latest else { return true }
    switch self {
    case .noneStored: return false
    case .newerThanLatest: return snapshot.publishedAt > latest.publishedAt
    case .newerThanLatestOrImpossible(let now):
      return snapshot.publishedAt > latest.publishedAt || latest.impossibility(now: now) != nil
    }
  }
}

/// What `ExchangeRateRepository.store(_:if:)` did.
public enum RateStoreOutcome: Equatable, Sendable {
  /// The snapshot is now the latest.
  case stored
  /// The snapshot was not stored: `latest`, already stored, stays the latest.
  case kept(latest: RateSnapshot)
}

/// The screen the user saw last (the store's, whichever terminal showed it), and what each
/// terminal showed last (`ShownList`, one per `TerminalKey`).
public protocol ScreenRepository: Sendable {
  /// The last saved screen, or `nil` when none was ever saved.
  func lastScreen() async throws -> Screen?
  /// Replaces the saved screen. Saving a calculator also records its currency as the last
  /// calculator's, which stays when other screens are saved after it.
  func save(_ screen: Screen) async throws
  /// The currency of the calculator saved most recently, or `nil` when none was.
  func lastCalculatorCurrency() async throws -> String?
  /// What `terminal` showed last (its screen, page and numbered rows), or `nil` when it
  /// saved none (or its list was dropped since). Never another terminal's.
  func shownList(for terminal: TerminalKey) async throws -> ShownList?
  /// Replaces what `terminal` showed; every other terminal's list stays as it is. Saving
  /// the list of a terminal the store holds none of, when it holds
  /// `ShownList.keptTerminals` already, drops the lists changed least recently, so it
  /// holds that many at most. A list equal to the one stored writes nothing.
  func save(_ shown: ShownList, for terminal: TerminalKey) async throws
  /// Drops the lists of the terminals `isGone` names (terminals that no longer exist),
  /// each read and dropped in one step with nothing in between.
  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws
}

/// Mind-log entries.
public protocol MindLogRepository: Sendable {
  /// Entries newest first (by date, then the higher id first).
  func entries(offset: Int, limit: Int) async throws -> Page<MindLog>
  /// Inserts an entry with a new id (one more than any id ever given) and returns it.
  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog
  /// Sets the score of the entry with `id`, and its note and date when given (`nil` keeps
  /// the stored one), reading and writing the entry in one step that no other task or
  /// process can come between: a field this call leaves alone keeps what another process
  /// wrote. `condition` is checked on the entry read in that step. A missing id throws
  /// `.notFound`.
  /// - Returns: the entry as stored now.
  func update(
    id: Int64, score: Decimal, note: String?, date: Date?, if condition: WriteCondition<MindLog>
  ) async throws -> MindLog
  /// Deletes the entry with `id` when `condition` holds for it, read in the write; a missing
  /// id throws `.notFound`.
  func delete(id: Int64, if condition: WriteCondition<MindLog>) async throws
  /// The entry with `id`, or `nil` when there is none.
  func entry(id: Int64) async throws -> MindLog?
}

extension MindLogRepository {
  /// Sets the entry's score, and its note and date when given, whatever it holds.
  public func update(id: Int64, score: Decimal, note: String?, date: Date?) async throws
    -> MindLog
  {
    try await update(id: id, score: score, note: note, date: date, if: .always)
  }

  /// Deletes the entry with `id`, whatever it holds.
  public func delete(id: Int64) async throws {
    try await delete(id: id, if: .always)
  }
}

/// Chat messages.
public protocol ChatRepository: Sendable {
  /// Messages oldest first (by date, then the lower id first).
  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage>
  /// The page of messages that leaves out the `skipping` newest and holds at most `limit`
  /// before them, oldest first, with the total it was counted in: what the chat shows, read
  /// as one. Page 1 of the chat is `skipping: 0`.
  func newestMessages(skipping: Int, limit: Int) async throws -> Page<ChatMessage>
  /// Inserts a message with a new id (one more than any id ever given) and returns it.
  func insert(content: String, date: Date) async throws -> ChatMessage
  /// Inserts many messages in one step (all or none), giving ids in the order given.
  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage]
  /// Replaces the message with the same id when `condition` holds for the stored one, read
  /// in the write; a missing id throws `.notFound`.
  func update(_ message: ChatMessage, if condition: WriteCondition<ChatMessage>) async throws
  /// Deletes the message with `id` when `condition` holds for it, read in the write; a
  /// missing id throws `.notFound`.
  func delete(id: Int64, if condition: WriteCondition<ChatMessage>) async throws
  /// The message with `id`, or `nil` when there is none.
  func message(id: Int64) async throws -> ChatMessage?
  /// The messages that hold `search`'s text (`TextSearch.matches`), as `newestMessages`
  /// pages the whole chat: the window that leaves out the `skipping` newest matches and
  /// holds at most `limit` before them, oldest first, its total the number of matches.
  /// Every store gives exactly the matches `TextSearch` finds (`ChatSearchContractTests`);
  /// a store may find them its own way (an index), else it scans (`scannedMatches`).
  func matchingMessages(_ search: TextSearch, skipping: Int, limit: Int) async throws
    -> Page<ChatMessage>
}

extension ChatRepository {
  /// The matches read by scanning the chat a chunk at a time, newest first
  /// (`MatchingItems`): what a store with no index of its texts answers.
  public func matchingMessages(_ search: TextSearch, skipping: Int, limit: Int) async throws
    -> Page<ChatMessage>
  {
    try await scannedMatches(search, skipping: skipping, limit: limit)
  }

  /// `matchingMessages` by scanning the chat a chunk at a time (`MatchingItems`), for a
  /// store with no index of its texts, or a query its index cannot answer.
  public func scannedMatches(_ search: TextSearch, skipping: Int, limit: Int) async throws
    -> Page<ChatMessage>
  {
    try await MatchingItems<ChatMessage>(search) { [$0.content] }.oldestFirst(
      skipping: skipping, limit: limit
    ) { skip, limit in
      let page = try await newestMessages(skipping: skip, limit: limit)
      return Page(items: page.items.reversed(), offset: skip, total: page.total)
    }
  }

  /// Replaces the message with the same id, whatever it holds.
  public func update(_ message: ChatMessage) async throws {
    try await update(message, if: .always)
  }

  /// Deletes the message with `id`, whatever it holds.
  public func delete(id: Int64) async throws {
    try await delete(id: id, if: .always)
  }

  /// How many times the count and the page are read for a list that changes meanwhile.
  public static var readsOfAChangingPage: Int { 4 }

  /// For a repository that can read a window only by its offset: the count, then the page
  /// it names. Another process may add or delete messages between the two: then the window
  /// is read again for the count the page came with, so that the rows are the page the
  /// count names (a few times at most: a list changing all the time is given as read).
  public func newestMessages(skipping: Int, limit: Int) async throws -> Page<ChatMessage> {
    var total = try await messages(offset: 0, limit: 0).total
    var page: Page<ChatMessage>
    var reads = 0
    repeat {
      let window = Page<ChatMessage>.windowFromNewest(
        total: total, skipping: skipping, limit: limit)
      page = try await messages(offset: window.offset, limit: window.limit)
      reads += 1
      if page.total == total { return page }
      total = page.total
    } while reads < Self.readsOfAChangingPage
    return page
  }
}

/// Where fresh exchange rates come from (the bundled snapshot, a file, the network).
public protocol ExchangeRateSource: Sendable {
  /// A description for messages ("bundled snapshot", a path, a url).
  var name: String { get }
  func fetch() async throws -> RateSnapshot
}

/// Every repository of one store, as the composition root hands them out.
public struct Repositories: Sendable {
  public var stopwatch: any StopwatchRepository
  public var bookmarks: any BookmarkRepository
  public var rates: any ExchangeRateRepository
  public var screens: any ScreenRepository
  public var mindLogs: any MindLogRepository
  public var chat: any ChatRepository
  public var archive: any ArchiveRepository
  /// The records of every declared kind (`DeclaredRecord`; `records(_:)` reads one kind).
  public var declared: any DeclaredRecordRepository
  /// The changes other processes make to the store, for the screens that show it.
  public var changes: any StoreObservation
  /// The store's calls waiting for another program's lock, for the front ends to show
  /// (a store whose calls never wait on another program reports nothing).
  public var waits: StoreWaits

  public init(
    stopwatch: any StopwatchRepository, bookmarks: any BookmarkRepository,
    rates: any ExchangeRateRepository, screens: any ScreenRepository,
    mindLogs: any MindLogRepository, chat: any ChatRepository, archive: any ArchiveRepository,
    declared: any DeclaredRecordRepository, changes: any StoreObservation,
    waits: StoreWaits = StoreWaits()
  ) {
    self.stopwatch = stopwatch
    self.bookmarks = bookmarks
    self.rates = rates
    self.screens = screens
    self.mindLogs = mindLogs
    self.chat = chat
    self.archive = archive
    self.declared = declared
    self.changes = changes
    self.waits = waits
  }
}
