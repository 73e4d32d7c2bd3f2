import Foundation

/// Finding currencies by what people type: a code, a currency's name, the name of a country
/// or territory using it (English or Korean, from ICU), or a short or colloquial name
/// (`CurrencyAliases`), ignoring case, accents and spaces. The rate list filters with it;
/// `calc` and `convert … FROM` resolve one word to one currency with it.
enum CurrencySearch {
  /// What a word typed for one currency names.
  enum Resolution: Equatable, Sendable {
    /// Exactly one currency.
    case one(String)
    /// Several currencies (their codes, sorted): the word does not say which.
    case several([String])
    /// No currency.
    case none
  }

  /// What a search compares a query with, for one currency, folded.
  struct Keys: Sendable {
    /// The code, the currency's names, the names of the regions using it in every language
    /// and its aliases, each whole.
    var whole: [String]
    /// The words of those names that have several (`Swiss Franc`: `swiss`, `franc`).
    var words: [String]
  }

  /// A currency's search keys. Built for a code the first time a search asks for it and
  /// kept in `names` (`CurrencyNames.searchKeys`): a screen that shows the list without
  /// searching builds none.
  static func keys(_ code: String, names: CurrencyNames = .shared) -> Keys {
    names.searchKeys(code) { code in
      let named =
        [code] + Language.allCases.compactMap { names.name(code, in: $0) }
        + (CurrencyRegions.regionNames[code] ?? []) + (CurrencyAliases.table[code] ?? [])
      let words = named.flatMap { name in
        let parts = name.split(whereSeparator: \.isWhitespace)
        return parts.count > 1 ? parts.map { folded(String($0)) } : []
      }
      return Keys(whole: named.map(folded), words: words)
    }
  }

  /// Whether `query` (folded) is part of one of `keys`.
  static func matches(_ query: String, keys: [String]) -> Bool {
    let query = query.unicodeScalars
    // Compared scalar by scalar with the standard library: Foundation's `String.contains`
    // traps on some text on Linux ("String index is out of bounds"; a fuzz line found it).
    return keys.contains { $0.unicodeScalars.firstRange(of: query) != nil }
  }

  /// The one currency among `codes` that `word` names: its code (any case); else the
  /// currencies one of whose keys is the whole word (`달러` is USD's alias, `japan` the
  /// name of the country using JPY); else those one of whose keys contains it. One is the
  /// answer; several are ambiguous.
  static func resolve(
    _ word: String, among codes: some Collection<String>, names: CurrencyNames = .shared
  ) -> Resolution {
    let typed = word.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !typed.isEmpty else { return .none }
    if codes.contains(typed.uppercased()) { return .one(typed.uppercased()) }
    let found = named(folded(typed), among: codes, names: names).sorted()
    switch found.count {
    case 0: return .none
    case 1: return .one(found[0])
    default: return .several(found)
    }
  }

  /// The currencies among `codes` that `query` (folded) names, in their order, from the
  /// best tier that has any: a key that is the whole query (`yen` is JPY's; `달러화` USD's;
  /// `영국` the UK's, so GBP's); a word of a name (`franc`, `프랑`: every franc, not France);
  /// a key or word that begins with it, as the list narrows while typing (`ye`: JPY by
  /// `yen`, YER by its code and Yemen; not NOK, whose region Jan Mayen only holds it); a
  /// key that holds it (`mayen`: NOK).
  static func named(
    _ query: String, among codes: some Collection<String>, names: CurrencyNames = .shared
  ) -> [String] {
    let keyed = codes.map { (code: $0, keys: keys($0, names: names)) }
    let scalars = query.unicodeScalars
    // Compared scalar by scalar with the standard library, as `matches` says why.
    func begins(_ key: String) -> Bool { key.unicodeScalars.starts(with: scalars) }
    let tiers: [(Keys) -> Bool] = [
      { $0.whole.contains(query) },
      { $0.words.contains(query) },
      { $0.whole.contains(where: begins) || $0.words.contains(where: begins) },
      { matches(query, keys: $0.whole) },
    ]
    for tier in tiers {
      let found = keyed.filter { tier($0.keys) }.map(\.code)
      if !found.isEmpty { return found }
    }
    return []
  }

  /// `text` without case, diacritic or space differences: `Won`, `WON` and `wón` all fold
  /// to `won`; `유럽 연합` and `유럽연합` to `유럽연합`.
  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
      .filter { !$0.isWhitespace }
  }
}
