import Foundation

/// Exact conversions between `Decimal` and number text, never through `Double`.
enum DecimalText {
  private static let posix = Locale(identifier: "en_US_POSIX")

  /// The value of `text` when all of it is a JSON number literal
  /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), else `nil`.
  ///
  /// `Decimal(string:)` alone accepts a number followed by garbage ("12abc" is 12), so the
  /// grammar is checked first.
  static func parse(_ text: some StringProtocol) -> Decimal? {
    guard isNumberLiteral(Array(text.utf8)) else { return nil }
    return Decimal(string: String(text), locale: posix)
  }

  /// The text `parse` reads back as the same value.
  static func format(_ value: Decimal) -> String {
    value.description
  }

  private static func isNumberLiteral(_ bytes: [UInt8]) -> Bool {
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
