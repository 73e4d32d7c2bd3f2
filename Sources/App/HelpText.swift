import Presentation

/// The text of `help` and `--help`, in each language. Command words, option names and the
/// placeholders of a usage line (CODE, PATH, N) are what is typed, so they stay as they are.
enum HelpText {
  static func usage(_ language: Language) -> String {
    language == .ko ? koreanUsage : englishUsage
  }

  private static let englishUsage = """
    Usage: pocket [--store sqlite|json|memory] [--store-path PATH] [--lang en|ko]
                  [--rates-file PATH | --rates-url URL | --online] [--timeout SECONDS]
                  [COMMAND [ARGS...]]
    """

  private static let koreanUsage = """
    사용법: pocket [--store sqlite|json|memory] [--store-path PATH] [--lang en|ko]
                   [--rates-file PATH | --rates-url URL | --online] [--timeout SECONDS]
                   [COMMAND [ARGS...]]
    """

  static func options(_ language: Language) -> String {
    language == .ko ? koreanOptions : englishOptions
  }

  private static let englishOptions = """
    Options:
      --store sqlite|json|memory  Where data lives (default: sqlite)
      --store-path PATH           The store's folder (default: $XDG_DATA_HOME/pocket,
                                  else ~/.local/share/pocket)
      --lang en|ko                Language (default: ko when LC_ALL or LANG starts with ko)
      --rates-file PATH           refresh reads an open.er-api.com response from a file
      --rates-url URL             refresh fetches from URL over HTTP(S)
      --online                    refresh fetches from https://open.er-api.com/v6/latest/USD
                                  (default: none; the bundled 2024-08-19 snapshot only
                                  fills an empty cache)
      --timeout SECONDS           refresh over HTTP(S) gives up after SECONDS in all
                                  (default: 20; at most 3600)
      --plain                     Line mode even at a terminal (no live view)
      --color auto|always|never   Colour (default: auto, on a terminal unless NO_COLOR is set)
      --help                      Show this help

    Without a command, at a terminal, pocket opens the live view (keys: press ?); with
    --plain, or when input or output is not a terminal, it reads commands from standard
    input until 'quit' or the end.
    Exit status: 0 done, 1 refused, 2 usage error, 3 the store cannot be used.
    """

  private static let koreanOptions = """
    옵션:
      --store sqlite|json|memory  데이터를 둘 곳 (기본값: sqlite)
      --store-path PATH           저장소 폴더 (기본값: $XDG_DATA_HOME/pocket,
                                  없으면 ~/.local/share/pocket)
      --lang en|ko                언어 (기본값: LC_ALL 또는 LANG이 ko로 시작하면 ko)
      --rates-file PATH           refresh가 파일에 저장된 open.er-api.com 응답을 읽습니다
      --rates-url URL             refresh가 URL에서 HTTP(S)로 받아옵니다
      --online                    refresh가 https://open.er-api.com/v6/latest/USD 에서 받아옵니다
                                  (기본값: 없음; 내장된 2024-08-19 스냅샷은 빈 저장소를
                                  채울 때만 씁니다)
      --timeout SECONDS           HTTP(S) refresh를 모두 합쳐 SECONDS초 뒤에 포기합니다
                                  (기본값: 20, 최대 3600)
      --plain                     터미널에서도 줄 모드로 씁니다 (라이브 화면 없이)
      --color auto|always|never   색 (기본값: auto, NO_COLOR가 없으면 터미널에서 색을 씁니다)
      --help                      이 도움말을 보여줍니다

    명령 없이 터미널에서 실행하면 라이브 화면이 열립니다 (키 목록: ?). --plain을 주거나
    입력이나 출력이 터미널이 아니면 'quit'을 입력하거나 입력이 끝날 때까지 표준 입력에서
    명령을 읽습니다.
    종료 상태: 0 완료, 1 거절, 2 사용법 오류, 3 저장소를 사용할 수 없음.
    """

  /// Every command with one line each, or one command's usage, in `language`. A summary's
  /// word `BASE` names `base`, the currency the cached rates are quoted against.
  static func text(for topic: String?, language: Language, base: String = "USD") -> String {
    if let topic, let help = CommandHelp.all.first(where: { $0.name == topic.lowercased() }) {
      return "\(help.usage)\n  \(summary(help, language, base: base))\n"
    }
    let width = CommandHelp.all.map(\.usage.count).max() ?? 0
    let lines = CommandHelp.all.map {
      "  " + $0.usage + String(repeating: " ", count: width - $0.usage.count + 2)
        + summary($0, language, base: base)
    }
    return ([language == .ko ? "명령:" : "Commands:"] + lines).joined(separator: "\n") + "\n"
  }

  /// What a command does, in `language`, with `BASE` naming `base` (from a rates source:
  /// escaped, so it cannot start a line); a command without a
  /// Korean line shows its English one (a test refuses that: every command has both).
  static func summary(_ help: CommandHelp, _ language: Language, base: String = "USD")
    -> String
  {
    (language == .ko ? koreanSummaries[help.usage] ?? help.summary : help.summary)
      .replacingOccurrences(of: "BASE", with: TerminalText.escaping(base, keepingNewlines: false))
  }

  /// The Korean line of each command, by its usage line.
  static let koreanSummaries: [String: String] = [
    "show": "현재 화면을 다시 보여줍니다",
    "rates [QUERY]": "환율 목록; 코드나 이름으로 거릅니다",
    "fav CODE": "통화를 환율 목록 맨 위에 고정하거나 고정을 풉니다",
    "refresh [--force]": "새 환율이 발표되면 받아옵니다 (--force: 지금 받기)",
    "calc CODE": "통화의 계산기를 엽니다",
    "convert AMOUNT [FROM]": "BASE(또는 FROM)를 계산기의 통화로 바꿉니다",
    "back": "계산기를 닫고 환율 목록으로 돌아갑니다",
    "stopwatch": "스톱워치를 보여줍니다",
    "start": "스톱워치를 시작하거나 이어서 잽니다",
    "stop": "스톱워치를 멈춥니다",
    "lap": "작동 중인 스톱워치의 랩을 기록합니다",
    "reset [--yes]": "스톱워치를 멈추고 시간과 랩을 지웁니다 (먼저 묻습니다; --yes는 묻지 않습니다)",
    "more": "보고 있는 목록의 다음 쪽을 보여줍니다",
    "page N": "보고 있는 목록의 N쪽을 보여줍니다 (1: 가장 최근)",
    "notices": "공지 게시판을 보여줍니다",
    "bookmark N": "N번 공지를 북마크하거나 북마크를 해제합니다",
    "bookmarks": "북마크를 보여줍니다",
    "rename N TITLE...": "N번 북마크의 제목을 바꿉니다",
    "remove N": "N번 북마크를 지웁니다",
    "clear [--yes]": "북마크를 모두 지웁니다 (먼저 묻습니다; --yes는 묻지 않습니다)",
    "mindlog [--days N] [--to DATE]": "마음 일기와, DATE(기본 오늘)까지 N일(기본 30일)의 기분을 봅니다",
    "add [--date DATE] SCORE NOTE...": "마음 일기를 추가합니다 (점수 0부터 10, 날짜는 선택)",
    "chat": "채팅을 보여줍니다",
    "say TEXT...": "채팅 메시지를 보냅니다",
    "edit N TEXT... | edit N [--date DATE] SCORE [NOTE...]": "N번 채팅 메시지나 N번 마음 일기(날짜도)를 고칩니다",
    "delete N": "N번 채팅 메시지나 N번 마음 일기를 지웁니다",
    "store": "저장소의 종류, 경로, 버전과 기록 수를 보여줍니다",
    "export PATH": "모든 기록을 JSON 파일로 씁니다",
    "import PATH [--replace]": "내보낸 파일을 이 저장소로 읽어옵니다 (--replace가 없으면 빈 저장소에만)",
    "help [COMMAND]": "명령 목록을 보여주거나 명령 하나를 설명합니다",
    "quit": "세션을 끝냅니다",
  ]
}
