import Foundation

/// Which countries and territories use each currency, from Foundation/ICU (each ISO region's
/// default currency), with their names in every language Pocket speaks; and the smallest
/// table for the currencies ICU does not name. Built once, on first use.
enum CurrencyRegions {
  /// A currency ICU has no name for: the region that issues it and its names.
  struct Unnamed: Sendable {
    var region: String
    var english: String
    var korean: String
  }

  /// The codes open.er-api.com lists that ICU does not name. Source of every entry: the
  /// provider's list of supported currencies (https://www.exchangerate-api.com/docs/supported-currencies),
  /// which names each of them and its territory; the Korean names follow the Korean
  /// (ICU ko) names of those territories.
  static let unnamed: [String: Unnamed] = [
    // Faroese króna, Faroe Islands (FO): exchangerate-api.com supported currencies.
    "FOK": Unnamed(region: "FO", english: "Faroese Króna", korean: "페로 제도 크로나"),
    // Guernsey pound, Guernsey (GG): exchangerate-api.com supported currencies.
    "GGP": Unnamed(region: "GG", english: "Guernsey Pound", korean: "건지 파운드"),
    // Manx pound, Isle of Man (IM): exchangerate-api.com supported currencies.
    "IMP": Unnamed(region: "IM", english: "Manx Pound", korean: "맨 섬 파운드"),
    // Jersey pound, Jersey (JE): exchangerate-api.com supported currencies.
    "JEP": Unnamed(region: "JE", english: "Jersey Pound", korean: "저지 파운드"),
    // Kiribati dollar, Kiribati (KI): exchangerate-api.com supported currencies.
    "KID": Unnamed(region: "KI", english: "Kiribati Dollar", korean: "키리바시 달러"),
    // Tuvaluan dollar, Tuvalu (TV): exchangerate-api.com supported currencies.
    "TVD": Unnamed(region: "TV", english: "Tuvaluan Dollar", korean: "투발루 달러"),
  ]

  /// Currency code → the regions whose default currency it is (ICU), plus the issuing
  /// region of each `unnamed` code, plus the European Union (EU, an ISO 3166 exceptionally
  /// reserved code ICU names but lists as no region's currency) for the euro.
  static let regions: [String: [String]] = {
    var map: [String: [String]] = [:]
    for region in Locale.Region.isoRegions {
      let components = Locale.Components(languageCode: "en", languageRegion: region)
      guard let currency = Locale(components: components).currency?.identifier else {
        continue
      }
      map[currency, default: []].append(region.identifier)
    }
    for (code, entry) in unnamed { map[code, default: []].append(entry.region) }
    map["EUR", default: []].append("EU")
    return map
  }()

  /// Currency code → the names of the regions using it, in every language.
  static let regionNames: [String: [String]] = regions.mapValues { codes in
    codes.flatMap { region in
      Language.allCases.compactMap { $0.locale.localizedString(forRegionCode: region) }
    }
  }
}
