import Foundation
import Testing

@testable import PocketApp

/// Colour where a terminal shows it, and never where it could reach a file or a script:
/// `NO_COLOR`, `--color` and whether output is a terminal decide.
@MainActor
@Suite("Colour")
struct ColourTests {
  static let escape = "\u{1B}["

  @Test func aTerminalGetsTheCurrentTabAndErrorsInColour() async {
    let shown = await ScriptedConsole.run(["--store", "memory", "rates"], terminal: true)
    #expect(shown.status == .done)
    let tabLine = shown.console.output.split(separator: "\n").first.map(String.init) ?? ""
    #expect(tabLine.contains(Self.escape))
    // The words stay: colour adds to them.
    #expect(
      tabLine.replacing(/\u{1B}\[[0-9;]*m/, with: "").hasPrefix(
        ScreenRegistry.standard.tabLine(current: .rates)))
    let refused = await ScriptedConsole.run(["--store", "memory", "fav", "XYZ"], terminal: true)
    #expect(refused.status == .refused)
    #expect(refused.console.errors.contains(Self.escape + "0;91m"))
    #expect(refused.console.errors.contains("Unknown currency XYZ"))
  }

  @Test(arguments: [
    (["rates"], false, [String: String]()),
    (["rates"], true, ["NO_COLOR": "1"]),
    (["--color", "never", "rates"], true, [:]),
    (["--color", "auto", "rates"], false, [:]),
  ])
  func noColourWhenTheUserOrTheOutputSaysSo(
    arguments: [String], terminal: Bool, environment: [String: String]
  ) async {
    let run = await ScriptedConsole.run(
      ["--store", "memory"] + arguments, terminal: terminal, environment: environment)
    #expect(!run.console.output.contains("\u{1B}"))
  }

  @Test func colourWhenTheUserAsksForIt() async {
    let always = await ScriptedConsole.run(["--store", "memory", "--color", "always", "rates"])
    #expect(always.console.output.contains(Self.escape))
    // An empty NO_COLOR is not set, as no-color.org says.
    let empty = await ScriptedConsole.run(
      ["--store", "memory", "rates"], terminal: true, environment: ["NO_COLOR": ""])
    #expect(empty.console.output.contains(Self.escape))
  }

  @Test func aLightBackgroundGetsTheNormalColours() {
    let dark = Palette(background: .dark)
    let light = Palette(background: .light)
    #expect(dark.style(.rise).bright && !light.style(.rise).bright)
    #expect(light.style(.favourite).foreground == .blue)
    #expect(dark.style(.favourite).foreground == .yellow)
    #expect(dark.style(nil) == .plain)
  }

  @Test func optionsTakePlainAndAColourChoice() throws {
    #expect(try Options.parse(["--plain"]).plain)
    #expect(try Options.parse(["--color", "never", "rates"]).color == .never)
    #expect(throws: UsageError.unknownColor("pink")) { try Options.parse(["--color", "pink"]) }
    #expect(throws: UsageError.optionNeedsValue("--color")) { try Options.parse(["--color"]) }
  }
}
