import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// What line mode prints after each command: the screen only when what it shows changed,
/// only the reason of a refusal, only the confirmation when nothing visible changed, and
/// the screen on `show` every time.
@Suite("Line mode output", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct LineModeOutputTests {
  /// How many screens `output` holds: each starts with the tab line.
  static func screens(in output: String) -> Int {
    output.split(separator: "\n").filter { $0.hasPrefix("Rates") || $0.hasPrefix("[Rates]") }
      .filter { $0.hasSuffix("Chat") || $0.hasSuffix("[Chat]") }.count
  }

  /// The issue's check, with the real binary: a refused command prints one line on
  /// standard error and exits 1; `show` still prints the whole screen.
  @Test func aRefusalPrintsOneLineOnStandardErrorAndShowTheWholeScreen() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let refused = try pocket.run(["fav", "XYZ"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.hasPrefix("pocket: "))
    #expect(refused.stderr.hasSuffix("\n"))
    #expect(refused.stderr.split(separator: "\n").count == 1)
    let shown = try pocket.run(["show"])
    #expect(shown.status == 0)
    #expect(shown.stderr.isEmpty)
    #expect(shown.stdout.hasPrefix("[Rates]  Stopwatch"))
    #expect(shown.stdout.contains("KRW   1,350.0030    South Korean Won"))
    #expect(
      shown.stdout.hasSuffix(
        "162 currencies\n\nCommands: rates QUERY · fav CODE · calc CODE · refresh · help\n"))
  }

  /// A session with the real binary: the launch screen, nothing for a refusal, the screen
  /// for `show` and for a change, nothing for a command that changes nothing visible.
  @Test func aSessionPrintsTheScreenOnlyWhenItChanged() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let run = try pocket.run([], input: "fav XYZ\nshow\nfav USD\nrates\nstopwatch\nlap\n")
    // `fav XYZ` was refused: the session's status.
    #expect(run.status == 1)
    // launch, show, fav USD, stopwatch; not fav XYZ, rates (already shown), lap (refused)
    #expect(Self.screens(in: run.stdout) == 4)
    #expect(run.stdout.contains("★ USD"))
    #expect(run.stderr.split(separator: "\n").count == 2, "\(run.stderr)")
  }

  @MainActor
  @Test func aCommandThatChangesNothingVisiblePrintsOnlyItsConfirmation() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Rates whose next update is far ahead (2100-01-01).
    let fixture = try String(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"), encoding: .utf8)
    let file = directory.appendingPathComponent("rates.json")
    try fixture.replacingOccurrences(
      of: #""time_next_update_unix":1724113181"#, with: #""time_next_update_unix":4102444800"#
    )
    // Published after the bundled seed, so the first refresh stores it.
    .replacingOccurrences(
      of: #""time_last_update_unix":1724025751"#, with: #""time_last_update_unix":1767225720"#
    ).write(to: file, atomically: true, encoding: .utf8)
    let run = await ScriptedConsole.run(
      ["--store", "memory", "--rates-file", file.path], script: ["refresh", "refresh"])
    #expect(run.status == .done)
    #expect(run.console.errors.isEmpty)
    let lines = run.console.output.split(separator: "\n", omittingEmptySubsequences: false)
    // The launch screen, the refreshed screen with its confirmation, then one line.
    #expect(Self.screens(in: run.console.output) == 2)
    #expect(lines.dropLast().last?.hasPrefix("The rates are current") == true, "\(lines.suffix(3))")
    #expect(lines.dropLast(2).last?.hasPrefix("Rates updated") == true, "\(lines.suffix(3))")
  }

  @MainActor
  @Test func aRefusalInASessionPrintsOnlyItsReason() async {
    let run = await ScriptedConsole.run(["--store", "memory"], script: ["fav XYZ", "show"])
    #expect(run.status == .refused)
    #expect(run.console.errors == "Unknown currency XYZ: try `rates xyz`\n")
    let screen = run.console.output.prefix(run.console.output.count / 2)
    #expect(run.console.output == String(screen) + String(screen), "launch, then show")
  }
}
