import Foundation
import PocketData
import PocketDomain
import PocketTesting
import TestSupport
import Testing

/// A rates set that cannot be a real publication — published more than a day after the
/// machine's clock, or due for its next update before it was published — is refused by a
/// refresh naming the field, and one already cached never blocks the next real one. A
/// favourite a new set no longer lists can still be unpinned.
@Suite("Impossible rates")
struct ImpossibleRatesTests {
  let store = InMemoryStore().repositories
  /// The machine's clock in these tests: 2026-11-29 01:32 UTC.
  let now = Fixtures.referenceDate

  struct FixedSource: ExchangeRateSource {
    let snapshot: RateSnapshot
    var name: String { "fixed source" }
    func fetch() async throws -> RateSnapshot { snapshot }
  }

  func set(published: Date, next: Date? = nil, rates: [String: Decimal] = ["KRW": 1350])
    -> RateSnapshot
  {
    RateSnapshot(
      base: "USD", publishedAt: published, nextUpdateAt: next ?? published + 86_400, rates: rates)
  }

  func refresh(from snapshot: RateSnapshot, force: Bool = false) async throws -> RefreshResult {
    let now = now
    return try await RefreshExchangeRates(
      rates: store.rates, source: FixedSource(snapshot: snapshot), now: { now })(force: force)
  }

  /// 2100-01-01 00:00 UTC.
  static let year2100 = Date(timeIntervalSince1970: 4_102_444_800)

  @Test(arguments: [false, true])
  func aSetPublishedMoreThanADayAheadIsRefusedNamingItsTimeAndTheClock(force: Bool) async throws {
    // Cached rates already due for an update, so the source is asked.
    let real = set(published: now - 2 * 86_400)
    try await store.rates.storeNewer(real)
    for published in [Self.year2100, now + 86_401] {
      await #expect {
        try await refresh(from: set(published: published), force: force)
      } throws: { error in
        error as? DomainError
          == .ratesFromTheFuture(source: "fixed source", publishedAt: published, clock: now)
      }
    }
    #expect(try await store.rates.latest() == real, "the cached rates stay")
  }

  /// A clock a little behind the provider's (less than a day) is no reason to refuse.
  @Test func aSetLessThanADayAheadIsTaken() async throws {
    let ahead = set(published: now + 86_399)
    #expect(try await refresh(from: ahead) == .updated(ahead))
  }

  @Test func aSetDueBeforeItWasPublishedIsRefusedNamingTheField() async throws {
    await #expect {
      try await refresh(from: set(published: now - 60, next: now - 61))
    } throws: { error in
      guard case DomainError.ratesUnavailable(let reason) = error else { return false }
      return reason.english.contains("time_next_update_unix")
        && reason.english.contains("is before")
    }
    #expect(try await store.rates.latest() == nil)
  }

  /// A set from 2100 cached before refreshes checked the clock (or by a hand-edited store)
  /// is not "current until 2100": the next real set replaces it, without `--force`.
  @Test func aCachedSetFromTheFutureDoesNotBlockRefreshes() async throws {
    let future = set(published: Self.year2100)
    try await store.rates.storeNewer(future)
    let real = set(published: now - 3_600, rates: ["KRW": 1400])
    #expect(try await refresh(from: real) == .updated(real))
    #expect(try await store.rates.latest() == real)
    #expect(try await store.rates.previous() == future)
    // And the real set is now current as usual.
    #expect(try await refresh(from: real) == .notDue(nextUpdateAt: real.nextUpdateAt))
  }

  @Test func theStoreConditionAdmitsOverAnImpossibleLatestOnly() {
    let real = set(published: now - 3_600)
    let older = set(published: now - 7_200)
    let condition = RateStoreCondition.newerThanLatestOrImpossible(now: now)
    #expect(condition.admits(older, over: set(published: Self.year2100)))
    #expect(condition.admits(older, over: set(published: now - 60, next: now - 61)))
    #expect(!condition.admits(older, over: real))
    #expect(condition.admits(real, over: older))
    #expect(condition.admits(real, over: nil))
  }

  /// A pinned currency a new set no longer lists: `fav` still unpins it (and cannot pin it
  /// again while it is not listed).
  @Test func aFavouriteMissingFromANewSetCanBeUnpinned() async throws {
    try await store.rates.storeNewer(set(published: now - 7_200, rates: ["KRW": 1350, "EUR": 1]))
    let toggle = ToggleFavoriteCurrency(rates: store.rates)
    #expect(try await toggle("KRW") == true)
    try await store.rates.storeNewer(set(published: now - 3_600, rates: ["EUR": 1]))
    #expect(try await store.rates.favorites() == ["KRW"])
    #expect(try await toggle("KRW") == false)
    #expect(try await store.rates.favorites().isEmpty)
    await #expect(throws: DomainError.invalidInput(.unknownCurrency("KRW"))) {
      try await toggle("KRW")
    }
    #expect(try await store.rates.favorites().isEmpty)
  }
}
