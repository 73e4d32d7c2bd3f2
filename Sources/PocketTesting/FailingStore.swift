import Foundation
import PocketData
import PocketDomain
import Synchronization

/// The one fake store: repositories that throw a chosen `DomainError` on demand, and answer
/// as late as a test says, so every use case's and view model's failure path, and every
/// race between a slow answer and the next intent, is a unit test.
///
/// It stands in front of another store (`base`; `inMemory()` puts the contract-tested
/// in-memory store there) and passes every call through to it until `fail(with:on:)` is
/// called; from then on every call of the chosen kind throws, before it reaches the base
/// store, until `recover()`. `delay(_:on:)` makes the answers to calls of a kind wait on
/// the store's clock — on a `ManualClock`, until the test advances it, so a test decides
/// exactly which answer comes first, and a slow answer can be older than the store. Without a base store it must fail every call: a call it would
/// pass on is a bug in the test.
public final class FailingStore: Sendable {
  /// Which calls fail (or wait).
  public enum Calls: Sendable, CustomStringConvertible {
    /// Every call, as when the store cannot be opened or read.
    case all
    /// Only calls that change the store (a read-then-write such as a toggle counts as a
    /// write), as on a full disk or a read-only folder: screens still load.
    case writes
    /// Only calls that read the store, as a reload does.
    case reads

    public var description: String {
      switch self {
      case .all: "all"
      case .writes: "writes"
      case .reads: "reads"
      }
    }

    func includes(writes: Bool) -> Bool {
      switch self {
      case .all: true
      case .writes: writes
      case .reads: !writes
      }
    }
  }

  /// The errors a store throws when it cannot be used, one of each kind. Computed, not
  /// stored: a stored constant holding an indirect enum's case keeps its box behind a
  /// tagged pointer, which LeakSanitizer reports as leaked in an adopter's leak-checked run.
  public static var unavailable: DomainError {
    .storageUnavailable(path: "/store/pocket.sqlite", reason: .system("disk I/O error"))
  }
  public static var corrupt: DomainError {
    .corruptStore(
      path: "/store/pocket.json",
      reason: StoreProblem(.inLine(3, .system("unexpected end of file"))))
  }

  private let failure: Mutex<(error: DomainError, calls: Calls)?>
  private let latency: Mutex<(duration: Duration, calls: Calls)?>
  private let passed = Mutex((reads: 0, writes: 0))
  private let base: Repositories?
  private let clock: any Clock<Duration>

  /// A store that passes every call to `base` until told to fail; a delay is measured on
  /// `clock`.
  public init(base: Repositories, clock: any Clock<Duration> = ContinuousClock()) {
    self.base = base
    self.clock = clock
    failure = Mutex(nil)
    latency = Mutex(nil)
  }

  /// A store with nothing behind it: every call throws `error`.
  public init(failingWith error: DomainError = FailingStore.unavailable) {
    base = nil
    clock = ContinuousClock()
    failure = Mutex((error, .all))
    latency = Mutex(nil)
  }

  /// A new, empty in-memory store (Data's `InMemoryStore`) behind the fake: every
  /// guarantee of a real store, with failures and latency on demand.
  public static func inMemory(clock: any Clock<Duration> = ContinuousClock()) -> FailingStore {
    FailingStore(base: InMemoryStore().repositories, clock: clock)
  }

  /// From now on, the answers to calls of the kind `calls` wait `duration` on the store's
  /// clock (`.zero`: no wait).
  public func delay(_ duration: Duration, on calls: Calls = .all) {
    latency.withLock { $0 = duration == .zero ? nil : (duration, calls) }
  }

  /// From now on, calls of the kind `calls` throw `error`.
  public func fail(with error: DomainError = FailingStore.unavailable, on calls: Calls = .all) {
    failure.withLock { $0 = (error, calls) }
  }

  /// From now on, every call goes to the base store again (a store with none behind it
  /// must not be asked again).
  public func recover() {
    failure.withLock { $0 = nil }
  }

  /// How many calls of the kind `calls` the store has passed on to its base store: how many
  /// reads a reload makes, say, so a test can hold each of them in turn.
  public func calls(_ calls: Calls) -> Int {
    let passed = passed.withLock { $0 }
    return (calls.includes(writes: false) ? passed.reads : 0)
      + (calls.includes(writes: true) ? passed.writes : 0)
  }

  /// The repositories to hand to use cases and view models.
  public var repositories: Repositories {
    Repositories(
      stopwatch: FailingStopwatchRepository(store: self),
      bookmarks: FailingBookmarkRepository(store: self),
      rates: FailingExchangeRateRepository(store: self),
      screens: FailingScreenRepository(store: self),
      mindLogs: FailingMindLogRepository(store: self),
      chat: FailingChatRepository(store: self),
      archive: FailingArchiveRepository(store: self),
      declared: FailingDeclaredRecordRepository(store: self),
      changes: base?.changes ?? InProcessOnly())
  }

  /// Makes the call `body` of the base store, unless such a call (one that `writes`, or
  /// not) should fail: then throws the chosen error before it reaches the base store. A
  /// delayed call is made at once and answers when the delay has passed on the store's
  /// clock, as a server's answer does: what it read may be older than the store by then.
  fileprivate func call<Result: Sendable>(
    writes: Bool, _ body: (Repositories) async throws -> Result
  ) async throws -> Result {
    if let (error, calls) = failure.withLock({ $0 }), calls.includes(writes: writes) {
      throw error
    }
    guard let base else {
      preconditionFailure("A FailingStore without a base store was asked to pass a call on")
    }
    passed.withLock { writes ? ($0.writes += 1) : ($0.reads += 1) }
    let result = try await body(base)
    if let (duration, calls) = latency.withLock({ $0 }), calls.includes(writes: writes) {
      try await clock.sleep(for: duration)
    }
    return result
  }
}

private struct FailingStopwatchRepository: StopwatchRepository {
  let store: FailingStore

  func load() async throws -> Stopwatch {
    try await store.call(writes: false) { try await $0.stopwatch.load() }
  }
  func laps(offset: Int, limit: Int) async throws -> Page<Lap> {
    try await store.call(writes: false) {
      try await $0.stopwatch.laps(offset: offset, limit: limit)
    }
  }
  func lapSummary() async throws -> LapSummary {
    try await store.call(writes: false) { try await $0.stopwatch.lapSummary() }
  }
  func reset(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await store.call(writes: true) { try await $0.stopwatch.reset(ifAtMost: limit) }
  }
  func update<Result: Sendable>(
    _ decide:
      @Sendable (_ stopwatch: Stopwatch, _ newestLap: Lap?) throws -> (
        change: StopwatchChange?, result: Result
      )
  ) async throws -> Result {
    try await store.call(writes: true) { try await $0.stopwatch.update(decide) }
  }
}

private struct FailingBookmarkRepository: BookmarkRepository {
  let store: FailingStore

  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark> {
    try await store.call(writes: false) {
      try await $0.bookmarks.bookmarks(offset: offset, limit: limit)
    }
  }
  func bookmarkedURLs(among urls: [String]) async throws -> Set<String> {
    try await store.call(writes: false) { try await $0.bookmarks.bookmarkedURLs(among: urls) }
  }
  func rename(url: String, to title: String, if condition: WriteCondition<Bookmark>)
    async throws
  {
    try await store.call(writes: true) {
      try await $0.bookmarks.rename(url: url, to: title, if: condition)
    }
  }
  func delete(url: String, if condition: WriteCondition<Bookmark>) async throws {
    try await store.call(writes: true) { try await $0.bookmarks.delete(url: url, if: condition) }
  }
  func bookmark(url: String) async throws -> Bookmark? {
    try await store.call(writes: false) { try await $0.bookmarks.bookmark(url: url) }
  }
  func deleteAll(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await store.call(writes: true) { try await $0.bookmarks.deleteAll(ifAtMost: limit) }
  }
  func toggle(_ bookmark: Bookmark, if condition: WriteCondition<Bool>) async throws
    -> BookmarkState
  {
    try await store.call(writes: true) { try await $0.bookmarks.toggle(bookmark, if: condition) }
  }
}

private struct FailingExchangeRateRepository: ExchangeRateRepository {
  let store: FailingStore

  func latest() async throws -> RateSnapshot? {
    try await store.call(writes: false) { try await $0.rates.latest() }
  }
  func previous() async throws -> RateSnapshot? {
    try await store.call(writes: false) { try await $0.rates.previous() }
  }
  func store(_ snapshot: RateSnapshot, if condition: RateStoreCondition) async throws
    -> RateStoreOutcome
  {
    try await store.call(writes: true) { try await $0.rates.store(snapshot, if: condition) }
  }
  func favorites() async throws -> Set<String> {
    try await store.call(writes: false) { try await $0.rates.favorites() }
  }
  func toggleFavorite(_ code: String) async throws -> Bool {
    try await store.call(writes: true) { try await $0.rates.toggleFavorite(code) }
  }
}

private struct FailingScreenRepository: ScreenRepository {
  let store: FailingStore

  func lastScreen() async throws -> Screen? {
    try await store.call(writes: false) { try await $0.screens.lastScreen() }
  }
  func save(_ screen: Screen) async throws {
    try await store.call(writes: true) { try await $0.screens.save(screen) }
  }
  func lastCalculatorCurrency() async throws -> String? {
    try await store.call(writes: false) { try await $0.screens.lastCalculatorCurrency() }
  }
  func shownList(for terminal: TerminalKey) async throws -> ShownList? {
    try await store.call(writes: false) { try await $0.screens.shownList(for: terminal) }
  }
  func save(_ shown: ShownList, for terminal: TerminalKey) async throws {
    try await store.call(writes: true) { try await $0.screens.save(shown, for: terminal) }
  }
  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws {
    try await store.call(writes: true) { try await $0.screens.dropShownLists(where: isGone) }
  }
}

private struct FailingMindLogRepository: MindLogRepository {
  let store: FailingStore

  func entries(offset: Int, limit: Int) async throws -> Page<MindLog> {
    try await store.call(writes: false) {
      try await $0.mindLogs.entries(offset: offset, limit: limit)
    }
  }
  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog {
    try await store.call(writes: true) {
      try await $0.mindLogs.insert(date: date, score: score, note: note)
    }
  }
  func update(
    id: Int64, score: Decimal, note: String?, date: Date?, if condition: WriteCondition<MindLog>
  ) async throws -> MindLog {
    try await store.call(writes: true) {
      try await $0.mindLogs.update(
        id: id, score: score, note: note, date: date, if: condition)
    }
  }
  func delete(id: Int64, if condition: WriteCondition<MindLog>) async throws {
    try await store.call(writes: true) { try await $0.mindLogs.delete(id: id, if: condition) }
  }
  func entry(id: Int64) async throws -> MindLog? {
    try await store.call(writes: false) { try await $0.mindLogs.entry(id: id) }
  }
}

private struct FailingChatRepository: ChatRepository {
  let store: FailingStore

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    try await store.call(writes: false) { try await $0.chat.messages(offset: offset, limit: limit) }
  }
  func insert(content: String, date: Date) async throws -> ChatMessage {
    try await store.call(writes: true) { try await $0.chat.insert(content: content, date: date) }
  }
  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage] {
    try await store.call(writes: true) { try await $0.chat.insert(contentsOf: drafts) }
  }
  func update(_ message: ChatMessage, if condition: WriteCondition<ChatMessage>) async throws {
    try await store.call(writes: true) { try await $0.chat.update(message, if: condition) }
  }
  func delete(id: Int64, if condition: WriteCondition<ChatMessage>) async throws {
    try await store.call(writes: true) { try await $0.chat.delete(id: id, if: condition) }
  }
  func message(id: Int64) async throws -> ChatMessage? {
    try await store.call(writes: false) { try await $0.chat.message(id: id) }
  }
}

private struct FailingArchiveRepository: ArchiveRepository {
  let store: FailingStore

  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    try await store.call(writes: false) { try await $0.archive.read(body) }
  }
  func recordCounts() async throws -> RecordCounts {
    try await store.call(writes: false) { try await $0.archive.recordCounts() }
  }
  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws {
    try await store.call(writes: true) {
      try await $0.archive.replaceAll(from: source, onlyIfEmpty: onlyIfEmpty)
    }
  }
}

private struct FailingDeclaredRecordRepository: DeclaredRecordRepository {
  let store: FailingStore

  func records(of kind: RecordDeclaration) async throws -> [String: String] {
    try await store.call(writes: false) { try await $0.declared.records(of: kind) }
  }
  func record(of kind: RecordDeclaration, key: String) async throws -> String? {
    try await store.call(writes: false) { try await $0.declared.record(of: kind, key: key) }
  }
  func update<Result: Sendable>(
    _ kind: RecordDeclaration, key: String,
    _ decide: @Sendable (String?) throws -> (write: DeclaredWrite, result: Result)
  ) async throws -> Result {
    try await store.call(writes: true) { try await $0.declared.update(kind, key: key, decide) }
  }
}
