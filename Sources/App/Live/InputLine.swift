import PocketDomain
import PocketPresentation

/// The text of the live view's input line and its cursor, bounded by the limit of the field
/// it fills.
///
/// It holds at most `limit` characters (and `limit × bytesPerCharacter` bytes, so that one
/// character cannot grow without end with combining marks); what is typed or pasted past
/// that is counted in `cut` and never stored. Typing at the end costs what it adds: the
/// text grows in place and its character count is kept, never counted again, so typing n
/// characters costs O(n) however long the line is. An edit inside the line (typing before
/// the cursor's end, deleting a word) costs at most the line's length: the text after the
/// cursor moves and the characters are counted again, so that a character joining its
/// neighbours (a combining mark, a flag's second half) keeps the count true.
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
  /// Where the cursor stands: the UTF-8 offset of the character it is on, or of the end of
  /// the text. Always on the boundary of a character.
  private var offset = 0

  /// The most UTF-8 bytes a character takes on average: a flag, an accented Korean
  /// syllable or an emoji with its modifier fits; a cluster longer than that counts
  /// against the bytes of the characters after it.
  static let bytesPerCharacter = 16

  /// A line holding the first `limit` characters of `text`, the cursor at its end.
  init(_ text: String = "", limit: Int) {
    self.limit = max(0, limit)
    insert(text, newlinesAsSpaces: false)
  }

  /// The most bytes the line holds.
  var byteLimit: Int { limit * Self.bytesPerCharacter }

  /// Whether nothing more fits.
  var isFull: Bool { count >= limit }

  /// The index in `text` of the character the cursor is on (`text.endIndex`: after the
  /// last one).
  var cursor: String.Index { index(offset) }

  /// Whether the cursor stands after the last character.
  var isAtEnd: Bool { offset == text.utf8.count }

  // MARK: Typing

  /// Types one character at the cursor, or counts it in `cut` when the line is full.
  mutating func insert(_ character: Character) {
    guard !isFull else {
      cut += 1
      return
    }
    if isAtEnd {
      if !append(character) { cut += 1 }
    } else if text.utf8.count + character.utf8.count <= byteLimit {
      insertInside(String(character))
    } else {
      cut += 1
    }
  }

  /// Types `text` at the cursor (a piece of a paste: newlines become spaces, as the line is
  /// one line) up to the limit; the rest is counted in `cut`, not kept.
  mutating func insert(_ text: some StringProtocol, newlinesAsSpaces: Bool = true) {
    var rest = text[...]
    func next() -> Character? {
      guard let character = rest.first else { return nil }
      rest = rest.dropFirst()
      return newlinesAsSpaces && character.isNewline ? " " : character
    }
    if isAtEnd {
      while !isFull, let character = next() {
        guard append(character) else {
          cut += 1
          break
        }
      }
    } else {
      // What fits is gathered first, so the text after the cursor moves once.
      var piece = ""
      var (characters, bytes) = (count, self.text.utf8.count)
      while characters < limit, let character = next() {
        guard bytes + character.utf8.count <= byteLimit else {
          cut += 1
          break
        }
        piece.append(character)
        characters += 1
        bytes += character.utf8.count
      }
      if !piece.isEmpty { insertInside(piece) }
    }
    cut += rest.count
  }

  // MARK: Deleting

  /// Backspace: deletes the character before the cursor.
  mutating func deleteBackward() {
    guard offset > 0 else { return }
    if isAtEnd {
      text.removeLast()
      count -= 1
      offset = text.utf8.count
      cut = 0
    } else {
      let end = cursor
      remove(text.index(before: end)..<end)
    }
  }

  /// Delete: deletes the character under the cursor.
  mutating func deleteForward() {
    guard !isAtEnd else { return }
    let start = cursor
    remove(start..<text.index(after: start))
  }

  /// Ctrl-W: deletes the word before the cursor and the spaces after it.
  /// - Returns: what it deleted, for Ctrl-Y to yank back.
  @discardableResult
  mutating func deleteWordBackward() -> String {
    cutOut(wordStart(before: cursor)..<cursor)
  }

  /// Ctrl-U: deletes everything before the cursor.
  /// - Returns: what it deleted, for Ctrl-Y to yank back.
  @discardableResult
  mutating func deleteToStart() -> String {
    cutOut(text.startIndex..<cursor)
  }

  /// Ctrl-K: deletes everything from the cursor on.
  /// - Returns: what it deleted, for Ctrl-Y to yank back.
  @discardableResult
  mutating func deleteToEnd() -> String {
    cutOut(cursor..<text.endIndex)
  }

  /// Removes `range` and gives back what it held.
  private mutating func cutOut(_ range: Range<String.Index>) -> String {
    let removed = String(text[range])
    remove(range)
    return removed
  }

  /// Empties the line.
  mutating func removeAll() {
    text.removeAll(keepingCapacity: true)
    count = 0
    cut = 0
    offset = 0
  }

  // MARK: Moving

  /// ←: one character back.
  mutating func moveLeft() {
    guard offset > 0 else { return }
    move(to: text.index(before: cursor))
  }

  /// →: one character on.
  mutating func moveRight() {
    guard !isAtEnd else { return }
    move(to: text.index(after: cursor))
  }

  /// Home, Ctrl-A.
  mutating func moveToStart() { offset = 0 }

  /// End, Ctrl-E.
  mutating func moveToEnd() { offset = text.utf8.count }

  /// Alt-←, Ctrl-←: to the start of this word or of the one before.
  mutating func moveWordLeft() { move(to: wordStart(before: cursor)) }

  /// Alt-→, Ctrl-→: to the end of this word or of the one after.
  mutating func moveWordRight() {
    var index = cursor
    while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
    while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
    move(to: index)
  }

  // MARK: Storage

  /// Appends `character` when its bytes fit; keeps `count` true when it joins the last
  /// character (a combining mark, the second half of a flag) by counting only the two.
  @discardableResult
  private mutating func append(_ character: Character) -> Bool {
    guard text.utf8.count + character.utf8.count <= byteLimit else { return false }
    if let last = text.last {
      var pair = String(last)
      pair.append(character)
      count += pair.count - 1
    } else {
      count += 1
    }
    text.append(character)
    offset = text.utf8.count
    return true
  }

  /// Inserts `piece` at the cursor, inside the text, and puts the cursor after it.
  private mutating func insertInside(_ piece: String) {
    let after = offset + piece.utf8.count
    text.insert(contentsOf: piece, at: cursor)
    count = text.count
    offset = boundary(atOrAfter: after)
  }

  /// Removes `range` (whole characters), the cursor at its start.
  private mutating func remove(_ range: Range<String.Index>) {
    guard !range.isEmpty else { return }
    let start = utf8Offset(range.lowerBound)
    text.removeSubrange(range)
    count = text.count
    cut = 0
    offset = boundary(atOrAfter: start)
  }

  private mutating func move(to index: String.Index) { offset = utf8Offset(index) }

  /// The start of the word before `index`: spaces before it are passed over, then the word.
  private func wordStart(before index: String.Index) -> String.Index {
    var start = index
    while start > text.startIndex, text[text.index(before: start)].isWhitespace {
      start = text.index(before: start)
    }
    while start > text.startIndex, !text[text.index(before: start)].isWhitespace {
      start = text.index(before: start)
    }
    return start
  }

  /// The index at UTF-8 offset `offset`: O(1) in a native string.
  private func index(_ offset: Int) -> String.Index {
    text.utf8.index(text.utf8.startIndex, offsetBy: offset)
  }

  private func utf8Offset(_ index: String.Index) -> Int {
    text.utf8.distance(from: text.utf8.startIndex, to: index)
  }

  /// `offset` when a character starts there, else the end of the character it falls in
  /// (an insertion joined the characters around it, as a regional indicator typed before
  /// a flag pairs with the flag's first half).
  private func boundary(atOrAfter offset: Int) -> Int {
    guard offset < text.utf8.count else { return text.utf8.count }
    // `index(after:)` rounds an index inside a character down to its start first.
    let next = text.index(after: index(offset))
    let start = text.index(before: next)
    return utf8Offset(start) == offset ? offset : utf8Offset(next)
  }
}

extension InputLine {
  /// What the status row says once something was cut.
  func cutNotice(_ language: Language) -> String {
    AppText.cutNotice(count: count, cut: cut).text(language)
  }
}
