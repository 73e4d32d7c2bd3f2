import Domain

/// Turns a typed line, or the words of a one-shot command line, into a `Command`.
///
/// A typed line is split into words at blanks; free text (a chat message, a title, a
/// note) is the rest of the line as typed, trimmed. One-shot arguments are taken as the
/// words they are, never split again: `pocket export "/tmp/my dir/x.json"` names one
/// path, and `pocket import "a.json --replace"` names the file `a.json --replace`. Their
/// free text is the remaining words joined by one space.
enum CommandParser {
  /// - Returns: `nil` for a blank line.
  static func parse(_ line: String) throws(UsageError) -> Command? {
    try parse(Words(line: line))
  }

  /// The command `words` (the command's name, then its arguments) form.
  /// - Returns: `nil` when there are no words, or only blank ones.
  static func parse(words: [String]) throws(UsageError) -> Command? {
    guard words.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
    return try parse(Words(words: words))
  }

  private static func parse(_ words: Words) throws(UsageError) -> Command? {
    var words = words
    guard let name = words.next() else { return nil }
    let command: Command
    switch name.lowercased() {
    case "show": command = .show
    case "rates": command = .rates(query: words.rest())
    case "fav": command = .favorite(code: try words.required(.code, for: "fav"))
    case "refresh":
      let flag = words.next()
      guard flag == nil || flag == "--force" else {
        throw .refreshTakesOnlyForce
      }
      command = .refresh(force: flag != nil)
    case "calc": command = .calc(code: try words.required(.code, for: "calc"))
    case "convert":
      command = .convert(amount: words.next() ?? "", from: words.next())
    case "back": command = .back
    case "stopwatch": command = .stopwatch
    case "start": command = .start
    case "stop": command = .stop
    case "lap": command = .lap
    case "reset": command = .reset(confirmed: try words.yes(for: "reset"))
    case "notices": command = .notices
    case "bookmark": command = .bookmark(number: try words.number(for: "bookmark"))
    case "bookmarks": command = .bookmarks
    case "rename":
      command = .rename(number: try words.number(for: "rename"), title: words.rest())
    case "remove": command = .remove(number: try words.number(for: "remove"))
    case "clear": command = .clear(confirmed: try words.yes(for: "clear"))
    case "mindlog": command = try words.moodSpan()
    case "add":
      let date = try words.date(for: "add")
      command = .add(
        score: try words.required(.score, for: "add"), note: words.rest(), date: date)
    case "chat": command = .chat
    case "say": command = .say(text: words.rest())
    case "edit":
      let number = try words.number(for: "edit")
      let date = try words.date(for: "edit")
      let text = words.rest()
      let score = text.prefix { !$0.isWhitespace }
      let note = text.dropFirst(score.count).trimmingWhitespace()
      command = .edit(
        number: number, text: text, score: String(score), note: note.isEmpty ? nil : note,
        date: date)
    case "delete": command = .delete(number: try words.number(for: "delete"))
    case "more": command = .more
    case "page": command = .page(number: try words.number(for: "page"))
    case "help":
      let topic = words.next()
      if let topic, !CommandHelp.all.contains(where: { $0.name == topic.lowercased() }) {
        throw .unknownCommand(topic)
      }
      command = .help(topic: topic)
    case "quit", "exit": command = .quit
    case "store": command = .storeInfo
    case "export": command = .export(path: try words.required(.path, for: "export"))
    case "import":
      var path: String?
      var replace = false
      while let word = words.next() {
        if word == "--replace" {
          replace = true
        } else if path == nil {
          path = word
        } else {
          throw .importTakesOnePath
        }
      }
      guard let path else {
        throw .missing(command: "import", what: .path)
      }
      command = .importArchive(path: path, replace: replace)
    default:
      throw .unknownCommand(name)
    }
    if !words.rest().isEmpty, command.takesNoMoreWords {
      throw .noMoreWords(command: name)
    }
    return command
  }
}

extension Command {
  /// Commands whose arguments are all read as words, so leftovers are a typing mistake.
  fileprivate var takesNoMoreWords: Bool {
    switch self {
    case .rates, .rename, .add, .say, .edit: false
    default: true
    }
  }
}

/// Reads the words of a command, keeping the free text from any word on.
private struct Words {
  private let words: [String]
  /// The free text from word `index` to the end, trimmed.
  private let text: (_ index: Int) -> String
  private var position = 0

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
      index < words.count
        ? Substring(words[index...].joined(separator: " ")).trimmingWhitespace() : ""
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

  mutating func required(_ what: UsageError.Placeholder, for name: String) throws(UsageError)
    -> String
  {
    guard let word = next() else {
      throw .missing(command: name, what: what)
    }
    return word
  }

  /// Whether the optional `--yes` follows (the only word such a command takes).
  mutating func yes(for name: String) throws(UsageError) -> Bool {
    guard let word = next() else { return false }
    guard word == "--yes" else {
      throw .takesOnlyYes(command: name)
    }
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
        through = try date(after: "--to", for: "mindlog")
      default:
        throw .badDays(text: words[position])
      }
    }
    guard days != nil || through != nil else { return .mindLog }
    return .mindLogSpan(days: days, through: through)
  }

  /// The day after an optional `--date` (the next word; `YYYY. M. D.` takes three):
  /// `nil` when the next word is not `--date`, and then nothing is read.
  mutating func date(for name: String) throws(UsageError) -> EntryDay? {
    try date(after: "--date", for: name)
  }

  /// The day after an optional `flag` (`--date`, or `mindlog`'s `--to`), read as `--date`
  /// reads it: `nil` when the next word is not `flag`, and then nothing is read.
  mutating func date(after flag: String, for name: String) throws(UsageError) -> EntryDay? {
    guard position < words.count, words[position] == flag else { return nil }
    position += 1
    guard let word = next() else { throw .badDate(command: name, text: "") }
    if let day = DateWords.parse([word]) { return day }
    // The Korean short date, `2026. 11. 28.`, is three words.
    if word.hasSuffix("."), position + 1 < words.count {
      let three = [word, words[position], words[position + 1]]
      if let day = DateWords.parse(three) {
        position += 2
        return day
      }
    }
    throw .badDate(command: name, text: word)
  }

  /// A list number as shown on screen. Any whole number is accepted here (0 and negatives
  /// are refused later with the list's own message); other text is a usage error.
  mutating func number(for name: String) throws(UsageError) -> Int {
    let word = try required(.number, for: name)
    guard let number = Int(word) else {
      throw .notANumber(command: name, word: word)
    }
    return number
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
