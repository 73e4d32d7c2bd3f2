import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// A rates response names currencies by ISO 4217 codes, three capital letters A–Z; any
/// other key (or base) is refused naming it, as written. And a set whose next update is
/// before its publication is refused naming both fields.
@Suite("Rates file codes and times")
struct RatesFileCodeTests {
  func body(base: String = "USD", code: String = "KRW", next: Int = 1_724_113_181) -> String {
    """
    {"result":"success","base_code":"\(base)","time_last_update_unix":1724025751,
     "time_next_update_unix":\(next),"rates":{"USD":1,"\(code)":1350.003043,"EUR":0.907539}}
    """
  }

  func reason(_ json: String) -> String? {
    do {
      _ = try OpenERAPIDecoder().decode(Foundation.Data(json.utf8))
      return nil
    } catch {
      guard case .ratesUnavailable(let reason) = error else { return "\(error)" }
      return reason.english
    }
  }

  @Test(arguments: [
    ("KRWXX", #""KRWXX""#), ("krw", #""krw""#), ("KRW ", #""KRW ""#), (" KRW", #"" KRW""#),
    ("KR", #""KR""#), ("K1W", #""K1W""#), ("ＫＲＷ", #""ＫＲＷ""#), ("KRÜ", #""KRÜ""#),
    ("", #""""#), (#"KR\t"#, #""KR\u{9}""#),
  ])
  func aRateKeyThatIsNotACodeIsRefusedNamingIt(code: String, shown: String) {
    #expect(
      reason(body(code: code))
        == "the rates list \(shown), is not a currency code (three capital letters A–Z)")
  }

  @Test(arguments: ["usd", "USDX", "US D", "US"])
  func aBaseThatIsNotACodeIsRefusedNamingIt(base: String) {
    #expect(
      reason(body(base: base))
        == "base_code \"\(base)\" is not a currency code (three capital letters A–Z)")
  }

  @Test func aNextUpdateBeforeThePublicationIsRefusedNamingBothFields() {
    #expect(
      reason(body(next: 1_724_025_750))
        == "time_next_update_unix 1724025750 is before time_last_update_unix 1724025751")
    #expect(reason(body(next: 1_724_025_751)) == nil, "due at its publication is possible")
  }

  @Test func threeCapitalLettersAreTaken() {
    #expect(reason(body(code: "XAU")) == nil)
    #expect(reason(body(base: "EUR")) == nil)
  }
}
