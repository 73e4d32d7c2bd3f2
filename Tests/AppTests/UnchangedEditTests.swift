import Foundation
import PocketData
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// An edit that gives an item what it holds already writes nothing and says so, in line
/// mode and in the live view: the message is not marked "(edited)".
@MainActor
@Suite("Unchanged edits")
struct UnchangedEditTests {
  @Test func lineModeSaysAnUnchangedEditChangedNothing() async {
    let (status, console) = await ScriptedConsole.run(
      ["--store", "memory", "--lang", "en"],
      script: [
        "say hello", "edit 1 hello", "chat", "mindlog", "add 5 rain", "edit 1 5 rain",
        "notices", "bookmark 1", "bookmarks", "rename 1 \(SampleNotices.all[0].title)",
      ])
    #expect(status == .done)
    for said in ["Message 1", "Entry 1", "Bookmark 1"] {
      #expect(console.output.contains("\(said) is unchanged; nothing was written"), "\(said)")
    }
    #expect(!console.output.contains("(edited)"))
    #expect(!console.output.contains("Edited message"))
    #expect(console.errors.isEmpty)
  }

  @Test func enterEnterOnAMessageInTheLiveViewChangesNothing() async throws {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    let live = LiveController(
      session: session, renderer: Renderer(strings: strings),
      size: TerminalSize(rows: 30, columns: 100))
    for key in [Key.character("6"), .character("i"), .character("h"), .character("i"), .enter] {
      await live.handle(key)
    }
    await live.handle(.down)
    await live.handle(.enter)
    #expect(live.state.input?.text == "hi")
    await live.handle(.enter)
    #expect(live.state.input == nil)
    #expect(live.state.status?.text == "Message 1 is unchanged; nothing was written")
    #expect(live.state.status?.isError == false)
    let messages = try await session.store.repositories.archive.export().messages
    #expect(messages.map(\.isEdited) == [false])
  }
}
