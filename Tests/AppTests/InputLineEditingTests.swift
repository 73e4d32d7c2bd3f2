import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The input line edits where its cursor is, as readline does, and shows the part of a long
/// line around the cursor.
@MainActor
@Suite("Input line editing")
struct InputLineEditingTests {
  /// The text with `|` where the cursor stands.
  func shown(_ line: InputLine) -> String {
    var text = line.text
    text.insert("|", at: line.cursor)
    return text
  }

  @Test func theCursorMovesByCharacterAndWordAndEditsWhereItIs() {
    var line = InputLine("say hello wide world", limit: 100)
    #expect(shown(line) == "say hello wide world|")
    line.moveWordLeft()
    #expect(shown(line) == "say hello wide |world")
    line.moveWordLeft()
    line.moveLeft()
    #expect(shown(line) == "say hello| wide world")
    line.insert("!")
    #expect(shown(line) == "say hello!| wide world")
    line.deleteBackward()
    line.deleteForward()
    #expect(shown(line) == "say hello|wide world")
    line.insert(" big ")
    #expect(shown(line) == "say hello big |wide world")
    line.deleteWordBackward()
    #expect(shown(line) == "say hello |wide world")
    line.moveWordRight()
    #expect(shown(line) == "say hello wide| world")
    line.moveWordRight()
    line.moveWordRight()
    #expect(shown(line) == "say hello wide world|")
    line.moveToStart()
    line.moveLeft()
    line.deleteBackward()
    line.moveRight()
    #expect(shown(line) == "s|ay hello wide world")
    line.moveWordRight()
    line.deleteToEnd()
    #expect(shown(line) == "say|")
    line.moveLeft()
    line.deleteToStart()
    #expect(shown(line) == "|y")
    #expect(line.count == 1)
    line.moveToEnd()
    line.deleteForward()
    #expect(shown(line) == "y|")
  }

  @Test func charactersTypedInsideJoinTheirNeighboursAndTheCountStaysTrue() {
    // A combining accent typed after "e", inside the line, makes one character "é".
    var line = InputLine("ex", limit: 10)
    line.moveLeft()
    line.insert("\u{301}")
    #expect(line.text == "e\u{301}x")
    #expect((line.count, shown(line)) == (2, "e\u{301}|x"))
    // A regional indicator typed before a flag pairs with the flag's first half: the
    // cursor stands after the pair, never inside a character.
    var flags = InputLine("🇰🇷", limit: 10)
    flags.moveToStart()
    flags.insert("🇺")
    #expect(flags.count == flags.text.count)
    #expect(flags.text == "🇺🇰🇷")
    #expect(flags.text.unicodeScalars.count == 3)
    #expect(shown(flags) == "🇺🇰|🇷")
    // Korean inside Korean.
    var korean = InputLine("안녕", limit: 20)
    korean.moveLeft()
    korean.insert("하세요 반가워요 ")
    korean.moveToEnd()
    #expect(shown(korean) == "안하세요 반가워요 녕|")
    korean.moveWordLeft()
    korean.deleteWordBackward()
    #expect(shown(korean) == "안하세요 |녕")
  }

  @Test func typingInsideAFullLineKeepsWhatFitsAndCountsTheRest() {
    var line = InputLine("abcd", limit: 6)
    line.moveToStart()
    line.insert("xyz")
    #expect((shown(line), line.cut) == ("xy|abcd", 1))
    line.insert("q")
    #expect((line.text, line.cut) == ("xyabcd", 2))
    // A paste inside: what fits, newlines as spaces.
    line.deleteBackward()
    #expect((shown(line), line.cut) == ("x|abcd", 0))
    line.insert("1\n2\n3")
    #expect((shown(line), line.cut) == ("x1|abcd", 4))
  }

  // MARK: What shows of a long line

  let layout = LiveLayout(renderer: Renderer(strings: Strings(language: .en, timeZone: .gmt)))

  @Test func aLongLineShowsAroundItsCursorWithEllipsesOnTheCutSides() {
    let alphabet = "abcdefghijklmnopqrstuvwxyz"
    var line = InputLine(alphabet, limit: 100)
    // At the end: the end shows, the cursor after it.
    #expect(layout.window(of: line, fitting: 10) == ("…rstuvwxyz", 10, 10))
    // In the middle: a third of the field kept after the cursor, `…` on both sides; the
    // cursor's column is that of "m", the character it is on.
    for _ in 0..<14 { line.moveLeft() }
    #expect(shown(line) == "abcdefghijkl|mnopqrstuvwxyz")
    let middle = layout.window(of: line, fitting: 12)
    #expect(middle == ("…fghijklmno…", 12, 8))
    #expect(Array(middle.text)[middle.cursor] == "m")
    // Near the start: the start shows, the rest to the right.
    line.moveToStart()
    line.moveRight()
    #expect(layout.window(of: line, fitting: 10) == ("abcdefghi…", 10, 1))
    // A line that fits shows whole wherever its cursor is.
    var short = InputLine("abcdef", limit: 100)
    short.moveLeft()
    #expect(layout.window(of: short, fitting: 7) == ("abcdef", 6, 5))
  }

  @Test func wideCharactersTakeTwoColumnsInTheWindow() {
    var line = InputLine("가나다라마바사아자차카타파하", limit: 100)
    for _ in 0..<7 { line.moveLeft() }
    #expect(shown(line) == "가나다라마바사|아자차카타파하")
    // 13 columns: 4 kept after the cursor (아 and …), `…` and four syllables before.
    let window = layout.window(of: line, fitting: 13)
    #expect(window == ("…라마바사아…", 12, 9))
  }
}
