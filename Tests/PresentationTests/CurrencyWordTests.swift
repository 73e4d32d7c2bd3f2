import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

/// What Korean and English users type for a currency finds it: the rate list's search
/// (short and colloquial names from the alias table beside ICU's names), and `calc` /
/// `convert … FROM`, which take a word when it names exactly one currency and list the
/// candidates when it names several.
@MainActor
@Suite("Currency words")
struct CurrencyWordTests {
  func search(_ query: String) async -> [String] {
    let viewModel = RatesViewModel(
      rates: InMemoryStore().repositories.rates, seed: BundledRateSource(),
      source: nil, now: { Fixtures.referenceDate })
    await viewModel.search(query)
    return viewModel.state.quotes.map(\.code)
  }

  func calculator(_ language: Language = .en) async -> CalculatorViewModel {
    let viewModel = CalculatorViewModel(
      rates: InMemoryStore().repositories.rates, seed: BundledRateSource(), language: language)
    await viewModel.open("KRW")
    return viewModel
  }

  /// The words people type, and the currency each must find in the list.
  nonisolated static let words: [(String, String)] = [
    ("한국", "KRW"), ("원화", "KRW"), ("원", "KRW"), ("한국 원", "KRW"), ("won", "KRW"),
    ("유로화", "EUR"), ("유로", "EUR"), ("euro", "EUR"),
    ("달러화", "USD"), ("달러", "USD"), ("미 달러", "USD"), ("미국", "USD"), ("US", "USD"),
    ("buck", "USD"), ("dollar", "USD"),
    ("영국", "GBP"), ("파운드", "GBP"), ("UK", "GBP"), ("quid", "GBP"), ("sterling", "GBP"),
    ("엔", "JPY"), ("엔화", "JPY"), ("yen", "JPY"), ("일본", "JPY"),
    ("위안화", "CNY"), ("위안", "CNY"), ("yuan", "CNY"), ("renminbi", "CNY"), ("RMB", "CNY"),
  ]

  @Test(arguments: words)
  func theListFindsWhatPeopleType(word: String, code: String) async {
    #expect(await search(word).contains(code), "\(word)")
  }

  /// Each of those words opens the calculator on its currency, whatever the language.
  @Test(arguments: words)
  func calcTakesTheWord(word: String, code: String) async {
    for language in Language.allCases {
      let viewModel = await calculator(language)
      #expect(await viewModel.open(word), "\(word): \(String(describing: viewModel.state.message))")
      #expect(viewModel.state.currency == code, "\(word) in \(language)")
      #expect(viewModel.state.message == nil)
    }
  }

  /// A word several currencies answer to is refused, naming them, and changes nothing.
  @Test(arguments: [("프랑", ["CHF", "XAF", "XOF"]), ("dinar", ["BHD", "KWD", "JOD"])])
  func anAmbiguousWordIsRefusedListingTheCandidates(word: String, some: [String]) async throws {
    let viewModel = await calculator()
    await viewModel.convert("2")
    let before = viewModel.state
    #expect(await viewModel.open(word) == false)
    guard case .ambiguousCurrency(let typed, let candidates) = viewModel.state.message else {
      Issue.record("\(String(describing: viewModel.state.message))")
      return
    }
    #expect(typed == word)
    #expect(Set(some).isSubset(of: candidates), "\(candidates)")
    #expect(candidates == candidates.sorted())
    #expect(candidates == (await search(word)).sorted(), "the candidates are what the list finds")
    var unchanged = viewModel.state
    unchanged.message = nil
    #expect(unchanged == before)
  }

  @Test func convertFromTakesTheWordOrRefusesIt() async throws {
    let viewModel = await calculator(.ko)
    await viewModel.convert("100", from: "유로화")
    #expect(viewModel.state.message == nil)
    #expect(viewModel.state.conversion?.from == "EUR")
    let converted = viewModel.state.conversion
    await viewModel.convert("100", from: "프랑")
    #expect(viewModel.state.message?.case == .ambiguousCurrency)
    #expect(viewModel.state.conversion == converted, "a refusal keeps the last result")
    await viewModel.convert("100", from: "zzz")
    #expect(viewModel.state.message == .input(.unknownCurrency("ZZZ")))
    #expect(viewModel.state.conversion == converted)
  }

  /// A code in any case is its currency, before any word: `cad` is not the words that
  /// contain it.
  @Test(arguments: ["CAD", "cad", "XOF", "Gbp"])
  func aCodeIsItsCurrency(code: String) async {
    let viewModel = await calculator()
    #expect(await viewModel.open(code))
    #expect(viewModel.state.currency == code.uppercased())
  }
}
