extension LiveController {
  /// A key while a page stands in for the screen (`?`, `help`, `store`): ↑/↓ (`k`/`j`) a
  /// line, PgUp/PgDn (Ctrl-B/Ctrl-F, Space) a screenful, Home/End (`g`/`G`) the top and the
  /// end, when it does not fit; q, Esc or Enter closes it. Other keys do nothing, so a key
  /// meant for the screen under it is not taken as closing it. The keys are the key bar's
  /// (`LiveKeys.scrolling`, `pageClosing`).
  func turnPage(_ key: Key) {
    guard let page = state.page else { return }
    // The rows it shows in: its lines wrapped to the terminal's width.
    let count = layout.pageLines(page, columns: state.size.columns).count
    let rows = LiveLayout.pageRows(state.size)
    let top = LiveLayout.pageTop(state.pageTop, count: count, size: state.size)
    let table = LiveKeys.scrolling + [LiveKeys.pageClosing]
    guard let move = ScrollKeys.move(for: key, in: table) else { return }
    let moved: Int
    switch move {
    case .close:
      state.page = nil
      state.pageTop = 0
      return
    case .lines(let lines): moved = top + lines
    case .screens(let screens): moved = top + screens * rows
    case .top: moved = 0
    case .end: moved = count
    }
    let clamped = LiveLayout.pageTop(moved, count: count, size: state.size)
    if clamped != state.pageTop { state.pageTop = clamped }
  }
}
