extension LiveController {
  /// A key while a page stands in for the screen (`?`, `help`, `store`): ↑/↓ (`k`/`j`) a
  /// line, PgUp/PgDn (Ctrl-B/Ctrl-F, Space) a screenful, Home/End (`g`/`G`) the top and the
  /// end, when it does not fit; q, Esc or Enter closes it. Other keys do nothing, so a key
  /// meant for the screen under it is not taken as closing it.
  func turnPage(_ key: Key) {
    guard let page = state.page else { return }
    // The rows it shows in: its lines wrapped to the terminal's width.
    let count = layout.pageLines(page, columns: state.size.columns).count
    let rows = LiveLayout.pageRows(state.size)
    let top = LiveLayout.pageTop(state.pageTop, count: count, size: state.size)
    let moved: Int
    switch key {
    case .character("q"), .escape, .enter:
      state.page = nil
      state.pageTop = 0
      return
    case .up, .character("k"): moved = top - 1
    case .down, .character("j"): moved = top + 1
    case .pageUp, .control("b"): moved = top - rows
    case .pageDown, .control("f"), .character(" "): moved = top + rows
    case .home, .character("g"): moved = 0
    case .end, .character("G"): moved = count
    default: return
    }
    let clamped = LiveLayout.pageTop(moved, count: count, size: state.size)
    if clamped != state.pageTop { state.pageTop = clamped }
  }
}
