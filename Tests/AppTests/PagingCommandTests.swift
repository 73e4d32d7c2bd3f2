import Foundation
import Testing

@testable import PocketApp

/// `more` and `page N` page the list of the screen showing, and only there.
@MainActor
@Suite("Paging commands")
struct PagingCommandTests {
  @Test func theChatPagesToItsFirstMessage() async {
    let says = (1...25).map { "say m\($0)" }
    let run = await ScriptedConsole.run(
      ["--store", "memory", "--lang", "en"], script: says + ["page 2", "more", "rates", "more"])
    let output = run.console.output
    #expect(output.contains("Page 1 of 2 · 6–25 of 25 · more: next page · page N"))
    #expect(output.contains("Page 2 of 2 · 1–5 of 25 · the last page · page N"))
    #expect(output.contains("This is the last page (2 of 2): 'page 1' shows the first"))
    #expect(output.contains(" 1  ") && output.contains("m1\n"))
    #expect(
      run.console.errors.contains(
        "'more' does not work on this screen: open stopwatch, bookmarks, mindlog or chat first"
      ))
  }

  @Test func aPageTheListDoesNotHaveIsRefused() async {
    let run = await ScriptedConsole.run(
      ["--store", "memory", "--lang", "en"], script: ["say hi", "page 2"])
    #expect(run.console.errors.contains("There is no page 2: choose a page from 1 to 1"))
  }
}

/// Each screen ends with a line of its own commands and `help`, in both languages, so a
/// first launch says where to start.
@MainActor
@Suite("Screen hints")
struct ScreenHintTests {
  @Test(arguments: ["en", "ko"])
  func everyScreenEndsWithItsCommands(lang: String) async {
    for screen in ScreenRegistry.standard.tabs.map(\.tab.opener) {
      let run = await ScriptedConsole.run(
        ["--store", "memory", "--lang", lang], script: [screen, "show"])
      let last = run.console.output.split(separator: "\n").last ?? ""
      #expect(last.hasSuffix(lang == "en" ? "· help" : "· 도움말 help"), "\(screen): \(last)")
      #expect(last.hasPrefix(lang == "en" ? "Commands: " : "명령: "), "\(screen): \(last)")
    }
  }
}
