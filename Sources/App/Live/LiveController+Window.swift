import PocketDomain
import PocketPresentation

/// The live view scrolls through the whole of a list, not a page of it: the screen's view
/// model reads a window of pages (`PagedList.pageWindow`), which grows toward what is about
/// to show and drops pages far from it, so the window holds a few screenfuls whatever the
/// length of the list, and each key reads at most a few pages.
extension LiveController {
  /// The lines the window holds beyond those showing, on each side where the list goes
  /// on, in screenfuls.
  static let windowMargin = 1
  /// The lines beyond those showing past which a page is dropped, in screenfuls.
  static let windowKept = 3
  /// The pages one key reads at most (each a page's read): a terminal taller than this
  /// many pages fills over the next keys.
  static let windowSteps = 12

  /// The list the screen showing scrolls through, when it has pages.
  var pagedList: (any PagedList)? {
    session.content.state.paging == nil ? nil : session.currentFeature.pagedList
  }

  /// Whether the list's older items are above (the chat).
  var olderIsAbove: Bool { session.content.state.paging?.olderIsAbove ?? false }

  /// After a key, a reload or a resize: the window grown or trimmed around what shows,
  /// then the chat kept at its bottom while it is pinned there.
  func refill() async {
    settle()
    await fillWindow()
    settle()
  }

  /// Reads the pages next to the window while fewer lines than `windowMargin` screenfuls
  /// are held beyond what shows on a side where the list goes on, and drops the farthest
  /// page on a side that holds more than `windowKept` screenfuls without it. What shows
  /// stays where it is on the screen.
  func fillWindow() async {
    guard let list = pagedList else { return }
    for _ in 0..<Self.windowSteps {
      let viewport = viewport
      let scroll = viewport.clamped(state.scroll)
      let above = scroll
      let below = max(0, viewport.lines.count - scroll - viewport.height)
      let window = list.pageWindow
      let margin = Self.windowMargin * viewport.height
      let kept = Self.windowKept * viewport.height
      let older = olderIsAbove
      let (moreAbove, moreBelow) =
        older ? (window.hasOlder, window.hasNewer) : (window.hasNewer, window.hasOlder)
      if above < margin, moreAbove {
        await reshape { older ? await list.showOlder() : await list.showNewer() }
      } else if below < margin, moreBelow {
        await reshape { older ? await list.showNewer() : await list.showOlder() }
      } else if window.span > 1, above - linesOfPage(atTop: true, window, viewport) >= kept {
        // The page at the top: the oldest of the window on the chat, else the newest.
        await reshape {
          await list.showWindow(
            number: older ? window.number : window.number + 1, span: window.span - 1)
        }
      } else if window.span > 1, below - linesOfPage(atTop: false, window, viewport) >= kept {
        await reshape {
          await list.showWindow(
            number: older ? window.number + 1 : window.number, span: window.span - 1)
        }
      } else {
        return
      }
    }
  }

  /// How many lines the window's page at its top (or bottom) takes: the oldest page of the
  /// window is the partial one, when one is.
  private func linesOfPage(atTop: Bool, _ window: PageWindow, _ viewport: LiveViewport) -> Int {
    let lines = viewport.lines
    let items = LiveLayout.itemCount(lines)
    let size = window.size
    let oldest = max(0, items - (window.span - 1) * size)
    // The oldest page is at the top of the chat and at the bottom of the other lists.
    let count = atTop == olderIsAbove ? oldest : min(size, items)
    if atTop {
      return LiveLayout.lineIndex(ofItem: count, in: lines) ?? lines.count
    }
    return lines.count - (LiveLayout.lineIndex(ofItem: items - count, in: lines) ?? lines.count)
  }

  /// Runs `change` of the window, then puts the lines that showed back where they were on
  /// the screen and the selection back on its item (numbers name the same items in any
  /// window of the list).
  private func reshape(_ change: () async -> Void) async {
    let before = viewport
    let scroll = before.clamped(state.scroll)
    let anchor = before.lines.indices.dropFirst(scroll).first { before.lines[$0].item != nil }
    let anchorNumber = anchor.flatMap { before.lines[$0].item?.number }
    let selected = selectedItem?.number
    await session.asOneCommand { await change() }
    let after = viewport
    if let anchor, let anchorNumber,
      let index = after.lines.firstIndex(where: { $0.item?.number == anchorNumber })
    {
      state.scroll = index - (anchor - scroll)
    }
    if let selected {
      let place = body.compactMap(\.item).firstIndex { $0.number == selected }
      if let place { state.selection = place } else { state.clearSelection() }
    }
  }

  /// Home and `g`: the top of the whole list, its first item selected and the screen's
  /// header above it (the chat's oldest message).
  func moveToTop() async {
    if let list = pagedList {
      let window = list.pageWindow
      if olderIsAbove ? window.hasOlder : window.hasNewer {
        state.clearSelection()
        state.pinned = false
        state.mark = nil
        await session.asOneCommand {
          await list.showWindow(number: olderIsAbove ? window.count : 1, span: 1)
        }
      }
    }
    state.scroll = 0
    await moveSelection(to: 0)
  }

  /// End and `G` on a list whose oldest item is at the bottom: its last item (the laps'
  /// first lap), the lines under it in view.
  func moveToBottom() async {
    if let list = pagedList, list.pageWindow.hasOlder {
      state.clearSelection()
      await session.asOneCommand { await list.showWindow(number: list.pageWindow.count, span: 1) }
    }
    await moveSelection(to: Int.max)
    state.scroll = viewport.bottom
  }
}
