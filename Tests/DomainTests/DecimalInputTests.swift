import Foundation
import PocketDomain
import Testing

@Suite("Typed numbers")
struct DecimalInputTests {
  @Test(arguments: [
    ("100", "100"), ("1,000.5", "1000.5"), ("0.1", "0.1"), (".5", "0.5"), ("5.", "5"),
    ("  42  ", "42"), ("+3", "3"), ("123,456,789", "123456789"),
    ("999999999999999.99", "999999999999999.99"), ("000000000000000001", "1"),
  ])
  func acceptsNumbers(text: String, expected: String) throws {
    #expect(try DecimalInput.parse(text) == Decimal(string: expected))
  }

  @Test(arguments: [
    "abc", "NaN", "1e999", "1.2.3", "1,00", "12,34,567", "0x10", "１２３", "١٢٣", "1 000", ".",
    "∞", "1,000,", ",100", "--1", "-+1", "-",
  ])
  func refusesWhatIsNotANumber(text: String) {
    #expect(throws: DomainError.invalidInput(.invalidNumber)) { try DecimalInput.parse(text) }
  }

  /// More significant digits than the 38 a `Decimal` holds would be rounded without a word
  /// (`1.0000000000000000000000000000000000000001` read as 1): they are refused.
  @Test(arguments: [
    "1.0000000000000000000000000000000000000001",  // 41
    "5.000000000000000000000000000000000000001",  // 39
    "123456789012345.123456789012345678901234",  // 39
    "123,456,789,012,345.123456789012345678901234",  // 39, grouped
    "0.123456789012345678901234567890123456789",  // 39 after the point
    "+1.0000000000000000000000000000000000000001",
  ])
  func refusesMoreSignificantDigitsThanADecimalHolds(text: String) {
    #expect(throws: DomainError.invalidInput(.invalidNumber)) { try DecimalInput.parse(text) }
  }

  /// 38 significant digits are read exactly; zeros before and after them are not
  /// significant digits, and the value keeps them out.
  @Test func readsThirtyEightSignificantDigitsExactly() throws {
    let most = try DecimalInput.parse("123,456,789,012,345.12345678901234567890123")
    #expect(most.description == "123456789012345.12345678901234567890123")
    #expect(
      try DecimalInput.parse("0.12345678901234567890123456789012345678").description
        == "0.12345678901234567890123456789012345678")
    let zeros = String(repeating: "0", count: 50)
    #expect(try DecimalInput.parse("1." + zeros) == 1)
    #expect(
      try DecimalInput.parse("0." + zeros + "25")
        == Decimal(sign: .plus, exponent: -52, significand: 25))
    #expect(try DecimalInput.parse("000000000000000000000000000000000000000007.5") == 7.5)
  }

  /// The digits counted by hand: leading and trailing zeros are not significant.
  @Test(arguments: [
    ("0", 0), ("100", 1), ("0.00120", 2), ("-12.5e7", 3),
    ("1.0000000000000000000000000000000000000001", 41),
    ("12345678901234567890123456789012345678", 38),
  ])
  func significantDigitsAreCounted(text: String, digits: Int) {
    #expect(DecimalText.significantDigits(Array(text.utf8)) == digits)
  }

  @Test(arguments: ["", "   "])
  func refusesEmptyText(text: String) {
    #expect(throws: DomainError.invalidInput(.emptyAmount)) { try DecimalInput.parse(text) }
  }

  /// More than 15 digits before the decimal point is refused naming the limit, not as
  /// "not a number"; leading zeros are not digits of the amount.
  @Test(arguments: [
    "9999999999999999", "1000000000000000", "1,000,000,000,000,000", "-9999999999999999",
  ])
  func refusesMoreIntegerDigitsThanTheLimitNamingIt(text: String) {
    #expect(throws: DomainError.invalidInput(.tooManyIntegerDigits(limit: 15))) {
      try DecimalInput.parse(text)
    }
  }

  /// Minus zero is zero, in every way it can be written.
  @Test(arguments: ["-0", "-0.00", "−0", "-000", "-.0"])
  func minusZeroIsZero(text: String) throws {
    let value = try DecimalInput.parse(text)
    #expect(value == 0)
    #expect(value.sign == .plus)
  }

  @Test(arguments: ["-1", "-0.5", "−3"])
  func refusesNegativeAmounts(text: String) {
    #expect(throws: DomainError.invalidInput(.negativeAmount)) { try DecimalInput.parse(text) }
  }

  @Test func keepsEveryDecimalDigit() throws {
    #expect(try DecimalInput.parse("0.1") + DecimalInput.parse("0.2") == Decimal(string: "0.3"))
  }

  @Test(arguments: [
    ("2.345", "2.35"), ("2.344", "2.34"), ("2.355", "2.36"), ("-2.345", "-2.35"), ("0.005", "0.01"),
    ("135000.30429", "135000.3"),
  ])
  func roundsHalfAwayFromZero(value: String, expected: String) throws {
    let decimal = try #require(Decimal(string: value))
    #expect(decimal.rounded(scale: 2) == Decimal(string: expected))
  }
}
