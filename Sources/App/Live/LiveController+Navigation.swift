import PocketDomain
import PocketPresentation

/// The keys that move through a list, on every screen whose own keys do not take them:
/// ↑↓ and `k` `j`, Home/End and `g` `G`, PgUp/PgDn and Ctrl-B/Ctrl-F, and `v`, which shows
/// the selected item whole. A key that means nothing on the screen showing says so.
extension LiveController {
  /// Handles `key` when it moves through the list or shows an item whole.
  /// - Returns: false when it is not such a key.
  func navigate(_ key: Key) async -> Bool {
    let move: () async -> Void
    switch key {
    case .up, .character("k"): move = { await self.moveSelection(by: -1) }
    case .down, .character("j"): move = { await self.moveSelection(by: 1) }
    case .home, .character("g"): move = { await self.moveToTop() }
    case .end, .character("G"): move = { await self.moveToNewest() }
    case .pageUp, .control("b"): move = { await self.turnPage(by: -1) }
    case .pageDown, .control("f"): move = { await self.turnPage(by: 1) }
    case .character("v"): move = { self.showDetail(key) }
    default: return false
    }
    guard LiveLayout.itemCount(body) > 0 else {
      state.status = LiveStatus(text: AppText.noListHere(key: Self.name(of: key)).text(language))
      return true
    }
    await move()
    return true
  }

  private var language: Language { strings.language }

  /// End: the last item of the whole list; on the chat, the newest message, the view
  /// pinned there again (what comes next shows at the bottom, with no new-messages mark).
  private func moveToNewest() async {
    guard let paging = session.content.state.paging, paging.olderIsAbove else {
      await moveToBottom()
      return
    }
    if paging.number != 1 {
      state.clearSelection()
      await run(.page(number: 1))
    }
    state.mark = nil
    state.newestShown = session.content.state.shownItems.map(\.number).max()
    await moveSelection(to: Int.max)
    state.scroll = viewport.bottom
    state.pinned = true
  }

  // MARK: An item shown whole

  /// `v`: the selected item's lines, whole and wrapped to the terminal's width, in place of
  /// the screen's body until Esc, `q`, Enter or `v`.
  private func showDetail(_ key: Key) {
    let body = body
    guard let selection = state.selection,
      let lines = LiveLayout.lines(ofItem: selection, in: body)
    else {
      state.status = LiveStatus(
        text: AppText.nothingSelected(key: Self.name(of: key)).text(language))
      return
    }
    // The body's lines less the two columns of the selection mark.
    let columns = state.size.columns - 2
    let item = body[lines.lowerBound].item
    let position = AppText.itemPosition(
      number: item?.number ?? selection + 1, of: item?.total ?? LiveLayout.itemCount(body))
    state.detail = LiveDetail(
      lines: body[lines].flatMap { layout.wrapped($0.text, columns: columns) },
      position: position.text(language))
  }

  /// A key while an item shows whole: the arrows, `j` `k`, PgUp/PgDn, Space, Home/End and
  /// `g` `G` scroll it; Esc, `q`, Enter and `v` close it; other keys do nothing. The keys
  /// are the key bar's (`LiveKeys.scrolling`, `detailClosing`).
  func moveDetail(_ key: Key) {
    guard var detail = state.detail else { return }
    let height = LiveLayout.bodyRows(state.size)
    let bottom = max(0, detail.lines.count - height)
    let table = LiveKeys.scrolling + [LiveKeys.detailClosing]
    guard let move = ScrollKeys.move(for: key, in: table) else { return }
    switch move {
    case .close:
      state.detail = nil
      return
    case .lines(let lines): detail.scroll += lines
    case .screens(let screens): detail.scroll += screens * height
    case .top: detail.scroll = 0
    case .end: detail.scroll = bottom
    }
    detail.scroll = min(max(0, detail.scroll), bottom)
    state.detail = detail
  }

  // MARK: Keys that mean nothing here

  /// Says on the status row that `key` means nothing on the screen showing: a key that acts
  /// on the selected item with nothing selected, or a key no one takes. Esc and a paste
  /// outside an input line say nothing; bytes that are not UTF-8 say they were refused.
  func sayUnknown(_ key: Key) {
    let text: AppText
    switch key {
    case .escape, .paste, .pasteStarted: return
    case .notUTF8(let shown, let pasted):
      sayNotUTF8(shown: shown, pasted: pasted)
      return
    case .enter, .delete, .backspace:
      text =
        state.selection == nil && LiveLayout.itemCount(body) > 0
        ? .nothingSelected(key: Self.name(of: key)) : .noSuchKey(key: Self.name(of: key))
    default: text = .noSuchKey(key: Self.name(of: key))
    }
    state.status = LiveStatus(text: text.text(language))
  }

  /// A key as the status row names it: `x`, `Ctrl-X`, `Enter`, `↑`.
  static func name(of key: Key) -> String {
    switch key {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .enter: "Enter"
    case .newLine: "Ctrl-J"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .wordLeft: "Alt-←"
    case .wordRight: "Alt-→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .paste, .pasteStarted: "paste"
    case .notUTF8(let shown, _): shown
    }
  }

  /// Says on the status row that bytes that are not UTF-8 were refused (`Key.notUTF8`).
  func sayNotUTF8(shown: String, pasted: Bool) {
    state.status = LiveStatus(
      text: AppText.notUTF8Input(shown: shown, pasted: pasted).text(language), isError: true)
  }
}
