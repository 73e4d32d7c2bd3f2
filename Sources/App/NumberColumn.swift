extension Renderer {
  /// Numbers in a column, lined up on the decimal point: each is filled with spaces on its
  /// left to the widest whole part and on its right to the widest fraction (a number without
  /// a fraction gets blanks where the point and its digits would stand), so every digit
  /// stands under the digits of the same place: `1,350.0030` over `    0.002720`.
  /// Numbers are formatted with `en_US` digits (`Strings.decimal`), so the point is `.`.
  func decimalAligned(_ numbers: [String]) -> [String] {
    let parts = numbers.map { number -> (whole: String, fraction: String) in
      guard let point = number.lastIndex(of: ".") else { return (number, "") }
      return (String(number[..<point]), String(number[point...]))
    }
    let wholeWidth = parts.map { width($0.whole) }.max() ?? 0
    let fractionWidth = parts.map { width($0.fraction) }.max() ?? 0
    return parts.map {
      rightAligned($0.whole, wholeWidth) + leftAligned($0.fraction, fractionWidth)
    }
  }
}
