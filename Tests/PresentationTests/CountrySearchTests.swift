import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

/// The rate search matches a currency's code, its name and the names of the countries and
/// territories that use it, in English and Korean.
@MainActor
@Suite("Search by country")
struct CountrySearchTests {
  func search(_ query: String) async -> [String] {
    let viewModel = RatesViewModel(
      rates: InMemoryStore().repositories.rates, seed: BundledRateSource(),
      source: nil, now: { Fixtures.referenceDate })
    await viewModel.search(query)
    return viewModel.state.quotes.map(\.code)
  }

  /// Korean and English country names, the examples first; spaces do not matter.
  @Test(arguments: [
    ("유럽연합", "EUR"), ("대만", "TWD"), ("오스트레일리아", "AUD"), ("호주", "AUD"),
    ("미국", "USD"), ("일본", "JPY"), ("영국", "GBP"), ("중국", "CNY"), ("홍콩", "HKD"),
    ("스위스", "CHF"), ("캐나다", "CAD"), ("뉴질랜드", "NZD"), ("독일", "EUR"), ("프랑스", "EUR"),
    ("베트남", "VND"), ("태국", "THB"), ("인도네시아", "IDR"), ("대한민국", "KRW"),
    ("European Union", "EUR"), ("Taiwan", "TWD"), ("Australia", "AUD"), ("germany", "EUR"),
    ("Faroe", "FOK"), ("페로", "FOK"), ("Guernsey", "GGP"), ("건지", "GGP"),
    ("Isle of Man", "IMP"), ("맨섬", "IMP"), ("Jersey", "JEP"), ("저지", "JEP"),
    ("Kiribati", "KID"), ("키리바시", "KID"), ("Tuvalu", "TVD"), ("투발루", "TVD"),
  ])
  func findsACurrencyByTheCountryUsingIt(query: String, code: String) async {
    #expect(await search(query).contains(code), "\(query) → \(code)")
  }

  /// Every code of both bundled snapshots has a name of its own in both languages.
  @Test(arguments: ["2024-01-09", "2024-08-19"])
  func everyCodeHasANameInBothLanguages(day: String) throws {
    let snapshot = try OpenERAPIDecoder().decode(
      Foundation.Data(contentsOf: Fixtures.url("open-er-api-USD-\(day).json")))
    let unnamed = snapshot.codes.sorted().flatMap { code in
      Language.allCases.compactMap { language in
        let name = language.currencyName(code)
        return name == nil || name == code ? "\(language): \(code)" : nil
      }
    }
    #expect(unnamed.isEmpty)
  }
}
