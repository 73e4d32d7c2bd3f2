import Foundation
import PocketData
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// The writes whose decision the store makes inside the write: rates stored
/// only over an older publication or into an empty store, a reset or a clear only of as
/// many items as allowed, an edit of some fields of a mind-log entry. Every store, alone,
/// and several stores on one folder at once as several processes would.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite struct ConditionalWriteContractTests {
  /// A snapshot published `day` days after the reference date, with one rate telling it
  /// apart from the others.
  private func snapshot(day: Int64) -> RateSnapshot {
    RateSnapshot(
      base: "USD", publishedAt: Fixtures.date(day * 86_400_000),
      nextUpdateAt: Fixtures.date((day + 1) * 86_400_000),
      rates: ["USD": 1, "KRW": Decimal(1_300 + Int(day))])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func newerThanLatestStoresOnlyALaterPublication(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let (first, second, third) = (snapshot(day: 10), snapshot(day: 20), snapshot(day: 30))
    #expect(try await store.rates.store(second, if: .newerThanLatest) == .stored)
    #expect(try await store.rates.store(first, if: .newerThanLatest) == .kept(latest: second))
    var sameTime = snapshot(day: 20)
    sameTime.rates["KRW"] = 1
    #expect(try await store.rates.store(sameTime, if: .newerThanLatest) == .kept(latest: second))
    #expect(try await store.rates.store(second, if: .newerThanLatest) == .kept(latest: second))
    #expect(try await store.rates.previous() == nil, "nothing refused was stored")
    #expect(try await store.rates.store(third, if: .newerThanLatest) == .stored)
    try await store.reopen()
    #expect(try await store.rates.latest() == third)
    #expect(try await store.rates.previous() == second)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func noneStoredOnlySeedsAnEmptyStore(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let (older, newer) = (snapshot(day: 1), snapshot(day: 2))
    #expect(try await store.rates.store(newer, if: .noneStored) == .stored)
    #expect(try await store.rates.store(older, if: .noneStored) == .kept(latest: newer))
    #expect(try await store.rates.store(snapshot(day: 3), if: .noneStored) == .kept(latest: newer))
    #expect(try await store.rates.latest() == newer)
    #expect(try await store.rates.previous() == nil)
  }

  @Test func conditionAdmitsByPublicationTimeOnly() {
    // The decision every store makes, against a hand table.
    let (day1, day2) = (snapshot(day: 1), snapshot(day: 2))
    let table: [(RateStoreCondition, RateSnapshot, RateSnapshot?, Bool)] = [
      (.newerThanLatest, day1, nil, true), (.newerThanLatest, day2, day1, true),
      (.newerThanLatest, day1, day2, false), (.newerThanLatest, day1, day1, false),
      (.noneStored, day1, nil, true), (.noneStored, day2, day1, false),
    ]
    for (condition, offered, latest, admitted) in table {
      #expect(condition.admits(offered, over: latest) == admitted, "\(condition)")
    }
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func resetWithALimitCountsTheLapsAndRefusesMore(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let running = Stopwatch(accumulated: .milliseconds(5), startedAt: Fixtures.date())
    try await store.stopwatch.update(saving: running)
    let laps = (1...2).map { Lap(number: $0, lapTime: .seconds(1), total: .seconds($0)) }
    for lap in laps { try await store.stopwatch.update(appending: lap) }
    #expect(try await store.stopwatch.reset(ifAtMost: 1) == .refused(count: 2))
    try await store.reopen()
    #expect(try await store.stopwatch.load() == running)
    #expect(try await store.stopwatch.laps(offset: 0, limit: 5).items == laps.reversed())
    #expect(try await store.stopwatch.reset(ifAtMost: 2) == .deleted)
    #expect(try await store.stopwatch.load() == Stopwatch())
    #expect(try await store.stopwatch.lapSummary().count == 0)
    #expect(try await store.stopwatch.reset(ifAtMost: 0) == .deleted, "an empty one resets")
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func clearWithALimitCountsTheBookmarksAndRefusesMore(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let bookmarks = (1...3).map {
      Bookmark(
        url: "https://example.com/\($0)", title: "Notice \($0)", noticeDate: Fixtures.date(),
        bookmarkedAt: Fixtures.date(Int64($0)))
    }
    for bookmark in bookmarks { try await store.bookmarks.toggleOn(bookmark) }
    #expect(try await store.bookmarks.deleteAll(ifAtMost: 2) == .refused(count: 3))
    try await store.reopen()
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 5).total == 3)
    #expect(try await store.bookmarks.deleteAll(ifAtMost: 3) == .deleted)
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 5).total == 0)
    #expect(try await store.bookmarks.deleteAll(ifAtMost: 0) == .empty, "empty is no error")
    #expect(try await store.bookmarks.deleteAll(ifAtMost: .max) == .empty)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func editingSomeFieldsOfAnEntryKeepsTheOthersAsStored(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let entry = try await store.mindLogs.insert(date: Fixtures.date(), score: 5, note: "old")
    // Another process changes the note after this one read the entry.
    var changedElsewhere = entry
    changedElsewhere.note = "written elsewhere"
    try await store.mindLogs.update(replacing: changedElsewhere)
    let scored = try await store.mindLogs.update(id: entry.id, score: 7, note: nil, date: nil)
    #expect(scored == MindLog(id: entry.id, date: entry.date, score: 7, note: "written elsewhere"))
    let moved = try await store.mindLogs.update(
      id: entry.id, score: 8, note: "mine", date: Fixtures.date(-86_400_000))
    #expect(
      moved == MindLog(id: entry.id, date: Fixtures.date(-86_400_000), score: 8, note: "mine"))
    try await store.reopen()
    #expect(try await store.mindLogs.entries(offset: 0, limit: 5).items == [moved])
    await #expect(throws: DomainError.notFound) {
      try await store.mindLogs.update(id: 99, score: 1, note: nil, date: nil)
    }
  }

  /// Stores opened on one folder (each with its own connection or file handles, as
  /// processes have) store publications at once, each its own, in shuffled order: the
  /// latest ends as the newest offered, the previous is older than it, and of the offers
  /// exactly those published after everything stored before them were stored.
  @Test(arguments: Soak.all(StoreKind.persistent, quickTurn: 5))
  func storesOnOneFolderStoringRatesAtOnceNeverGoBackInTime(kind: StoreKind) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writers = 4
    let rounds = Soak.size(5, full: 50)
    var stores: [Repositories] = []
    for _ in 0..<writers { stores.append(try await kind.makeStore(at: directory)) }
    var day: Int64 = 0
    for round in 1...rounds {
      let days = (1...Int64(writers)).map { day + $0 }.shuffled()
      day += Int64(writers)
      let outcomes: [Int64: RateStoreOutcome] = try await withThrowingTaskGroup(
        of: (Int64, RateStoreOutcome).self
      ) { group in
        for (store, offered) in zip(stores, days) {
          group.addTask {
            (
              offered,
              try await store.rates.store(self.snapshot(day: offered), if: .newerThanLatest)
            )
          }
        }
        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
      }
      let check = try await kind.makeStore(at: directory)
      let latest = try await check.rates.latest()
      let previous = try await check.rates.previous()
      #expect(latest == snapshot(day: day), "round \(round): \(outcomes)")
      // Round 1 leaves no previous set when the newest was stored first.
      #expect(
        previous.map { $0.publishedAt < snapshot(day: day).publishedAt } ?? (round == 1),
        "round \(round): previous \(String(describing: previous?.publishedAt))")
      #expect(outcomes[day] == .stored, "round \(round): the newest is always stored")
      for (offered, outcome) in outcomes {
        if case .kept(let kept) = outcome {
          #expect(kept.publishedAt > snapshot(day: offered).publishedAt, "round \(round)")
        }
      }
    }
  }
}
