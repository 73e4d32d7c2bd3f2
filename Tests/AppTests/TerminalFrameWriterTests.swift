import TestSupport
import Testing

@testable import PocketApp

@Suite("Frames written to a terminal")
struct TerminalFrameWriterTests {
  let size = TerminalSize(rows: 6, columns: 20)
  let plain = FrameWriter(ambiguousIsWide: false, colour: false)
  let coloured = FrameWriter(ambiguousIsWide: false, colour: true)

  func shown(_ updates: String..., size: TerminalSize) -> ScreenModel {
    var screen = ScreenModel(rows: size.rows, columns: size.columns)
    for update in updates { screen.feed(update) }
    return screen
  }

  func sgrCount(_ text: String) -> Int {
    var count = 0
    var rest = Substring(text)
    while let start = rest.firstRange(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      let parameters = rest.prefix { $0.isNumber || $0 == ";" }
      if rest.dropFirst(parameters.count).first == "m" { count += 1 }
    }
    return count
  }

  @Test func theFirstFrameClearsAndDrawsEverythingInOneSynchronizedUpdate() {
    let frame = Frame(lines: ["Stopwatch", "", "00:01.25"])
    let update = plain.update(from: nil, to: frame, size: size)
    #expect(update.hasPrefix("\u{1B}[?2026h"))
    #expect(update.hasSuffix("\u{1B}[?2026l"))
    var screen = ScreenModel(rows: 6, columns: 20)
    screen.feed("old text everywhere\r\nmore old text")
    screen.feed(update)
    #expect(screen.lines == ["Stopwatch", "", "00:01.25", "", "", ""])
    #expect(!screen.cursorVisible)
  }

  @Test func aChangeInOneRowRewritesThatRowOnly() {
    let before = Frame(lines: ["Stopwatch", "", "00:01.25", "Lap 1  00:00.50", "[space] start"])
    var after = before
    after.lines[2] = "00:01.29"
    let update = plain.update(from: before, to: after, size: size)
    #expect(update.firstRange(of: "00:01.29") != nil)
    #expect(update.firstRange(of: "\u{1B}[3;1H") != nil)
    for row in [1, 2, 4, 5, 6] { #expect(update.firstRange(of: "\u{1B}[\(row);1H") == nil) }
    for unchanged in ["Stopwatch", "Lap 1", "start"] {
      #expect(update.firstRange(of: unchanged) == nil)
    }
    let screen = shown(plain.update(from: nil, to: before, size: size), update, size: size)
    #expect(
      screen.lines.prefix(5) == ["Stopwatch", "", "00:01.29", "Lap 1  00:00.50", "[space] start"])
  }

  @Test func nothingChangedWritesNothing() {
    let frame = Frame(lines: ["a", "b"], cursor: .init(row: 1, column: 1))
    #expect(plain.update(from: frame, to: frame, size: size) == "")
  }

  @Test func aShorterLineIsErasedToItsEndAndRowsBeyondTheFrameAreCleared() {
    let before = Frame(lines: ["a long first line", "second", "third"])
    let after = Frame(lines: ["short"])
    let screen = shown(
      plain.update(from: nil, to: before, size: size),
      plain.update(from: before, to: after, size: size),
      size: size)
    #expect(screen.lines == ["short", "", "", "", "", ""])
  }

  @Test func rowsBelowTheTerminalAreNotWritten() {
    let frame = Frame(lines: (1...10).map { StyledLine("row \($0)") })
    let update = plain.update(from: nil, to: frame, size: TerminalSize(rows: 3, columns: 20))
    #expect(update.firstRange(of: "row 4") == nil)
    #expect(
      shown(update, size: TerminalSize(rows: 3, columns: 20)).lines == ["row 1", "row 2", "row 3"])
  }

  @Test(arguments: [
    ("abcdefghij", 5, false, "abcd…"),
    ("abcde", 5, false, "abcde"),
    ("한국어입니다", 5, false, "한국…"),
    ("한국어입니다", 6, false, "한국 …"),  // 어 would straddle: a blank, then the ellipsis
    ("🔼🔼🔼🔼", 5, false, "🔼🔼…"),
    ("🔼🔼🔼🔼", 6, false, "🔼🔼 …"),
    ("abcdefgh", 5, true, "abc…"),  // … is ambiguous: two columns for Korean terminals
    ("★★★★", 5, true, "★ …"),
  ])
  func linesAreCutByDisplayWidthWithAnEllipsis(
    text: String, columns: Int, ambiguousIsWide: Bool, expected: String
  ) {
    let writer = FrameWriter(ambiguousIsWide: ambiguousIsWide, colour: false)
    let size = TerminalSize(rows: 3, columns: columns)
    let update = writer.update(from: nil, to: Frame(lines: [StyledLine(text), "next"]), size: size)
    var screen = ScreenModel(rows: 3, columns: columns, ambiguousIsWide: ambiguousIsWide)
    screen.feed(update)
    #expect(screen.lines == [expected, "next", ""])
    #expect(DisplayWidth(ambiguousIsWide: ambiguousIsWide).of(expected) <= columns)
  }

  @Test func aCutAcrossSpansKeepsTheStylesBeforeTheCut() {
    let line = StyledLine([
      StyledSpan("USD ", style: .plain),
      StyledSpan("🔼 1.2345", style: TextStyle(foreground: .green)),
      StyledSpan(" more", style: .plain),
    ])
    let size = TerminalSize(rows: 2, columns: 10)
    let screen = shown(coloured.update(from: nil, to: Frame(lines: [line]), size: size), size: size)
    #expect(screen.lines[0] == "USD 🔼 1.…")
    #expect(screen.colour(of: "🔼") == .green)
    #expect(screen.colour(of: "USD") == nil)
  }

  @Test func hostileTextIsShownEscapedAndCannotMoveTheCursor() {
    let hostile = "evil\u{1B}[2J\u{1B}[1;1Hgotcha\r\nx\u{9B}31m\u{07}"
    let frame = Frame(lines: ["title", StyledLine(hostile), "last"])
    let size = TerminalSize(rows: 4, columns: 80)
    let update = plain.update(from: nil, to: frame, size: size)
    #expect(update.firstRange(of: "\u{1B}[1;1Hgotcha") == nil)
    #expect(!update.unicodeScalars.contains("\u{9B}"))
    #expect(!update.unicodeScalars.contains("\u{07}"))
    let screen = shown(update, size: size)
    #expect(screen.lines[0] == "title")
    #expect(screen.lines[1] == #"evil\u{1B}[2J\u{1B}[1;1Hgotcha\u{0D}\u{0A}x\u{9B}31m\u{07}"#)
    #expect(screen.lines[2] == "last")
  }

  @Test func colourOffWritesNoStyleSequencesAndColourOnWritesPaletteColours() {
    let frame = Frame(lines: [
      StyledLine([StyledSpan("fastest", style: TextStyle(foreground: .green)), StyledSpan(" lap")]),
      StyledLine("slowest", style: TextStyle(foreground: .red, bright: true, bold: true)),
      StyledLine("tab", style: TextStyle(reverse: true)),
    ])
    let withoutColour = plain.update(from: nil, to: frame, size: size)
    #expect(sgrCount(withoutColour) == 0)
    #expect(shown(withoutColour, size: size).lines.prefix(3) == ["fastest lap", "slowest", "tab"])

    let withColour = coloured.update(from: nil, to: frame, size: size)
    #expect(withColour.firstRange(of: "\u{1B}[0;32mfastest\u{1B}[0m lap") != nil)
    #expect(withColour.firstRange(of: "\u{1B}[0;1;91mslowest\u{1B}[0m") != nil)
    #expect(withColour.firstRange(of: "38;2") == nil)  // never fixed RGB
    let screen = shown(withColour, size: size)
    #expect(screen.colour(of: "fastest") == .green)
    #expect(screen.colour(of: "lap") == nil)
    #expect(screen.style(of: "slowest") == TextStyle(foreground: .red, bright: true, bold: true))
    #expect(screen.style(of: "tab")?.reverse == true)
  }

  @Test func theCursorIsShownWhereTheFrameSaysAndHiddenOtherwise() {
    let input = Frame(lines: ["> 안녕"], cursor: .init(row: 0, column: 6))
    let size = TerminalSize(rows: 3, columns: 20)
    let update = plain.update(from: nil, to: input, size: size)
    var screen = shown(update, size: size)
    #expect(screen.cursorVisible)
    #expect(screen.cursorRow == 0 && screen.cursorColumn == 6)
    screen.feed(plain.update(from: input, to: Frame(lines: ["> 안녕"]), size: size))
    #expect(!screen.cursorVisible)
  }

  @Test func styleSequences() {
    #expect(TextStyle.plain.sgr == "\u{1B}[0m")
    #expect(TextStyle(foreground: .red).sgr == "\u{1B}[0;31m")
    #expect(TextStyle(foreground: .cyan, bright: true).sgr == "\u{1B}[0;96m")
    #expect(
      TextStyle(
        foreground: .white, background: .blue, bold: true, dim: true, reverse: true, underline: true
      )
      .sgr == "\u{1B}[0;1;2;4;7;37;44m")
  }

  @Test func styledLinesFromText() {
    let line: StyledLine = "plain"
    #expect(line.spans == [StyledSpan("plain", style: .plain)])
    #expect(
      StyledLine([StyledSpan("a"), StyledSpan("b", style: TextStyle(bold: true))]).text == "ab")
  }
}
