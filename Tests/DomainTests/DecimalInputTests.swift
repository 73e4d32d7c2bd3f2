import Domain
import Foundation
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
    "1000000000000000", "∞", "1,000,", ",100",
  ])
  func refusesWhatIsNotANumber(text: String) {
    #expect(throws: DomainError.invalidInput(.invalidNumber)) { try DecimalInput.parse(text) }
  }

  @Test(arguments: ["", "   "])
  func refusesEmptyText(text: String) {
    #expect(throws: DomainError.invalidInput(.emptyAmount)) { try DecimalInput.parse(text) }
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
