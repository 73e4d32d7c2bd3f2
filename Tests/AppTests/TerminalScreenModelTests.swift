import TestSupport
import Testing

@testable import PocketApp

@Suite("The test kit's screen model")
struct TerminalScreenModelTests {
  @Test func textCarriageReturnLineFeedAndBackspace() {
    var screen = ScreenModel(rows: 3, columns: 10)
    screen.feed("hello\r\nworld\u{08}D\rW")
    #expect(screen.lines == ["hello", "WorlD", ""])
    #expect(screen.contains("orl"))
    #expect(!screen.contains("hello world"))
  }

  @Test func wideCharactersTakeTwoCellsAndSequencesMaySplitAnywhere() {
    var screen = ScreenModel(rows: 2, columns: 6)
    let bytes = Array("안녕\u{1B}[1;6Hx\u{1B}[31m🔼".utf8)
    for byte in bytes { screen.feed([byte]) }
    #expect(screen.lines[0] == "안녕 x")
    #expect(screen.lines[1] == "🔼")  // wrapped: no room after x
    #expect(screen.colour(of: "🔼") == .red)
    #expect(screen.colour(of: "녕") == nil)
  }

  @Test func cursorPositioningAndErasing() {
    var screen = ScreenModel(rows: 3, columns: 10)
    screen.feed("aaaaaaaaaa\r\nbbbbbbbbbb\r\ncccccccccc")
    screen.feed("\u{1B}[1;4H\u{1B}[K")
    screen.feed("\u{1B}[2;4H\u{1B}[1K")
    screen.feed("\u{1B}[3;1H\u{1B}[2KZ")
    #expect(screen.lines == ["aaa", "    bbbbbb", "Z"])
    screen.feed("\u{1B}[2J")
    #expect(screen.lines == ["", "", ""])
    screen.feed("\u{1B}[2;3Hx\u{1B}[Ay\u{1B}[2Cz\u{1B}[3Gq")
    #expect(screen.lines == ["  qy  z", "  x", ""])
  }

  @Test func lineFeedAtTheBottomScrolls() {
    var screen = ScreenModel(rows: 2, columns: 5)
    screen.feed("1\r\n2\r\n3")
    #expect(screen.lines == ["2", "3"])
  }

  @Test func theAlternateScreenKeepsTheMainScreen() {
    var screen = ScreenModel(rows: 3, columns: 10)
    screen.feed("$ pocket\r\n")
    screen.feed("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h")
    #expect(screen.isAlternateScreen)
    #expect(!screen.cursorVisible)
    #expect(screen.bracketedPaste)
    #expect(screen.lines == ["", "", ""])
    screen.feed("\u{1B}[H\u{1B}[2JLIVE")
    #expect(screen.contains("LIVE"))
    screen.feed("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")
    #expect(!screen.isAlternateScreen)
    #expect(screen.cursorVisible)
    #expect(!screen.bracketedPaste)
    #expect(screen.lines == ["$ pocket", "", ""])
    #expect(screen.cursorRow == 1 && screen.cursorColumn == 0)
    #expect(screen.alternateScreenEntries == 1 && screen.alternateScreenExits == 1)
  }

  @Test func stylesPerCell() {
    var screen = ScreenModel(rows: 2, columns: 30)
    screen.feed("\u{1B}[0;1;92mup\u{1B}[0m and \u{1B}[7mtab\u{1B}[27m \u{1B}[31mdown\u{1B}[39m x")
    #expect(screen.lines[0] == "up and tab down x")
    #expect(screen.style(of: "up") == TextStyle(foreground: .green, bright: true, bold: true))
    #expect(screen.colour(of: "and") == nil)
    #expect(screen.style(of: "tab")?.reverse == true)
    #expect(screen.colour(of: "down") == .red)
    #expect(screen.style(of: "x") == .plain)
    #expect(screen.style(of: "absent") == nil)
  }

  @Test func synchronizedOutputAndOscAreUnderstood() {
    var screen = ScreenModel(rows: 2, columns: 10)
    screen.feed("\u{1B}[?2026h\u{1B}]0;title\u{07}ok")
    #expect(screen.synchronizedOutput)
    screen.feed("\u{1B}[?2026l")
    #expect(!screen.synchronizedOutput)
    #expect(screen.lines[0] == "ok")
  }

  @Test func resizeKeepsWhatFits() {
    var screen = ScreenModel(rows: 2, columns: 6)
    screen.feed("abcdef\r\nghi")
    screen.resize(rows: 3, columns: 4)
    #expect(screen.lines == ["abcd", "ghi", ""])
    #expect(screen.rows == 3 && screen.columns == 4)
  }
}
