import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The live view's input line holds at most its field's limit, says what it cut, and costs
/// what is typed, not the length of the line times the keys.
@MainActor
@Suite("Bounded input line", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct InputLineTests {
  static let soak = ProcessInfo.processInfo.environment["POCKET_SOAK"] == "1"

  @Test func itKeepsWhatFitsAndCountsWhatIsCut() {
    var line = InputLine("abc", limit: 5)
    line.insert("d")
    line.insert("e")
    line.insert("f")
    #expect(line.text == "abcde")
    #expect((line.count, line.cut) == (5, 1))
    line.insert("ghij")
    #expect(line.text == "abcde")
    #expect(line.cut == 5)
    // Losing a character makes room again, and the count of what was cut starts over.
    line.deleteBackward()
    #expect((line.text, line.count, line.cut) == ("abcd", 4, 0))
    line.insert("xy")
    #expect((line.text, line.cut) == ("abcdx", 1))
    line.removeAll()
    #expect((line.text, line.count, line.cut) == ("", 0, 0))
    // The text a line starts with is bounded too.
    let long = InputLine(String(repeating: "가", count: 10), limit: 4)
    #expect((long.text, long.cut) == ("가가가가", 6))
  }

  @Test func aPastedNewlineIsASpaceAndCharactersJoinedAcrossPiecesCountOnce() {
    var line = InputLine(limit: 10)
    line.insert("a\nb\r\nc")
    #expect(line.text == "a b c")
    // A combining mark or a skin tone arriving after its character joins it: one character.
    line.insert("e")
    line.insert("\u{301}")
    line.insert("👍")
    line.insert("🏽")
    #expect(line.text == "a b ce\u{301}👍🏽")
    #expect(line.count == line.text.count)
    #expect(line.count == 7)
  }

  @Test func endlessCombiningMarksAreBoundedByBytes() {
    // One character that never ends: the bytes are bounded as the characters are.
    var line = InputLine("e", limit: 10)
    let marks = String(repeating: "\u{301}", count: 100_000)
    line.insert(marks)
    #expect(line.text.utf8.count <= line.byteLimit)
    #expect(line.count == 1)
    #expect(line.cut > 0)
  }

  @Test func typingIsLinearInTheCharactersTyped() {
    // 400,000 characters into a line that takes them all: a line that copied or counted
    // itself at every key would take minutes (8 × 10¹⁰ character steps); this takes well
    // under a second. The bound is generous for a loaded machine.
    let count = 400_000
    let typed = (0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) }
    var line = InputLine(limit: count)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for character in typed { line.insert(character) }
    }
    print("typing \(count) characters into an input line took \(elapsed)")
    #expect(line.count == count)
    #expect(line.text == String(typed))
    #expect(elapsed < .seconds(10))
  }

  // MARK: In the live view

  func controller(size: TerminalSize = TerminalSize(rows: 30, columns: 100)) async
    -> LiveController
  {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    return LiveController(session: session, renderer: Renderer(strings: strings), size: size)
  }

  func rows(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map(\.text)
  }

  /// The chat's messages as the store keeps them.
  func messages(_ live: LiveController) async throws -> [String] {
    try await live.session.store.repositories.archive.export().messages.map(\.content)
  }

  @Test func typingPastTheChatsLimitKeepsTheFirst4000AndSaysSo() async throws {
    let live = await controller()
    await live.handle(.character("6"))
    await live.handle(.character("i"))
    let typed = Self.soak ? 400_000 : 40_000
    let clock = ContinuousClock()
    let elapsed = await clock.measure {
      for index in 0..<typed {
        await live.handle(.character(index < 4000 ? "x" : "y"))
      }
    }
    print("typing \(typed) characters into the chat's input line took \(elapsed)")
    #expect(elapsed < .seconds(Self.soak ? 60 : 20))
    let line = try #require(live.state.input?.line)
    #expect(line.text == String(repeating: "x", count: 4000))
    #expect(line.cut == typed - 4000)
    #expect(rows(live)[28] == "Kept the first 4000 characters; \(typed - 4000) cut")
    // The line shows its end, where the cursor stands.
    #expect(rows(live)[29].hasPrefix("Message: …xxx"))
    #expect(live.frame().cursor == Frame.Cursor(row: 29, column: 99))
    await live.handle(.enter)
    #expect(try await messages(live) == [String(repeating: "x", count: 4000)])
  }

  @Test func aPasteInPiecesPastTheLimitKeepsWhatFits() async throws {
    let live = await controller()
    await live.handle(.character("6"))
    await live.handle(.character("i"))
    await live.handle(.character("a"))
    // 1 MB pasted as the decoder gives it: 4 KiB at a time.
    let piece = String(repeating: "0123456789abcdef", count: 256)
    for _ in 0..<256 { await live.handle(.paste(piece)) }
    let line = try #require(live.state.input?.line)
    #expect(line.count == 4000)
    #expect(line.text == "a" + String(String(repeating: piece, count: 2).prefix(3999)))
    #expect(line.cut == 1 + 256 * 4096 - 4000)
    await live.handle(.enter)
    #expect(try await messages(live).map(\.count) == [4000])
  }

  @Test func eachLineHasItsFieldsLimit() async {
    let live = await controller()
    func limit(after keys: Key...) async -> Int? {
      for key in keys { await live.handle(key) }
      defer { live.state.input = nil }
      return live.state.input?.line.limit
    }
    #expect(await limit(after: .character(":")) == Pocket.maxLineBytes)
    #expect(await limit(after: .character("1"), .character("/")) == InputRequest.shortLimit)
    #expect(await limit(after: .character("5"), .character("i")) == InputRequest.mindLogLimit)
    #expect(InputRequest.mindLogLimit == InputField.note.limit + 64)
    #expect(await limit(after: .character("6"), .character("i")) == InputField.message.limit)
    _ = await live.session.execute(.notices)
    _ = await live.session.execute(.bookmark(number: 1))
    #expect(await limit(after: .character("4"), .down, .enter) == InputField.title.limit)
    _ = await live.session.execute(.calc(code: "KRW"))
    #expect(await limit(after: .character("5")) == InputRequest.shortLimit)
  }

  @Test func aFilterRunsOnlyWhenItsTextChanges() async throws {
    let live = await controller()
    await live.handle(.character("/"))
    for character in "krw" { await live.handle(.character(character)) }
    #expect(rows(live).contains { $0.contains("1 currency") })
    await live.handle(.paste(String(repeating: "z", count: 100)))
    let line = try #require(live.state.input?.line)
    #expect(line.text == "krw" + String(repeating: "z", count: 61))
    #expect(rows(live)[28] == "Kept the first 64 characters; 39 cut")
  }

  @Test func theCutNoticeIsInKorean() {
    var line = InputLine(limit: 2)
    line.insert("abc")
    KoreanCoverageTests().expectKorean(line.cutNotice(.ko), english: line.cutNotice(.en))
    #expect(line.cutNotice(.ko) == "앞의 2자만 남기고 1자를 잘라 냈습니다")
  }

  @Test func theLayoutMeasuresOnlyWhatShowsOfALongLine() {
    let layout = LiveLayout(renderer: Renderer(strings: Strings(language: .en, timeZone: .gmt)))
    var long = InputLine(String(repeating: "가", count: 30_000) + "끝", limit: 40_000)
    var shown = layout.window(of: long, fitting: 11)
    #expect(shown == ("…가가가가끝", 11, 11))
    long.moveToStart()
    shown = layout.window(of: long, fitting: 11)
    #expect(shown == ("가가가가가…", 11, 0))
    let escaped = layout.window(of: InputLine("a\u{1B}b", limit: 10), fitting: 40)
    #expect(escaped == ("a\\u{1B}b", 8, 8))
    #expect(layout.window(of: InputLine("abc", limit: 10), fitting: 0) == ("", 0, 0))
  }
}
