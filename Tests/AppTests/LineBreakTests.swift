import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// Messages and notes with line breaks: typed in the live view with Ctrl-J (or Alt-Enter),
/// given in line mode and one-shot as `\n`, kept as typed, shown as continuation lines.
@MainActor
@Suite("Line breaks in messages and notes")
struct LineBreakTests {
  func controller() async -> LiveController {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    return LiveController(
      session: session, renderer: Renderer(strings: strings),
      size: TerminalSize(rows: 30, columns: 100))
  }

  func rows(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map(\.text)
  }

  @Test(arguments: [
    (#"one\ntwo"#, "one\ntwo"), (#"a\\nb"#, #"a\nb"#), (#"C:\dir"#, #"C:\dir"#),
    (#"end\"#, #"end\"#), ("plain", "plain"), (#"\n\n"#, "\n\n"),
  ])
  func backslashNIsALineBreakAndTwoBackslashesOne(typed: String, text: String) {
    #expect(Words.lineBreaks(in: typed) == text)
  }

  @Test func ctrlJTypesALineBreakInAMessageAndTheChatShowsBothLines() async throws {
    let live = await controller()
    await live.handle(.character("6"))
    await live.handle(.character("i"))
    #expect(rows(live).last?.hasPrefix("Message: ") == true)
    #expect(rows(live)[28].contains("Ctrl-J new line"), "\(rows(live)[28])")
    for character in "first line" { await live.handle(.character(character)) }
    await live.handle(.newLine)
    for character in "second" { await live.handle(.character(character)) }
    // One row: the break shows as ↵.
    #expect(rows(live).last == "Message: first line↵second")
    await live.handle(.enter)
    let messages = try await live.session.store.repositories.archive.export().messages
    #expect(messages.map(\.content) == ["first line\nsecond"])
    let shown = rows(live)
    let first = try #require(shown.firstIndex { $0.contains("first line") })
    // The second line stands under the first's text, not at the margin.
    let textColumn = try #require(shown[first].firstRange(of: "first line")).lowerBound
    let indent = shown[first + 1].prefix { $0 == " " }.count
    #expect(shown[first + 1].dropFirst(indent) == "second")
    #expect(indent == shown[first].distance(from: shown[first].startIndex, to: textColumn))
  }

  @Test func aBreakOnALineThatTakesNoneRunsItAsEnterDoes() async throws {
    let live = await controller()
    await live.handle(.character(":"))
    #expect(live.state.input?.allowsLineBreaks == false)
    #expect(!rows(live)[28].contains("Ctrl-J"))
    for character in "say x" { await live.handle(.character(character)) }
    await live.handle(.newLine)
    #expect(live.state.input == nil)
    let messages = try await live.session.store.repositories.archive.export().messages
    #expect(messages.map(\.content) == ["x"])
    // Outside an input line too: Ctrl-J on the chat's selected message opens it as Enter.
    await live.handle(.character("6"))
    await live.handle(.character("k"))
    await live.handle(.newLine)
    #expect(live.state.input?.text == "x")
  }

  /// Line mode and one-shot commands write a break as `\n`; the note keeps it.
  @Test func aNoteWithBackslashNKeepsItsLineBreak() async throws {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    _ = await session.execute(try #require(try CommandParser.parse(#"add 7 walked\nslept well"#)))
    let entries = try await session.store.repositories.archive.export().mindLogs
    #expect(entries.map(\.note) == ["walked\nslept well"])
  }
}
