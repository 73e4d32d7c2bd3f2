import Foundation
import PocketData
import PocketDomain
import PocketPresentation

/// A global option (before the command), declared once: its names, the placeholder of its
/// value, what `--help` says of it in both languages, and what it does to `Options`.
/// `Options.parse`, the options that take a value, the usage line and the help's option
/// lines all come from `GlobalOption.all`.
struct GlobalOption: Sendable {
  /// The names it is typed as, the first the one help shows first (`--help`, `-h`).
  let names: [String]
  /// Its value's placeholder as typed (`PATH`, `en|ko`); `nil` for a switch.
  let value: String?
  /// The options shown with it as alternatives in the usage line (`[A | B | C]`): those
  /// of one group stand together, in the order of `all`.
  let group: String?
  /// What help says of it, a line at a time, in English and in Korean.
  let help: (english: [String], korean: [String])
  /// What it does to the options, given its value (`""` for a switch).
  let apply: @Sendable (inout Options, String) throws(UsageError) -> Void

  init(
    _ names: [String], value: String? = nil, group: String? = nil,
    english: [String], korean: [String],
    apply: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void
  ) {
    self.names = names
    self.value = value
    self.group = group
    help = (english, korean)
    self.apply = apply
  }

  /// An option whose value is one of `Choice`'s cases, typed as its raw value: its
  /// placeholder lists them (`en|ko`), a word that is none is refused with `unknown`, and
  /// `set` puts the case chosen into the options.
  static func choice<Choice: CaseIterable & RawRepresentable<String> & Sendable>(
    _ type: Choice.Type, _ names: [String], english: [String], korean: [String],
    unknown: @escaping @Sendable (String) -> UsageError,
    set: @escaping @Sendable (inout Options, Choice) -> Void
  ) -> GlobalOption {
    GlobalOption(
      names, value: Choice.allCases.map(\.rawValue).joined(separator: "|"), english: english,
      korean: korean
    ) { options, word throws(UsageError) in
      guard let choice = Choice(rawValue: word) else { throw unknown(word) }
      set(&options, choice)
    }
  }

  /// A switch (it takes no value): typed, it turns `flag` of the options on.
  static func flag(
    _ names: [String], english: [String], korean: [String],
    sets flag: WritableKeyPath<Options, Bool> & Sendable
  ) -> GlobalOption {
    GlobalOption(names, english: english, korean: korean) { options, _ throws(UsageError) in
      options[keyPath: flag] = true
    }
  }

  /// The option typed as `name`, if any.
  static func named(_ name: String) -> GlobalOption? {
    all.first { $0.names.contains(name) }
  }

  /// The names of the options that take the word after them as their value.
  static let valueNames: Set<String> = Set(all.filter { $0.value != nil }.flatMap(\.names))

  /// How it is written in the usage line and in help: its names, each with its value.
  var form: String {
    names.map { name in value.map { "\(name) \($0)" } ?? name }.joined(separator: ", ")
  }

  /// `--help`: shown on a line of its own in the usage, never in brackets.
  var isHelp: Bool { names.contains("--help") }
}

extension GlobalOption {
  /// Every global option, in the order the usage line and help show them.
  static let all: [GlobalOption] = [
    .choice(
      StoreChoice.self, ["--store"], english: ["Where data lives (default: sqlite)"],
      korean: ["데이터를 둘 곳 (기본값: sqlite)"], unknown: UsageError.unknownStore
    ) { $0.store = $1 },
    GlobalOption(
      ["--store-path"], value: "PATH",
      english: [
        "The store's folder (default: $XDG_DATA_HOME/pocket,",
        "else ~/.local/share/pocket); with postgres, where",
        "this machine keeps the screen it showed last",
      ],
      korean: [
        "저장소 폴더 (기본값: $XDG_DATA_HOME/pocket,", "없으면 ~/.local/share/pocket); postgres에서는 이",
        "컴퓨터가 마지막 화면을 두는 곳",
      ]
    ) { options, path throws(UsageError) in options.storePath = path },
    GlobalOption(
      ["--store-url"], value: "URL",
      english: [
        "The postgres store's server, as libpq takes it",
        "(postgresql://USER@HOST:PORT/DB?sslmode=verify-full);",
        "never with a password: use ~/.pgpass (default:",
        "POCKET_STORE_URL, else PGHOST, PGUSER, PGDATABASE, ...)",
      ],
      korean: [
        "postgres 저장소의 서버, libpq가 받는 형식", "(postgresql://USER@HOST:PORT/DB?sslmode=verify-full);",
        "비밀번호는 넣지 말고 ~/.pgpass에 두세요 (기본값:", "POCKET_STORE_URL, 없으면 PGHOST, PGUSER, PGDATABASE 등)",
      ]
    ) { options, url throws(UsageError) in
      // Arguments show in the process list to every user of the machine.
      try Options.checkStoreURL(url, option: "--store-url")
      options.storeURL = url
    },
    GlobalOption(
      ["--store-schema"], value: "NAME",
      english: ["The PostgreSQL schema of the store (default: pocket)"],
      korean: ["저장소의 PostgreSQL 스키마 (기본값: pocket)"]
    ) { options, name throws(UsageError) in
      guard PostgresTarget.isValidSchema(name) else { throw .badSchemaName(name) }
      options.storeSchema = name
    },
    .choice(
      Language.self, ["--lang"],
      english: ["Language (default: ko when LC_ALL or LANG starts with ko)"],
      korean: ["언어 (기본값: LC_ALL 또는 LANG이 ko로 시작하면 ko)"], unknown: UsageError.unknownLanguage
    ) { $0.language = $1 },
    GlobalOption(
      ["--rates-file"], value: "PATH", group: "rates",
      english: ["refresh reads an open.er-api.com response from a file"],
      korean: ["refresh가 파일에 저장된 open.er-api.com 응답을 읽습니다"]
    ) { options, path throws(UsageError) in options.rates = .file(path) },
    GlobalOption(
      ["--rates-url"], value: "URL", group: "rates",
      english: ["refresh fetches from URL over HTTP(S)"], korean: ["refresh가 URL에서 HTTP(S)로 받아옵니다"]
    ) { options, text throws(UsageError) in
      // What is not a URL is named without what may be its password. A URL without a
      // host (`https:user:pw@host`) is one libcurl would read another way, with a host
      // and a password.
      guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
        url.host?.isEmpty == false
      else {
        throw .notHTTPURL(HTTPRateSource.hidingPassword(text))
      }
      // Arguments show in the process list to every user of the machine.
      guard url.password == nil else { throw .passwordInRatesURL }
      options.rates = .http(url)
    },
    GlobalOption(
      ["--online"], group: "rates",
      english: [
        "refresh fetches from https://open.er-api.com/v6/latest/USD",
        "(default: the source the store remembers, else none; the",
        "bundled 2024-08-19 snapshot only fills an empty cache)",
        "A source given to refresh is remembered for the store",
      ],
      korean: [
        "refresh가 https://open.er-api.com/v6/latest/USD 에서 받아옵니다",
        "(기본값: 저장소가 기억한 곳, 없으면 없음; 내장된 2024-08-19", "스냅샷은 빈 저장소를 채울 때만 씁니다)",
        "refresh에 준 곳은 저장소가 기억합니다",
      ]
    ) { options, _ throws(UsageError) in options.rates = .provider },
    .flag(
      ["--offline"],
      english: ["Rates are not refreshed by themselves when due"],
      korean: ["갱신 시각이 지나도 환율을 저절로 새로 받지 않습니다"], sets: \.offline),
    GlobalOption(
      ["--timeout"], value: "SECONDS",
      english: [
        "refresh over HTTP(S) gives up after SECONDS in all",
        "(default: 20; at most \(Options.maxTimeoutSeconds))",
      ],
      korean: [
        "HTTP(S) refresh를 모두 합쳐 SECONDS초 뒤에 포기합니다", "(기본값: 20, 최대 \(Options.maxTimeoutSeconds))",
      ]
    ) { options, text throws(UsageError) in options.timeout = try Options.timeoutValue(text) },
    .flag(
      ["--plain"], english: ["Line mode even at a terminal (no live view)"],
      korean: ["터미널에서도 줄 모드로 씁니다 (라이브 화면 없이)"], sets: \.plain),
    .flag(
      ["--bail"],
      english: [
        "Line mode ends at the first command not done, with its",
        "exit status (without it the session runs on)",
      ],
      korean: ["줄 모드에서 처음 실패한 명령에서 멈추고 그 종료 상태로", "끝냅니다 (없으면 세션이 계속됩니다)"],
      sets: \.bail),
    .choice(
      ColorChoice.self, ["--color"],
      english: ["Colour (default: auto, on a terminal unless NO_COLOR is set)"],
      korean: ["색 (기본값: auto, NO_COLOR가 없으면 터미널에서 색을 씁니다)"], unknown: UsageError.unknownColor
    ) { $0.color = $1 },
    .flag(
      ["--help", "-h"], english: ["Show this help"], korean: ["이 도움말을 보여줍니다"], sets: \.showHelp),
  ]
}

extension GlobalOption {
  /// The usage line after `heading` ("Usage: "): every option in brackets (a group's as
  /// alternatives in one pair), then the command, wrapped under the first after
  /// `usageWidth` columns; then `pocket --help | -h` on a line of its own.
  static func usage(heading: String) -> String {
    var items: [String] = []
    var groupsShown: Set<String> = []
    for option in all where !option.isHelp {
      guard let group = option.group else {
        items.append("[\(option.form)]")
        continue
      }
      guard groupsShown.insert(group).inserted else { continue }
      let forms = all.filter { $0.group == group }.map(\.form)
      items.append("[\(forms.joined(separator: " | "))]")
    }
    items.append("[COMMAND [ARGS...]]")
    let indent = DisplayWidth(ambiguousIsWide: false).of(heading)
    var lines: [String] = []
    for item in items {
      if let last = lines.last, last.count + 1 + item.count <= usageWidth {
        lines[lines.count - 1] = last + " " + item
      } else {
        lines.append(item)
      }
    }
    let help = all.filter(\.isHelp).map { $0.names.joined(separator: " | ") }
    let margin = String(repeating: " ", count: indent)
    return heading + "pocket " + lines.joined(separator: "\n" + margin + "       ")
      + help.map { "\n" + margin + "pocket " + $0 }.joined()
  }

  /// How many columns the usage line's options take after `pocket ` before it wraps.
  static let usageWidth = 70

  /// The help's lines for the options: each option's form, then what it does from
  /// `helpColumn` (on the line below when the form reaches it), a line at a time.
  static func helpLines(
    _ language: KeyPath<(english: [String], korean: [String]), [String]>
  ) -> String {
    let margin = String(repeating: " ", count: helpColumn)
    return all.flatMap { option -> [String] in
      let said = option.help[keyPath: language]
      var first = "  " + option.form
      var rest = said[...]
      if first.count + 2 <= helpColumn, let line = rest.popFirst() {
        first += String(repeating: " ", count: helpColumn - first.count) + line
      }
      return [first] + rest.map { margin + $0 }
    }.joined(separator: "\n")
  }

  /// The column where what an option does begins.
  static let helpColumn = 30
}
