import Foundation
import TestSupport
import Testing

@testable import PocketDomain

/// `DecimalText.parse` reads a plain decimal (no exponent, at most 18 digits) from its
/// digits instead of through `Decimal(string:)`: the value it gives is Foundation's to the
/// last field, so nothing it is stored, compared or printed as can differ.
@Suite struct DecimalTextTests {
  static let posix = Locale(identifier: "en_US_POSIX")

  /// `text` read both ways agree: the same value, sign, significand, exponent and text.
  func expectFoundationsValue(
    _ text: String, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let foundation = Decimal(string: text, locale: Self.posix)
    let parsed = DecimalText.parse(text)
    #expect(parsed == foundation, "\(text) \(context)", sourceLocation: sourceLocation)
    guard let parsed, let foundation else { return }
    #expect(
      parsed.sign == foundation.sign && parsed.significand == foundation.significand
        && parsed.exponent == foundation.exponent && parsed.description == foundation.description,
      Comment(
        rawValue: "\(text) \(context): \(parsed.significand)e\(parsed.exponent) against "
          + "\(foundation.significand)e\(foundation.exponent)"), sourceLocation: sourceLocation)
  }

  @Test func scoresAndAmountsReadAsFoundationReadsThem() {
    for whole in 0...120 {
      expectFoundationsValue("\(whole)")
      expectFoundationsValue("-\(whole)")
      for fraction in ["0", "5", "25", "50", "05", "005", "500", "999", "0001"] {
        expectFoundationsValue("\(whole).\(fraction)")
        expectFoundationsValue("-\(whole).\(fraction)")
      }
    }
    for text in [
      "100", "1000000", "10.00", "0.1", "0.000000000000000001", "123456789012345678",
      "999999999999999999", "-999999999999999.999", "1234567890123456789", "0.0", "-0.0", "0",
      "-0", "0.000", "12345678901234567890.5", "1e3", "2.5E-3", "-7e+2",
    ] {
      expectFoundationsValue(text)
    }
  }

  @Test func randomPlainDecimalsReadAsFoundationReadsThem() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...22, using: &generator)
      var digits = (0..<count).map { _ in String(Int.random(in: 0...9, using: &generator)) }
      if digits.count > 1, digits[0] == "0" { digits[0] = "1" }
      var text = digits.joined()
      if count > 1, Bool.random(using: &generator) {
        let point = Int.random(in: 1..<count, using: &generator)
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
      }
      if Bool.random(using: &generator) { text = "-" + text }
      expectFoundationsValue(text, "(seed \(seed))")
    }
  }

  @Test func onlyPlainLiteralsTakeTheShortWay() {
    #expect(DecimalText.plainValue(Array("7.5".utf8)) != nil)
    #expect(DecimalText.plainValue(Array("123456789012345678".utf8)) != nil)
    #expect(DecimalText.plainValue(Array("1234567890123456789".utf8)) == nil, "19 digits")
    #expect(DecimalText.plainValue(Array("1e3".utf8)) == nil, "an exponent")
    #expect(DecimalText.plainValue(Array("0.0".utf8)) == nil, "zero")
  }
}
