import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// The live view's lists as a viewport over the whole list, on a pseudo-terminal: the list
/// fills the rows the terminal has, the screen's header stays on top, the ends of the
/// whole list are a key away, PgUp and PgDn move a screenful, the last row says which rows
/// show, a pinned chat stays at its newest through a resize, and a delete confirmed after
/// another process renumbered the list names the item by its number now and its text.
@Suite(
  "Live view viewport in a terminal", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct LiveViewportTerminalTests {
  /// Sends `count` messages `m1`… (`m1` the oldest) in line mode, as another process.
  static func chat(_ count: Int, on live: LiveTerminalTests.Live) throws {
    try LiveListTerminalTests.run((1...count).map { "say m\($0)" }, on: live)
  }

  /// The number of the message a row shows (`m42` → 42), when it shows one.
  static func message(_ line: String) -> Int? {
    guard let range = line.firstRange(of: /\bm([0-9]+)$/) else { return nil }
    return Int(line[range].dropFirst())
  }

  /// The rows of `screen` that show a message, top to bottom.
  static func messageRows(_ screen: ScreenModel) -> [Int] {
    let lines = screen.lines
    return lines.indices.filter { message(lines[$0]) != nil }
  }

  /// The row that says which rows show (`rows 81–100 of 100`).
  static func positionRow(_ screen: ScreenModel) -> Int? {
    screen.lines.lastIndex { $0.contains("rows ") && $0.contains(" of ") }
  }

  @Test func theChatFillsATallTerminalWithItsNewestAtTheBottom() throws {
    guard let live = try LiveTerminalTests().start(rows: 60, columns: 200) else { return }
    defer { live.close() }
    try Self.chat(100, on: live)
    // Read once the list has filled (a frame may show while older messages are read).
    let screen = try live.send(
      "6", until: { $0.contains("m100") && Self.messageRows($0).count >= 50 })
    let rows = Self.messageRows(screen)
    let position = try #require(Self.positionRow(screen), "\(screen.lines)")
    // The newest message is on the list's last row, right above the position line, and
    // the rows above it are all messages down from the header: no empty space.
    #expect(rows.last == position - 1, "\(screen.lines)")
    #expect(Self.message(screen.lines[position - 1]) == 100)
    #expect(screen.contains("Messages: 100"))
    let shown = rows.count
    #expect(screen.lines[position].contains("rows \(100 - shown + 1)–100 of 100"))
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func theChatKeepsItsHeaderAndDayInSightAt80x24() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    try Self.chat(30, on: live)
    let screen = try live.send("6", until: { $0.contains("m30") })
    #expect(screen.contains("Messages: 30"), "\(screen.lines)")
    // The day line stands right above the first message shown.
    let first = try #require(Self.messageRows(screen).first)
    #expect(!screen.lines[first - 1].isEmpty && Self.message(screen.lines[first - 1]) == nil)
    #expect(Self.message(screen.lines[first]) != 1, "scrolled: m1 is above")
    // Scrolled to the top and back, the header stays.
    let top = try live.send(
      "g", until: { LiveListTerminalTests.selected($0)?.hasSuffix("m1") == true })
    #expect(top.contains("Messages: 30"))
    let bottom = try live.send(
      "G", until: { LiveListTerminalTests.selected($0)?.hasSuffix("m30") == true })
    #expect(bottom.contains("Messages: 30"))
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func theEndsOfTheWholeListAreAKeyAway() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    // 45 laps, three of line mode's pages.
    try LiveListTerminalTests.run(
      ["start"] + Array(repeating: "lap", count: 45) + ["stop"], on: live)
    try live.send("2", until: { $0.contains("Lap 45") })
    let oldest = try live.send(
      "G", until: { LiveListTerminalTests.selected($0)?.contains("Lap 1 ") == true })
    #expect(oldest.contains("Stopwatch · stopped"), "the header stays")
    try live.send("g", until: { LiveListTerminalTests.selected($0)?.contains("Lap 46") == true })
    try live.send(
      "\u{1B}[F", until: { LiveListTerminalTests.selected($0)?.contains("Lap 1 ") == true })
    try live.send(
      "\u{1B}[H", until: { LiveListTerminalTests.selected($0)?.contains("Lap 46") == true })
    // The chat: g its oldest message, End its newest.
    try Self.chat(70, on: live)
    try live.send("6", until: { $0.contains("m70") })
    try live.send("g", until: { LiveListTerminalTests.selected($0)?.hasSuffix("m1") == true })
    try live.send(
      "\u{1B}[F", until: { LiveListTerminalTests.selected($0)?.hasSuffix("m70") == true })
    try live.send(
      "\u{1B}[H", until: { LiveListTerminalTests.selected($0)?.hasSuffix("m1") == true })
    try live.send("G", until: { LiveListTerminalTests.selected($0)?.hasSuffix("m70") == true })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func pageKeysMoveAScreenfulAndThePositionSaysWhere() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    try Self.chat(100, on: live)
    let end = try live.send(
      "6G", until: { LiveListTerminalTests.selected($0)?.hasSuffix("m100") == true })
    let height = Self.messageRows(end).count
    #expect(end.contains("rows \(100 - height + 1)–100 of 100"), "\(end.lines)")
    // PgUp: the selection and the view a screenful up, twice.
    let up = try live.send(
      "\u{1B}[5~",
      until: { LiveListTerminalTests.selected($0)?.hasSuffix("m\(100 - height)") == true })
    #expect(Self.message(up.lines[Self.messageRows(up)[0]]) == 100 - 2 * height + 1, "\(up.lines)")
    #expect(up.contains("rows \(100 - 2 * height + 1)–\(100 - height) of 100"), "\(up.lines)")
    try live.send(
      "\u{1B}[5~",
      until: { LiveListTerminalTests.selected($0)?.hasSuffix("m\(100 - 2 * height)") == true })
    // PgDn: back a screenful down.
    let down = try live.send(
      "\u{1B}[6~",
      until: { LiveListTerminalTests.selected($0)?.hasSuffix("m\(100 - height)") == true })
    #expect(down.contains("rows \(100 - 2 * height + 1)–\(100 - height) of 100"), "\(down.lines)")
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func aPinnedChatStaysAtItsNewestThroughAResize() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    try Self.chat(100, on: live)
    try live.send("6", until: { $0.contains("m100") })
    live.pty.resize(rows: 60, columns: 200)
    let tall = try live.pty.read(untilScreen: {
      Self.messageRows($0).count > 40 && Self.positionRow($0) != nil
    })
    let position = try #require(Self.positionRow(tall), "\(tall.lines)")
    #expect(Self.message(tall.lines[position - 1]) == 100, "\(tall.lines)")
    live.pty.resize(rows: 24, columns: 80)
    let short = try live.pty.read(untilScreen: {
      Self.messageRows($0).count < 30 && Self.positionRow($0) != nil
    })
    let again = try #require(Self.positionRow(short), "\(short.lines)")
    #expect(Self.message(short.lines[again - 1]) == 100, "\(short.lines)")
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test(arguments: [("en", "Deleted message 5: hello"), ("ko", "5번 메시지를 삭제했습니다: hello")])
  func aDeleteConfirmedAfterARenumberNamesTheItemAsItIsNow(language: String, said: String) throws {
    guard
      let live = try LiveTerminalTests().start(
        ["--lang", language], rows: 24, columns: 80,
        firstTab: language == "ko" ? "[환율]" : "[Rates]")
    else { return }
    defer { live.close() }
    try LiveListTerminalTests.run((1...5).map { "say m\($0)" } + ["say hello"], on: live)
    try live.send("6G", until: { LiveListTerminalTests.selected($0)?.hasSuffix("hello") == true })
    try live.send("\u{7F}", until: { $0.contains("[y/N]") && $0.contains("6") })
    // Another process deletes the oldest message: hello is message 5 now.
    try LiveListTerminalTests.run(["chat", "delete 1"], on: live)
    try live.pty.read(untilScreen: { !$0.contains("m1") })
    try live.send("y", until: { $0.contains(said) })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}
