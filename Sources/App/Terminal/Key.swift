import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A key or input event decoded from the terminal's bytes.
package enum Key: Equatable, Sendable {
  /// Printable text, one grapheme cluster (Korean typed arrives whole).
  case character(Character)
  case enter, tab, backTab, escape, backspace, delete
  /// Ctrl-J (0x0A) or Alt-Enter (ESC CR): a line break on an input line that takes one
  /// (a chat message, a mind-log note); Enter anywhere else.
  case newLine
  case up, down, left, right, home, end, pageUp, pageDown
  /// Alt-← / Alt-→ (`ESC[1;3D`, `ESC b`), Ctrl-← / Ctrl-→ (`ESC[1;5D`): a word back or on.
  case wordLeft, wordRight
  /// Ctrl-letter: `.control("c")` for 0x03, `"d"` 0x04, `"z"` 0x1A, `"l"` 0x0C. (Tab, Enter
  /// and Backspace have their own cases: 0x09, 0x0A, 0x0D, 0x08 never arrive as `.control`;
  /// 0x0A, Ctrl-J, is `.newLine`.)
  case control(Character)
  /// Text of a bracketed paste (newlines and escapes inside it are text, not keys), given
  /// as it arrives: a paste that spans reads comes as several `.paste` in a row, so a paste
  /// of any size is never held whole.
  case paste(String)
  /// A bracketed paste begins: its `.paste` pieces follow, unless it is refused first.
  case pasteStarted
  /// Bytes that are not UTF-8, never repaired into text: typed (a terminal set to another
  /// encoding) or in a bracketed paste (`pasted`). `shown` shows them as `UTF8Bytes.shown`
  /// does (`\xE9`); for a paste, with a little of the text around them. A paste holding
  /// them is refused whole: the pieces it gave before are to be taken back, and the rest of
  /// it is dropped. Typed, the keys that came in the same read after them are dropped.
  case notUTF8(shown: String, pasted: Bool)
}

/// Bytes → keys.
///
/// Handles escape sequences split across reads (CSI and SS3 arrows, Home/End in their
/// common forms `ESC[H` `ESC[F` `ESC[1~` `ESC[4~` `ESC[7~` `ESC[8~` `ESCOH` `ESCOF`,
/// PgUp/PgDn `ESC[5~`/`ESC[6~`, Delete `ESC[3~`, Shift-Tab `ESC[Z`; ← and → with Alt or
/// Ctrl (`ESC[1;3D`, `ESC[1;5C`) and readline's `ESC b` / `ESC f` are a word back or on;
/// other modifiers, such as `ESC[1;5A`, are ignored), UTF-8 split across reads, bracketed paste `ESC[200~ … ESC[201~`
/// (may span many reads; its text is given read by read, never gathered), DEL 0x7F and
/// 0x08 as backspace, CR or LF as enter. Unknown
/// sequences (function keys, Insert, mouse reports, OSC strings) are dropped whole. Bytes
/// that are not UTF-8 are never repaired (U+FFFD would put another character, and so
/// another path, in their place): they come as `.notUTF8`, and what came with them is
/// dropped (`Key.notUTF8`). A character is whole when its bytes are split anywhere;
/// a grapheme cluster of several scalars (e + combining accent, 👍🏽) is one key when it
/// comes in one read, as a terminal sends what one key press typed.
package struct KeyDecoder: Sendable {
  /// Bytes not decoded yet: an unfinished escape sequence or UTF-8 character (inside a
  /// paste: what may begin its end marker or a character).
  private var pending: [UInt8] = []
  /// Inside a bracketed paste.
  private var isPasting = false
  /// Inside a bracketed paste that was refused: its text is dropped up to its end.
  private var isDroppingPaste = false
  /// The last bytes of the paste given so far (`contextLength` at most), to show around
  /// bytes that are not UTF-8.
  private var pasteContext: [UInt8] = []

  /// How many bytes a refused paste shows on each side of the first byte that is not UTF-8.
  static let contextLength = 24

  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  package init() {}

  /// True when a lone ESC (or an unfinished escape sequence) waits: the reader calls
  /// `flushPending()` after a short quiet time (e.g. 30 ms) to turn a lone ESC into
  /// `.escape`. An unfinished bracketed paste is not pending: it waits for its end; nor is
  /// an unfinished UTF-8 character, whose last bytes may come late on a loaded machine
  /// (a byte that does not continue it drops it then).
  package var hasPending: Bool { !isPasting && pending.first == 0x1B }

  /// The keys in `bytes`, with whatever earlier reads left unfinished in front of them.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    decode(into: &keys)
    return keys
  }

  /// A lone ESC becomes `.escape`; an unfinished sequence or character is dropped.
  package mutating func flushPending() -> [Key] {
    guard hasPending else { return [] }
    let wasLoneEscape = pending == [0x1B]
    pending.removeAll()
    return wasLoneEscape ? [.escape] : []
  }

  private mutating func decode(into keys: inout [Key]) {
    var index = 0
    var text: [UInt8] = []  // printable UTF-8 gathered, so combining marks stay with their base
    var invalid: [UInt8] = []  // typed bytes that are not UTF-8, gathered
    // Once typed bytes that are not UTF-8 came, the keys after them in this read are dropped:
    // an Enter among them must not run a line that lacks them.
    var isDropping = false
    func flushText() {
      guard !text.isEmpty else { return }
      if !isDropping {
        // Gathered one whole character at a time: valid UTF-8, nothing is repaired.
        for character in String(decoding: text, as: UTF8.self) {
          keys.append(.character(character))
        }
      }
      text.removeAll()
    }
    func flushInvalid() {
      guard !invalid.isEmpty else { return }
      if !isDropping { keys.append(.notUTF8(shown: UTF8Bytes.shown(invalid), pasted: false)) }
      invalid.removeAll()
      isDropping = true
    }
    func flush() {
      flushText()
      flushInvalid()
    }
    func append(_ key: Key) {
      if !isDropping { keys.append(key) }
    }
    defer { flush() }
    while index < pending.count {
      if isPasting {
        guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else {
          // Keep a tail that may begin the end marker or a character split across reads;
          // the rest is pasted text, given now.
          let rest = pending[index...]
          let keep = max(Self.markerPrefixLength(at: rest), Self.unfinishedCharacterLength(rest))
          paste(pending[index..<(pending.count - keep)], into: &keys)
          pending.removeFirst(pending.count - keep)
          return
        }
        paste(pending[index..<end], into: &keys)
        isPasting = false
        isDroppingPaste = false
        pasteContext.removeAll()
        index = end + Self.pasteEnd.count
        continue
      }
      let byte = pending[index]
      switch byte {
      case 0x1B:
        flush()
        guard let (consumed, key) = escapeSequence(at: index) else {
          pending.removeFirst(index)
          return
        }
        if key == .pasteStarted {
          // A paste that comes with keys dropped is dropped whole.
          isDroppingPaste = isDropping
          pasteContext.removeAll()
        }
        if let key { append(key) }
        index += consumed
      case 0x0D, 0x0A:
        flush()
        append(byte == 0x0A ? .newLine : .enter)
        index += 1
      case 0x09:
        flush()
        append(.tab)
        index += 1
      case 0x7F, 0x08:
        flush()
        append(.backspace)
        index += 1
      case 0x01...0x1A:
        flush()
        append(.control(Character(Unicode.Scalar(byte + 0x60))))
        index += 1
      case 0x00, 0x1C...0x1F:
        index += 1  // Ctrl-@, Ctrl-\ … : no key
      case 0x20...0x7E:
        flushInvalid()
        text.append(byte)
        index += 1
      default:
        switch Self.step(pending[...], at: index) {
        case .character(let length):
          flushInvalid()
          text.append(contentsOf: pending[index..<(index + length)])
          index += length
        case .invalid(let length):
          flushText()
          invalid.append(contentsOf: pending[index..<(index + length)])
          index += length
        case .unfinished:
          flush()
          pending.removeFirst(index)
          return
        }
      }
    }
    pending.removeAll()
  }

  /// The escape sequence starting at `start`: how many bytes it takes and its key (nil for a
  /// sequence dropped whole), or nil when it is unfinished.
  private mutating func escapeSequence(at start: Int) -> (Int, Key?)? {
    guard start + 1 < pending.count else { return nil }
    switch pending[start + 1] {
    case UInt8(ascii: "["):
      var end = start + 2
      while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
      guard end < pending.count else { return nil }
      let final = pending[end]
      let consumed = end - start + 1
      guard (0x40...0x7E).contains(final) else { return (consumed - 1, nil) }  // broken: drop
      let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
      let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
      let first = fields.first
      // xterm's modifier parameter is 1 + a bit each for Shift (1), Alt (2), Ctrl (4), Meta (8).
      // Its bytes may be any of 0x20–0x3F, a sign among them: a value outside 1...256 (as
      // `-9223372036854775808`, from which 1 cannot be taken) is no modifier.
      let parameter = fields.count > 1 ? Int(fields[1]) ?? 1 : 1
      let modifiers = (1...256).contains(parameter) ? parameter - 1 : 0
      let byWord = modifiers & 0b1110 != 0
      switch final {
      case UInt8(ascii: "A"): return (consumed, .up)
      case UInt8(ascii: "B"): return (consumed, .down)
      case UInt8(ascii: "C"): return (consumed, byWord ? .wordRight : .right)
      case UInt8(ascii: "D"): return (consumed, byWord ? .wordLeft : .left)
      case UInt8(ascii: "H"): return (consumed, .home)
      case UInt8(ascii: "F"): return (consumed, .end)
      case UInt8(ascii: "Z"): return (consumed, .backTab)
      case UInt8(ascii: "~"):
        switch first.map(String.init) {
        case "1", "7": return (consumed, .home)
        case "4", "8": return (consumed, .end)
        case "3": return (consumed, .delete)
        case "5": return (consumed, .pageUp)
        case "6": return (consumed, .pageDown)
        case "200":
          isPasting = true
          return (consumed, .pasteStarted)
        default: return (consumed, nil)
        }
      default: return (consumed, nil)
      }
    case UInt8(ascii: "O"):
      guard start + 2 < pending.count else { return nil }
      switch pending[start + 2] {
      case UInt8(ascii: "A"): return (3, .up)
      case UInt8(ascii: "B"): return (3, .down)
      case UInt8(ascii: "C"): return (3, .right)
      case UInt8(ascii: "D"): return (3, .left)
      case UInt8(ascii: "H"): return (3, .home)
      case UInt8(ascii: "F"): return (3, .end)
      case UInt8(ascii: "M"): return (3, .enter)  // keypad Enter
      default: return (3, nil)  // F1–F4 and other keypad keys
      }
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
      // OSC, DCS, APC, PM: a string ended by BEL or ESC \ — dropped whole.
      var end = start + 2
      while end < pending.count {
        if pending[end] == 0x07 { return (end - start + 1, nil) }
        if pending[end] == 0x1B, end + 1 < pending.count {
          return (end - start + (pending[end + 1] == UInt8(ascii: "\\") ? 2 : 0), nil)
        }
        end += 1
      }
      return nil
    case 0x0D: return (2, .newLine)  // Alt-Enter
    case UInt8(ascii: "b"): return (2, .wordLeft)  // Alt-b, and Alt-← where it sends this
    case UInt8(ascii: "f"): return (2, .wordRight)
    default:
      // ESC then another key (Alt-key, or Esc pressed just before): Esc, then that key.
      return (1, .escape)
    }
  }

  private static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 1
    }
  }

  /// Where `marker` first starts in `bytes` at or after `start`. Looks for its first byte
  /// with memchr(3), so a paste of megabytes is scanned at memory speed.
  private static func find(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = marker.first else { return start }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      var index = start
      while index + marker.count <= buffer.count {
        guard let found = memchr(base + index, Int32(first), buffer.count - index) else {
          return nil
        }
        let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        guard position + marker.count <= buffer.count else { return nil }
        if memcmp(base + position, marker, marker.count) == 0 { return position }
        index = position + 1
      }
      return nil
    }
  }

  /// Pasted bytes as text, when there are any and the paste is not refused. At the first
  /// bytes that are not UTF-8 the paste is refused (`.notUTF8`, shown with the text around
  /// them), and the rest of it, up to its end, is dropped; so is a paste that came after
  /// typed bytes that are not UTF-8, in their read.
  private mutating func paste(_ bytes: ArraySlice<UInt8>, into keys: inout [Key]) {
    guard !bytes.isEmpty, !isDroppingPaste else { return }
    if let text = UTF8Bytes.text(bytes) {
      keys.append(.paste(text))
      pasteContext = Array((pasteContext + bytes).suffix(Self.contextLength))
      return
    }
    var index = bytes.startIndex
    while index < bytes.endIndex, case .character(let length) = Self.step(bytes, at: index) {
      index += length
    }
    var before = (pasteContext + bytes[bytes.startIndex..<index]).suffix(Self.contextLength)
    let isCutBefore = pasteContext.count + (index - bytes.startIndex) > before.count
    // Started inside a character: from the next one.
    while let first = before.first, first & 0xC0 == 0x80 { before.removeFirst() }
    var after = bytes[index...].prefix(Self.contextLength)
    let isCutAfter = after.count < bytes.endIndex - index
    if isCutAfter { after = after.dropLast(Self.unfinishedCharacterLength(after)) }
    let shown =
      (isCutBefore ? "…" : "") + UTF8Bytes.shown(Array(before) + Array(after))
      + (isCutAfter ? "…" : "")
    keys.append(.notUTF8(shown: shown, pasted: true))
    isDroppingPaste = true
    pasteContext.removeAll()
  }

  /// What the bytes at `index` of `bytes` begin.
  enum Step: Equatable {
    /// A whole UTF-8 character of `length` bytes.
    case character(Int)
    /// `length` bytes that are not UTF-8 (a stray continuation byte, a lead byte no
    /// character starts with, a lead byte and the continuation bytes that fit it before a
    /// byte that does not, an overlong form or a surrogate).
    case invalid(Int)
    /// A character whose last bytes have not come.
    case unfinished
  }

  /// What the bytes at `index` begin, by the table of well-formed UTF-8 (Unicode 3.9, table
  /// 3-7): the second byte's range depends on the lead byte, so overlong forms, surrogates
  /// and code points past U+10FFFF are not characters.
  static func step(_ bytes: ArraySlice<UInt8>, at index: Int) -> Step {
    let lead = bytes[index]
    guard lead >= 0x80 else { return .character(1) }
    let length = utf8Length(lead)
    guard length > 1 else { return .invalid(1) }
    let available = min(length, bytes.endIndex - index)
    for offset in 1..<available {
      let byte = bytes[index + offset]
      let range: ClosedRange<UInt8> =
        switch (offset, lead) {
        case (1, 0xE0): 0xA0...0xBF
        case (1, 0xED): 0x80...0x9F
        case (1, 0xF0): 0x90...0xBF
        case (1, 0xF4): 0x80...0x8F
        default: 0x80...0xBF
        }
      guard range.contains(byte) else { return .invalid(offset) }
    }
    return available < length ? .unfinished : .character(length)
  }

  /// The length of a UTF-8 character at the end of `bytes` whose last bytes have not come
  /// yet (0 when the bytes end on a whole character).
  private static func unfinishedCharacterLength(_ bytes: ArraySlice<UInt8>) -> Int {
    guard !bytes.isEmpty else { return 0 }
    for back in 1...min(3, bytes.count) {
      let byte = bytes[bytes.endIndex - back]
      guard byte & 0xC0 == 0x80 else {
        return utf8Length(byte) > back ? back : 0
      }
    }
    return 0
  }

  /// The length of the longest tail of `bytes` that begins the paste end marker.
  private static func markerPrefixLength(at bytes: ArraySlice<UInt8>) -> Int {
    for length in stride(from: min(pasteEnd.count - 1, bytes.count), to: 0, by: -1)
    where bytes.suffix(length).elementsEqual(pasteEnd.prefix(length)) {
      return length
    }
    return 0
  }
}
