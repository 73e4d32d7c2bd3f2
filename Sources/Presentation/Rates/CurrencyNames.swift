import Foundation
import Synchronization

/// Currency names, per language, and the words a search compares: both built for a code
/// the first time something asks for it, and kept for the process.
///
/// A name is Foundation's (ICU's `ucurr_getName`, through
/// `Locale.localizedString(forCurrencyCode:)`), else, for the few codes ICU does not name,
/// `CurrencyRegions.unnamed`'s; it is looked up the first time a screen shows its currency
/// or a search asks for it, in the language asked: a screen of 5 rows asks ICU for 5 names,
/// and drawing it again asks for none. A code's search keys (`CurrencySearch.keys`: its
/// names in every language, those of the regions using it, its aliases) are built the
/// first time a search asks for them; a list shown without a search builds none.
///
/// One instance (`shared`) serves every screen and search; a test makes its own to count
/// what a screen asks for (`lookUps`, `keyBuilds`).
public final class CurrencyNames: Sendable {
  /// The names every `Strings` and view model uses unless given others.
  public static let shared = CurrencyNames()

  /// Language → code → name (`nil`: neither ICU nor `CurrencyRegions.unnamed` names it).
  private let names = Mutex<[Language: [String: String?]]>([:])
  /// Code → its search keys, folded.
  private let keys = Mutex<[String: CurrencySearch.Keys]>([:])
  private let nameCount = Atomic<Int>(0)
  private let keyCount = Atomic<Int>(0)

  public init() {}

  /// How many names this cache has looked up so far: a code asked for again in the same
  /// language is not looked up again.
  public var lookUps: Int { nameCount.load(ordering: .relaxed) }

  /// For how many codes this cache has built search keys so far.
  public var keyBuilds: Int { keyCount.load(ordering: .relaxed) }

  /// `code`'s name in `language`, if ICU or `CurrencyRegions.unnamed` knows one.
  public func name(_ code: String, in language: Language) -> String? {
    if let known = names.withLock({ $0[language]?[code] }) { return known }
    nameCount.add(1, ordering: .relaxed)
    let name =
      language.locale.localizedString(forCurrencyCode: code)
      ?? CurrencyRegions.unnamed[code].map { language == .ko ? $0.korean : $0.english }
    names.withLock { $0[language, default: [:]][code] = .some(name) }
    return name
  }

  /// `code`'s search keys (`CurrencySearch.keys`), built on the first call for the code.
  func searchKeys(_ code: String, building build: (String) -> CurrencySearch.Keys)
    -> CurrencySearch.Keys
  {
    if let known = keys.withLock({ $0[code] }) { return known }
    keyCount.add(1, ordering: .relaxed)
    let built = build(code)
    keys.withLock { $0[code] = built }
    return built
  }
}
