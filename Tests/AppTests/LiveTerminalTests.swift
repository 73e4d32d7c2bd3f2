import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

#if canImport(Glibc)
  import Glibc
#endif

/// The live view as a person at a terminal meets it: the real `pocket` on a pseudo-terminal,
/// keys sent as a terminal sends them, and what it writes read back through a small screen
/// model. Each way out gives the terminal back as Pocket found it.
@Suite(
  "Live view in a terminal", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct LiveTerminalTests {
  /// What the main screen showed before Pocket started; it must be there after.
  static let mainScreenText = "before pocket"

  /// A running `pocket` on a pty, its store folder, and the terminal settings it found.
  struct Live {
    let pty: PseudoTerminal
    let directory: URL
    let before: Glibc.termios

    /// Sends keys and reads until the screen satisfies `predicate`.
    @discardableResult
    func send(_ keys: String, until predicate: (ScreenModel) -> Bool) throws -> ScreenModel {
      pty.send(keys)
      return try pty.read(untilScreen: predicate)
    }

    /// Waits for the end and checks the terminal is as it was found.
    func expectTerminalGivenBack(
      status: Int32 = 0, mainScreenKept: Bool = true,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      #expect(try pty.wait() == status, sourceLocation: sourceLocation)
      pty.readAvailable()
      let after = try #require(pty.termios(), sourceLocation: sourceLocation)
      #expect(PseudoTerminal.same(before, after), "termios", sourceLocation: sourceLocation)
      let screen = pty.screen
      let (alternate, cursor, paste) =
        (screen.isAlternateScreen, screen.cursorVisible, screen.bracketedPaste)
      let (entries, exits) = (screen.alternateScreenEntries, screen.alternateScreenExits)
      #expect(!alternate, sourceLocation: sourceLocation)
      #expect(cursor, sourceLocation: sourceLocation)
      #expect(!paste, sourceLocation: sourceLocation)
      #expect(exits == entries, sourceLocation: sourceLocation)
      if mainScreenKept {
        let kept = screen.contains(LiveTerminalTests.mainScreenText)
        #expect(kept, "\(screen.lines)", sourceLocation: sourceLocation)
      }
    }

    func close() {
      pty.close()
      try? FileManager.default.removeItem(at: directory)
    }
  }

  /// Starts `pocket` with no command on a pty of `rows`×`columns`, after a shell has shown a
  /// line on the main screen and the test has read the terminal's settings; nil (with the
  /// reason printed) where there is no pty. `prepare` runs first, on the store's folder.
  func start(
    _ arguments: [String] = [], rows: Int = 30, columns: Int = 100, jobControl: Bool = false,
    environment extra: [String: String] = [:], expectsLiveView: Bool = true,
    ambiguousIsWide: Bool = false, answersCursorReports: Bool = true,
    firstTab: String = "[Rates]", prepare: (_ storeFolder: URL) throws -> Void = { _ in }
  ) throws -> Live? {
    let directory = try Fixtures.temporaryDirectory()
    try prepare(directory)
    let environment = [
      "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8", "TZ": "UTC",
      "HOME": directory.path,
    ].merging(extra) { _, given in given }
    let script = #"echo "$0"; IFS= read -r _; exec "$@""#
    let shellArguments =
      [
        "-c", script, Self.mainScreenText, PocketProcess.executable.path, "--store-path",
        directory.path, "--lang", "en",
      ] + arguments
    let pty: PseudoTerminal
    do {
      pty =
        jobControl
        ? try PseudoTerminal.underJobControl(
          executable: "/bin/sh", arguments: shellArguments, environment: environment, rows: rows,
          columns: columns)
        : try PseudoTerminal(
          executable: "/bin/sh", arguments: shellArguments, environment: environment, rows: rows,
          columns: columns, ambiguousIsWide: ambiguousIsWide,
          answersCursorReports: answersCursorReports)
    } catch PseudoTerminalError.unavailable(let reason) {
      Issue.record("no pseudo-terminal here (\(reason))")
      try? FileManager.default.removeItem(at: directory)
      return nil
    }
    try pty.read(untilScreen: { $0.contains(Self.mainScreenText) })
    let before = try #require(pty.termios())
    pty.send("\r")
    if expectsLiveView {
      try pty.read(untilScreen: { $0.isAlternateScreen && $0.contains(firstTab) })
    } else {
      // Line mode prints the whole rate list, so the tab line scrolls off the screen.
      try pty.read(until: { $0.contains("[Rates]") && $0.hasSuffix("> ") })
    }
    return Live(pty: pty, directory: directory, before: before)
  }

  /// The stopwatch's time on the screen (`00:01.23`).
  static func shownTime(_ screen: ScreenModel) -> String? {
    screen.lines.lazy.compactMap { line -> String? in
      guard let match = line.firstMatch(of: /^\s+(\d+:\d\d\.\d\d)$/) else { return nil }
      return String(match.1)
    }.first
  }

  @Test func theStopwatchTicksAndALapAppearsAfterL() throws {
    guard let live = try start() else { return }
    defer { live.close() }
    try live.send("2 ", until: { $0.contains("Stopwatch · running") })
    let first = try #require(Self.shownTime(live.pty.screen))
    // The time advances on its own, with no key pressed.
    let later = try live.pty.read(untilScreen: { screen in
      Self.shownTime(screen).map { $0 > first } ?? false
    })
    #expect(Self.shownTime(later).map { $0 > first } == true)
    try live.send("l", until: { $0.contains("Lap 2") && $0.contains("Lap 1") })
    try live.send(" ", until: { $0.contains("Stopwatch · stopped") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func theFilterNarrowsTheRateList() throws {
    guard let live = try start() else { return }
    defer { live.close() }
    let all = live.pty.screen.contains("AED")
    #expect(all)
    let filtered = try live.send("/krw", until: { $0.contains("1 currency") })
    let (aed, won) = (filtered.contains("AED"), filtered.contains("South Korean Won"))
    #expect(!aed)
    #expect(won)
    live.pty.send("\r\u{03}")
    try live.expectTerminalGivenBack()
  }

  @Test func aKoreanMessageIsSentWhole() throws {
    guard let live = try start() else { return }
    defer { live.close() }
    try live.send("6i", until: { $0.contains("Message:") })
    // Korean arrives as a terminal sends it: UTF-8, here one byte at a time.
    for byte in Array("안녕하세요".utf8) { live.pty.send([byte]) }
    try live.send("\r", until: { $0.contains("Messages: 1") && $0.contains("안녕하세요") })
    live.pty.send("\u{04}")
    try live.expectTerminalGivenBack()
    let chat = try PocketProcess(directory: live.directory).run(["chat"])
    #expect(chat.stdout.contains("안녕하세요"))
  }

  @Test func aResizeLaysTheScreenOutAgain() throws {
    guard let live = try start(rows: 30, columns: 100) else { return }
    defer { live.close() }
    live.pty.resize(rows: 12, columns: 50)
    // The key bar no longer fits: it is cut at the new width with an ellipsis.
    let narrow = try live.pty.read(untilScreen: { screen in
      screen.lines.contains { $0.hasSuffix("…") } && screen.lines.count <= 12
    })
    #expect(narrow.lines.allSatisfy { DisplayWidth(ambiguousIsWide: false).of($0) <= 50 })
    live.pty.resize(rows: 5, columns: 20)
    try live.pty.read(untilScreen: { $0.contains("Terminal too small") })
    live.pty.resize(rows: 30, columns: 100)
    try live.pty.read(untilScreen: { $0.contains("[Rates]") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func ctrlLDrawsEverythingAgain() throws {
    guard let live = try start() else { return }
    defer { live.close() }
    live.pty.read(for: .milliseconds(200))
    live.pty.clearOutput()
    // The screen is cleared and every row written again, the unchanged tab line too.
    live.pty.send("\u{0C}")
    let titles = ScreenRegistry.standard.tabTitles().dropFirst().joined(separator: "  ")
    try live.pty.read(until: { $0.contains("\u{1B}[2J") && $0.contains(titles) })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalEndsItWithTheTerminalGivenBack(signal: Int32) throws {
    guard let live = try start() else { return }
    defer { live.close() }
    try live.send("2 ", until: { $0.contains("Stopwatch · running") })
    live.pty.signal(signal)
    // As a program the signal ends: 143 for SIGTERM, 129 for SIGHUP.
    try live.expectTerminalGivenBack(status: 128 + signal)
  }

  @Test func ctrlZSuspendsWithTheTerminalGivenBackAndFgRedraws() throws {
    guard let live = try start(jobControl: true) else { return }
    defer { live.close() }
    try live.send("\u{1A}", until: { $0.contains(PseudoTerminal.stoppedMarker) })
    let suspended = live.pty.screen.isAlternateScreen
    #expect(!suspended)
    #expect(PseudoTerminal.same(live.before, try #require(live.pty.termios())))
    live.pty.resumeStoppedJob()
    try live.pty.read(untilScreen: { $0.isAlternateScreen && $0.contains("[Rates]") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func aSuspendFromOutsideGivesTheTerminalBackToo() throws {
    guard let live = try start(jobControl: true) else { return }
    defer { live.close() }
    live.pty.signalForeground(SIGTSTP)
    try live.pty.read(untilScreen: { $0.contains(PseudoTerminal.stoppedMarker) })
    let suspended = live.pty.screen.isAlternateScreen
    #expect(!suspended)
    #expect(PseudoTerminal.same(live.before, try #require(live.pty.termios())))
    live.pty.resumeStoppedJob()
    try live.pty.read(untilScreen: { $0.isAlternateScreen && $0.contains("[Rates]") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  @Test func plainKeepsLineModeAtATerminal() throws {
    guard let live = try start(["--plain"], expectsLiveView: false) else { return }
    defer { live.close() }
    live.pty.clearOutput()
    live.pty.send("say hi\r")
    try live.pty.read(until: { $0.contains("Messages: 1") && $0.hasSuffix("> ") })
    #expect(live.pty.screen.alternateScreenEntries == 0)
    live.pty.send("quit\r")
    // Line mode prints on the main screen, so the line before it has scrolled away.
    try live.expectTerminalGivenBack(mainScreenKept: false)
  }

  @Test func noColorLeavesOutColourButNotTheSelection() throws {
    guard let live = try start(environment: ["NO_COLOR": "1"]) else { return }
    defer { live.close() }
    try live.send("\u{1B}[B", until: { $0.contains("› ") })
    #expect(!String(decoding: live.pty.output, as: UTF8.self).contains("\u{1B}[0;9"))
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}
