import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The chat in the live view: End or `G` from an older page shows the newest messages and
/// pins the view there, so a message sent then shows at the bottom with no new-messages
/// mark; a message sent from an older page shows the newest page, says "Sent message N",
/// and does not call the item selected on the older page gone.
@MainActor
@Suite("The chat re-pins on End")
struct LiveChatPinTests {
  let strings = Strings(language: .en, timeZone: .gmt)

  /// A live view on a chat of `count` messages, `m1` the oldest, showing the chat.
  func chat(_ count: Int, rows: Int = 24) async throws -> LiveController {
    let store = InMemoryStore()
    for index in 1...count {
      _ = try await store.repositories.chat.insert(
        content: "m\(index)", date: Fixtures.date(Int64(index) * 60_000))
    }
    let session = await Session.launched(strings: strings, repositories: store.repositories)
    let live = LiveController(
      session: session, renderer: Renderer(strings: strings),
      size: TerminalSize(rows: rows, columns: 80))
    await live.handle(.character(chatDigit))
    return live
  }

  /// The digit of the chat's tab.
  var chatDigit: Character {
    let index = ScreenRegistry.standard.tabs.firstIndex { $0.tab.opener == "chat" } ?? 4
    return Character(String(index + 1))
  }

  func rows(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map(\.text)
  }

  func send(_ text: String, on live: LiveController) async {
    await live.handle(.character("i"))
    for character in text { await live.handle(.character(character)) }
    await live.handle(.enter)
  }

  @Test(arguments: [Key.end, .character("G")])
  func endFromAnOlderPageRepinsTheChat(key: Key) async throws {
    let live = try await chat(50)
    await live.handle(.end)
    await live.handle(.pageUp)
    await live.handle(.pageUp)
    await live.handle(.pageUp)
    #expect(!rows(live).contains { $0.contains("m50") }, "an older page shows")
    await live.handle(key)
    #expect(rows(live).contains { $0.contains("m50") })
    await send("hello", on: live)
    let shown = rows(live)
    #expect(shown.contains { $0.contains("hello") }, "\(shown.joined(separator: "\n"))")
    #expect(!shown.contains { $0.contains("New messages") }, "\(shown.joined(separator: "\n"))")
  }

  @Test func sendingFromAnOlderPageSaysWhatWasSentAndCallsNothingGone() async throws {
    let live = try await chat(80)
    await live.handle(.end)
    await live.handle(.pageUp)
    await live.handle(.pageUp)
    await live.handle(.up)
    await live.handle(.up)
    let selected = rows(live).first { $0.hasPrefix("› ") }?.split(separator: " ").last
      .map(String.init)
    await send("typed on an older page", on: live)
    let shown = rows(live)
    #expect(!shown.contains { $0.contains("is gone") }, "\(shown.joined(separator: "\n"))")
    #expect(shown.contains { $0.contains("Sent message 81") }, "\(shown.joined(separator: "\n"))")
    // As chat apps do, a message sent shows the newest page, the message at its bottom.
    #expect(selected != nil)
    #expect(shown.contains { $0.contains("typed on an older page") })
    #expect(!shown.contains { $0.hasSuffix(" \(selected ?? "m1")") })
  }

  /// A chat pinned to its newest stays pinned through a resize: the newest message shows
  /// on the last rows whether the terminal grows or shrinks, and a message sent after a
  /// shrink shows too.
  @Test func theChatStaysPinnedThroughAResize() async throws {
    let live = try await chat(50, rows: 60)
    #expect(rows(live).contains { $0.contains("m50") })
    live.resize(to: TerminalSize(rows: 24, columns: 80))
    #expect(rows(live).contains { $0.contains("m50") }, "\(rows(live).joined(separator: "\n"))")
    live.resize(to: TerminalSize(rows: 40, columns: 120))
    #expect(rows(live).contains { $0.contains("m50") })
    live.resize(to: TerminalSize(rows: 24, columns: 80))
    await send("after the shrink", on: live)
    #expect(rows(live).contains { $0.contains("after the shrink") })
    #expect(!rows(live).contains { $0.contains("New messages") })
  }
}
