import Foundation

/// Exact conversions from number text to `Decimal`, never through `Double`, and never
/// rounded: every door a decimal enters by — a typed amount or score, a rates response, an
/// archive, a json store's files, a SQLite row — reads it here, so all of them refuse the
/// same texts (more significant digits than a `Decimal` holds, an exponent past its range).
public enum DecimalText {
  private static let posix = Locale(identifier: "en_US_POSIX")

  /// The most significant digits a `Decimal` holds exactly.
  public static let maxSignificantDigits = 38

  /// The value of `text` when all of it is a JSON number literal
  /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) that a `Decimal` holds exactly,
  /// else `nil`.
  ///
  /// `Decimal(string:)` alone accepts a number followed by garbage ("12abc" is 12), rounds
  /// away digits past its 38th without a word, and gives `nil` past its exponents (1e308),
  /// so the grammar and the digits are checked first.
  public static func parse(_ text: some StringProtocol) -> Decimal? {
    let bytes = Array(text.utf8)
    guard isNumberLiteral(bytes), significantDigits(bytes) <= maxSignificantDigits else {
      return nil
    }
    if let value = plainValue(bytes) { return value }
    guard let value = Decimal(string: String(text), locale: posix), !value.isNaN else {
      return nil
    }
    return value
  }

  /// The value of a number literal (`isNumberLiteral`) with no exponent, at most 18 digits
  /// and not zero, built from its digits: the same value, significand and exponent as
  /// `Decimal(string:)` gives (`DecimalTextTests` hold the two to each other), for a fifth
  /// of its cost, which tells when an archive's million scores are read. `nil` for any
  /// other literal, which `Decimal(string:)` reads.
  static func plainValue(_ bytes: [UInt8]) -> Decimal? {
    var significand: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var inFraction = false
    var negative = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "-"): negative = true
      case UInt8(ascii: "."): inFraction = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        guard digits <= 18 else { return nil }
        significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
        if inFraction { fractionDigits += 1 }
      default:
        return nil
      }
    }
    // Zero keeps the exponent its text gives ("0.0" is 0 × 10⁻¹): left to Foundation.
    guard significand != 0 else { return nil }
    return Decimal(
      sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
  }

  /// Why `parse` refuses a text.
  public enum Refusal: Equatable, Sendable {
    /// It is not a JSON number literal.
    case notANumber
    /// Its magnitude is within a `Decimal`'s range, but it has more significant digits than
    /// `maxSignificantDigits`: a `Decimal` would round it.
    case tooManyDigits
    /// Its magnitude is past a `Decimal`'s exponents (`1e308`, `1e-200`).
    case outOfRange
  }

  /// Why `parse(text)` is `nil`; `nil` when it is not.
  public static func refusal(_ text: some StringProtocol) -> Refusal? {
    let bytes = Array(text.utf8)
    guard isNumberLiteral(bytes) else { return .notANumber }
    if significantDigits(bytes) > maxSignificantDigits {
      let rounded = Decimal(string: String(text), locale: posix)
      return rounded.map { $0.isNaN } == false ? .tooManyDigits : .outOfRange
    }
    return parse(text) == nil ? .outOfRange : nil
  }

  /// The digits of the mantissa of a number literal, without leading and trailing zeros.
  public static func significantDigits(_ bytes: [UInt8]) -> Int {
    let mantissa = bytes.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
    let digits = mantissa.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    let first = digits.firstIndex { $0 != UInt8(ascii: "0") }
    let last = digits.lastIndex { $0 != UInt8(ascii: "0") }
    guard let first, let last else { return 0 }
    return last - first + 1
  }

  /// Whether all of `bytes` is a JSON number literal, whatever its size.
  public static func isNumberLiteral(_ bytes: [UInt8]) -> Bool {
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { return false }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { return false }
    }
    return index == bytes.count
  }
}
