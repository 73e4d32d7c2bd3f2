import Foundation
import PocketPresentation
import Testing

/// Amounts and rates are shown rounded half away from zero, grouped by thousands.
@Suite("Decimal format")
struct DecimalFormatTests {
  let strings = Strings(language: .en, timeZone: .gmt)

  /// Values are read from text: as Double literals, 2.675 and 1.005 would already be below
  /// the half.
  @Test(arguments: [
    ("2.675", 2, "2.68"), ("1.005", 2, "1.01"), ("135000.3043", 2, "135,000.30"),
    ("2.665", 2, "2.67"), ("2.671", 2, "2.67"), ("2.6749999", 2, "2.67"),
    ("-2.675", 2, "-2.68"), ("-1.005", 2, "-1.01"), ("0.00005", 4, "0.0001"),
    ("1350.003043", 4, "1,350.0030"), ("999.995", 2, "1,000.00"), ("1234.5", 0, "1,235"),
    ("7", 2, "7.00"), ("0", 2, "0.00"), ("-0.001", 2, "0.00"),
    ("123456789012345678901234567890.125", 2, "123,456,789,012,345,678,901,234,567,890.13"),
  ])
  func roundsHalfAwayFromZeroWithGrouping(value: String, digits: Int, shown: String) throws {
    let decimal = try #require(Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")))
    #expect(strings.decimal(decimal, fractionDigits: digits) == shown)
    #expect(
      Strings(language: .ko, timeZone: .gmt).decimal(decimal, fractionDigits: digits) == shown)
  }
}

/// A rate is formatted the first time it is shown and kept (`Strings.rate`): shown again,
/// in either language, equal values with other exponents, and more distinct rates than
/// are kept, it reads as a fresh formatting would.
@Suite("Rates kept formatted")
struct KeptRateTests {
  @Test func aRateShownAgainReadsTheSame() throws {
    let english = Strings(language: .en, timeZone: .gmt)
    let korean = Strings(language: .ko, timeZone: .gmt)
    let posix = Locale(identifier: "en_US_POSIX")
    for (text, shown) in [
      ("1350.003043", "1,350.0030"), ("1350.0030430", "1,350.0030"), ("0.0007418", "0.0007418"),
      ("0.00074180", "0.0007418"), ("1.5", "1.5000"), ("1.50", "1.5000"), ("1", "1.0000"),
    ] {
      let value = try #require(Decimal(string: text, locale: posix))
      for _ in 0..<2 {
        #expect(english.rate(value) == shown, "\(text)")
        #expect(korean.rate(value) == shown, "\(text)")
      }
    }
  }

  /// 5,000 distinct rates (more than are kept), twice over: each reads as its digits
  /// written out with integers.
  @Test func moreRatesThanAreKeptStillReadRight() {
    let strings = Strings(language: .en, timeZone: .gmt)
    for _ in 0..<2 {
      for tenThousandths in stride(from: 10_000, to: 60_000, by: 10) {
        let value = Decimal(tenThousandths) / 10_000
        let whole = tenThousandths / 10_000
        let fraction = String(tenThousandths % 10_000)
        let expected = "\(whole)." + String(repeating: "0", count: 4 - fraction.count) + fraction
        #expect(strings.rate(value) == expected)
      }
    }
  }
}
