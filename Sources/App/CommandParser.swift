import PocketDomain

/// Turns a typed line, or the words of a one-shot command line, into a `Command`.
///
/// A typed line is split into words at blanks; free text (a chat message, a title, a
/// note) is the rest of the line as typed, trimmed. One-shot arguments are taken as the
/// words they are, never split again: `pocket export "/tmp/my dir/x.json"` names one
/// path, and `pocket import "a.json --replace"` names the file `a.json --replace`. Their
/// free text is the remaining words joined by one space.
enum CommandParser {
  /// - Returns: `nil` for a blank line.
  static func parse(_ line: String, registry: ScreenRegistry = .standard) throws(UsageError)
    -> Command?
  {
    try registry.parse(Words(line: line))
  }

  /// The command `words` (the command's name, then its arguments) form.
  /// - Returns: `nil` when there are no words, or only blank ones.
  static func parse(words: [String], registry: ScreenRegistry = .standard) throws(UsageError)
    -> Command?
  {
    guard words.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
    return try registry.parse(Words(words: words))
  }
}

/// Reads the words of a command, keeping the free text from any word on. A command's
/// `CommandSpec.parse` reads its arguments through it; `command` is the word it was typed
/// with, which usage errors name.
struct Words {
  private let words: [String]
  /// The free text from word `index` to the end, trimmed.
  private let text: (_ index: Int) -> String
  private var position = 0
  /// The command's word, as typed (set once the first word is read).
  var command = ""

  /// The words of a typed line, split at blanks; free text is the rest of the line as typed.
  init(line: String) {
    var words: [String] = []
    var starts: [String.Index] = []
    var index = line.startIndex
    while index < line.endIndex {
      guard !line[index].isWhitespace else {
        index = line.index(after: index)
        continue
      }
      let end = line[index...].firstIndex { $0.isWhitespace } ?? line.endIndex
      words.append(String(line[index..<end]))
      starts.append(index)
      index = end
    }
    self.words = words
    text = { index in
      index < starts.count ? line[starts[index]...].trimmingWhitespace() : ""
    }
  }

  /// Words as given (one-shot arguments); free text is the remaining words joined by a space.
  init(words: [String]) {
    self.words = words
    text = { index in
      guard index < words.count else { return "" }
      return Substring(Array(words[index...]).concatenated(separator: " ")).trimmingWhitespace()
    }
  }

  mutating func next() -> String? {
    guard position < words.count else { return nil }
    defer { position += 1 }
    return words[position]
  }

  mutating func rest() -> String {
    defer { position = words.count }
    return text(position)
  }

  /// The free text from here on, with its line breaks (a message, a note): `\n` in it is a
  /// line break, as neither a typed line nor a shell argument easily holds one, and `\\`
  /// a backslash; any other backslash stays as typed.
  mutating func textWithLineBreaks() -> String { Self.lineBreaks(in: rest()) }

  /// `text` with `\n` read as a line break and `\\` as a backslash.
  static func lineBreaks(in text: String) -> String {
    guard text.contains("\\") else { return text }
    var result = ""
    var escaped = false
    for character in text {
      if escaped {
        switch character {
        case "n": result.append("\n")
        case "\\": result.append("\\")
        default: result += "\\" + String(character)
        }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    if escaped { result.append("\\") }
    return result
  }

  /// Whether every word has been read.
  var isAtEnd: Bool { position >= words.count }

  mutating func required(_ what: UsageError.Placeholder) throws(UsageError) -> String {
    guard let word = next() else {
      throw .missing(command: command, what: what)
    }
    return word
  }

  /// Whether the optional `--yes` follows (the only word such a command takes).
  mutating func yes() throws(UsageError) -> Bool { try flag("--yes") }

  /// Whether the optional `flag` follows (the only word such a command takes).
  mutating func flag(_ flag: String) throws(UsageError) -> Bool {
    guard let word = next() else { return false }
    guard word == flag else { throw .takesOnly(command: command, flag: flag) }
    return true
  }

  /// `mindlog`'s words: `--days N` and `--to DATE`, each optional and at most once, in
  /// either order. Plain `mindlog` is `.mindLog`.
  mutating func moodSpan() throws(UsageError) -> Command {
    var days: Int?
    var through: EntryDay?
    while position < words.count {
      switch words[position] {
      case "--days" where days == nil:
        position += 1
        let text = next() ?? ""
        guard let number = Int(text), (1...SummarizeMood.maxDays).contains(number) else {
          throw .badDays(text: text)
        }
        days = number
      case "--to" where through == nil:
        through = try date(after: "--to")
      default:
        throw .badDays(text: words[position])
      }
    }
    guard days != nil || through != nil else { return .mindLog }
    return .mindLogSpan(days: days, through: through)
  }

  /// `value`, a screen's own command, typed with this command's word.
  func own(_ value: some Hashable & Sendable) -> Command {
    .screen(ScreenCommand(word: command, value))
  }

  /// `edit N ...`'s words, read both ways, as the screen showing decides which it is: the
  /// rest as a chat message's text, and as a mind-log entry's `[--date DATE] SCORE [NOTE...]`.
  /// A note given as nothing clears the note: an empty word after the score (`edit 1 6 ""`
  /// from a shell), or a pair of quotes typed in a session; without a word after the score
  /// the note stays.
  mutating func editArguments() throws(UsageError) -> Command {
    let number = try number()
    let date = try date()
    let givesNote = position + 1 < words.count
    let text = textWithLineBreaks()
    let score = text.prefix { !$0.isWhitespace }
    let note = text.dropFirst(score.count).trimmingWhitespace()
    let cleared = givesNote && (note.isEmpty || note == "\"\"" || note == "''")
    return .edit(
      number: number, text: text, score: String(score),
      note: cleared ? "" : note.isEmpty ? nil : note, date: date)
  }

  /// The day after an optional `--date` (one word, or the few a date is written in:
  /// `2026. 11. 28.`): `nil` when the next word is not `--date`, and then nothing is read.
  mutating func date() throws(UsageError) -> EntryDay? {
    try date(after: "--date")
  }

  /// The day after an optional `flag` (`--date`, or `mindlog`'s `--to`), read as `--date`
  /// reads it: `nil` when the next word is not `flag`, and then nothing is read. The
  /// fewest words that write a date are taken (`DateWords`), at most four (`"2026년 12월 1일
  /// (화)"` typed in a session's quotes).
  mutating func date(after flag: String) throws(UsageError) -> EntryDay? {
    guard position < words.count, words[position] == flag else { return nil }
    position += 1
    guard position < words.count else { throw .badDate(command: command, text: "") }
    for count in 1...min(4, words.count - position) {
      let typed = Array(words[position..<position + count])
      switch DateWords.parse(typed) {
      case .day(let day)?:
        position += count
        // A Korean long date's weekday after it, typed as a word of its own (`화요일`).
        if position < words.count, DateWords.isKoreanWeekday(words[position]) { position += 1 }
        return day
      case .noSuchDay(let problem)?:
        throw .noSuchDay(command: command, text: typed.joined(separator: " "), problem)
      case nil:
        continue
      }
    }
    throw .badDate(command: command, text: words[position])
  }

  /// A list number as shown on screen. Any whole number is accepted here (0, negatives and
  /// numbers past the list are refused later with the list's own message); one beyond
  /// ±`Int.max` reads as ±`Int.max`, which no list reaches and from which 1 can be taken
  /// away without overflow. Other text is a usage error.
  mutating func number() throws(UsageError) -> Int {
    let word = try required(.number)
    if let number = Int(word) { return max(number, -.max) }
    let digits = word.first == "-" || word.first == "+" ? word.dropFirst() : Substring(word)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw .notANumber(command: command, word: word)
    }
    return word.first == "-" ? -.max : .max
  }
}

extension Substring {
  /// Without leading and trailing whitespace: one pass from each end, then one copy.
  fileprivate func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
