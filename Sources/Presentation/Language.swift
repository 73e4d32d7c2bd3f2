import Foundation

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
  /// not name, `CurrencyRegions.unnamed`) knows one: `CurrencyNames.shared`'s, looked up
  /// once per code and language.
  public func currencyName(_ code: String) -> String? {
    CurrencyNames.shared.name(code, in: self)
  }
}
