import Foundation
import PocketData
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// The read-modify-write operations of the repositories (`StopwatchRepository.update`,
/// `BookmarkRepository.toggle`, `ExchangeRateRepository.toggleFavorite`,
/// `ArchiveRepository.replaceAll(with:onlyIfEmpty:)`) on every store, alone and with several
/// stores on one folder changing it at once, as several `pocket` processes would.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite struct AtomicUpdateContractTests {
  private let bookmark = Bookmark(
    url: "https://example.com/notice/1", title: "Notice", noticeDate: Fixtures.date(),
    bookmarkedAt: Fixtures.date(1_000))

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func updateStoresTheChangeItChoseFromWhatIsStored(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let running = Stopwatch(accumulated: .milliseconds(10), startedAt: Fixtures.date())
    let seen = try await store.stopwatch.update { stopwatch, newest in
      (.save(running), "\(stopwatch.isReset) \(newest == nil)")
    }
    #expect(seen == "true true")
    #expect(try await store.stopwatch.load() == running)

    let lap = Lap(number: 1, lapTime: .milliseconds(40), total: .milliseconds(40))
    try await store.stopwatch.update { stopwatch, _ in
      #expect(stopwatch == running)
      return (.appendLap(lap), ())
    }
    let newest = try await store.stopwatch.update { _, newest in (nil, newest) }
    #expect(newest == lap)
    #expect(try await store.stopwatch.load() == running, "a lap leaves the time alone")
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func aLapSavedWithAStopwatchStoresBothAndSurvivesReopen(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let lap = Lap(number: 1, lapTime: .milliseconds(700), total: .milliseconds(700))
    let restarted = Stopwatch(accumulated: .milliseconds(700), startedAt: Fixtures.date(9))
    try await store.stopwatch.update { _, _ in (.appendLap(lap, saving: restarted), ()) }
    try await store.reopen()
    #expect(try await store.stopwatch.load() == restarted)
    #expect(try await store.stopwatch.laps(offset: 0, limit: 5).items == [lap])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func updateThatThrowsStoresNothing(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    await #expect(throws: DomainError.invalidInput(.stopwatchNotRunning)) {
      try await store.stopwatch.update { _, _ -> (change: StopwatchChange?, result: Void) in
        throw DomainError.invalidInput(.stopwatchNotRunning)
      }
    }
    let taken = Lap(number: 1, lapTime: .milliseconds(5), total: .milliseconds(5))
    try await store.stopwatch.update(appending: taken)
    await #expect(throws: DomainError.duplicate) {
      try await store.stopwatch.update { _, _ in
        (.appendLap(Lap(number: 1, lapTime: .milliseconds(9), total: .milliseconds(9))), ())
      }
    }
    try await store.reopen()
    #expect(try await store.stopwatch.load() == Stopwatch())
    #expect(try await store.stopwatch.laps(offset: 0, limit: 5).items == [taken])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func toggleBookmarkAddsThenRemoves(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(try await store.bookmarks.toggle(bookmark) == .bookmarked)
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 5).items == [bookmark])
    try await store.reopen()
    #expect(try await store.bookmarks.toggle(bookmark) == .removed)
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 5).total == 0)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func toggleFavoriteFlips(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(try await store.rates.toggleFavorite("EUR"))
    #expect(try await store.rates.favorites() == ["EUR"])
    #expect(try await !store.rates.toggleFavorite("EUR"))
    #expect(try await store.rates.favorites() == [])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 5))
  func replaceOnlyIfEmptyRefusesAStoreWithDataAndKeepsIt(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let incoming = StoreArchive(favoriteCurrencies: ["JPY"])
    try await store.repositories.archive.replaceAll(with: incoming, onlyIfEmpty: true)
    #expect(try await store.rates.favorites() == ["JPY"])
    _ = try await store.chat.insert(content: "kept", date: Fixtures.date())
    await #expect(throws: DomainError.invalidInput(.storeNotEmpty)) {
      try await store.repositories.archive.replaceAll(with: incoming, onlyIfEmpty: true)
    }
    try await store.reopen()
    #expect(try await store.chat.messages(offset: 0, limit: 5).items.map(\.content) == ["kept"])
    try await store.repositories.archive.replaceAll(with: incoming, onlyIfEmpty: false)
    #expect(try await store.chat.messages(offset: 0, limit: 5).total == 0)
  }

  /// Several stores opened on one folder (each its own connection or file handles, as
  /// separate processes have) lap, toggle one bookmark and toggle one favourite at once.
  /// Every lap gets its own number, no valid toggle is refused, and no toggle is lost.
  @Test(arguments: Soak.all(StoreKind.persistent, quickTurn: 6))
  func storesOnOneFolderChangingAtOnceLoseAndRefuseNothing(kind: StoreKind) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writers = 4
    let rounds = 15
    var stores: [Repositories] = []
    for _ in 0..<writers { stores.append(try await kind.makeStore(at: directory)) }
    let timeline = Timeline(clock: ContinuousClock(), now: { Fixtures.referenceDate })
    try await StartStopwatch(stopwatch: stores[0].stopwatch, timeline: timeline)()
    let bookmark = bookmark
    try await withThrowingTaskGroup(of: Void.self) { group in
      for store in stores {
        group.addTask {
          let lap = SaveLap(stopwatch: store.stopwatch, timeline: timeline)
          for _ in 0..<rounds {
            try await lap()
            _ = try await store.bookmarks.toggle(bookmark)
            _ = try await store.rates.toggleFavorite("EUR")
          }
        }
      }
      try await group.waitForAll()
    }

    let check = try await kind.makeStore(at: directory)
    let laps = try await check.stopwatch.laps(offset: 0, limit: writers * rounds + 1).items
    #expect(laps.map(\.number) == Array((1...writers * rounds).reversed()))
    #expect(laps.allSatisfy { $0.lapTime >= .zero })
    #expect(laps.map(\.lapTime).reduce(.zero, +) == laps.first?.total)
    let toggles = writers * rounds
    let isBookmarked = try await !check.bookmarks.bookmarkedURLs(among: [bookmark.url]).isEmpty
    #expect(isBookmarked == !toggles.isMultiple(of: 2))
    #expect(try await check.rates.favorites().contains("EUR") == !toggles.isMultiple(of: 2))
  }
}
