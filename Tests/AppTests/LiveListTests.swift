import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The live view's lists without a terminal: the rows a body has when it does not fit, a
/// long item wrapped and scrolled in its pane, and the words for a key that does nothing.
@MainActor
@Suite("Live view lists")
struct LiveListTests {
  func controller(
    _ language: Language = .en, size: TerminalSize = TerminalSize(rows: 30, columns: 100),
    repositories: Repositories = InMemoryStore().repositories
  ) async -> LiveController {
    let strings = Strings(language: language, timeZone: .gmt)
    let session = await Session.launched(strings: strings, repositories: repositories)
    return LiveController(session: session, renderer: Renderer(strings: strings), size: size)
  }

  func press(_ live: LiveController, _ keys: Key...) async {
    for key in keys {
      _ = live.frame()
      await live.handle(key)
    }
  }

  @Test func aKeyThatMeansNothingSaysSo() async {
    let live = await controller()
    await press(live, .character(":"))
    for character in "calc krw" { await live.handle(.character(character)) }
    await press(live, .enter, .character("j"))
    #expect(live.state.status?.text == "j: no list here")
    await press(live, .escape, .character("x"))
    #expect(live.state.status?.text == "x: no such key here · ? lists the keys")
    await press(live, .character("3"), .enter)
    #expect(live.state.status?.text == "Enter: nothing selected · ↑↓ select")
    await press(live, .control("f"))
    #expect(live.state.selection == nil)
    let korean = await controller(.ko)
    await press(korean, .character("2"), .character("k"))
    #expect(korean.state.status?.text == "k 키: 여기에는 목록이 없습니다")
  }

  @Test func aBodyTallerThanItsRowsHoldsTheMarkAndThePositionUnderIt() {
    var pageLine = ScreenLine("Page 1 of 2")
    pageLine.isPageLine = true
    let items = (1...8).map { (index: Int) in
      var item = ListItem(number: index)
      item.total = 8
      return ScreenLine("item \(index)", item: item)
    }
    let body = items + ["", pageLine]
    // It fits: nothing is held, and line mode's page line (with its blank line) is left out.
    let fits = LiveLayout.viewport(body, rows: 10, mark: nil)
    #expect(fits.lines.map(\.text) == items.map(\.text))
    #expect(fits.footer.isEmpty && !fits.showsPosition && fits.bottom == 0)
    // It does not: the row saying which rows show is held, the rest scrolls above.
    let held = LiveLayout.viewport(body, rows: 5, mark: nil)
    #expect(held.footer.isEmpty && held.showsPosition)
    #expect(held.lines.map(\.text) == items.map(\.text))
    #expect(held.height == 4 && held.bottom == 4)
    #expect(held.position(showing: 4).map { [$0.first, $0.last, $0.of] } == [5, 8, 8])
    #expect(held.position(showing: 0).map { [$0.first, $0.last, $0.of] } == [1, 4, 8])
    let marked = LiveLayout.viewport(body, rows: 5, mark: "New ↓")
    #expect(marked.footer.map(\.text) == ["New ↓"] && marked.showsPosition)
    #expect(marked.height == 3 && marked.bottom == 5)
    // A notice's address belongs to it; the blank line after the last item does not.
    let notices: [ScreenLine] = [
      ScreenLine("1 title", item: ListItem(number: 1)), "    https://a",
      ScreenLine("2 title", item: ListItem(number: 2)), "    https://b", "", "2 notices",
    ]
    #expect(LiveLayout.lines(ofItem: 0, in: notices) == 0...1)
    #expect(LiveLayout.lines(ofItem: 1, in: notices) == 2...3)
  }

  @Test func wrappingBreaksAfterSpacesAndCountsColumns() {
    let layout = LiveLayout(renderer: Renderer(strings: Strings(language: .en, timeZone: .gmt)))
    #expect(layout.wrapped("aaa bbb ccc", columns: 7) == ["aaa ", "bbb ccc"])
    #expect(layout.wrapped("aaa bbb ccc", columns: 5) == ["aaa ", "bbb ", "ccc"])
    #expect(layout.wrapped("abcdefgh", columns: 3) == ["abc", "def", "gh"])
    // Hangul takes two columns a syllable.
    #expect(layout.wrapped("가나다라마", columns: 4) == ["가나", "다라", "마"])
    // A control character is escaped before it is measured, as every row is.
    #expect(layout.wrapped("a\u{1B}b", columns: 20) == ["a\\u{1B}b"])
  }

  @Test func vShowsALongMessageWholeAndScrollsIt() async throws {
    let store = InMemoryStore().repositories
    let words = (1...120).map { "w\($0)" }.joined(separator: " ")
    _ = try await store.chat.insert(content: "start \(words) end", date: Date())
    let size = TerminalSize(rows: 10, columns: 40)
    let live = await controller(size: size, repositories: store)
    await press(live, .character("6"), .character("v"))
    #expect(live.state.detail == nil)
    #expect(live.state.status?.text == "v: nothing selected · ↑↓ select")
    await press(live, .character("k"), .character("v"))
    let detail = try #require(live.state.detail)
    // Every word is in the pane, each row within the body's width.
    let text = detail.lines.joined()
    #expect(text.contains("start w1 ") && text.contains(" w120 end"))
    #expect(detail.lines.allSatisfy { DisplayWidth(ambiguousIsWide: false).of($0) <= 38 })
    let rows = LiveLayout.bodyRows(size)
    #expect(detail.lines.count > rows)
    await press(live, .character("j"))
    #expect(live.state.detail?.scroll == 1)
    await press(live, .character("G"))
    #expect(live.state.detail?.scroll == detail.lines.count - rows)
    let shown = live.frame().rows(size.rows).map(\.text)
    #expect(shown.contains("  " + (detail.lines.last ?? "")))
    await press(live, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp)
    #expect(live.state.detail?.scroll == 0)
    await press(live, .escape)
    #expect(live.state.detail == nil)
  }
}
