/// Where an archive file's four lists (laps, bookmarks, mind-log entries, chat messages)
/// lie, found in one pass over its bytes through a `ByteCursor`, without decoding a value
/// or holding more than the cursor's window.
///
/// It follows what `pocket export` writes: an object whose lists are arrays of objects, keys
/// written without escapes, each list's identities (a lap's `number`, an entry's or a
/// message's `id`) plain integers in increasing order, nothing nested deeper than
/// `JSONNesting.maxDepth`. Anything else makes no layout (`scan` gives `nil`), and the file
/// is then read whole, as every file once was, so that what is accepted and every
/// refusal's wording stay those of the whole-document reading.
struct ArchiveFileLayout {
  /// One list: where its array lies (brackets included), how many elements it holds and
  /// its last identity (the highest, the identities increasing), for a list that has them.
  struct List {
    var range: Range<Int>
    var count: Int
    var lastKey: Int64?
  }

  var laps: List?
  var bookmarks: List?
  var mindLogs: List?
  var messages: List?
  /// Whether the `mindLog` object names its `lastID` (when not, it is the highest id).
  var hasMindLogLastID = false
  /// Whether the `chat` object names its `lastID` (when not, it is the highest id).
  var hasLastID = false

  /// The lists found, in the order they lie in the file.
  var lists: [List] {
    [laps, bookmarks, mindLogs, messages].compactMap { $0 }.sorted {
      $0.range.lowerBound < $1.range.lowerBound
    }
  }

  /// The layout of `file`, or `nil` when it is not written as `pocket export` writes.
  static func scan(_ file: WindowedFile) -> ArchiveFileLayout? {
    LayoutScanner(ByteCursor(file, at: 0)).top()
  }
}

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let openBrace = UInt8(ascii: "{")
private let closeBrace = UInt8(ascii: "}")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
private let comma = UInt8(ascii: ",")
private let colon = UInt8(ascii: ":")

extension ByteCursor {
  /// Moves past the value that starts at the next byte, whose container lies at `depth`;
  /// whether it was one (strings with their escapes, arrays and objects by their brackets,
  /// nothing nested deeper than `JSONNesting.maxDepth`, anything else up to a delimiter).
  /// It checks only what it needs to find the value's end; the decoder checks the rest.
  func skipValue(depth: Int) -> Bool {
    guard let first = peek() else { return false }
    switch first {
    case quote:
      advance()
      return skipStringBody()
    case openBrace, openBracket:
      var level = 0
      while let byte = skip(until: Self.isStructural) {
        advance()
        switch byte {
        case quote:
          guard skipStringBody() else { return false }
        case openBrace, openBracket:
          level += 1
          if depth + level > JSONNesting.maxDepth { return false }
        default:  // a closing brace or bracket
          level -= 1
          if level == 0 { return true }
        }
      }
      return false
    default:
      let start = offset
      _ = skip(until: Self.endsAScalar)
      return offset > start
    }
  }

  /// Moves past the rest of a string whose opening quote was passed.
  func skipStringBody() -> Bool {
    // Literals, not the constants above: a global is a lazy initialization's check at
    // each use in a debug build, and this runs once a byte.
    while let byte = skip(until: { $0 == 0x22 || $0 == 0x5C }) {  // a quote or a backslash
      advance()
      if byte == quote { return true }
      guard next() != nil else { return false }
    }
    return false
  }

  /// A quote, or a bracket or brace that opens or closes (`" { [ } ]`, as literals: see
  /// `skipStringBody`).
  private static func isStructural(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x22, 0x7B, 0x5B, 0x7D, 0x5D: true
    default: false
    }
  }

  /// What ends a number, `true`, `false` or `null`: a delimiter (`, } ]`) or a space.
  private static func endsAScalar(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x2C, 0x7D, 0x5D: true
    default: isSpace(byte)
    }
  }
}

/// Follows the members of the document, its `chat` and `mindLog` objects and its lists.
private final class LayoutScanner {
  let cursor: ByteCursor

  init(_ cursor: ByteCursor) { self.cursor = cursor }

  func top() -> ArchiveFileLayout? {
    var layout = ArchiveFileLayout()
    cursor.skipSpace()
    guard cursor.next() == openBrace else { return nil }
    var seen: Set<String> = []
    let read = members { key in
      switch key {
      case "laps", "bookmarks", "chat", "mindLog":
        guard seen.insert(key).inserted else { return false }
      default: return self.cursor.skipValue(depth: 1)
      }
      switch key {
      case "laps":
        layout.laps = self.list(depth: 1, key: "number")
        return layout.laps != nil
      case "bookmarks":
        layout.bookmarks = self.list(depth: 1, key: nil)
        return layout.bookmarks != nil
      case "chat":
        return self.listObject(
          depth: 1, list: "messages", { layout.messages = $0 }, lastID: { layout.hasLastID = true })
      default:
        return self.listObject(
          depth: 1, list: "entries", { layout.mindLogs = $0 },
          lastID: { layout.hasMindLogLastID = true })
      }
    }
    guard read else { return nil }
    cursor.skipSpace()
    guard cursor.peek() == nil, cursor.failure == nil else { return nil }
    return layout
  }

  /// Reads the members of the object whose `{` was passed, handing each key to `member`,
  /// which moves past its value; whether all went as expected.
  private func members(_ member: (String) -> Bool) -> Bool {
    cursor.skipSpace()
    if cursor.peek() == closeBrace {
      cursor.advance()
      return true
    }
    while true {
      guard cursor.next() == quote, let key = key() else { return false }
      cursor.skipSpace()
      guard cursor.next() == colon else { return false }
      cursor.skipSpace()
      guard member(key) else { return false }
      cursor.skipSpace()
      switch cursor.next() {
      case closeBrace: return true
      case comma: cursor.skipSpace()
      default: return false
      }
    }
  }

  /// The key whose opening quote was passed; `nil` when it holds an escape. A key longer
  /// than any this looks for is read as the empty key.
  private func key() -> String? {
    var bytes: [UInt8] = []
    while let byte = cursor.next() {
      if byte == quote { return bytes.count > 16 ? "" : String(decoding: bytes, as: UTF8.self) }
      if byte == backslash { return nil }
      if bytes.count <= 16 { bytes.append(byte) }
    }
    return nil
  }

  /// An object holding the list `list` and maybe a `lastID` (`chat`, `mindLog`).
  private func listObject(
    depth: Int, list name: String, _ found: (ArchiveFileLayout.List) -> Void,
    lastID: () -> Void
  ) -> Bool {
    guard cursor.next() == openBrace else { return false }
    var seen: Set<String> = []
    return members { key in
      if key == name || key == "lastID" {
        guard seen.insert(key).inserted else { return false }
      }
      if key == name {
        guard let list = self.list(depth: depth + 1, key: "id") else { return false }
        found(list)
        return true
      }
      if key == "lastID" { lastID() }
      return self.cursor.skipValue(depth: depth + 1)
    }
  }

  /// The list whose `[` is next, its container at `depth`; each element an object whose
  /// member `key` is an integer greater than the element's before, when `key` is given.
  private func list(depth: Int, key: String?) -> ArchiveFileLayout.List? {
    let start = cursor.offset
    guard cursor.next() == openBracket else { return nil }
    var count = 0
    var lastKey: Int64?
    cursor.skipSpace()
    if cursor.peek() == closeBracket {
      cursor.advance()
      return ArchiveFileLayout.List(range: start..<cursor.offset, count: 0, lastKey: nil)
    }
    while true {
      if let key {
        guard let value = elementKey(depth: depth + 1, key: key) else { return nil }
        if let lastKey, value <= lastKey { return nil }
        lastKey = value
      } else {
        guard cursor.peek() == openBrace, cursor.skipValue(depth: depth + 1) else { return nil }
      }
      count += 1
      cursor.skipSpace()
      switch cursor.next() {
      case closeBracket:
        return ArchiveFileLayout.List(range: start..<cursor.offset, count: count, lastKey: lastKey)
      case comma: cursor.skipSpace()
      default: return nil
      }
    }
  }

  /// The integer member `key` of the object that is next, found once.
  private func elementKey(depth: Int, key name: String) -> Int64? {
    guard cursor.next() == openBrace else { return nil }
    var found: Int64?
    var twice = false
    let read = members { key in
      guard key == name else { return self.cursor.skipValue(depth: depth + 1) }
      if found != nil { twice = true }
      found = self.integer()
      return found != nil
    }
    return read && !twice ? found : nil
  }

  /// An integer of at most 18 digits, without a leading zero, fraction or exponent.
  private func integer() -> Int64? {
    let negative = cursor.peek() == UInt8(ascii: "-")
    if negative { cursor.advance() }
    var value: Int64 = 0
    var digits = 0
    var leadingZero = false
    while let byte = cursor.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      if digits == 0, byte == UInt8(ascii: "0") { leadingZero = true }
      digits += 1
      guard digits <= 18 else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      cursor.advance()
    }
    guard digits >= 1, !leadingZero || digits == 1 else { return nil }
    switch cursor.peek() {
    case comma, closeBrace, 0x20, 0x0A, 0x0D, 0x09: return negative ? -value : value
    default: return nil
    }
  }
}
