import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@MainActor
@Suite("Rates and calculator screens")
struct RatesViewModelTests {
  let store = InMemoryStore().repositories

  @Test(arguments: ["won", "원", "krw", "KRW", "Korean"])
  func searchFindsByCodeOrNameInEitherLanguage(query: String) async {
    let viewModel = RatesViewModel(
      rates: store.rates, seed: BundledRateSource(), source: BundledRateSource(),
      now: { Fixtures.referenceDate })
    await viewModel.search(query)
    #expect(viewModel.state.quotes.map(\.code).contains("KRW"))
    #expect(viewModel.state.message == nil)
  }

  @Test func noMatchSaysSoAndAnEmptyQueryShowsAll() async {
    let viewModel = RatesViewModel(
      rates: store.rates, seed: BundledRateSource(), source: BundledRateSource(),
      now: { Fixtures.referenceDate })
    await viewModel.search("zzzz")
    #expect(viewModel.state.quotes.isEmpty)
    #expect(viewModel.state.hasNoResults)
    await viewModel.search("")
    #expect(viewModel.state.quotes.count == 162)
  }

  @Test func favouritesComeFirst() async {
    let viewModel = RatesViewModel(
      rates: store.rates, seed: BundledRateSource(), source: BundledRateSource(),
      now: { Fixtures.referenceDate })
    await viewModel.load()
    await viewModel.toggleFavorite("krw")
    #expect(viewModel.state.message == .favoriteAdded("KRW"))
    #expect(viewModel.state.quotes.first?.code == "KRW")
    #expect(viewModel.state.quotes.first?.isFavorite == true)
  }

  /// The bundled rates' publication (2024-08-19 00:02:31 UTC) and next update time
  /// (2024-08-20 00:19:41 UTC), from the snapshot's `time_*_unix` fields.
  nonisolated static let bundledPublished = Date(timeIntervalSince1970: 1_724_025_751)
  nonisolated static let bundledDue = Date(timeIntervalSince1970: 1_724_113_181)

  /// The calculator on KRW, its clock an hour after the bundled rates were published
  /// unless `now` says otherwise.
  func calculator(
    _ language: Language = .en,
    now: @escaping @Sendable () -> Date = { bundledPublished.addingTimeInterval(3_600) }
  ) async -> CalculatorViewModel {
    let viewModel = CalculatorViewModel(
      rates: store.rates, seed: BundledRateSource(), language: language, now: now)
    await viewModel.open("krw")
    return viewModel
  }

  @Test func convertsATypedAmount() async throws {
    let viewModel = await calculator()
    await viewModel.convert("1,000.5")
    let expected = try #require(Decimal(string: "1350678.04"))  // 1000.5 × 1350.003043
    var state = CalculatorViewModel.State(
      currency: "KRW", rate: Decimal(string: "1350.003043"),
      conversion: Conversion(
        amount: Decimal(string: "1000.5") ?? 0, from: "USD", result: expected, to: "KRW",
        base: "USD", fromRate: 1, toRate: Decimal(string: "1350.003043") ?? 0))
    state.publishedAt = Self.bundledPublished
    #expect(viewModel.state == state)
  }

  /// Rates past their next update time are marked on the calculator as on the list: since
  /// when they are due; current ones are not.
  @Test func theCalculatorSaysSinceWhenItsRatesAreDue() async {
    let current = await calculator()
    #expect(current.state.dueSince == nil)
    let late = await calculator(now: { Self.bundledDue.addingTimeInterval(86_400 * 400) })
    #expect(late.state.publishedAt == Self.bundledPublished)
    #expect(late.state.dueSince == Self.bundledDue)
    await late.reload()
    #expect(late.state.dueSince == Self.bundledDue)
  }

  @Test(arguments: [
    ("", Message.input(.emptyAmount)), ("  ", .input(.emptyAmount)),
    ("abc", .input(.invalidNumber)),
    ("NaN", .input(.invalidNumber)), ("1e999", .input(.invalidNumber)),
    ("1.2.3", .input(.invalidNumber)),
    ("1234567890123456", .input(.tooManyIntegerDigits(limit: 15))), ("-5", .input(.negativeAmount)),
  ])
  func refusesBadAmountsAndKeepsTheLastResult(text: String, message: Message) async {
    let viewModel = await calculator()
    await viewModel.convert("2")
    let before = viewModel.state.conversion
    await viewModel.convert(text)
    #expect(viewModel.state.message == message)
    #expect(viewModel.state.conversion == before)
  }

  @Test func unknownCurrencyIsRefused() async {
    let viewModel = await calculator()
    #expect(await viewModel.open("XYZ") == false)
    #expect(viewModel.state.message == .input(.unknownCurrency("XYZ")))
    #expect(viewModel.state.currency == "KRW")
  }

  @Test func theCalculatorQuotesAgainstTheSnapshotsBase() async throws {
    let eur = RateSnapshot(
      base: "EUR", publishedAt: Fixtures.referenceDate, nextUpdateAt: Fixtures.referenceDate,
      rates: ["KRW": Decimal(string: "1487.5") ?? 0, "USD": Decimal(string: "1.1") ?? 0])
    try await store.rates.storeNewer(eur)
    let viewModel = await calculator()
    #expect(viewModel.state.base == "EUR")
    #expect(viewModel.state.rate == Decimal(string: "1487.5"))
    await viewModel.convert("2")
    #expect(
      viewModel.state.conversion
        == Conversion(
          amount: 2, from: "EUR", result: Decimal(string: "2975") ?? 0, to: "KRW", base: "EUR",
          fromRate: 1, toRate: Decimal(string: "1487.5") ?? 0))
  }
}
