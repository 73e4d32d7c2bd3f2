import Testing

@testable import PocketApp

@Suite("When to colour")
struct TerminalColorPolicyTests {
  let terminal = ["TERM": "xterm-256color"]

  func resolve(_ choice: ColorChoice?, _ environment: [String: String], terminal: Bool)
    -> ColorPolicy
  {
    ColorPolicy.resolve(choice: choice, environment: environment, outputIsTerminal: terminal)
  }

  @Test func autoColoursATerminalOnly() {
    #expect(resolve(nil, terminal, terminal: true).enabled)
    #expect(resolve(.auto, terminal, terminal: true).enabled)
    #expect(!resolve(nil, terminal, terminal: false).enabled)
    #expect(!resolve(.auto, terminal, terminal: false).enabled)
    #expect(!resolve(nil, ["TERM": "dumb"], terminal: true).enabled)
  }

  @Test func noColorWithAnyValueTurnsColourOffButAnEmptyOneDoesNot() {
    #expect(!resolve(nil, terminal.merging(["NO_COLOR": "1"]) { $1 }, terminal: true).enabled)
    #expect(!resolve(nil, terminal.merging(["NO_COLOR": "false"]) { $1 }, terminal: true).enabled)
    #expect(resolve(nil, terminal.merging(["NO_COLOR": ""]) { $1 }, terminal: true).enabled)
  }

  @Test func theOptionOverridesBothWays() {
    let noColor = terminal.merging(["NO_COLOR": "1"]) { $1 }
    #expect(resolve(.always, noColor, terminal: false).enabled)
    #expect(resolve(.always, ["TERM": "dumb"], terminal: false).enabled)
    #expect(!resolve(.never, terminal, terminal: true).enabled)
    #expect(ColorChoice(rawValue: "always") == .always)
    #expect(ColorChoice(rawValue: "sometimes") == nil)
  }

  @Test(
    arguments: [
      (nil, TerminalBackground.unknown), ("15;0", .dark), ("0;15", .light), ("7;0", .dark),
      ("0;7", .light), ("12;8", .dark), ("0;default;15", .light), ("default", .unknown),
      ("", .unknown), ("0;99", .unknown),
    ] as [(String?, TerminalBackground)])
  func theBackgroundComesFromColorFgBg(value: String?, background: TerminalBackground) {
    var environment = terminal
    environment["COLORFGBG"] = value
    #expect(resolve(nil, environment, terminal: true).background == background)
    #expect(resolve(.never, environment, terminal: false).background == background)
  }
}
