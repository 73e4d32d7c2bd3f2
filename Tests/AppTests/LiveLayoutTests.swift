import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// Frames as text and styles, without a terminal.
@MainActor
@Suite("Live view frames")
struct LiveLayoutTests {
  let renderer = Renderer(
    strings: Strings(language: .en, timeZone: .gmt), palette: Palette(background: .dark))

  @Test func aTerminalTooSmallSaysSo() {
    let frame = LiveLayout(renderer: renderer).frame(
      screen: ["Rates"], overlay: LiveOverlay(), keys: [],
      size: TerminalSize(rows: 5, columns: 20))
    #expect(frame.lines.map(\.text) == ["Terminal too small", "20×5, needs 30×8"])
  }

  @Test func theKeyBarIsTheLastRowAndTheStatusAboveIt() {
    let size = TerminalSize(rows: 10, columns: 80)
    var overlay = LiveOverlay()
    overlay.status = LiveStatus(text: "Unknown currency XYZ", isError: true)
    let frame = LiveLayout(renderer: renderer).frame(
      screen: ["tabs", "", "body"], overlay: overlay,
      keys: [KeyHelp("l", "lap", "랩")] + LiveKeys.everywhere(tabs: 9),
      size: size)
    let rows = frame.rows(size.rows)
    #expect(rows.last?.text.hasPrefix("l lap · 1-9 screens") == true)
    #expect(rows[size.rows - 2].text == "Unknown currency XYZ")
    #expect(rows[size.rows - 2].spans.first?.style.foreground == .red)
  }

  @Test func theSelectedItemIsMarkedAndReversedAndRolesAreColoured() {
    let lines: [ScreenLine] = [
      "tabs", ScreenLine("a", item: ListItem(number: 1)),
      (ScreenLine("b  ") + ScreenLine("🔼", as: .rise)).showing(ListItem(number: 2)),
    ]
    var overlay = LiveOverlay()
    overlay.selection = 1
    let frame = LiveLayout(renderer: renderer).frame(
      screen: lines, overlay: overlay, keys: [], size: TerminalSize(rows: 10, columns: 40))
    #expect(frame.lines[1].text == "  a")
    #expect(frame.lines[2].text == "› b  🔼")
    #expect(frame.lines[2].spans.allSatisfy { $0.style.reverse })
    #expect(frame.lines[2].spans.last?.style.foreground == .green)
  }

  @Test func withoutColourTheSelectionIsStillMarked() {
    let plain = Renderer(strings: Strings(language: .en, timeZone: .gmt))
    var overlay = LiveOverlay()
    overlay.selection = 0
    let frame = LiveLayout(renderer: plain).frame(
      screen: ["tabs", ScreenLine("a", item: ListItem(number: 1))], overlay: overlay, keys: [],
      size: TerminalSize(rows: 10, columns: 40))
    #expect(frame.lines[1].text == "› a")
    #expect(frame.lines.allSatisfy { $0.spans.allSatisfy { $0.style == .plain } })
  }

  @Test func hostileTextIsEscapedAsInLineMode() {
    let frame = LiveLayout(renderer: renderer).frame(
      screen: ["tabs", "\u{1B}[2Jboom"], overlay: LiveOverlay(), keys: [],
      size: TerminalSize(rows: 10, columns: 40))
    #expect(frame.lines[1].text == "  \\u{1B}[2Jboom")
  }

  @Test func theInputLineShowsItsCursor() {
    var overlay = LiveOverlay()
    overlay.input = InputRequest(
      prompt: Wording("Message", "메시지"), words: "say ", text: "안녕", limit: 4000)
    let frame = LiveLayout(renderer: renderer).frame(
      screen: ["tabs"], overlay: overlay, keys: [], size: TerminalSize(rows: 10, columns: 40))
    let rows = frame.rows(10)
    #expect(rows[8].text == "Enter run · Esc cancel")
    #expect(rows[9].text == "Message: 안녕")
    #expect(frame.cursor == Frame.Cursor(row: 9, column: 13))
  }

  @Test func scrollingKeepsTheLineInView() {
    #expect(LiveLayout.scroll(0, showing: 3...3, height: 5) == 0)
    #expect(LiveLayout.scroll(0, showing: 7...7, height: 5) == 3)
    #expect(LiveLayout.scroll(6, showing: 2...2, height: 5) == 2)
    // An item of several lines shows whole; its first line when it is taller than the rows.
    #expect(LiveLayout.scroll(0, showing: 3...5, height: 5) == 1)
    #expect(LiveLayout.scroll(0, showing: 3...9, height: 5) == 3)
  }
}
