import Foundation
import Synchronization

/// The languages Pocket speaks.
public enum Language: String, CaseIterable, Sendable {
  case en, ko

  /// The locale used for formats and currency names.
  public var locale: Locale {
    switch self {
    case .en: Locale(identifier: "en_US")
    case .ko: Locale(identifier: "ko_KR")
    }
  }

  /// The separators typed numbers use in this language.
  public var groupingSeparator: Character { "," }
  public var decimalSeparator: Character { "." }

  /// `ko` when LC_ALL (else LANG) starts with "ko", else `en`.
  public static func fromEnvironment(_ environment: [String: String]) -> Language {
    let setting = [environment["LC_ALL"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty }
    return setting?.hasPrefix("ko") == true ? .ko : .en
  }

  /// The currency's name in this language, if the locale (or, for the few codes ICU does
  /// not name, `CurrencyRegions.unnamed`) knows one. Names are looked up once per code (the
  /// list and its search ask for all of them on every screen).
  public func currencyName(_ code: String) -> String? {
    if let known = Self.names.withLock({ $0[self]?[code] }) { return known }
    let name =
      locale.localizedString(forCurrencyCode: code)
      ?? CurrencyRegions.unnamed[code].map { self == .ko ? $0.korean : $0.english }
    Self.names.withLock { $0[self, default: [:]][code] = .some(name) }
    return name
  }

  private static let names = Mutex<[Language: [String: String?]]>([:])
}
