import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct StopwatchRepositoryContractTests {
  private func lap(_ number: Int, _ lapMs: Int64, total totalMs: Int64) -> Lap {
    Lap(number: number, lapTime: .milliseconds(lapMs), total: .milliseconds(totalMs))
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func emptyStoreLoadsAResetStopwatch(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(try await store.stopwatch.load() == Stopwatch())
    #expect(
      try await store.stopwatch.laps(offset: 0, limit: 10) == Page(items: [], offset: 0, total: 0))
    #expect(try await store.stopwatch.lapSummary() == LapSummary())
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func saveReplacesTheStoredTimeAndSurvivesReopen(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let running = Stopwatch(accumulated: .milliseconds(1_234), startedAt: Fixtures.date(500))
    try await store.stopwatch.update(saving: running)
    #expect(try await store.stopwatch.load() == running)
    let stopped = Stopwatch(accumulated: .milliseconds(98_765))
    try await store.stopwatch.update(saving: stopped)
    #expect(try await store.stopwatch.load() == stopped)
    try await store.reopen()  // survival is checked for persistent kinds
    #expect(try await store.stopwatch.load() == stopped)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func saveLeavesLapsAlone(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.stopwatch.update(appending: lap(1, 1_000, total: 1_000))
    try await store.stopwatch.update(saving: Stopwatch(accumulated: .milliseconds(5)))
    #expect(try await store.stopwatch.lapSummary().count == 1)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func lapsComeNewestFirstAndPage(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    // Appended out of order: ordering is by number, not by insertion. (The laps follow each
    // other as a stopwatch records them once all are in: the json store refuses, reading
    // its files, laps that do not, as an import does.)
    for number in [2, 1, 4, 3, 5] {
      try await store.stopwatch.update(
        appending: lap(number, Int64(number) * 100, total: Int64(number * (number + 1) / 2) * 100))
    }
    let all = try await store.stopwatch.laps(offset: 0, limit: 10)
    #expect(all.items.map(\.number) == [5, 4, 3, 2, 1])
    #expect(all.total == 5)
    #expect(all.items.first == lap(5, 500, total: 1_500))
    let middle = try await store.stopwatch.laps(offset: 1, limit: 2)
    #expect(
      middle
        == Page(items: [lap(4, 400, total: 1_000), lap(3, 300, total: 600)], offset: 1, total: 5))
    let pastTheEnd = try await store.stopwatch.laps(offset: 7, limit: 2)
    #expect(pastTheEnd.items.isEmpty)
    #expect(pastTheEnd.total == 5)
    #expect(try await store.stopwatch.laps(offset: 0, limit: 0).items.isEmpty)
    try await store.reopen()  // survival is checked for persistent kinds
    #expect(try await store.stopwatch.laps(offset: 0, limit: 10) == all)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func aDuplicateLapNumberThrowsAndStoresNothing(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.stopwatch.update(appending: lap(1, 1_000, total: 1_000))
    await #expect(throws: DomainError.duplicate) {
      try await store.stopwatch.update(appending: lap(1, 9_999, total: 9_999))
    }
    #expect(
      try await store.stopwatch.laps(offset: 0, limit: 10).items == [lap(1, 1_000, total: 1_000)])
    try await store.reopen()
    #expect(
      try await store.stopwatch.laps(offset: 0, limit: 10).items == [lap(1, 1_000, total: 1_000)])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 5))
  func summaryMarksFastestAndSlowestLowestNumberWinningTies(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let laps = [
      lap(1, 3_000, total: 3_000), lap(2, 1_000, total: 4_000), lap(3, 5_000, total: 9_000),
      lap(4, 1_000, total: 10_000), lap(5, 5_000, total: 15_000),
    ]
    for item in laps.reversed() { try await store.stopwatch.update(appending: item) }
    let summary = try await store.stopwatch.lapSummary()
    #expect(summary == LapSummary(count: 5, fastest: laps[1], slowest: laps[2]))
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 6))
  func resetDeletesTimeAndLapsAndIsFineOnAnEmptyStore(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.stopwatch.reset()
    try await store.stopwatch.update(
      saving:
        Stopwatch(accumulated: .milliseconds(10), startedAt: Fixtures.date()))
    try await store.stopwatch.update(appending: lap(1, 10, total: 10))
    try await store.stopwatch.reset()
    #expect(try await store.stopwatch.load() == Stopwatch())
    #expect(try await store.stopwatch.lapSummary() == LapSummary())
    // Lap numbers are free again after a reset.
    try await store.stopwatch.update(appending: lap(1, 20, total: 20))
    try await store.reopen()
    #expect(try await store.stopwatch.load() == Stopwatch())
    #expect(try await store.stopwatch.laps(offset: 0, limit: 5).items == [lap(1, 20, total: 20)])
  }
}
