import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

/// Names are looked up per code and language when first shown or searched
/// (`CurrencyNames`): whatever came first, a search still finds a currency by its code, its
/// names in both languages, the countries using it and its aliases, and a screen still
/// shows each name in its own language.
@MainActor
@Suite("Currency names looked up lazily")
struct LazyCurrencyNamesTests {
  /// Words for one currency in each way a search finds it: code, English and Korean ICU
  /// names, English and Korean country names, aliases (`CurrencyAliases`), and the names of
  /// a currency ICU does not name (`CurrencyRegions.unnamed`).
  static let words: [(query: String, code: String)] = [
    ("krw", "KRW"), ("South Korean Won", "KRW"), ("대한민국 원", "KRW"), ("South Korea", "KRW"),
    ("대한민국", "KRW"), ("원화", "KRW"), ("korea", "KRW"), ("Japanese Yen", "JPY"),
    ("일본 엔화", "JPY"), ("Japan", "JPY"), ("일본", "JPY"), ("yen", "JPY"), ("엔", "JPY"),
    ("유로화", "EUR"), ("Germany", "EUR"), ("독일", "EUR"), ("Faroese Króna", "FOK"),
    ("페로 제도 크로나", "FOK"), ("Faroe", "FOK"),
  ]

  func viewModel(_ names: CurrencyNames) -> RatesViewModel {
    RatesViewModel(
      rates: InMemoryStore().repositories.rates, seed: BundledRateSource(), source: nil,
      now: { Fixtures.referenceDate }, names: names)
  }

  /// A screen in one language shows the list first (its names looked up in that language
  /// only); each search then finds by every kind of name, in both languages.
  @Test(arguments: Language.allCases)
  func aSearchAfterTheListWasShownFindsByEveryName(shown: Language) async {
    let names = CurrencyNames()
    let viewModel = viewModel(names)
    await viewModel.load()
    let strings = Strings(language: shown, timeZone: .gmt, names: names)
    let codes = viewModel.state.quotes.map(\.code)
    _ = codes.map(strings.currencyName)
    #expect(names.lookUps == codes.count)
    #expect(names.keyBuilds == 0)
    for (query, code) in Self.words {
      await viewModel.search(query)
      #expect(viewModel.state.quotes.map(\.code).contains(code), "\(shown): \(query) → \(code)")
    }
  }

  /// Searching first (every name in both languages looked up for the keys) leaves each
  /// screen its own language's names.
  @Test func aScreenShowsItsOwnLanguagesNamesAfterASearch() async {
    let names = CurrencyNames()
    let viewModel = viewModel(names)
    await viewModel.search("korea")
    #expect(viewModel.state.quotes.map(\.code) == ["KRW"])
    let english = Strings(language: .en, timeZone: .gmt, names: names)
    let korean = Strings(language: .ko, timeZone: .gmt, names: names)
    let lookedUp = names.lookUps
    #expect(english.currencyName("KRW") == "South Korean Won")
    #expect(korean.currencyName("KRW") == "대한민국 원")
    #expect(english.currencyName("FOK") == "Faroese Króna")
    #expect(korean.currencyName("FOK") == "페로 제도 크로나")
    #expect(names.lookUps == lookedUp)
  }

  /// A name is looked up once per code and language, and a code nobody names is its own
  /// name on screen, also looked up once.
  @Test func eachNameIsLookedUpOncePerLanguage() {
    let names = CurrencyNames()
    let english = Strings(language: .en, timeZone: .gmt, names: names)
    let korean = Strings(language: .ko, timeZone: .gmt, names: names)
    for _ in 0..<3 {
      #expect(english.currencyName("USD") == "US Dollar")
      #expect(korean.currencyName("USD") == "미국 달러")
      #expect(english.currencyName("ZZZ") == "ZZZ")
    }
    #expect(names.lookUps == 3)
  }
}
