/// The number literals of a JSON text, each with the path of its field (`laps[0].number`,
/// `rates.KRW`), in the order they are written.
///
/// Foundation's `JSONDecoder` reads numbers into `Decimal` and `Int64` from their text, never
/// through `Double` (every rate of both bundled snapshots reads back as its text exactly), so
/// Pocket decodes with it. What it cannot do is say what a number's text was: a number it
/// cannot hold at all (`1e308`, 400 digits, `0.5` for an integer) fails the whole document
/// naming no field, and one with more significant digits than the 38 a `Decimal` holds
/// (`1350.003043000000000000000000000000000001`) is rounded without a word. This finds those
/// texts and names their fields. It assumes a JSON text and does not check its grammar.
enum JSONNumberLiterals {
  static func all(in bytes: [UInt8]) -> [(path: String, text: String)] {
    /// An object (with the key being read) or an array (with the index being read).
    enum Level {
      case object(key: String)
      case array(index: Int)
    }
    var levels: [Level] = []
    var found: [(path: String, text: String)] = []
    var expectsKey = false
    var index = 0
    func path() -> String {
      levels.reduce(into: "") { path, level in
        switch level {
        case .object(let key): path += path.isEmpty ? key : ".\(key)"
        case .array(let index): path += "[\(index)]"
        }
      }
    }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"):
        levels.append(.object(key: ""))
        expectsKey = true
      case UInt8(ascii: "["): levels.append(.array(index: 0))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = levels.popLast()
      case UInt8(ascii: ","):
        if case .array(let position) = levels.last {
          levels[levels.count - 1] = .array(index: position + 1)
        } else {
          expectsKey = true
        }
      case UInt8(ascii: "\""):
        let start = index + 1
        index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if expectsKey, case .object = levels.last {
          let key = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
          levels[levels.count - 1] = .object(key: key)
          expectsKey = false
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
        found.append((path(), String(decoding: bytes[start..<index], as: UTF8.self)))
        continue
      default: break  // white space, ':', true, false, null
      }
      index += 1
    }
    return found
  }

  /// Whether `text` is a valid JSON number but not one a `Decimal` holds exactly (out of
  /// its range, or more than 38 significant digits).
  static func isInexactDecimal(_ text: String) -> Bool {
    DecimalText.isNumberLiteral(Array(text.utf8)) && DecimalText.parse(text) == nil
  }

  /// `text`, or its first 40 characters and its length when it is longer.
  static func shown(_ text: String) -> String {
    text.count > 40 ? "\(text.prefix(40))… (\(text.count) characters)" : text
  }
}
