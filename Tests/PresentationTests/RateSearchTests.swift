import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

/// The rate search folds case and diacritics of the query and of every currency name.
@MainActor
@Suite("Rate search")
struct RateSearchTests {
  func search(_ query: String) async -> [String] {
    let viewModel = RatesViewModel(
      rates: InMemoryStore().repositories.rates, seed: BundledRateSource(),
      source: BundledRateSource(), now: { Fixtures.referenceDate })
    await viewModel.search(query)
    return viewModel.state.quotes.map(\.code)
  }

  @Test(arguments: ["WON", "Won", "wón", "SOUTH KOREAN", "  krw  "])
  func caseAndDiacriticsDoNotMatter(query: String) async {
    #expect(await search(query).contains("KRW"))
  }

  @Test(arguments: ["sao tome", "SÃO TOMÉ", "São Tomé"])
  func namesWithDiacriticsAreFoundWithout(query: String) async {
    #expect(await search(query) == ["STN"])
  }

  /// A query matches within one name, never across the code and a name.
  @Test func aQueryDoesNotSpanTwoNames() async {
    #expect(await search("krw south").isEmpty)
    #expect(await search("krwsouth").isEmpty)
  }
}
