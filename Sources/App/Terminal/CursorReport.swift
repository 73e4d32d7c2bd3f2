/// How the live view learns how wide the terminal draws East Asian Ambiguous characters
/// (★ · › and the like: one column in most terminals and tmux, two in some set up for
/// CJK): it moves the cursor home, writes `sample`, asks where the cursor went (`query`,
/// DSR 6), and reads the Cursor Position Report the terminal answers (`ESC[row;colR`).
package enum CursorReport {
  /// An East Asian Ambiguous character (UAX #11) the terminal draws in one or two columns.
  package static let sample = "·"

  /// Home, the sample, and the question where the cursor is.
  package static let query = "\u{1B}[H" + sample + "\u{1B}[6n"

  /// The first Cursor Position Report in `bytes` (`ESC [ row ; column R`): its row and
  /// column (1-based) and where it stands, so the bytes around it (keys typed before the
  /// answer came) go on to the key decoder.
  package static func find(in bytes: [UInt8]) -> (row: Int, column: Int, range: Range<Int>)? {
    var start = 0
    while let escape = bytes[start...].firstIndex(of: 0x1B) {
      start = escape + 1
      guard escape + 1 < bytes.count, bytes[escape + 1] == UInt8(ascii: "[") else { continue }
      var index = escape + 2
      var numbers: [Int] = [0]
      while index < bytes.count, numbers.count <= 2 {
        let byte = bytes[index]
        if (0x30...0x39).contains(byte) {
          let digit = Int(byte - 0x30)
          numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + digit, 99_999)
        } else if byte == UInt8(ascii: ";") {
          numbers.append(0)
        } else {
          break
        }
        index += 1
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "R"), numbers.count == 2,
        numbers[0] > 0, numbers[1] > 0
      else { continue }
      return (numbers[0], numbers[1], escape..<(index + 1))
    }
    return nil
  }

  /// Whether the terminal draws the sample in two columns, from the column it reported
  /// after writing it at column 1; nil for an answer that is neither one nor two columns.
  package static func ambiguousIsWide(reportedColumn column: Int) -> Bool? {
    switch column - 1 {
    case 1: false
    case 2: true
    default: nil
    }
  }
}
