import Foundation
import Presentation
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
