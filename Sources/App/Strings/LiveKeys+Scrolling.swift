/// How a key moves text longer than its rows: a page over the screen (`?`, `help`,
/// `store`) or an item shown whole (`v`).
enum ScrollMove: Equatable, Sendable {
  /// Closes it.
  case close
  /// By `n` lines.
  case lines(Int)
  /// By `n` screenfuls.
  case screens(Int)
  case top, end
}

/// Keys that scroll or close, as the key bar names them: `LiveController.turnPage` and
/// `moveDetail` move by the same table the bar lists, so the bar cannot offer a key they
/// do not take.
struct ScrollKeys: Sendable {
  var help: KeyHelp
  var moves: [(key: Key, move: ScrollMove)]

  /// What `key` does in `table`; `nil`: nothing.
  static func move(for key: Key, in table: [ScrollKeys]) -> ScrollMove? {
    for keys in table {
      if let found = keys.moves.first(where: { $0.key == key }) { return found.move }
    }
    return nil
  }
}

extension LiveKeys {
  /// The keys that scroll a page or an item shown whole.
  static let scrolling: [ScrollKeys] = [
    ScrollKeys(
      help: KeyHelp("↑↓", "scroll", "넘기기", priority: .normal),
      moves: [
        (.up, .lines(-1)), (.character("k"), .lines(-1)), (.down, .lines(1)),
        (.character("j"), .lines(1)),
      ]),
    ScrollKeys(
      help: KeyHelp("PgUp/PgDn", "page", "쪽", priority: .low),
      moves: [
        (.pageUp, .screens(-1)), (.control("b"), .screens(-1)), (.pageDown, .screens(1)),
        (.control("f"), .screens(1)), (.character(" "), .screens(1)),
      ]),
    ScrollKeys(
      help: KeyHelp("Home/End", "top/end", "처음/끝", priority: .low),
      moves: [(.home, .top), (.character("g"), .top), (.end, .end), (.character("G"), .end)]),
  ]

  /// The keys that close a page: other keys leave it open, so a key meant for the screen
  /// under it is not taken as closing it.
  static let pageClosing = ScrollKeys(
    help: KeyHelp("q/Esc", "back", "돌아가기", priority: .essential),
    moves: [(.character("q"), .close), (.escape, .close), (.enter, .close)])

  /// The keys that close an item shown whole; `v`, which opened it, too.
  static let detailClosing = ScrollKeys(
    help: KeyHelp("Esc/q/Enter", "close", "닫기", priority: .essential),
    moves: [
      (.escape, .close), (.character("q"), .close), (.enter, .close), (.character("v"), .close),
    ])

  /// While a page stands in for the screen: the keys that scroll it when it does not fit
  /// (`scrolls`), and those that close it.
  static func page(scrolls: Bool) -> [KeyHelp] {
    ((scrolls ? scrolling : []) + [pageClosing]).map(\.help)
  }

  /// While an item shows whole (`v`): the keys that scroll it when it does not fit
  /// (`scrolls`), and those that close it.
  static func detail(scrolls: Bool) -> [KeyHelp] {
    ((scrolls ? scrolling : []) + [detailClosing]).map(\.help)
  }
}
