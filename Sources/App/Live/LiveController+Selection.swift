import Domain
import Presentation

extension LiveController {
  /// The screen's body: its lines under the tab line.
  var body: [ScreenLine] {
    Array(renderer.screenLines(session.content).dropFirst())
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

  func moveSelection(by step: Int) async {
    let count = LiveLayout.itemCount(body)
    guard count > 0 else { return }
    // Down from nothing selects the first item, up the last.
    let target = state.selection.map { $0 + step } ?? (step > 0 ? 0 : count - 1)
    await moveSelection(to: target)
  }

  func moveSelection(to target: Int) async {
    let body = body
    let count = LiveLayout.itemCount(body)
    guard count > 0 else { return }
    select(min(max(0, target), count - 1), in: body)
    await followSelection()
  }

  /// Selects the item at `index` among `body`'s items, scrolled into view, and remembers
  /// the row it shows, which the selection then follows.
  func select(_ index: Int, in body: [ScreenLine]) {
    state.selection = index
    state.selectedRow = nil
    guard let line = LiveLayout.lineIndex(ofItem: index, in: body) else { return }
    state.scroll = LiveLayout.scroll(
      state.scroll, showing: line, height: LiveLayout.bodyRows(state.size))
    state.selectedRow = selectedRow
  }

  /// Keeps the selection on the item it was on, wherever the list now shows it (a message
  /// sent above it, an entry re-sorted by its new day). When that item is gone, the
  /// selection moves to the nearest place and the returned text says so.
  func followSelectedRow() -> AppText? {
    guard let selected = state.selectedRow, let index = state.selection else {
      clampSelection()
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
      state.selection = nil
      state.selectedRow = nil
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

  func clampSelection() {
    guard let selection = state.selection else { return }
    let count = LiveLayout.itemCount(body)
    state.selection = count == 0 ? nil : min(selection, count - 1)
  }

  /// The previous or next page of a list with pages; a list without pages (the rates)
  /// scrolls by a screenful.
  func turnPage(by step: Int) async {
    if let paging = session.content.state.paging {
      let target = paging.number + step
      guard (1...paging.count).contains(target) else { return }
      await run(.page(number: target))
      state.selection = nil
      state.selectedRow = nil
      state.scroll = 0
    } else {
      let height = LiveLayout.bodyRows(state.size)
      let limit = max(0, body.count - height)
      state.scroll = min(max(0, state.scroll + step * height), limit)
      state.selection = nil
      state.selectedRow = nil
    }
  }
}
