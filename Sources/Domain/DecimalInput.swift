import Foundation

/// Reads a typed number exactly, as a `Decimal`, the way the calculator and the mind log
/// accept it: ASCII digits, grouping separators between digits of the integer part, one
/// decimal separator, at most 15 integer digits and at most 38 significant digits in all
/// (`DecimalText.maxSignificantDigits`, what a `Decimal` holds: more would be rounded
/// without a word, so they are refused). No exponents, no `NaN`, no hex.
public enum DecimalInput {
  /// The most integer digits an amount may have.
  public static let maxIntegerDigits = 15

  /// - Throws: `DomainError.invalidInput` with `.emptyAmount` for empty or blank text,
  ///   `.negativeAmount` for a number below zero (minus zero is 0),
  ///   `.tooManyIntegerDigits` past `maxIntegerDigits`, `.invalidNumber` for anything else
  ///   that is not a number or that a `Decimal` would not hold exactly.
  public static func parse(
    _ text: String, groupingSeparator: Character = ",", decimalSeparator: Character = "."
  ) throws(DomainError) -> Decimal {
    var body = Substring(text.trimmingCharacters(in: .whitespaces))
    guard !body.isEmpty else { throw .invalidInput(.emptyAmount) }
    if body.first == "+" {
      body = body.dropFirst()
    } else if body.first == "-" || body.first == "\u{2212}" {
      let rest = body.dropFirst()
      guard !rest.isEmpty, !rest.hasPrefix("+"), !rest.hasPrefix("-") else {
        throw .invalidInput(.invalidNumber)
      }
      // Minus zero is zero; below zero is refused as negative, after the number's own
      // problems (not a number, too many digits).
      let magnitude = try parse(
        String(rest), groupingSeparator: groupingSeparator,
        decimalSeparator: decimalSeparator)
      guard magnitude == 0 else { throw .invalidInput(.negativeAmount) }
      return 0
    }
    let parts = body.split(separator: decimalSeparator, omittingEmptySubsequences: false)
    guard parts.count <= 2 else { throw .invalidInput(.invalidNumber) }
    let integerPart = parts[0]
    let fraction = parts.count == 2 ? parts[1] : ""
    guard !(integerPart.isEmpty && fraction.isEmpty) else { throw .invalidInput(.invalidNumber) }
    guard fraction.allSatisfy(\.isASCIIDigit) else { throw .invalidInput(.invalidNumber) }
    let groups = integerPart.split(separator: groupingSeparator, omittingEmptySubsequences: false)
    for (index, group) in groups.enumerated() {
      let isValid =
        group.allSatisfy(\.isASCIIDigit)
        && (groups.count == 1 || (index == 0 ? (1...3).contains(group.count) : group.count == 3))
      guard isValid else { throw .invalidInput(.invalidNumber) }
    }
    let significant = groups.joined().drop { $0 == "0" }
    guard significant.count <= maxIntegerDigits else {
      throw .invalidInput(.tooManyIntegerDigits(limit: maxIntegerDigits))
    }
    // A number literal (`12.50`, `0.5`), read exactly or refused: never rounded.
    let canonical =
      (significant.isEmpty ? "0" : significant) + (fraction.isEmpty ? "" : "." + fraction)
    guard let value = DecimalText.parse(canonical) else { throw .invalidInput(.invalidNumber) }
    return value
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Decimal {
  /// Rounded half away from zero to `scale` decimals (`.plain` rounds the magnitude).
  public func rounded(scale: Int) -> Decimal {
    var source = self
    var result = Decimal()
    NSDecimalRound(&result, &source, scale, .plain)
    return result
  }
}
