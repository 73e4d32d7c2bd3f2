/// The screen model's helpers for cells and bytes.
extension ScreenModel {
  /// A screen of blank cells.
  static func blankGrid(rows: Int, columns: Int) -> [[Cell]] {
    Array(repeating: Array(repeating: .blank, count: columns), count: rows)
  }

  /// How many bytes the UTF-8 sequence that `lead` starts takes (1 for a stray byte).
  static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 1
    }
  }
}
