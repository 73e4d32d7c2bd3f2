import PocketDomain
import PocketPresentation

/// One command, declared once: the word a user types, how to type it, what it does in both
/// languages, and how its words become a `Command`. The parser, `help` and usage errors are
/// generated from these declarations (`ScreenRegistry`).
struct CommandSpec: Sendable {
  /// The word the command is typed with (lowercase; typed in any case).
  var name: String
  /// Other words that type the same command (`exit` for `quit`); help does not list them.
  var aliases: [String] = []
  /// How to type it, as `help` shows it: the word, then its arguments' placeholders.
  var usage: String
  /// What it does, as `help` says it. `BASE` names the currency the cached rates are
  /// quoted against.
  var summary: Wording
  /// What `help NAME` says beyond the summary (the forms an argument takes, what the
  /// command needs), a line each; `nil` when the summary says it all.
  var details: Wording?
  /// Whether it acts on an item of the list showing (a number names it), so only the screen
  /// showing takes it; elsewhere the refusal names the screens that do.
  var isScreenBound = false
  /// Reads the command's arguments (the word itself is read already). Words left over are
  /// a usage error, so a command that takes free text reads it all.
  var parse: @Sendable (inout Words) throws(UsageError) -> Command

  init(
    _ name: String, aliases: [String] = [], usage: String? = nil, _ english: String,
    _ korean: String, isScreenBound: Bool = false,
    parse: @escaping @Sendable (inout Words) throws(UsageError) -> Command
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage ?? name
    summary = Wording(english, korean)
    self.isScreenBound = isScreenBound
    self.parse = parse
  }

  /// A command of one word, without arguments.
  init(
    _ name: String, aliases: [String] = [], _ english: String, _ korean: String,
    isScreenBound: Bool = false, command: Command
  ) {
    self.init(
      name, aliases: aliases, english, korean, isScreenBound: isScreenBound,
      parse: { _ throws(UsageError) in command })
  }

  /// A command that takes one number of the list showing, an item's (`delete N`) or a
  /// page's (`page N`): typed as its word and the number, and bound to the screen showing
  /// the list; `command` makes the command for the number typed.
  init(
    _ name: String, _ english: String, _ korean: String,
    number command: @escaping @Sendable (Int) -> Command
  ) {
    self.init(name, usage: "\(name) N", english, korean, isScreenBound: true) {
      words throws(UsageError) in command(try words.number())
    }
  }

  /// Every word that types it.
  var words: [String] { [name] + aliases }

  /// This command with `details` for `help NAME`, in both languages (lines apart).
  func detailed(_ english: String, _ korean: String) -> CommandSpec {
    var detailed = self
    detailed.details = Wording(english, korean)
    return detailed
  }
}

/// The commands of no screen: listed in `help` before (`leading`) and after (`trailing`)
/// the screens' own.
enum GlobalCommands {
  static let leading: [CommandSpec] = [
    CommandSpec("show", GlobalCommandWords.show, command: .show),
    CommandSpec("more", GlobalCommandWords.more, isScreenBound: true, command: .more),
    CommandSpec("page", GlobalCommandWords.page) { .page(number: $0) },
    CommandSpec(
      "search", usage: "search [TEXT...]", GlobalCommandWords.search, isScreenBound: true
    ) { words throws(UsageError) in .search(text: words.rest()) }
    .detailed(
      """
      TEXT: the rest of the line, found in the chat's messages, the mind log's notes, the
      titles (and addresses) of bookmarks and notices, and the rates' currencies, ignoring
      case, width (ｋｉｍ is kim) and accents; Korean is matched by its letters (ㄱ and 기
      find 김). Without TEXT, every item shows again.
      """,
      """
      TEXT: 줄의 나머지 전부. 채팅 메시지, 마음 기록의 메모, 북마크와 공지의 제목(과 주소),
      환율의 통화에서 찾으며, 대소문자와 전각·반각(ＫＩＭ은 KIM)과 악센트는 가리지 않습니다.
      한글은 자모로 맞춥니다 (ㄱ과 기로 김을 찾습니다). TEXT가 없으면 모든 항목을 다시 보여줍니다.
      """),
  ]

  static let trailing: [CommandSpec] = [
    CommandSpec("store", GlobalCommandWords.store, command: .storeInfo),
    CommandSpec("source", usage: "source [--forget]", GlobalCommandWords.source) {
      words throws(UsageError) in .rateSource(forget: try words.flag("--forget"))
    }
    .detailed(
      """
      With --online, --rates-url URL or --rates-file PATH before it, remembers that
      source for the store (a refresh from it does too); --forget forgets it. Once
      remembered, rates, calc and convert refresh first when the rates are due, and
      the live view in the background (--offline: not).
      """,
      """
      명령 앞에 --online, --rates-url URL, --rates-file PATH를 주면 그곳을 이 저장소에
      기억합니다 (거기서 refresh해도 기억합니다). --forget은 잊습니다. 기억한 뒤에는
      갱신 시각이 지나면 rates, calc, convert가 먼저 새로 받고, 라이브 화면은
      뒤에서 받습니다 (--offline이면 받지 않습니다).
      """),
    CommandSpec("export", usage: "export PATH", GlobalCommandWords.export) {
      words throws(UsageError) in
      let path = try words.required(.path)
      // Made absolute before it is written: refused when the current folder is not UTF-8.
      try RelativePath.check(path, for: .command(words.command))
      return .export(path: path)
    },
    CommandSpec(
      "import", usage: "import PATH [--replace]", GlobalCommandWords.importArchive,
      parse: importArchive),
    // Whether the topic is a command is the registry's to say (`ScreenRegistry.parse`).
    CommandSpec("help", usage: "help [COMMAND]", GlobalCommandWords.help) {
      words throws(UsageError) in .help(topic: words.next())
    },
    CommandSpec("quit", aliases: ["exit"], GlobalCommandWords.quit, command: .quit),
  ]

  private static func importArchive(_ words: inout Words) throws(UsageError) -> Command {
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
      throw .missing(command: words.command, what: .path)
    }
    return .importArchive(path: path, replace: replace)
  }
}
