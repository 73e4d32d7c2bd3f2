import Foundation
import Testing

@testable import PocketApp

/// A command that removes more than one item asks first at a terminal, and needs `--yes`
/// where it cannot ask (a one-shot command, a script on standard input).
@MainActor
@Suite("Confirming what removes many")
struct ConfirmationTests {
  func run(_ script: [String], interactive: Bool) async -> ScriptedConsole {
    await ScriptedConsole.run(
      ["--store", "memory", "--lang", "en"], script: script, interactive: interactive
    ).console
  }

  static let twoBookmarks = ["notices", "bookmark 1", "bookmark 2", "bookmarks"]

  @Test func clearAsksAtATerminalAndANoKeepsEverything() async {
    let console = await run(Self.twoBookmarks + ["clear", "n", "show"], interactive: true)
    #expect(console.output.contains("Remove all 2 bookmarks ("))
    #expect(console.output.contains(")? [y/N] "))
    #expect(console.errors.contains("Nothing changed; to do it, type clear --yes"))
    #expect(!console.output.contains("All bookmarks removed"))
    #expect(!console.output.hasSuffix("No bookmarks yet.\n"))
  }

  @Test func clearAsksAtATerminalAndAYesRemovesThem() async {
    let console = await run(Self.twoBookmarks + ["clear", "y"], interactive: true)
    #expect(console.output.contains("[y/N] "))
    #expect(console.output.contains("No bookmarks yet."))
    #expect(console.output.contains("All bookmarks removed"))
  }

  /// A script is not asked: its next line is never taken for an answer.
  @Test func aScriptNeedsYes() async {
    let console = await run(Self.twoBookmarks + ["clear", "y", "clear --yes"], interactive: false)
    #expect(!console.output.contains("[y/N]"))
    #expect(
      console.errors.contains(
        "Remove all 2 bookmarks (")
        && console.errors.contains("Nothing changed; to do it, type clear --yes"))
    #expect(console.errors.contains("Unknown command 'y'"))
    #expect(console.output.contains("All bookmarks removed"))
  }

  /// One item is not "many": removed at once.
  @Test func oneBookmarkIsClearedWithoutAsking() async {
    let console = await run(["notices", "bookmark 1", "bookmarks", "clear"], interactive: true)
    #expect(!console.output.contains("[y/N]"))
    #expect(console.output.contains("All bookmarks removed"))
  }

  /// `clear` is also what terminal users type to clear the screen: elsewhere it is refused
  /// and removes nothing.
  @Test func clearElsewhereRemovesNothing() async {
    let console = await run(
      ["notices", "bookmark 1", "bookmark 2", "rates", "clear --yes", "bookmarks"],
      interactive: false)
    #expect(console.errors.contains("'clear' does not work on this screen: open bookmarks first"))
    #expect(!console.output.contains("All bookmarks removed"))
  }
}
