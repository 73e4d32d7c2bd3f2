import Foundation
import TestSupport
import Testing

@testable import PocketApp

#if canImport(Glibc)
  import Glibc
#endif

extension LiveTerminalTests {
  /// The live view's chrome and widths on a pseudo-terminal: what a person at a narrow
  /// terminal sees, widths as the terminal answers them, and where the live view must not
  /// open. Nested in `LiveTerminalTests`, so its tests run one at a time with those: each
  /// holds a thread while it reads the terminal.
  @Suite("Live view chrome in a terminal")
  struct Chrome {
    /// The screen column (cell) where `text` starts on `row`, nil when it is not there.
    static func column(of text: String, row: Int, in screen: ScreenModel) -> Int? {
      let cells = screen.cells[row]
      for start in cells.indices where !cells[start].text.isEmpty {
        if cells[start...].map(\.text).joined().hasPrefix(text) { return start }
      }
      return nil
    }

    /// The row showing `text`.
    static func row(of text: String, in screen: ScreenModel) -> Int? {
      screen.lines.firstIndex { $0.contains(text) }
    }

    /// The last cell of `row` that shows something.
    static func rightEdge(_ row: Int, in screen: ScreenModel) -> Int {
      screen.cells[row].lastIndex { $0.text != " " && !$0.text.isEmpty } ?? -1
    }

    @Test func aNarrowTerminalKeepsTheCurrentTabHelpAndQuitAndPagesScroll() throws {
      guard let live = try LiveTerminalTests().start(rows: 12, columns: 40) else { return }
      defer { live.close() }
      let last = 11
      // The current tab shows whole at 40 columns, the others shortened.
      var screen = try live.send("4", until: { $0.lines[0].contains("[Bookmarks]") })
      #expect(Self.rightEdge(0, in: screen) < 40, "\(screen.lines[0])")
      #expect(screen.lines[last].contains("? keys") && screen.lines[last].contains("q quit"))
      // `:` reads `:`.
      screen = try live.send(":", until: { $0.lines[last].hasPrefix(":") })
      #expect(!screen.lines[last].hasPrefix("::"), "\(screen.lines[last])")
      try live.send("\u{1B}", until: { $0.lines[last].contains("q quit") })
      // `?` does not fit 12 rows: it scrolls, says where it is, and q closes it.
      screen = try live.send("?", until: { $0.contains(" of ") })
      let mark = try #require(screen.lines[last - 1].firstMatch(of: /^1–(\d+) of (\d+)$/))
      let count = try #require(Int(mark.2))
      // Its lines wrap at 40 columns: none is cut with `…` at the edge.
      for row in screen.lines[1..<(last - 1)] {
        #expect(!row.trimmingCharacters(in: .whitespaces).hasSuffix("…"), "\(row)")
      }
      screen = try live.send(
        "\u{1B}[F", until: { $0.lines[last - 1].hasSuffix("–\(count) of \(count)") })
      #expect(screen.contains("Chat: i write"), "the last line of help shows: \(screen.lines)")
      try live.send(
        "q", until: { !$0.contains(" of \(count)") && $0.lines[0].contains("[Bookmarks]") })
      // The calculator's digits type the amount: its key bar, wide enough for every key,
      // offers Tab for the screens, not their digits (at 40 columns neither shows).
      try live.send(":calc KRW\r", until: { $0.lines[last].contains("amount") })
      live.pty.resize(rows: 12, columns: 120)
      screen = try live.pty.read(untilScreen: { Self.rightEdge(last, in: $0) >= 40 })
      let digits = ScreenRegistry.standard.digitRange
      #expect(!screen.lines[last].contains(digits), "\(screen.lines[last])")
      #expect(screen.lines[last].contains("Tab screens"), "\(screen.lines[last])")
      live.pty.resize(rows: 12, columns: 40)
      try live.send("\u{1B}", until: { !$0.contains("Calculator") && $0.contains("AED") })
      // Too small: keys do not act on the hidden screen; Ctrl-L after `2` shows it was read.
      live.pty.resize(rows: 6, columns: 20)
      try live.pty.read(untilScreen: { $0.contains("Terminal too small") })
      live.pty.clearOutput()
      live.pty.send("2\u{0C}")
      try live.pty.read(until: { $0.contains("\u{1B}[2J") })
      live.pty.resize(rows: 12, columns: 40)
      screen = try live.pty.read(untilScreen: { $0.lines[0].contains("[") && !$0.contains("small") }
      )
      #expect(screen.lines[0].contains("[Rates]"), "\(screen.lines[0])")
      // A long status wraps onto two rows at a space, the key bar still under it.
      screen = try live.send(":dance\r", until: { $0.lines[last - 1] == "the list." })
      #expect(screen.lines[last - 2] == "Unknown command 'dance'. Type 'help' for")
      // The refused line stays open as it was typed; Esc closes it, and the key bar is back.
      #expect(screen.lines[last].hasPrefix(":dance"), "\(screen.lines[last])")
      try live.send("\u{1B}", until: { $0.lines[last].contains("q quit") })
      // No to reset is an answer, not line mode's advice.
      try live.send("2 ll", until: { $0.contains("Lap 2") })
      try live.send("r", until: { $0.contains("[y/N]") })
      screen = try live.send("n", until: { $0.contains("Not reset") })
      #expect(!screen.contains("--yes") && screen.contains("Lap 2"))
      // SIGTERM: the terminal given back, then 128 + 15.
      live.pty.signal(SIGTERM)
      try live.expectTerminalGivenBack(status: 143)
    }

    /// The terminal answers how wide it draws `·` (one or two columns) or does not answer
    /// (one assumed); rows line up as it draws them: the favourite's code under the others',
    /// the mood picture's last day where 30 days of that width end, and no row runs past
    /// the edge (a row drawn wider than laid out would wrap and push the tab line off the top).
    @Test(arguments: [(true, false), (true, true), (false, false)])
    func widthsAreTheTerminalsAnswer(answers: Bool, wide: Bool) throws {
      guard
        let live = try LiveTerminalTests().start(
          ["--lang", "ko"], rows: 20, columns: 70, ambiguousIsWide: wide,
          answersCursorReports: answers, firstTab: "[환율]")
      else { return }
      defer { live.close() }
      #expect(live.pty.screen.cursorReportsAsked == 1)
      var screen = try live.send(":fav KRW\r", until: { $0.contains("★") })
      // No COLORFGBG here: the favourite is bold in the terminal's own colour, not yellow.
      let star = try #require(screen.style(of: "★"))
      #expect(star.bold && star.foreground == nil, "\(star)")
      let krw = try #require(Self.row(of: "KRW", in: screen))
      let aed = try #require(Self.row(of: "AED", in: screen))
      #expect(
        Self.column(of: "KRW", row: krw, in: screen)
          == Self.column(of: "AED", row: aed, in: screen),
        "\(screen.lines[krw]) / \(screen.lines[aed])")
      screen = try live.send("5", until: { $0.lines[0].contains("[마음 일기]") })
      screen = try live.send(":add 7 walk\r", until: { $0.contains("walk") })
      let mood = try #require(screen.lines.firstIndex { $0.hasPrefix("  기분  ") })
      let dayWidth = wide ? 2 : 1
      // The selection's gutter, "기분" and two blanks take 8 columns; the 30th day is today's
      // entry, a block.
      #expect(Self.column(of: "▆", row: mood, in: screen) == 8 + 29 * dayWidth, "\(screen.lines)")
      for row in 0..<screen.rows {
        #expect(Self.rightEdge(row, in: screen) < 70, "row \(row): \(screen.lines[row])")
      }
      #expect(screen.lines[0].hasPrefix("환율"), "\(screen.lines)")
      #expect(screen.lines[19].hasSuffix("q 끝"), "\(screen.lines[19])")
      live.pty.send("q")
      try live.expectTerminalGivenBack()
    }

    /// Keys typed while the terminal is asked are kept, whether the answer comes among them
    /// or never comes.
    @Test(arguments: [true, false])
    func keysTypedBeforeTheAnswerAreKept(answerAmongKeys: Bool) throws {
      guard
        let (pty, directory) = try Self.launch(
          environment: ["TERM": "xterm-256color"], answersCursorReports: false)
      else { return }
      defer { try? FileManager.default.removeItem(at: directory) }
      defer { pty.close() }
      try pty.read(untilScreen: { $0.cursorReportsAsked == 1 })
      pty.send(answerAmongKeys ? "6\u{1B}[1;2R4" : "64")
      try pty.read(untilScreen: { $0.lines[0].contains("[Bookmarks]") })
      #expect(pty.screen.lines[0].contains("[Bookmarks]"))
      pty.send("q")
      #expect(try pty.wait() == 0)
    }

    @Test(arguments: [["TERM": "dumb"], [:]])
    func aDumbTerminalOrNoTermGetsLineMode(term: [String: String]) throws {
      guard let (pty, directory) = try Self.launch(environment: term) else { return }
      defer { try? FileManager.default.removeItem(at: directory) }
      defer { pty.close() }
      try pty.read(until: { $0.contains("[Rates]") && $0.hasSuffix("> ") })
      #expect(pty.screen.alternateScreenEntries == 0 && pty.screen.cursorReportsAsked == 0)
      pty.send("quit\r")
      #expect(try pty.wait() == 0)
    }

    /// `pocket` on an 80×24 pseudo-terminal with a store in a folder of its own, in
    /// English, with `environment` added; `nil` (recorded) where no pseudo-terminal opens.
    static func launch(
      environment: [String: String], answersCursorReports: Bool = true
    ) throws -> (PseudoTerminal, URL)? {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("pocket-chrome-\(UUID().uuidString)")
      do {
        let pty = try PseudoTerminal(
          executable: PocketProcess.executable.path,
          arguments: ["--store-path", directory.path, "--lang", "en"],
          environment: ["LANG": "C.UTF-8", "TZ": "UTC"].merging(environment) { $1 }, rows: 24,
          columns: 80, answersCursorReports: answersCursorReports)
        return (pty, directory)
      } catch PseudoTerminalError.unavailable(let reason) {
        Issue.record("no pseudo-terminal here (\(reason))")
        return nil
      }
    }
  }
}
