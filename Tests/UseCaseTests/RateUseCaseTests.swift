import Foundation
import PocketData
import PocketDomain
import PocketTesting
import TestSupport
import Testing

@Suite("Rate use cases")
struct RateUseCaseTests {
  let store = InMemoryStore().repositories

  func snapshot(_ day: String) throws -> RateSnapshot {
    try OpenERAPIDecoder().decode(
      Foundation.Data(contentsOf: Fixtures.url("open-er-api-USD-\(day).json")))
  }

  func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

  @Test func convertsUSDWithTheCachedRate() async throws {
    try await store.rates.storeNewer(snapshot("2024-08-19"))
    let convert = ConvertCurrency(rates: store.rates)
    // KRW 1350.003043 × 100 = 135000.3043 → 135000.30
    #expect(
      try await convert(100, from: "USD", to: "KRW")
        == Conversion(
          amount: 100, from: "USD", result: decimal("135000.30"), to: "KRW", base: "USD",
          fromRate: 1, toRate: decimal("1350.003043")))
    // JPY 148.042596 × 12.5 = 1850.53245 → 1850.53
    #expect(try await convert(decimal("12.5"), from: "USD", to: "JPY").result == decimal("1850.53"))
  }

  @Test func convertsBetweenTwoCurrenciesThroughUSD() async throws {
    try await store.rates.storeNewer(snapshot("2024-08-19"))
    let eur = try #require(try await store.rates.latest()?.rates["EUR"])
    let krw = try #require(try await store.rates.latest()?.rates["KRW"])
    let result = try await ConvertCurrency(rates: store.rates)(100, from: "EUR", to: "KRW")
    #expect(result.result == (100 * krw / eur).rounded(scale: 2))
    #expect(result.result == decimal("148754.27"))
  }

  /// Hand-computed from the 2024-01-09 response: KRW 1315.579762, JPY 144.210309,
  /// EUR 0.913083 per USD.
  @Test(arguments: [
    ("250", "JPY", "KRW", "2280.66"),  // 250 × 1315.579762 / 144.210309 = 2280.6617…
    ("0.5", "USD", "KRW", "657.79"),  // 657.789881 → 657.79
    ("1000", "KRW", "EUR", "0.69"),  // 1000 × 0.913083 / 1315.579762 = 0.6940…
  ])
  func crossRatesMatchHandComputedValues(
    amount: String, from: String, to: String, expected: String
  ) async throws {
    try await store.rates.storeNewer(snapshot("2024-01-09"))
    let result = try await ConvertCurrency(rates: store.rates)(decimal(amount), from: from, to: to)
    #expect(result.result == decimal(expected))
  }

  /// Results exactly half a cent past a cent, with the cent below odd and even, and just
  /// under half a cent, checked by hand: half-up, never half-to-even (banker's), rounding.
  @Test(arguments: [
    ("1", "USD", "HLF", "0.01"),  // 0.005 (half-to-even: 0.00)
    ("3", "USD", "HLF", "0.02"),  // 0.015
    ("5", "USD", "HLF", "0.03"),  // 0.025 (half-to-even: 0.02)
    ("7", "USD", "HLF", "0.04"),  // 0.035
    ("0.999", "USD", "HLF", "0"),  // 0.004995
    ("0.1", "USD", "HLF", "0"),  // 0.0005
    ("1", "TWO", "TEN", "0.03"),  // 1 × 0.05 / 2 = 0.025 (half-to-even: 0.02)
    ("123456788.5", "USD", "CNT", "1234567.89"),  // 1,234,567.885 (half-to-even: .88)
    ("2", "TWO", "CNT", "0.01"),  // 2 × 0.01 / 2 = 0.01
  ])
  func roundsHalfUpToTheCent(amount: String, from: String, to: String, expected: String)
    async throws
  {
    try await store.rates.storeNewer(
      RateSnapshot(
        base: "USD", publishedAt: Fixtures.date(), nextUpdateAt: Fixtures.date(3_600_000),
        rates: ["HLF": decimal("0.005"), "TWO": 2, "TEN": decimal("0.05"), "CNT": decimal("0.01")]))
    let result = try await ConvertCurrency(rates: store.rates)(decimal(amount), from: from, to: to)
    #expect(result.result == decimal(expected))
  }

  @Test func refusesUnknownCurrenciesAndNegativeAmounts() async throws {
    try await store.rates.storeNewer(snapshot("2024-08-19"))
    let convert = ConvertCurrency(rates: store.rates)
    await #expect(throws: DomainError.invalidInput(.unknownCurrency("XXX"))) {
      try await convert(1, from: "USD", to: "XXX")
    }
    await #expect(throws: DomainError.invalidInput(.negativeAmount)) {
      try await convert(-1, from: "USD", to: "KRW")
    }
  }

  @Test func loadingFillsAnEmptyStoreFromTheSource() async throws {
    let board = try await LoadExchangeRates(rates: store.rates, source: BundledRateSource())()
    #expect(board.quotes.count == 162)
    #expect(board.quotes.first?.code == "AED")
    #expect(try await store.rates.latest() == snapshot("2024-08-19"))
  }

  /// A store that today's version left with the previous set newer than the latest (two
  /// refreshes at once): the list shows no marks rather than marks the wrong way round.
  @Test func aPreviousSetNewerThanTheLatestGivesNoTrends() async throws {
    // No door stores an older publication over a newer one; an import brings the file in.
    try await store.archive.replaceAll(
      with: StoreArchive(
        latestRates: try snapshot("2024-01-09"), previousRates: try snapshot("2024-08-19")))
    let board = try await LoadExchangeRates(rates: store.rates, source: BundledRateSource())()
    #expect(board.publishedAt == (try snapshot("2024-01-09")).publishedAt)
    #expect(board.quotes.allSatisfy { $0.trend == .flat })
  }

  /// A seed fetched while another process stored newer rates is not stored over them: the
  /// list shows what the store kept.
  @Test func loadingSeedsOnlyAStoreThatIsStillEmpty() async throws {
    let source = StoringMeanwhile(
      rates: store.rates, meanwhile: try snapshot("2024-01-09"), fetched: try snapshot("2024-08-19")
    )
    let board = try await LoadExchangeRates(rates: store.rates, source: source)()
    #expect(board.publishedAt == (try snapshot("2024-01-09")).publishedAt)
    #expect(try await store.rates.latest() == snapshot("2024-01-09"))
    #expect(try await store.rates.previous() == nil)
  }

  /// The cache moved on after the refresh read it (another process stored newer rates):
  /// the older publication fetched is refused by the store, not stored over them.
  @Test func aRefreshOvertakenByANewerSetStoresNothing() async throws {
    let (january, august) = (try snapshot("2024-01-09"), try snapshot("2024-08-19"))
    var june = january
    june.publishedAt = Date(timeIntervalSince1970: 1_717_200_000)
    june.nextUpdateAt = june.publishedAt + 86_400
    try await store.rates.storeNewer(january)
    let refresh = RefreshExchangeRates(
      rates: store.rates,
      source: StoringMeanwhile(rates: store.rates, meanwhile: august, fetched: june),
      now: { Fixtures.referenceDate })
    #expect(try await refresh(force: true) == .sourceOlder(publishedAt: june.publishedAt))
    #expect(try await store.rates.latest() == august)
    #expect(try await store.rates.previous() == january)
  }

  @Test func trendsCompareWithThePreviousSnapshot() async throws {
    try await store.rates.storeNewer(snapshot("2024-01-09"))
    try await store.rates.storeNewer(snapshot("2024-08-19"))
    let board = try await LoadExchangeRates(rates: store.rates, source: BundledRateSource())()
    let trends = Dictionary(uniqueKeysWithValues: board.quotes.map { ($0.code, $0.trend) })
    // KRW 1315.58 → 1350.00 and JPY 144.21 → 148.04 rose; EUR 0.9131 → 0.9075 moved < 0.01.
    #expect(trends["KRW"] == .up)
    #expect(trends["JPY"] == .up)
    #expect(trends["EUR"] == .flat)
    #expect(trends["USD"] == .flat)
  }

  @Test(arguments: [("1.00", "1.02", Trend.down), ("1.02", "1.00", .up), ("1.01", "1.00", .flat)])
  func trendNeedsAMoveOverOneCent(current: String, previous: String, expected: Trend) {
    #expect(Trend(current: decimal(current), previous: decimal(previous)) == expected)
  }

  @Test func favouritesArePinnedOnTopSortedByCode() async throws {
    let toggle = ToggleFavoriteCurrency(rates: store.rates)
    let load = LoadExchangeRates(rates: store.rates, source: BundledRateSource())
    _ = try await load()
    #expect(try await toggle("KRW"))
    #expect(try await toggle("EUR"))
    let codes = try await load().quotes.prefix(3).map(\.code)
    #expect(codes == ["EUR", "KRW", "AED"])
    #expect(try await toggle("KRW") == false)
    await #expect(throws: DomainError.invalidInput(.unknownCurrency("ZZZ"))) {
      try await toggle("ZZZ")
    }
    // Codes the caller has at hand are checked the same way, without reading the rates.
    await #expect(throws: DomainError.invalidInput(.unknownCurrency("KRW"))) {
      try await toggle("KRW", among: ["USD", "EUR"])
    }
    #expect(try await toggle("USD", among: ["USD", "EUR"]))
    #expect(try await store.rates.favorites() == ["EUR", "USD"])
  }
}

@Suite("Refreshing rates")
struct RefreshTests {
  /// A source that hands out the snapshots it was given, one per fetch, and counts fetches.
  actor ScriptedSource: ExchangeRateSource {
    nonisolated var name: String { "scripted" }
    private var script: [Result<RateSnapshot, DomainError>]
    private(set) var fetches = 0
    init(_ script: [Result<RateSnapshot, DomainError>]) { self.script = script }
    func fetch() async throws -> RateSnapshot {
      fetches += 1
      return try script.removeFirst().get()
    }
  }

  let store = InMemoryStore().repositories

  func snapshot(next: Date, krw: String) -> RateSnapshot {
    RateSnapshot(
      base: "USD", publishedAt: next - 86_400, nextUpdateAt: next,
      rates: ["KRW": Decimal(string: krw) ?? 0])
  }

  @Test func refreshesOnlyOnceTheNextUpdateIsDueUnlessForced() async throws {
    let now = Fixtures.referenceDate
    let first = snapshot(next: now + 3_600, krw: "1300")
    let second = snapshot(next: now + 7_200, krw: "1350")
    let source = ScriptedSource([.success(first), .success(second)])
    let refresh = RefreshExchangeRates(rates: store.rates, source: source, now: { now })
    #expect(try await refresh() == .updated(first))
    #expect(try await refresh() == .notDue(nextUpdateAt: now + 3_600))
    #expect(await source.fetches == 1)
    #expect(try await refresh(force: true) == .updated(second))
    #expect(try await store.rates.latest() == second)
    #expect(try await store.rates.previous() == first)
  }

  @Test func aFailedRefreshKeepsTheCachedRates() async throws {
    let cached = snapshot(next: Fixtures.referenceDate - 1, krw: "1300")
    try await store.rates.storeNewer(cached)
    let source = ScriptedSource([.failure(.ratesUnavailable(reason: .system("HTTP 500")))])
    let refresh = RefreshExchangeRates(
      rates: store.rates, source: source, now: { Fixtures.referenceDate })
    await #expect(throws: DomainError.ratesUnavailable(reason: .system("HTTP 500"))) {
      try await refresh()
    }
    #expect(try await store.rates.latest() == cached)
  }

  /// Rates never go back in time: an older publication, even forced, leaves the cache as it
  /// is; the same publication again changes nothing either.
  @Test func anOlderPublicationNeverReplacesTheCachedRates() async throws {
    let now = Fixtures.referenceDate
    let cached = snapshot(next: now - 1, krw: "1400")
    let older = snapshot(next: now - 86_400, krw: "1300")
    try await store.rates.storeNewer(older)
    try await store.rates.storeNewer(cached)
    let source = ScriptedSource([.success(older), .success(older), .success(cached)])
    let refresh = RefreshExchangeRates(rates: store.rates, source: source, now: { now })
    #expect(try await refresh() == .sourceOlder(publishedAt: older.publishedAt))
    #expect(try await refresh(force: true) == .sourceOlder(publishedAt: older.publishedAt))
    #expect(try await refresh() == .unchanged(publishedAt: cached.publishedAt))
    #expect(try await store.rates.latest() == cached)
    #expect(try await store.rates.previous() == older)
  }

  @Test func withoutASourceNothingIsFetched() async throws {
    let refresh = RefreshExchangeRates(
      rates: store.rates, source: nil, now: { Fixtures.referenceDate })
    #expect(try await refresh(force: true) == .noSource)
    #expect(try await store.rates.latest() == nil)
  }

  /// Snapshots of different bases are not compared rate by rate: no mark flips because the
  /// base changed.
  @Test func trendsCompareOnlySnapshotsOfTheSameBase() async throws {
    let now = Fixtures.referenceDate
    try await store.rates.storeNewer(snapshot(next: now - 86_400, krw: "1300"))
    try await store.rates.storeNewer(
      RateSnapshot(
        base: "EUR", publishedAt: now, nextUpdateAt: now + 86_400,
        rates: ["KRW": 1450, "USD": Decimal(string: "1.08") ?? 0]))
    let board = try await LoadExchangeRates(rates: store.rates, source: BundledRateSource())()
    #expect(board.base == "EUR")
    #expect(board.quotes.allSatisfy { $0.trend == .flat })
  }
}

/// A source whose fetch lets "another process" store `meanwhile` before it returns
/// `fetched`: the moment between a use case's reading of the cache and its write.
private struct StoringMeanwhile: ExchangeRateSource {
  let rates: any ExchangeRateRepository
  let meanwhile: RateSnapshot
  let fetched: RateSnapshot
  var name: String { "a source another process beats" }

  func fetch() async throws -> RateSnapshot {
    try await rates.storeNewer(meanwhile)
    return fetched
  }
}
