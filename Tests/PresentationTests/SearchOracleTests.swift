import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

/// What the rate search finds, checked against what Foundation itself calls each currency:
/// its code, its English and Korean names (`Locale.localizedString(forCurrencyCode:)`) and the
/// English and Korean names of the ISO regions whose default currency it is. The search keys
/// are built lazily, on the first search; these checks hold whichever search comes first.
@MainActor
@Suite("Rate search against Foundation's names")
struct SearchOracleTests {
  /// The codes with names Foundation does not give them, which a search may find by such a
  /// word: colloquial names (`CurrencyAliases`: `한국` finds KRW), and the six currencies ICU
  /// does not name (`CurrencyRegions.unnamed`: `Faroese Króna`).
  static let codesWithNamesOfTheirOwn: Set<String> = [
    "KRW", "USD", "EUR", "JPY", "CNY", "GBP", "CAD", "AUD", "CHF", "HKD", "TWD", "VND", "THB",
    "RUB", "FOK", "GGP", "IMP", "JEP", "KID", "TVD",
  ]

  static let english = Locale(identifier: "en_US")
  static let korean = Locale(identifier: "ko_KR")

  /// Each code of the bundled board with every name Foundation gives it, as typed names are
  /// compared: without spaces.
  static func oracle(codes: [String]) -> [String: [String]] {
    var names: [String: [String]] = [:]
    for code in codes {
      names[code] =
        [code]
        + [english, korean].compactMap { $0.localizedString(forCurrencyCode: code) }
    }
    for region in Locale.Region.isoRegions {
      guard let code = Locale(identifier: "en_\(region.identifier)").currency?.identifier,
        names[code] != nil
      else { continue }
      names[code]? += [english, korean].compactMap {
        $0.localizedString(forRegionCode: region.identifier)
      }
    }
    return names.mapValues { $0.map { String($0.filter { !$0.isWhitespace }) } }
  }

  /// Whether `name` contains `query`, ignoring case, accents and spaces (Foundation's own
  /// comparison).
  static func names(_ name: String, contain query: String) -> Bool {
    name.range(
      of: String(query.filter { !$0.isWhitespace }),
      options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }

  /// Whether `name` is `query` whole, ignoring case, accents and spaces.
  static func names(_ name: String, are query: String) -> Bool {
    name.compare(
      String(query.filter { !$0.isWhitespace }),
      options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
  }

  func board() async -> RatesViewModel {
    let viewModel = RatesViewModel(
      rates: InMemoryStore().repositories.rates, seed: BundledRateSource(), source: nil,
      now: { Fixtures.referenceDate })
    await viewModel.load()
    return viewModel
  }

  /// A seeded sample of every name Foundation gives a currency of the board (its code, its
  /// English and Korean names, those of the regions using it; all of them with
  /// `POCKET_SOAK=1`): each finds its currency, and exactly the codes one of whose Foundation
  /// names it is whole (a name, not a part of one: `Jan Mayen` is no answer to `yen`), or,
  /// where none is, those one of whose names contains it; plus at most codes with names of
  /// their own.
  @Test func foundationsNamesFindExactlyTheCurrenciesSoNamed() async throws {
    let viewModel = await board()
    let codes = viewModel.state.quotes.map(\.code)
    #expect(codes.count == 162)
    let oracle = Self.oracle(codes: codes)
    let named = oracle.flatMap { code, names in names.map { (query: $0, code: code) } }
      .sorted { ($0.query, $0.code) < ($1.query, $1.code) }
    try #require(named.count > 162 * 4)
    let seed = UInt64.random(in: 0...UInt64.max)
    print("SearchOracleTests seed \(seed)")
    var generator = SeededGenerator(seed: seed)
    let sample =
      Soak.isOn
      ? named : (0..<60).map { _ in named[Int.random(in: 0..<named.count, using: &generator)] }
    for (query, code) in sample {
      let whole = Set(
        codes.filter { (oracle[$0] ?? []).contains { Self.names($0, are: query) } })
      let expected =
        whole.isEmpty
        ? Set(codes.filter { (oracle[$0] ?? []).contains { Self.names($0, contain: query) } })
        : whole
      await viewModel.search(query)
      let found = Set(viewModel.state.quotes.map(\.code))
      #expect(found.contains(code), "\(query) does not find \(code)")
      #expect(expected.isSubset(of: found), "\(query): \(expected.subtracting(found)) not found")
      #expect(
        found.subtracting(expected).isSubset(of: Self.codesWithNamesOfTheirOwn),
        "\(query) finds \(found.subtracting(expected))")
    }
  }

  /// The start of a word, as the list narrows while it is typed: the currencies with a
  /// Foundation name (or a word of one) that is the typed text, else that begins with it,
  /// else that holds it; an alias of Pocket's own may take the place of those.
  @Test func theStartOfANameFindsTheCurrenciesWhoseNamesBeginSo() async throws {
    let viewModel = await board()
    let codes = viewModel.state.quotes.map(\.code)
    let oracle = Self.oracle(codes: codes)
    let words = Self.oracleWords(codes: codes)
    let seed = UInt64.random(in: 0...UInt64.max)
    print("SearchOracleTests prefix seed \(seed)")
    var generator = SeededGenerator(seed: seed)
    let names = oracle.values.flatMap { $0 }.filter { $0.count >= 4 }.sorted()
    for _ in 0..<(Soak.isOn ? 400 : 40) {
      let name = names[Int.random(in: 0..<names.count, using: &generator)]
      let query = String(name.prefix(Int.random(in: 2...3, using: &generator)))
      /// The codes one of whose names (and, with `words`, of whose names' words) passes.
      func having(words withWords: Bool = false, _ test: (String) -> Bool) -> Set<String> {
        Set(
          codes.filter { code in
            ((oracle[code] ?? []) + (withWords ? words[code] ?? [] : [])).contains(where: test)
          })
      }
      let folded = { (text: String) in
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      }
      // A whole name wins over a word of another (`기니` is Guinea's, not Equatorial
      // Guinea's), a word over a start, a start over a part.
      let tiers = [
        having { Self.names($0, are: query) },
        Set(codes.filter { (words[$0] ?? []).contains { Self.names($0, are: query) } }),
        having(words: true) { folded($0).hasPrefix(folded(query)) },
        having { Self.names($0, contain: query) },
      ]
      let expected = tiers.first { !$0.isEmpty } ?? []
      await viewModel.search(query)
      let found = Set(viewModel.state.quotes.map(\.code))
      if found.isSubset(of: Self.codesWithNamesOfTheirOwn), found != expected { continue }
      #expect(expected.isSubset(of: found), "\(query): \(expected.subtracting(found)) not found")
      #expect(
        found.subtracting(expected).isSubset(of: Self.codesWithNamesOfTheirOwn),
        "\(query) finds \(found.subtracting(expected))")
    }
  }

  /// The words of each code's Foundation names that have several, without spaces.
  static func oracleWords(codes: [String]) -> [String: [String]] {
    var words: [String: [String]] = [:]
    for code in codes {
      var names = [english, korean].compactMap { $0.localizedString(forCurrencyCode: code) }
      for region in Locale.Region.isoRegions
      where Locale(identifier: "en_\(region.identifier)").currency?.identifier == code {
        names += [english, korean].compactMap {
          $0.localizedString(forRegionCode: region.identifier)
        }
      }
      words[code] = names.flatMap { name -> [String] in
        let parts = name.split(separator: " ").map(String.init)
        return parts.count > 1 ? parts : []
      }
    }
    return words
  }

  /// The examples people type, each pinned to what Foundation names: a Korean country name,
  /// an English one, a currency name in each language and a code find their currency first
  /// time, in a fresh process's first search as after any other.
  @Test(arguments: [
    ("ko", "TW", "TWD"), ("en", "TW", "TWD"), ("ko", "CH", "CHF"), ("en", "NZ", "NZD"),
    ("ko", "VN", "VND"), ("en", "ST", "STN"),
  ])
  func aRegionNameFindsItsCurrency(language: String, region: String, code: String) async throws {
    let locale = language == "ko" ? Self.korean : Self.english
    let name = try #require(locale.localizedString(forRegionCode: region))
    let viewModel = await board()
    await viewModel.search(name)
    #expect(viewModel.state.quotes.map(\.code).contains(code), "\(name) → \(code)")
  }

  @Test(arguments: ["KRW", "JPY", "USD", "ISK"])
  func aCurrencyNameOrCodeFindsItsCurrency(code: String) async throws {
    let viewModel = await board()
    for query in [
      code, code.lowercased(), Self.english.localizedString(forCurrencyCode: code),
      Self.korean.localizedString(forCurrencyCode: code),
    ] {
      let query = try #require(query)
      await viewModel.search(query)
      #expect(viewModel.state.quotes.map(\.code).contains(code), "\(query) → \(code)")
    }
  }
}
