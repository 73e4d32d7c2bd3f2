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

  /// The code, the currency's names, the names of the regions using it in every language
  /// and its aliases, folded. Built for a code the first time a search asks for it and kept
  /// in `names` (`CurrencyNames.searchKeys`): a screen that shows the list without
  /// searching builds none.
  static func keys(_ code: String, names: CurrencyNames = .shared) -> [String] {
    names.searchKeys(code) { code in
      ([code] + Language.allCases.compactMap { names.name(code, in: $0) }).map(folded)
        + (foldedRegionNames[code] ?? []) + (foldedAliases[code] ?? [])
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

  /// The currencies among `codes` that `query` (folded) names, in their order: those one of
  /// whose keys is the whole query (`yen` is JPY's; `달러화` USD's; `영국` the UK's, so
  /// GBP's), else those one of whose keys contains it (`ye` finds JPY and NOK, whose region
  /// Jan Mayen holds it, until a whole word is typed).
  static func named(
    _ query: String, among codes: some Collection<String>, names: CurrencyNames = .shared
  ) -> [String] {
    let keyed = codes.map { (code: $0, keys: keys($0, names: names)) }
    let whole = keyed.filter { $0.keys.contains(query) }.map(\.code)
    return whole.isEmpty ? keyed.filter { matches(query, keys: $0.keys) }.map(\.code) : whole
  }

  /// `CurrencyRegions.regionNames`, folded: built once, on the first search key asked for.
  private static let foldedRegionNames = CurrencyRegions.regionNames.mapValues { $0.map(folded) }

  /// `CurrencyAliases.table`, folded.
  private static let foldedAliases = CurrencyAliases.table.mapValues { $0.map(folded) }

  /// `text` without case, diacritic or space differences: `Won`, `WON` and `wón` all fold
  /// to `won`; `유럽 연합` and `유럽연합` to `유럽연합`.
  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
      .filter { !$0.isWhitespace }
  }
}
