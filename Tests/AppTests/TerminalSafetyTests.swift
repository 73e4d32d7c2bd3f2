import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// Text that did not come from Pocket never reaches the terminal raw.
@MainActor
@Suite("Terminal safety", .serialized)
struct TerminalSafetyTests {
  /// Every character that could move the cursor, recolour, ring, rewrite or reorder.
  nonisolated static let hostile: [Unicode.Scalar] = [
    "\u{00}", "\u{07}", "\u{08}", "\u{09}", "\u{0A}", "\u{0B}", "\u{0C}", "\u{0D}", "\u{1B}",
    "\u{7F}", "\u{85}", "\u{9B}", "\u{9D}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}",
    "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
  ]

  nonisolated static func escaped(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
  }

  /// No hostile character is written raw, apart from Pocket's own line breaks.
  func expectNoRawControls(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let raw = text.unicodeScalars.filter { $0 != "\n" && Self.hostile.contains($0) }
    #expect(raw.isEmpty, "raw \(raw.map(\.value))", sourceLocation: sourceLocation)
  }

  @Test(arguments: hostile)
  func typedTextIsShownEscapedAndStoredAsTyped(scalar: Unicode.Scalar) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = "a\(Character(scalar))b"
    let shown = "a\(Self.escaped(scalar))b"
    let run = await ScriptedConsole.run(
      ["--store-path", directory.path],
      script: [
        "say \(text)", "add 5 \(text)", "notices", "bookmark 1", "bookmarks", "rename 1 \(text)",
        "chat", "mindlog", "bookmarks", "calc \(text)",
      ])
    // Only the last line is not done: `calc` of no currency (a usage error when the scalar
    // splits the word in two); it gives the session its status.
    #expect([.refused, .usage].contains(run.status), "\(run.console.errors)")
    expectNoRawControls(run.console.output)
    expectNoRawControls(run.console.errors)
    let screens = run.console.output.components(separatedBy: "Rates  Stopwatch")
    // A line break in a message or a note breaks its row: the rest on the next line,
    // indented under the text (nothing raw but the break itself).
    let broken = scalar == "\n"
    #expect(
      screens.contains {
        $0.contains("[Chat]") && $0.contains("\n1  ")
          && (broken ? $0.contains("  a\n") && $0.contains("   b\n") : $0.contains(shown))
      })
    #expect(
      screens.contains {
        $0.contains("[Mind log]")
          && (broken
            ? $0.contains("  5  a\n") && $0.contains("   b\n") : $0.contains("  5  \(shown)"))
      })
    #expect(screens.contains { $0.contains("[Bookmarks]") && $0.contains("1  \(shown) · ") })
    if !Character(scalar).isWhitespace {  // a blank ends the word CODE
      #expect(run.console.errors.contains("Unknown currency A"))
    }
    // The store keeps exactly what was typed.
    let archive = try await SQLiteStore.open(
      path: directory.appendingPathComponent("pocket.sqlite").path
    ).repositories.archive.export()
    #expect(archive.messages.first?.content == text)
    #expect(archive.mindLogs.first?.note == text)
    #expect(archive.bookmarks.first?.title == text)
  }

  @Test(arguments: hostile)
  func noticesAndRatesFromOutsideAreShownEscaped(scalar: Unicode.Scalar) {
    let text = "x\(Character(scalar))y"
    let shown = "x\(Self.escaped(scalar))y"
    let renderer = Renderer(strings: Strings(language: .en, timeZone: .gmt))
    let notices = renderer.render(
      ScreenContent(
        NoticesViewModel.State(items: [
          NoticeItem(
            notice: Notice(title: text, date: Fixtures.referenceDate, url: "https://\(text)"),
            isBookmarked: false)
        ])), message: .bookmarkAdded(text))
    #expect(notices.contains("1   \(shown) · 11/29/2026\n    https://\(shown)\n"))
    #expect(notices.hasSuffix("Bookmarked: \(shown)\n"))
    let rates = renderer.render(
      ScreenContent(
        RatesViewModel.State(quotes: [
          RateQuote(code: text, rate: 2, trend: .flat, isFavorite: false)
        ])),
      message: .couldNotLoad(reason: .system("server said \(text)")))
    #expect(rates.contains("  \(shown)  2.0000    \(shown)\n"))
    #expect(rates.hasSuffix("Could not load data: server said \(shown)\n"))
    expectNoRawControls(notices)
    expectNoRawControls(rates)
  }

  @Test func aRatesSourceCannotSmuggleControlsIntoTheList() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("rates.json")
    try Foundation.Data(
      #"""
      {"result":"success","base_code":"USD","time_last_update_unix":1767225720,
       "time_next_update_unix":1767312120,"rates":{"USD":1,"K\u001b[2JRW":1350.5}}
      """#.utf8
    ).write(to: file)
    let run = await ScriptedConsole.run([
      "--store-path", directory.path, "--rates-file", file.path, "refresh",
    ])
    // Not a currency code: refused, naming it with its control shown, not sent.
    #expect(run.status == .refused)
    #expect(run.console.errors.contains(#"the rates list "K\u{1b}[2JRW", is not a currency code"#))
    expectNoRawControls(run.console.errors)
    expectNoRawControls(run.console.output)
  }

  @Test func pathsInErrorsAreShownEscaped() async throws {
    let parent = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("evil\u{1B}]0;pwned\u{07}")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Foundation.Data("garbage".utf8).write(to: directory.appendingPathComponent("pocket.json"))
    let run = await ScriptedConsole.run(["--store", "json", "--store-path", directory.path, "show"])
    #expect(run.status == .storeUnusable)
    #expect(run.console.errors.contains("evil\\u{1B}]0;pwned\\u{07}/pocket.json"))
    #expect(run.console.errors.split(separator: "\n").count == 1)
    expectNoRawControls(run.console.errors)
  }
}
