import Foundation
import PocketPresentation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// Bytes that are not UTF-8, typed or pasted into the live view, are refused visibly and
/// never repaired: a path pasted with them (`export <path>`) would otherwise reach the
/// command with U+FFFD in their place, naming another file.
@MainActor
@Suite("Live input that is not UTF-8")
struct LiveNotUTF8InputTests {
  let size = TerminalSize(rows: 30, columns: 100)

  func controller() async -> LiveController {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    return LiveController(session: session, renderer: Renderer(strings: strings), size: size)
  }

  func press(_ live: LiveController, _ keys: Key...) async {
    for key in keys { await live.handle(key) }
  }

  func type(_ live: LiveController, _ text: String) async {
    for character in text { await live.handle(.character(character)) }
  }

  static let pasteRefusal =
    "The pasted text is not UTF-8 ('/tmp/caf\\xE9.json', a byte that is not shown as \\xHH): "
    + "nothing was pasted"

  @Test func aRefusedPasteIsTakenBackWholeAndSaid() async {
    let live = await controller()
    await press(live, .character(":"))
    await type(live, "export ")
    await press(live, .pasteStarted, .paste("/tmp/caf"))
    #expect(live.state.input?.text == "export /tmp/caf")
    await press(live, .notUTF8(shown: "/tmp/caf\\xE9.json", pasted: true))
    #expect(live.state.input?.text == "export ", "the line as before the paste")
    #expect(live.state.status == LiveStatus(text: Self.pasteRefusal, isError: true))
    // What was typed before the paste stays; a later paste goes in as usual.
    await press(live, .pasteStarted, .paste("/tmp/x.json"))
    #expect(live.state.input?.text == "export /tmp/x.json")
    // A refusal after another key takes back nothing typed since.
    await press(live, .backspace, .notUTF8(shown: "\\xFF", pasted: true))
    #expect(live.state.input?.text == "export /tmp/x.jso")
  }

  @Test func aRefusedPasteOnALiveLineShowsWhatItShowedBefore() async {
    let live = await controller()
    await press(live, .character("/"))
    await type(live, "kr")
    await press(live, .pasteStarted, .paste("w 원"))
    #expect(live.state.input?.text == "krw 원")
    await press(live, .notUTF8(shown: "\\xE9", pasted: true))
    #expect(live.state.input?.text == "kr")
    let rows = live.frame().rows(size.rows).map(\.text)
    #expect(rows.contains { $0.contains("KRW") }, "the filter kr runs again")
  }

  @Test func aTypedByteThatIsNotUTF8IsSaidOnAnyScreen() async {
    let live = await controller()
    await press(live, .notUTF8(shown: "\\xE9", pasted: false))
    #expect(
      live.state.status?.text
        == "The key typed is not UTF-8 ('\\xE9'; set the terminal to UTF-8): it was not "
        + "typed, nor the keys that came with it")
    await press(live, .character(":"))
    await type(live, "say caf")
    await press(live, .notUTF8(shown: "\\xE9", pasted: false))
    #expect(live.state.input?.text == "say caf")
    #expect(live.state.status?.isError == true)
  }
}

/// The same through a terminal: the bytes as a terminal sends them, the status row read off
/// the screen, and no file written under a repaired name.
@Suite(
  "Live input that is not UTF-8, in a terminal", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct LiveNotUTF8InputTerminalTests {
  @Test func aPastedPathThatIsNotUTF8IsRefusedAndNothingIsExported() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 100) else { return }
    defer { live.close() }
    let folder = live.directory.path
    try live.send(":export ", until: { $0.lines.last == ":export" })
    live.pty.send(
      Array("\u{1B}[200~\(folder)/caf".utf8) + [0xE9] + Array(".json\u{1B}[201~".utf8))
    try live.pty.read(untilScreen: { $0.contains("The pasted text is not UTF-8") })
    #expect(live.pty.screen.contains("caf\\xE9.json"))
    #expect(live.pty.screen.lines.last == ":export")
    // Enter runs what the line holds: `export` without a path, a usage error.
    try live.send("\r", until: { $0.contains("export PATH") })
    // Typed (a terminal set to Latin-1), with Enter in the same write: neither is typed.
    live.pty.send(Array("\u{15}say caf".utf8) + [0xE9, 0x0D])
    try live.pty.read(untilScreen: { $0.contains("The key typed is not UTF-8") })
    #expect(live.pty.screen.lines.last == ":say caf")
    live.pty.send("\u{1B}")
    try live.pty.read(untilScreen: { $0.lines.last?.hasPrefix(":") == false })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(!names.contains { $0.hasPrefix("caf") }, "\(names)")
    let chat = try PocketProcess(directory: live.directory).run(["chat"])
    #expect(!chat.stdout.contains("caf"), "nothing was said")
  }
}
