import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// The live view's lists read in the direction they are drawn, on a pseudo-terminal at
/// 80×24 as a person meets them: the chat from its newest message at the bottom, pages
/// above and below, the page line in sight, an item's every line, the keys of `less` and
/// `vim` beside the arrows, a question before a delete, and a word for a key that does
/// nothing.
@Suite(
  "Live view lists in a terminal", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct LiveListTerminalTests {
  /// The text of the selected row (`›`), when one shows.
  static func selected(_ screen: ScreenModel) -> String? {
    screen.lines.first { $0.hasPrefix("› ") }
  }

  /// Runs `commands` in line mode on the store of `live`, as another process.
  static func run(_ commands: [String], on live: LiveTerminalTests.Live) throws {
    let process = PocketProcess(directory: live.directory)
    let run = try process.run([], input: commands.joined(separator: "\n") + "\n")
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func theChatReadsUpFromItsNewestMessage() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    let words = (1...30).map { "word\($0)" }.joined(separator: " ")
    let long = "long-start \(words) long-end"
    try Self.run((1...25).map { "say m\($0)" } + ["say \(long)"], on: live)

    // The chat opens at its newest message, the header held above, which rows show held
    // under the list.
    let opened = try live.send("6", until: { $0.contains("long-start") && $0.contains("m25") })
    #expect(opened.contains("Messages: 26"), "\(opened.lines)")
    #expect(opened.contains("–26 of 26"), "\(opened.lines)")

    // A message sent shows at once, and the status row says so.
    try live.send("i", until: { $0.contains("Message:") })
    try live.send(
      "hello-new\r", until: { $0.contains("hello-new") && $0.contains("Sent message 27") })

    // Another process's message shows at the bottom while the view is there.
    try PocketProcess(directory: live.directory).run(["say", "from-outside"])
    try live.pty.read(untilScreen: { $0.contains("from-outside") })

    // Scrolled up, a new message is marked below instead of moving the view; G goes down.
    try live.send("\u{1B}[5~", until: { !$0.contains("from-outside") })
    try PocketProcess(directory: live.directory).run(["say", "outside-2"])
    let marked = try live.pty.read(untilScreen: { $0.contains("New messages ↓") })
    #expect(!marked.contains("outside-2"))
    let back = try live.send("G", until: { $0.contains("outside-2") })
    #expect(!back.contains("New messages ↓"))
    #expect(Self.selected(back)?.contains("outside-2") == true)

    // k moves up; v shows the long message whole, wrapped; Esc closes it.
    let onLong = try live.send("kkk", until: { Self.selected($0)?.contains("long-start") == true })
    #expect(!onLong.contains("long-end"))
    let whole = try live.send("v", until: { $0.contains("long-end") })
    #expect(whole.contains("word15"))
    try live.send("\u{1B}", until: { Self.selected($0)?.contains("long-start") == true })

    // Backspace (a Mac's delete key) asks first; y deletes.
    try live.send("\u{7F}", until: { $0.contains("Delete message 26 \"long-start word1") })
    #expect(live.pty.screen.contains("[y/N]"))
    try live.send("y", until: { $0.contains("Deleted message 26") && !$0.contains("long-end") })

    // A key that means nothing here says so.
    try live.send("x", until: { $0.contains("x: no such key here · ? lists the keys") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func pagedListsKeepTheirPageInSightAndShowWholeItems() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 80) else { return }
    defer { live.close() }
    try Self.run(["start"] + Array(repeating: "lap", count: 45) + ["stop"], on: live)
    // The last notice's address, as line mode prints it.
    let notices = try PocketProcess(directory: live.directory).run(["notices"]).stdout
    let lastAddress = try #require(
      notices.split(separator: "\n").last { $0.contains("https://") }?
        .trimmingCharacters(in: .whitespaces))

    // 45 laps and the lap in progress, 20 a page in line mode: which rows show is said
    // at 80×24 and at 40×10.
    try live.send("2", until: { $0.contains("Lap 45") && $0.contains("of 46") })
    live.pty.resize(rows: 10, columns: 40)
    try live.pty.read(untilScreen: { $0.contains("rows 1–") && $0.lines.count <= 10 })

    // ↓ goes on past line mode's page, through the whole list.
    try live.send("j", until: { Self.selected($0)?.contains("Lap 46") == true })
    let down = try live.send(
      String(repeating: "j", count: 25), until: { Self.selected($0)?.contains("Lap 21") == true })
    #expect(down.contains("rows 2") && down.contains("of 46"), "\(down.lines)")
    // Home (g) shows the first row again, the header above it.
    let home = try live.send("g", until: { Self.selected($0)?.contains("Lap 46") == true })
    #expect(home.contains("Stopwatch · stopped"))

    // The rates keep a selection on PgDn: the item a screenful further down.
    live.pty.resize(rows: 24, columns: 80)
    let first = try live.send("1j", until: { Self.selected($0) != nil })
    let before = try #require(Self.selected(first))
    let paged = try live.send(
      "\u{1B}[6~", until: { Self.selected($0).map { $0 != before } ?? false })
    #expect(Self.selected(paged) != nil)

    // End on the notices shows the last notice with its address under it.
    try live.send("3\u{1B}[F", until: { $0.contains(lastAddress) })
    #expect(Self.selected(live.pty.screen)?.hasPrefix("› 16") == true)
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}
