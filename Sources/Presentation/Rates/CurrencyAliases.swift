/// The short and colloquial names people type for a currency that neither the ICU currency
/// names nor the ICU region names (`CurrencyRegions`) contain: the one alias table, beside
/// ICU's names, searched by the rate list and resolved by `calc` and `convert … FROM`.
///
/// Each entry says where it comes from: *common usage* (what Korean or English speakers
/// call the money), the currency's *ISO 4217 name* (a short form of it), or the *country*
/// that issues it (its everyday short name, where ICU names the country otherwise).
enum CurrencyAliases {
  static let table: [String: [String]] = [
    "KRW": [
      "원", "원화",  // common usage: "won", "won currency"
      "한국 원", "won",  // ISO 4217 name: Won (ICU ko says 대한민국 원)
      "한국", "korea",  // country: the everyday short name of 대한민국 / South Korea
    ],
    "USD": [
      "달러", "달러화", "미 달러", "미화",  // common usage
      "dollar", "buck", "bucks", "greenback",  // common usage (US English)
      "us", "usa", "america", "미합중국",  // country: short names of the United States
    ],
    "EUR": [
      "유로화",  // common usage: "euro currency" (ICU ko says 유로)
      "유럽", "europe", "eurozone",  // country: the euro area
    ],
    "JPY": [
      "엔",  // common usage (ICU ko says 일본 엔화)
      "yen", "円",  // ISO 4217 name: Yen, and as written in Japan
    ],
    "CNY": [
      "위안", "위안화", "인민폐",  // common usage (ICU ko says 중국 위안화)
      "yuan", "renminbi", "rmb",  // ISO 4217 name: Yuan Renminbi; RMB, its usual short form
    ],
    "GBP": [
      "파운드", "파운드화",  // common usage
      "quid", "sterling", "pound",  // common usage; ISO 4217 name: Pound Sterling
      "uk", "britain", "great britain", "england",  // country: short names of the UK
    ],
    "CAD": ["loonie"],  // common usage (Canadian English)
    "AUD": ["aussie dollar", "호주 달러화"],  // common usage
    "CHF": ["swiss franc", "franc suisse", "스위스 프랑화"],  // ISO 4217 name; common usage
    "HKD": ["홍콩달러"],  // common usage, written as one word
    "TWD": ["ntd", "new taiwan dollar", "대만 달러화"],  // ISO 4217 name: New Taiwan Dollar
    "VND": ["동", "동화"],  // common usage: dong (ICU ko says 베트남 동)
    "THB": ["바트화"],  // common usage
    "RUB": ["루블화"],  // common usage
  ]
}
