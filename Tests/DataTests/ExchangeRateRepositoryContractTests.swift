import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct ExchangeRateRepositoryContractTests {
  private func snapshot(_ day: Int64, krw: String) -> RateSnapshot {
    RateSnapshot(
      base: "USD", publishedAt: Fixtures.date(day * 86_400_000),
      nextUpdateAt: Fixtures.date((day + 1) * 86_400_000),
      rates: [
        "USD": 1, "KRW": Decimal(string: krw, locale: Locale(identifier: "en_US_POSIX")) ?? 0,
        "JPY": Decimal(string: "145.583913", locale: Locale(identifier: "en_US_POSIX")) ?? 0,
      ])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func anEmptyStoreHasNoRatesAndNoFavorites(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(try await store.rates.latest() == nil)
    #expect(try await store.rates.previous() == nil)
    #expect(try await store.rates.favorites().isEmpty)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func storeShiftsLatestToPreviousAndDropsTheOneBefore(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let first = snapshot(0, krw: "1318.5")
    let second = snapshot(1, krw: "1350.003043")
    let third = snapshot(2, krw: "1349.1")
    try await store.rates.storeNewer(first)
    #expect(try await store.rates.latest() == first)
    #expect(try await store.rates.previous() == nil)
    try await store.rates.storeNewer(second)
    #expect(try await store.rates.latest() == second)
    #expect(try await store.rates.previous() == first)
    try await store.rates.storeNewer(third)
    try await store.reopen()  // survival is checked for persistent kinds
    #expect(try await store.rates.latest() == third)
    #expect(try await store.rates.previous() == second)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func storingTheLatestAgainChangesNothing(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let first = snapshot(0, krw: "1318.5")
    let second = snapshot(1, krw: "1350.003043")
    try await store.rates.storeNewer(first)
    try await store.rates.storeNewer(second)
    #expect(try await store.rates.store(second, if: .newerThanLatest) == .kept(latest: second))
    #expect(try await store.rates.latest() == second)
    #expect(try await store.rates.previous() == first)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func ratesRoundTripExactly(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let exact = snapshot(0, krw: "1350.003043")
    try await store.rates.storeNewer(exact)
    try await store.reopen()
    let krw = try #require(try await store.rates.latest()?.rates["KRW"])
    #expect(krw == Decimal(string: "1350.003043", locale: Locale(identifier: "en_US_POSIX")))
    #expect(krw.description == "1350.003043")
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func toggleFavoriteAddsThenRemovesAndSaysWhichItDid(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(try await store.rates.toggleFavorite("KRW"))
    #expect(try await store.rates.toggleFavorite("JPY"))
    #expect(try await store.rates.favorites() == ["KRW", "JPY"])
    #expect(try await store.rates.toggleFavorite("JPY") == false)
    try await store.reopen()
    #expect(try await store.rates.favorites() == ["KRW"])
    #expect(try await store.rates.toggleFavorite("JPY"))
    #expect(try await store.rates.favorites() == ["KRW", "JPY"])
  }
}
