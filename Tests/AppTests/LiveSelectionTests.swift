import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The live view's selection is on an item, not on a row: it follows its item through
/// inserts, deletes, edits and re-sorts, and a key acts on the item it is on, whatever
/// another session did meanwhile.
@MainActor
@Suite("Live view selection follows its item")
struct LiveSelectionTests {
  let strings = Strings(language: .en, timeZone: .gmt)
  let store = InMemoryStore().repositories

  func controller() async -> LiveController {
    let session = await Session.launched(strings: strings, repositories: store)
    return LiveController(
      session: session, renderer: Renderer(strings: strings),
      size: TerminalSize(rows: 40, columns: 100))
  }

  func press(_ live: LiveController, _ keys: Key...) async {
    for key in keys {
      _ = live.frame()
      await live.handle(key)
    }
  }

  func type(_ live: LiveController, _ text: String) async {
    for character in text { await live.handle(.character(character)) }
  }

  /// The text of the selected row (`›`).
  func selected(_ live: LiveController) -> String? {
    live.frame().rows(live.state.size.rows).map(\.text).first { $0.hasPrefix("› ") }
  }

  func say(_ texts: String...) async throws {
    for text in texts { _ = try await store.chat.insert(content: text, date: Date()) }
  }

  func messages() async throws -> [String] {
    try await store.chat.messages(offset: 0, limit: 100).items.map(\.content)
  }

  @Test func deleteRemovesTheSelectedItemAfterAnotherSessionDeletedOneAboveIt() async throws {
    try await say("A-first", "B-second", "C-third")
    let live = await controller()
    await press(live, .character("6"), .down, .down)
    #expect(selected(live)?.contains("B-second") == true)

    let other = await Session.launched(strings: strings, repositories: store)
    _ = await other.execute(.chat)
    other.showed(other.content)
    #expect(
      await other.execute(.delete(number: 1)) == .done(.messageDeleted(number: 1, text: "A-first")))

    await press(live, .delete, .character("y"))
    #expect(try await messages() == ["C-third"])
  }

  /// The example of the report: End, ↑, send a message, and the selection is still on the
  /// message it was on, which Enter then edits.
  @Test func sendingAMessageKeepsTheSelectionOnItsMessage() async throws {
    for index in 1...25 { try await say("m\(index)") }
    let live = await controller()
    await press(live, .character("6"), .end, .up)
    #expect(selected(live)?.contains("m24") == true)
    await press(live, .character("i"))
    await type(live, "new")
    await press(live, .enter)
    #expect(selected(live)?.contains("m24") == true, "\(selected(live) ?? "nothing")")
    await press(live, .enter)
    #expect(live.state.input?.text == "m24")
    await press(live, .control("u"))
    await type(live, "m24-edited")
    await press(live, .enter)
    let stored = try await messages()
    #expect(stored.contains("m24-edited") && stored.contains("m25") && !stored.contains("m24"))
  }

  /// An input line opened on a row acts on that row's item even when the list changed
  /// while it was open.
  @Test func anEditLineActsOnItsItemAfterTheListChanged() async throws {
    try await say("A-first", "B-second", "C-third")
    let live = await controller()
    await press(live, .character("6"), .down, .down, .enter)
    #expect(live.state.input?.words == "edit 2 ")
    _ = try await store.chat.delete(id: 1)
    // The view reloads (a `show`) while the line is open: B-second is now shown as 1.
    _ = await live.session.execute(.show)
    _ = live.frame()
    await press(live, .control("u"))
    await type(live, "B-edited")
    await press(live, .enter)
    #expect(try await messages() == ["B-edited", "C-third"])
  }

  @Test func whenTheSelectedItemIsGoneTheSelectionMovesAndSaysSo() async throws {
    try await say("A-first", "B-second", "C-third")
    let live = await controller()
    await press(live, .character("6"), .down, .down)
    _ = try await store.chat.delete(id: 2)
    await press(live, .character("i"))
    await type(live, "D-fourth")
    await press(live, .enter)
    #expect(selected(live)?.contains("C-third") == true)
    #expect(
      live.state.status?.text
        == "The selected item (B-second) is gone; the selection moved to 2 (C-third)")
  }

  /// An entry given a later day moves up the list; the selection goes with it.
  @Test func theSelectionFollowsAnEntryThatMovesOnTheList() async throws {
    let day: TimeInterval = 86_400
    for (index, note) in ["A-oldest", "B-middle", "C-newest"].enumerated() {
      _ = try await store.mindLogs.insert(
        date: Date().addingTimeInterval(-day * Double(10 - index)), score: 5, note: note)
    }
    let live = await controller()
    await press(live, .character("5"), .end)
    #expect(selected(live)?.contains("A-oldest") == true)
    await press(live, .enter)
    #expect(live.state.input?.words == "edit 3 ")
    await press(live, .control("u"))
    await type(live, "--date today 6 A-moved")
    await press(live, .enter)
    #expect(selected(live)?.contains("A-moved") == true, "\(selected(live) ?? "nothing")")
    #expect(live.state.selection == 0)
  }
}
