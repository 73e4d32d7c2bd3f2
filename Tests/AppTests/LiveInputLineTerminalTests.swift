import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// The input line on a pseudo-terminal, keys as a terminal sends them: editing where the
/// cursor is (the terminal's cursor on it), a long line scrolled around the cursor, ↑
/// recall, Ctrl-C and Ctrl-D closing the line and not Pocket, a refused line kept; Esc
/// bringing back the filter and the amount, a kept filter shown, Enter opening its first
/// currency, and an unchanged edit said so.
@Suite(
  "Live input line in a terminal", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct LiveInputLineTerminalTests {
  /// The last row of the screen: the input line.
  static func inputRow(_ screen: ScreenModel) -> String { screen.lines.last ?? "" }

  @Test func theLineEditsWhereItsCursorIsAndNeverLosesWhatWasTyped() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 60) else { return }
    defer { live.close() }
    let prompt = "Message: "
    try live.send("6i", until: { Self.inputRow($0) == "Message:" })
    // Alt-b (ESC b) a word back, then typed there; Ctrl-← (ESC[1;5D) too.
    live.pty.send("hello world")
    try live.pty.read(untilScreen: { Self.inputRow($0).hasPrefix(prompt + "hello world") })
    live.pty.send("\u{1B}b")
    try live.send("big ", until: { Self.inputRow($0).hasPrefix(prompt + "hello big world") })
    // The terminal's cursor is on the "w" of "world".
    var screen = live.pty.screen
    #expect(screen.cursorRow == 23)
    #expect(screen.cursorColumn == prompt.count + "hello big ".count)
    live.pty.send("\u{1B}[1;5D")
    try live.send("\u{17}", until: { Self.inputRow($0).hasPrefix(prompt + "big world") })
    // A line longer than the field shows around the cursor, with … on the cut sides.
    let long = String(repeating: "0123456 89", count: 12)
    live.pty.send("\u{15}\u{0B}\u{1B}[200~\(long)END\u{1B}[201~")
    try live.pty.read(untilScreen: { Self.inputRow($0).hasSuffix(" 89END") })
    // The field is 60 - 1 - 9 = 50 columns: 49 characters and `…`.
    screen = try live.send(
      "\u{01}", until: { Self.inputRow($0) == prompt + long.prefix(49) + "…" })
    #expect(screen.cursorColumn == prompt.count)
    // Ctrl-E, then Alt-← four words back: `…` on both sides, the cursor on a word's start.
    live.pty.send("\u{05}")
    screen = try live.send(
      "\u{1B}[1;3D\u{1B}[1;3D\u{1B}[1;3D\u{1B}[1;3D",
      until: { Self.inputRow($0).hasPrefix(prompt + "…") && Self.inputRow($0).hasSuffix("…") })
    let row = Array(Self.inputRow(screen))
    #expect(screen.cursorColumn > prompt.count)
    #expect(row[screen.cursorColumn].isNumber)
    #expect(row[screen.cursorColumn - 1] == " ")
    // Enter sends it; ↑ on a new line brings it back; Ctrl-C closes the line, not Pocket.
    try live.send("\r", until: { $0.contains("Messages: 1") })
    try live.send("i", until: { Self.inputRow($0) == "Message:" })
    try live.send("\u{1B}[A", until: { Self.inputRow($0).hasSuffix(" 89END") })
    try live.send("\u{03}", until: { !Self.inputRow($0).hasPrefix("Message:") })
    // Ctrl-D on a line with text deletes under the cursor; on an empty one it closes it.
    try live.send("iab\u{1B}[D\u{04}", until: { Self.inputRow($0) == prompt + "a" })
    try live.send("\u{7F}\u{04}", until: { !Self.inputRow($0).hasPrefix("Message:") })
    // A refused line stays open with its text; the reason shows above it.
    let note = "abc a long note I typed carefully"
    try live.send(
      "5i\(note)\r",
      until: { $0.contains("Enter a valid number") && Self.inputRow($0).hasSuffix(note) })
    live.pty.send("\u{01}\u{1B}f")
    try live.send(
      "\u{17}7", until: { Self.inputRow($0).hasSuffix("7 a long note I typed carefully") })
    try live.send(
      "\r",
      until: {
        $0.contains("a long note I typed carefully") && !$0.contains("Enter a valid number")
      })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func escBringsBackWhatWasThereAndAKeptFilterShows() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    // `/` krw Esc: no filter, as before.
    try live.send("/krw", until: { $0.contains("1 currency") })
    live.pty.send("\u{1B}")
    try live.pty.read(untilScreen: { $0.contains("AED") && !$0.contains("Filter:") })
    // Enter keeps it, and the screen says so; a new filter cancelled brings it back.
    try live.send("/krw\r", until: { $0.contains("Filter: krw · Esc clears") })
    try live.send("/\u{7F}\u{7F}\u{7F}eur", until: { $0.contains("Euro") })
    live.pty.send("\u{1B}")
    try live.pty.read(untilScreen: {
      $0.contains("Filter: krw · Esc clears") && !$0.contains("Euro")
    })
    // Nothing selected: Enter opens the first currency the filter kept.
    try live.send("\r", until: { $0.contains("Calculator · KRW") })
    // The calculator: 5 Enter, then 70 Esc brings 5 back.
    try live.send("5\r", until: { $0.contains("5.00 USD →") })
    try live.send("70", until: { $0.contains("70.00 USD →") })
    live.pty.send("\u{1B}")
    try live.pty.read(untilScreen: { $0.contains("5.00 USD →") && !$0.contains("70.00 USD") })
    // Esc leaves the calculator; Esc on the rates clears the filter.
    live.pty.send("\u{1B}")
    try live.pty.read(untilScreen: { $0.contains("Filter: krw") && !$0.contains("Calculator") })
    live.pty.send("\u{1B}")
    try live.pty.read(untilScreen: { $0.contains("AED") && !$0.contains("Filter:") })
    // Enter, Enter on a message changes nothing and says so.
    try live.send("6ihi\r", until: { $0.contains("Messages: 1") })
    try live.send("\u{1B}[B\r", until: { Self.inputRow($0).hasSuffix("hi") })
    try live.send("\r", until: { $0.contains("Message 1 is unchanged") })
    #expect(!live.pty.screen.contains("(edited)"))
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}
