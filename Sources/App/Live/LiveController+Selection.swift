import PocketDomain
import PocketPresentation

extension LiveController {
  /// The screen's body: its lines under the tab line.
  var body: [ScreenLine] {
    Array(screenLines(session.content).dropFirst())
  }

  /// How the body shows now: the lines that scroll, their rows, and what is held under them.
  var viewport: LiveViewport { viewport(of: body) }

  func viewport(of body: [ScreenLine]) -> LiveViewport {
    LiveLayout.viewport(
      body, rows: LiveLayout.bodyRows(state.size), mark: state.mark.map { ScreenLine($0) })
  }

  var selectedItem: ListItem? {
    let body = body
    guard let selection = state.selection,
      let line = LiveLayout.lineIndex(ofItem: selection, in: body)
    else { return nil }
    return body[line].item
  }

  /// The row the selection is on, as the screen shows it now.
  var selectedRow: ShownItem? {
    guard let number = selectedItem?.number else { return nil }
    return session.content.state.shownItems.first { $0.number == number }
  }

  /// ↑ (-1) or ↓ (+1). From nothing, ↓ selects the first item in view and ↑ the last item;
  /// the window of the list holds the items next to those in view (`fillWindow`), so the
  /// selection stops only at the whole list's first or last item.
  func moveSelection(by step: Int) async {
    let body = body
    let count = LiveLayout.itemCount(body)
    guard count > 0 else { return }
    guard let selection = state.selection else {
      await moveSelection(to: step > 0 ? firstItemInView(body) : count - 1)
      return
    }
    await moveSelection(to: selection + step)
  }

  func moveSelection(to target: Int) async {
    let body = body
    let count = LiveLayout.itemCount(body)
    guard count > 0 else { return }
    select(min(max(0, target), count - 1), in: body)
    await followSelection()
  }

  /// The first item whose first line shows at the scroll now.
  private func firstItemInView(_ body: [ScreenLine]) -> Int {
    let viewport = viewport(of: body)
    let scroll = viewport.clamped(state.scroll)
    let above = viewport.lines.prefix(scroll).filter { $0.item != nil }.count
    return min(above, LiveLayout.itemCount(body) - 1)
  }

  /// Selects the item at `index` among `body`'s items, scrolled so all its lines show (the
  /// first item with the lines above it, the last with those under it, when they fit), and
  /// remembers the row it shows, which the selection then follows.
  func select(_ index: Int, in body: [ScreenLine]) {
    state.selection = index
    state.selectedRow = nil
    state.selectedItem = nil
    let viewport = viewport(of: body)
    guard let lines = LiveLayout.lines(ofItem: index, in: viewport.lines) else { return }
    var scroll = LiveLayout.scroll(state.scroll, showing: lines, height: viewport.height)
    if index == 0, lines.upperBound < viewport.height { scroll = 0 }
    if index == LiveLayout.itemCount(viewport.lines) - 1, lines.lowerBound >= viewport.bottom {
      scroll = viewport.bottom
    }
    state.scroll = viewport.clamped(scroll)
    state.selectedRow = selectedRow
    if state.selectedRow == nil, session.content.state.shownItems.isEmpty {
      state.selectedItem = selectedItem
    }
  }

  /// Keeps the selection on the item it was on, wherever the list now shows it (a message
  /// sent above it, an entry re-sorted by its new day, a currency pinned to the top, a lap
  /// taken above it). When a numbered row's item is gone, the selection moves to the
  /// nearest place and the returned text says so; a rate filtered out or a lap reset moves
  /// it quietly, as the user asked for that.
  func followSelectedRow() -> AppText? {
    guard let selected = state.selectedRow, let index = state.selection else {
      followSelectedItem()
      return nil
    }
    let body = body
    let rows = session.content.state.shownItems
    let numbers = body.compactMap { $0.item?.number }
    if let row = rows.first(where: { $0.identity == selected.identity }),
      let place = numbers.firstIndex(of: row.number)
    {
      select(place, in: body)
      return nil
    }
    let count = LiveLayout.itemCount(body)
    guard count > 0 else {
      state.clearSelection()
      return .selectionMoved(gone: selected.text, to: nil)
    }
    select(min(index, count - 1), in: body)
    guard let now = state.selectedRow else { return nil }
    return .selectionMoved(gone: selected.text, to: (now.number, now.text))
  }

  /// What the screen showing makes of the selection's move (`ScreenFeature.followSelection`).
  func followSelection() async {
    guard let item = selectedItem,
      let command = session.currentFeature.followSelection(to: item)
    else { return }
    await run(command)
  }

  /// The selection on a screen without numbered rows, on the item it was on wherever it
  /// shows now, or kept in range when it does not.
  private func followSelectedItem() {
    let body = body
    if let item = state.selectedItem,
      let place = body.compactMap(\.item).firstIndex(where: { $0.isSameItem(as: item) })
    {
      select(place, in: body)
    } else {
      clampSelection()
      if state.selectedItem != nil { state.selectedItem = selectedItem }
    }
  }

  func clampSelection() {
    guard let selection = state.selection else { return }
    let count = LiveLayout.itemCount(body)
    state.selection = count == 0 ? nil : min(selection, count - 1)
  }

  /// PgUp (-1) or PgDn (+1): a screenful up or down, the selection moved with it to the
  /// item as far away (the window of the list holds a screenful beyond what shows).
  func turnPage(by step: Int) async {
    let body = body
    let viewport = viewport(of: body)
    let scroll = viewport.clamped(state.scroll)
    state.scroll = viewport.clamped(scroll + step * viewport.height)
    guard let selection = state.selection,
      let line = LiveLayout.lineIndex(ofItem: selection, in: viewport.lines)
    else { return }
    // The item a screenful away: the first at or past that line going down, the last at or
    // before it going up; the first or last item at the ends.
    let target = line + step * viewport.height
    let starts = viewport.lines.indices.filter { viewport.lines[$0].item != nil }
    let index =
      step > 0
      ? starts.firstIndex { $0 >= target } ?? starts.count - 1
      : starts.lastIndex { $0 <= target } ?? 0
    select(index, in: body)
    await followSelection()
  }

  /// The terminal's new size: a chat pinned to its newest stays at its bottom (the newest
  /// message on the last row, however many rows there are now), and the selection stays
  /// in view.
  func resize(to size: TerminalSize) {
    let wasPinned = state.pinned
    state.size = size
    guard !LiveLayout.isTooSmall(size) else { return }
    if wasPinned {
      state.scroll = viewport.bottom
    } else if let selection = state.selection {
      select(selection, in: body)
    }
  }

  /// After a key or a reload, on a list whose newest item is at the bottom (the chat): the
  /// view stays at the bottom while it was there when items come (the selection, when
  /// there is one, still in view), and otherwise says new items are below until the user
  /// is back at the bottom of the newest page.
  func settle() {
    guard let paging = session.content.state.paging, paging.olderIsAbove else {
      state.pinned = false
      state.newestShown = nil
      state.mark = nil
      return
    }
    let newest = session.content.state.shownItems.map(\.number).max()
    let isNew = (newest ?? 0) > (state.newestShown ?? Int.max)
    let justOpened = state.newestShown == nil
    state.newestShown = newest
    let body = body
    var viewport = viewport(of: body)
    if state.pinned, isNew || justOpened {
      let bottom = viewport.bottom
      let selected = state.selection.flatMap { LiveLayout.lines(ofItem: $0, in: viewport.lines) }
      if let selected, selected.lowerBound < bottom {
        state.pinned = false
      } else {
        state.scroll = bottom
        state.mark = nil
        return
      }
    }
    if isNew, !state.pinned || paging.number != 1 {
      state.mark = AppText.newMessagesBelow.text(strings.language)
      viewport = self.viewport(of: body)
    }
    state.pinned = paging.number == 1 && viewport.clamped(state.scroll) >= viewport.bottom
    if state.pinned, state.mark != nil {
      state.mark = nil
      state.scroll = self.viewport(of: body).bottom
    }
  }
}
