import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The live view's input line never loses what was typed: a refused line stays open as it
/// was, ↑ and ↓ recall earlier lines, Esc and Ctrl-C cancel the line (not the program) and
/// bring back what the screen showed before, and a kept filter says it is on.
@MainActor
@Suite("Live input line")
struct LiveInputLineTests {
  let size = TerminalSize(rows: 30, columns: 100)

  func controller(_ language: Language = .en) async -> LiveController {
    let strings = Strings(language: language, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    return LiveController(session: session, renderer: Renderer(strings: strings), size: size)
  }

  func press(_ live: LiveController, _ keys: Key...) async {
    for key in keys { await live.handle(key) }
  }

  func type(_ live: LiveController, _ text: String) async {
    for character in text { await live.handle(.character(character)) }
  }

  /// The rows shown, without the indent of the body.
  func screen(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map { $0.text.trimmingCharacters(in: .whitespaces) }
  }

  /// The open line with `|` where its cursor stands; `nil` when none is open.
  func line(_ live: LiveController) -> String? {
    guard let line = live.state.input?.line else { return nil }
    var text = line.text
    text.insert("|", at: line.cursor)
    return text
  }

  func entries(_ live: LiveController) async throws -> [String] {
    try await live.session.store.repositories.archive.export().mindLogs.map(\.note)
  }

  @Test func aRefusedLineStaysOpenWithItsTextAndCursor() async throws {
    let live = await controller()
    await press(live, .character("5"), .character("i"))
    await type(live, "abc a long note I typed carefully")
    await press(live, .wordLeft, .wordLeft)
    #expect(line(live) == "abc a long note I |typed carefully")
    await press(live, .enter)
    // The reason on the status row, the line as it was.
    #expect(line(live) == "abc a long note I |typed carefully")
    #expect(screen(live)[28] == "Enter a valid number")
    #expect(live.state.status?.isError == true)
    #expect(try await entries(live).isEmpty)
    // Mended where the mistake is, it runs and closes.
    await press(live, .home)
    await press(live, .control("d"), .control("d"), .control("d"))
    await type(live, "7")
    await press(live, .enter)
    #expect(live.state.input == nil)
    #expect(try await entries(live) == ["a long note I typed carefully"])
    // A usage error keeps the `:` line too; a question is not a refusal: it closes it.
    await press(live, .character(":"))
    await type(live, "edit")
    await press(live, .enter)
    #expect(line(live) == "edit|")
    #expect(screen(live)[28].contains("edit N"))
    await press(live, .control("u"))
    await type(live, "add 3 more")
    await press(live, .enter)
    #expect(live.state.input == nil)
    await press(live, .character("2"), .character(" "), .character("l"), .character("l"))
    await press(live, .character(":"))
    await type(live, "reset")
    await press(live, .enter)
    #expect(live.state.input == nil)
    #expect(live.state.question != nil)
    await press(live, .character("n"))
  }

  @Test func escCtrlCAndCtrlDOnAnEmptyLineCancelItNotTheProgram() async throws {
    let live = await controller()
    await press(live, .character("6"), .character("i"))
    await type(live, "hello")
    await press(live, .control("c"))
    #expect(live.state.input == nil)
    #expect(live.exit == nil)
    await press(live, .character("i"))
    await type(live, "hello")
    await press(live, .escape)
    #expect(live.state.input == nil)
    // Ctrl-D deletes the character under the cursor; on an empty line it closes it.
    await press(live, .character("i"))
    await type(live, "ab")
    await press(live, .left, .control("d"))
    #expect(line(live) == "a|")
    await press(live, .control("d"))
    #expect(line(live) == "a|")
    await press(live, .backspace, .control("d"))
    #expect(live.state.input == nil)
    #expect(live.exit == nil)
    #expect(try await live.session.store.repositories.archive.export().messages.isEmpty)
    // Without a line, Ctrl-C quits.
    await press(live, .control("c"))
    #expect(live.exit == .done)
  }

  @Test func upAndDownRecallTheLinesOfThisScreenAndGiveBackTheLineBeingTyped() async {
    let live = await controller()
    await press(live, .character("6"))
    for text in ["first", "second", "second"] {
      await press(live, .character("i"))
      await type(live, text)
      await press(live, .enter)
    }
    await press(live, .character("i"))
    await type(live, "draft")
    await press(live, .left)
    await press(live, .up)
    #expect(line(live) == "second|")
    // A line repeated is recalled once.
    await press(live, .up)
    #expect(line(live) == "first|")
    await press(live, .up)
    #expect(line(live) == "first|")
    await press(live, .down)
    #expect(line(live) == "second|")
    await press(live, .down)
    #expect(line(live) == "draf|t")
    await press(live, .down)
    #expect(line(live) == "draf|t")
    await press(live, .escape)
    // Another screen has its own lines, and so has the `:` line.
    await press(live, .character("5"), .character("i"), .up)
    #expect(line(live) == "|")
    await press(live, .escape, .character(":"), .up)
    #expect(line(live) == "|")
    await type(live, "chat")
    await press(live, .enter, .character(":"), .up)
    #expect(line(live) == "chat|")
    await press(live, .escape, .character("i"), .up)
    #expect(line(live) == "second|")
  }

  @Test func escOnTheFilterBringsBackTheFilterThereWasAndAKeptFilterShows() async {
    let live = await controller()
    let count = { (live: LiveController) in
      self.screen(live).first { $0.hasSuffix(" currencies") || $0.hasSuffix(" currency") }
    }
    let all = count(live)
    await press(live, .character("/"))
    await type(live, "krw")
    #expect(count(live) == "1 currency")
    await press(live, .escape)
    #expect(live.session.content == ScreenContent(self.rates(live)))
    #expect(count(live) == all)
    #expect(!screen(live).contains { $0.hasPrefix("Filter") })
    // Enter keeps it, and the screen says so.
    await press(live, .character("/"))
    await type(live, "krw")
    await press(live, .enter)
    #expect(screen(live).contains("Filter: krw · Esc clears"))
    // A new filter cancelled: the kept one comes back.
    await press(live, .character("/"), .backspace, .backspace, .backspace)
    await type(live, "eur")
    #expect(screen(live).contains("Filter: eur · Esc clears"))
    await press(live, .escape)
    #expect(screen(live).contains("Filter: krw · Esc clears"))
    #expect(count(live) == "1 currency")
    // Nothing selected: Enter opens the first currency the filter kept.
    #expect(live.state.selection == nil)
    await press(live, .enter)
    #expect(live.session.content.screen == .calculator(currency: "KRW"))
    await press(live, .escape)
    #expect(live.session.content.screen == .rates)
    // Esc outside the line clears the filter.
    await press(live, .escape)
    #expect(!screen(live).contains { $0.hasPrefix("Filter") })
    #expect(count(live) == all)
  }

  func rates(_ live: LiveController) -> RatesViewModel.State {
    (live.session.content.state as? RatesViewModel.State) ?? RatesViewModel.State()
  }

  @Test func theFilterLineIsInKoreanAndLineModeShowsItWithoutTheKey() async {
    let live = await controller(.ko)
    await press(live, .character("/"))
    await type(live, "krw")
    await press(live, .enter)
    #expect(screen(live).contains("찾기: krw · Esc 지우기"))
    let lineMode = Renderer(strings: Strings(language: .en, timeZone: .gmt))
    let state = rates(live)
    #expect(lineMode.render(ScreenContent(state)).contains("\nFilter: krw\n"))
  }

  @Test func escOnTheAmountBringsBackTheAmountThereWas() async {
    let live = await controller()
    await press(live, .character("/"))
    await type(live, "krw")
    await press(live, .enter, .enter)
    #expect(live.session.content.screen == .calculator(currency: "KRW"))
    let conversion = { (live: LiveController) in
      (live.session.content.state as? CalculatorViewModel.State)?.conversion?.amount
    }
    // No amount before: Esc leaves none.
    await press(live, .character("3"))
    #expect(conversion(live) == 3)
    await press(live, .escape)
    #expect(conversion(live) == nil)
    #expect(live.session.content.screen == .calculator(currency: "KRW"))
    await press(live, .character("5"), .enter)
    #expect(conversion(live) == 5)
    await press(live, .character("7"), .character("0"))
    #expect(conversion(live) == 70)
    await press(live, .escape)
    #expect(conversion(live) == 5)
    // An amount from another currency comes back from that currency.
    await press(live, .character(":"))
    await type(live, "convert 2.5 EUR")
    await press(live, .enter, .character("9"), .escape)
    let state = live.session.content.state as? CalculatorViewModel.State
    #expect(state?.conversion?.amount == Decimal(string: "2.5"))
    #expect(state?.conversion?.from == "EUR")
  }
}
