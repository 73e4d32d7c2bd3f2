import Domain
import Presentation

/// The text of the live view's input line, bounded by the limit of the field it fills.
///
/// It holds at most `limit` characters (and `limit × bytesPerCharacter` bytes, so that one
/// character cannot grow without end with combining marks); what is typed or pasted past
/// that is counted in `cut` and never stored. Every edit costs what it adds: the text grows
/// in place and its character count is kept, never counted again, so typing n characters
/// costs O(n) however long the line is.
struct InputLine: Equatable {
  /// The most characters the line holds.
  let limit: Int
  /// What the line holds.
  private(set) var text = ""
  /// How many characters `text` holds.
  private(set) var count = 0
  /// How many characters were typed or pasted past the limit and left out, since the line
  /// last lost a character.
  private(set) var cut = 0

  /// The most UTF-8 bytes a character takes on average: a flag, an accented Korean
  /// syllable or an emoji with its modifier fits; a cluster longer than that counts
  /// against the bytes of the characters after it.
  static let bytesPerCharacter = 16

  /// A line holding the first `limit` characters of `text`.
  init(_ text: String = "", limit: Int) {
    self.limit = max(0, limit)
    append(text, newlinesAsSpaces: false)
  }

  /// The most bytes the line holds.
  var byteLimit: Int { limit * Self.bytesPerCharacter }

  /// Whether nothing more fits.
  var isFull: Bool { count >= limit }

  /// Adds one typed character, or counts it in `cut` when the line is full.
  mutating func append(_ character: Character) {
    guard !isFull else {
      cut += 1
      return
    }
    add(character)
  }

  /// Adds `text` (a piece of a paste: newlines become spaces, as the line is one line) up
  /// to the limit; the rest is counted in `cut`, not kept.
  mutating func append(_ text: some StringProtocol, newlinesAsSpaces: Bool = true) {
    var rest = text[...]
    while !isFull, let character = rest.first {
      rest = rest.dropFirst()
      guard add(newlinesAsSpaces && character.isNewline ? " " : character) else {
        cut += 1
        break
      }
    }
    cut += rest.count
  }

  /// Removes the last character.
  mutating func removeLast() {
    guard text.popLast() != nil else { return }
    count -= 1
    cut = 0
  }

  /// Empties the line.
  mutating func removeAll() {
    text.removeAll(keepingCapacity: true)
    count = 0
    cut = 0
  }

  /// Appends `character` when its bytes fit; keeps `count` true when it joins the last
  /// character (a combining mark, the second half of a flag) by counting only the two.
  @discardableResult
  private mutating func add(_ character: Character) -> Bool {
    guard text.utf8.count + character.utf8.count <= byteLimit else { return false }
    if let last = text.last {
      var pair = String(last)
      pair.append(character)
      count += pair.count - 1
    } else {
      count += 1
    }
    text.append(character)
    return true
  }
}

extension InputLine {
  /// What the status row says once something was cut.
  func cutNotice(_ language: Language) -> String {
    AppText.cutNotice(count: count, cut: cut).text(language)
  }
}
