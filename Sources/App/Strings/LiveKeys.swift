import PocketPresentation

/// The keys every screen shares, the full list `?` shows, and the keys of the key bar while
/// an input line, a question or a page is open: each key's words in English and Korean.
enum LiveKeys {
  /// The key bar's shared keys, with the digit keys of `tabs` tabs, or Tab where digits
  /// type (`digitsType`: the calculator's amount), after a screen's own keys and before
  /// them in giving way on a narrow bar; `? keys` and `q quit` always show. `↑↓ select`
  /// shows only on a screen with a list (`hasList`): elsewhere ↑ answers that there is none.
  static func everywhere(tabs: Int, digitsType: Bool = false, hasList: Bool = true) -> [KeyHelp] {
    [
      digitsType
        ? KeyHelp("Tab", "screens", "화면", priority: .low)
        : KeyHelp("1-\(tabs)", "screens", "화면", priority: .low)
    ] + (hasList ? [KeyHelp("↑↓", "select", "선택", priority: .low)] : []) + [
      KeyHelp(":", "command", "명령", priority: .normal),
      KeyHelp("?", "keys", "키", priority: .essential),
      KeyHelp("q", "quit", "끝", priority: .essential),
    ]
  }

  /// The keys every screen shares, for `?`; the first line names the screens by the
  /// titles on the tab line. The keys that move through a list are left out on a screen
  /// without one (`hasList` false: the calculator, the stopwatch with no laps).
  static func all(_ language: Language, registry: ScreenRegistry, hasList: Bool = true)
    -> [KeyHelp]
  {
    let tabs = registry.tabs
    let titles = tabs.map { $0.tab.title.text(language) }.joined(separator: ", ")
    return [KeyHelp("1-\(tabs.count)", "show a screen (\(titles))", "화면 열기 (\(titles))")]
      + shared.filter { hasList || !listKeys.contains($0.key) }
  }

  /// The keys of `shared` that act on a list.
  private static let listKeys: Set<String> = [
    "↑ / ↓, k / j", "PgUp / PgDn, Ctrl-B / Ctrl-F", "Home / End, g / G", "v", "Del / Backspace",
  ]

  private static let shared: [KeyHelp] = [
    KeyHelp("Tab / →", "next screen", "다음 화면"),
    KeyHelp("Shift-Tab / ←", "previous screen", "이전 화면"),
    KeyHelp(
      "↑ / ↓, k / j", "move the selection; past a page, the page above / below",
      "선택 옮기기; 쪽 끝에서는 위 / 아래 쪽"),
    KeyHelp(
      "PgUp / PgDn, Ctrl-B / Ctrl-F", "a screenful up / down, then the page above / below",
      "한 화면 위 / 아래, 끝에서는 위 / 아래 쪽"),
    KeyHelp(
      "Home / End, g / G", "first / last item (chat: the newest message)",
      "처음 / 마지막 항목 (채팅: 최신 메시지)"),
    KeyHelp("v", "the selected item whole (Esc closes)", "선택한 항목 전체 보기"),
    KeyHelp("Del / Backspace", "delete the selected item (asks first)", "선택한 항목 삭제 (먼저 묻기)"),
    KeyHelp(":", "a command, as in line mode", "줄 모드와 같은 명령 입력"),
    KeyHelp(":help Enter", "the list of commands", "명령 목록"),
    KeyHelp("?", "this list", "이 목록"),
    KeyHelp("↑↓ PgUp PgDn", "scroll a list or help longer than the screen", "화면보다 긴 목록이나 도움말 넘기기"),
    KeyHelp("q / Esc / Enter", "close this list or help", "이 목록이나 도움말 닫기"),
    KeyHelp("q / Ctrl-C / Ctrl-D", "quit", "끝내기"),
    KeyHelp("Ctrl-Z", "suspend (fg comes back)", "일시 정지 (fg로 돌아오기)"),
  ]

  /// While an input line is open: Enter runs its command, or ends a line whose command runs
  /// as it is typed (`isLive`); Ctrl-J types a line break on a line that takes one; ↑↓
  /// recall earlier lines when there are some (`history`), and Ctrl-Y types back what was
  /// cut when something was (`yanks`).
  static func input(
    isLive: Bool, lineBreaks: Bool = false, history: Bool = false, yanks: Bool = false
  ) -> [KeyHelp] {
    [
      isLive
        ? KeyHelp("Enter", "done", "완료", priority: .essential)
        : KeyHelp("Enter", "run", "실행", priority: .essential),
      KeyHelp("Esc", "cancel", "취소", priority: .essential),
    ] + (lineBreaks ? [KeyHelp("Ctrl-J", "new line", "줄 바꿈")] : [])
      + (history ? [KeyHelp("↑↓", "earlier lines", "이전 입력", priority: .normal)] : [])
      + (yanks ? [KeyHelp("Ctrl-Y", "paste the cut", "잘라 낸 것 붙이기", priority: .low)] : [])
  }

  /// While a question waits for y or n.
  static let question = [
    KeyHelp("y", "yes", "예", priority: .essential),
    KeyHelp("n", "no", "아니요", priority: .essential),
  ]

  /// The prompt of the input line `:` opens.
  static let commandPrompt = Wording(":", ":")

  /// Every key's words, in every state of the key bar, for tests (`tabs` tabs).
  static func every(tabs: Int) -> [Wording] {
    (everywhere(tabs: tabs) + everywhere(tabs: tabs, digitsType: true) + shared
      + input(isLive: true, lineBreaks: true, history: true, yanks: true)
      + input(isLive: false) + question + page(scrolls: true) + detail(scrolls: true)
      + lineKeys.map(\.help) + helpHeadings)
      .map(\.does)
  }
}
