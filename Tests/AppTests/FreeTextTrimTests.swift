import Testing

@testable import PocketApp

/// Free text is trimmed of every kind of whitespace at both ends and kept as typed inside.
@Suite("Free text trimming")
struct FreeTextTrimTests {
  @Test(arguments: [
    (["say", "\u{3000} x\u{3000}"], Command.say(text: "x")),
    (["say", " \t\u{3000} "], .say(text: "")),
    (["say", "\u{85}a \u{2028} b\u{A0}"], .say(text: "a \u{2028} b")),
    (["say", "é\u{301} "], .say(text: "é\u{301}")),
    (["say", "x"], .say(text: "x")),
  ])
  func wordsAreTrimmedAtBothEnds(words: [String], expected: Command) throws {
    #expect(try CommandParser.parse(words: words) == expected)
  }

  @Test(arguments: [
    ("say \u{3000}hi\u{3000}\t", Command.say(text: "hi")),
    ("say a\u{2003}\u{2003}b  ", .say(text: "a\u{2003}\u{2003}b")),
    ("rates \u{A0}won\u{A0}", .rates(query: "won")),
  ])
  func typedLinesAreTrimmedAtBothEnds(line: String, expected: Command) throws {
    #expect(try CommandParser.parse(line) == expected)
  }
}
