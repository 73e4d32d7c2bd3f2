import PocketDomain

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
///
/// The scan is linear in the bytes: each byte is looked at once and each key becomes a
/// `String` once. A literal's path is built only when it is asked for (a message names one
/// field), never for every number: building it for each of the numbers of `[1,[1,[1,…`
/// cost time and memory that grew with the square of the depth.
enum JSONNumberLiterals {
  /// An object (with the key being read) or an array (with the index being read).
  enum Level: Equatable {
    case object(key: String)
    case array(index: Int)
  }

  /// A number literal and the levels that hold it, outermost first.
  struct Literal {
    var levels: [Level]
    var text: String

    /// `a[1].b`: the keys and indexes of `levels`.
    var path: String { path(elementsOf: nil, from: 0) }

    /// The path of a literal in an array of elements of `list` (`chat.messages`), the
    /// array's first element being the list's element `first`: `chat.messages[8193].id`.
    /// Without `list`, `path`.
    func path(elementsOf list: String?, from first: Int) -> String {
      var levels = levels[...]
      var path = ""
      if let list, case .array(let index) = levels.first {
        path = "\(list)[\(first + index)]"
        levels = levels.dropFirst()
      }
      return levels.reduce(into: path) { path, level in
        switch level {
        case .object(let key): path += path.isEmpty ? key : ".\(key)"
        case .array(let index): path += "[\(index)]"
        }
      }
    }

    /// The keys that lead to it when only objects hold it (`["rates", "KRW"]`), else `nil`.
    var objectKeys: [String]? {
      var keys: [String] = []
      for level in levels {
        guard case .object(let key) = level else { return nil }
        keys.append(key)
      }
      return keys
    }
  }

  /// Calls `body` with each number literal of `bytes` in the order they are written, until
  /// it returns `false`. (`body` should not keep the literal's `levels`: the next level
  /// change would then copy them.)
  static func forEach(in bytes: [UInt8], _ body: (Literal) -> Bool) {
    bytes.withUnsafeBufferPointer { forEach(in: $0, body) }
  }

  private static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Literal) -> Bool) {
    var levels: [Level] = []
    var expectsKey = false
    var index = 0
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
          let end = min(index, bytes.count)
          let key = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
          levels[levels.count - 1] = .object(key: key)
          expectsKey = false
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard body(Literal(levels: levels, text: text)) else { return }
        continue
      default: break  // white space, ':', true, false, null
      }
      index += 1
    }
  }

  /// A byte of a number literal: a digit, a sign, a point or an exponent's `e`.
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default: false
    }
  }

  /// The first literal whose text `matches`, with its path (`Literal.path(elementsOf:from:)`:
  /// `bytes` may be elements of `list` from `first` on); `nil` when there is none.
  static func first(
    in bytes: [UInt8], elementsOf list: String? = nil, from first: Int = 0,
    where matches: (String) -> Bool
  ) -> (path: String, text: String)? {
    var found: (path: String, text: String)?
    forEach(in: bytes) { literal in
      guard matches(literal.text) else { return true }
      found = (literal.path(elementsOf: list, from: first), literal.text)
      return false
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
