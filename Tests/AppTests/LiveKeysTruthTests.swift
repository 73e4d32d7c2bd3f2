import Foundation
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

/// `?` and the key bars say what the keys do in each mode, and nothing else: help wraps to
/// the terminal's width in the language chosen, and each bar lists only keys whose handler
/// acts there (issue 45 item 4).
@MainActor
@Suite("Live view keys tell the truth")
struct LiveKeysTruthTests {
  func controller(_ language: Language = .en, size: TerminalSize) async -> LiveController {
    let strings = Strings(language: language, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    return LiveController(
      session: session, renderer: Renderer(strings: strings, palette: nil), size: size)
  }

  func rows(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map(\.text)
  }

  func bar(_ live: LiveController) -> String { rows(live).last ?? "" }

  /// The chat with `count` messages, sent through its input line.
  func chat(_ live: LiveController, messages count: Int) async {
    await live.handle(.character("6"))
    for index in 1...count {
      await live.handle(.character("i"))
      for character in "message \(index)" { await live.handle(.character(character)) }
      await live.handle(.enter)
    }
  }

  /// The keys `?` lists on the chat, written here as a person reads them off the keyboard
  /// and the code's key handlers (`LiveController.handle`, `navigate`, `edit`).
  static let chatKeys = [
    // The chat's own.
    "i", "Enter", "Del",
    // Every screen's.
    "1-6", "Tab", "Shift-Tab", "↑", "↓", "k", "j", "PgUp", "PgDn", "Ctrl-B", "Ctrl-F", "Home",
    "End", "g", "G", "v", "Backspace", ":", "?", "q", "Esc", "Ctrl-C", "Ctrl-D", "Ctrl-Z",
    // The input line's.
    "←", "→", "Ctrl-A", "Ctrl-E", "Alt-←", "Alt-→", "Delete", "Ctrl-W", "Ctrl-U", "Ctrl-K",
    "Ctrl-Y", "Ctrl-J", "Alt-Enter",
  ]

  /// Every word of `text` between spaces (a key is never broken by wrapping: rows break at
  /// spaces), with `/` and `,` between keys taken as spaces.
  static func words(_ text: String) -> Set<String> {
    Set(
      text.split { $0 == " " || $0 == "," }.map { String($0) }
        .map { $0.hasSuffix(":") && $0.count > 1 ? String($0.dropLast()) : $0 })
  }

  @Test(arguments: [Language.en, .ko])
  func helpWrapsAtFortyColumnsAndListsEveryKey(language: Language) async {
    // Tall enough for the whole of `?` at once.
    let live = await controller(language, size: TerminalSize(rows: 200, columns: 40))
    await chat(live, messages: 2)
    await live.handle(.character("?"))
    let shown = rows(live)
    let width = DisplayWidth(ambiguousIsWide: language == .ko)
    let help = shown[1..<(shown.count - 2)].filter { !$0.isEmpty }
    #expect(help.count > 40, "\(help)")
    for row in help {
      #expect(width.of(row) <= 40, "\(row)")
      #expect(!row.hasSuffix("…"), "\(row)")
    }
    let words = Self.words(help.joined(separator: " "))
    for key in Self.chatKeys {
      #expect(words.contains(key), "\(language): \(key) is not in ?")
    }
    // Nothing of it is past its last row: the bar says no position (all of it shows).
    #expect(!shown[shown.count - 2].contains("–"), "\(shown[shown.count - 2])")
  }

  /// Under Korean, `?` has no English word of Pocket's own: only the names printed on keys
  /// (and `fg`, the shell's command that brings Pocket back).
  @Test func koreanHelpIsKoreanButTheKeyNames() async {
    let live = await controller(.ko, size: TerminalSize(rows: 200, columns: 40))
    await chat(live, messages: 2)
    let keyNames: Set<String> = [
      "Tab", "Shift", "PgUp", "PgDn", "Ctrl", "Home", "End", "Enter", "Esc", "Del", "Backspace",
      "Delete", "Space", "Alt", "fg", "help",
    ]
    for screen: Character in ["1", "2", "3", "4", "5", "6"] {
      await live.handle(.character(screen))
      await live.handle(.character("?"))
      let shown = rows(live)
      for row in shown[1..<(shown.count - 2)] {
        let ascii = row.split { !($0.isASCII && $0.isLetter) }.map(String.init)
        // A single letter is a key (`i`, `k`, `G`); a longer word must be a key's name.
        for word in ascii where word.count > 1 {
          #expect(keyNames.contains(word), "screen \(screen): \(word) in \(row)")
        }
      }
      await live.handle(.escape)
    }
  }

  /// The `v` view closes on Enter: its bar offers what closes and scrolls it, with its
  /// position, never the chat's `i write · Enter edit`.
  @Test func theItemShownWholeSaysWhereItIsAndOnlyItsKeys() async {
    let live = await controller(size: TerminalSize(rows: 24, columns: 100))
    await chat(live, messages: 3)
    // ↑ from nothing selects the last item.
    await live.handle(.up)
    #expect(live.selectedItem?.number == 3)
    await live.handle(.character("v"))
    #expect(live.state.detail != nil)
    var bar = bar(live)
    #expect(bar.hasPrefix("3 of 3 · "), "\(bar)")
    for offered in ["i write", "Enter edit", "Del", "? keys", "q quit", "select"] {
      #expect(!bar.contains(offered), "\(bar)")
    }
    #expect(bar.contains("Esc") && bar.contains("Enter") && bar.contains("close"), "\(bar)")
    // Enter does what the bar says: it closes the view, and edits nothing.
    await live.handle(.enter)
    #expect(live.state.detail == nil && live.state.input == nil)
    await live.handle(.character("k"))
    await live.handle(.character("v"))
    bar = self.bar(live)
    #expect(bar.hasPrefix("2 of 3 · "), "\(bar)")
  }

  /// The calculator has no list: its bar does not offer ↑↓, which answers that there is
  /// none; its hint names no command of line mode.
  @Test(arguments: [Language.en, .ko])
  func theCalculatorOffersNoSelection(language: Language) async {
    let live = await controller(language, size: TerminalSize(rows: 24, columns: 120))
    await live.run(.calc(code: "KRW"))
    #expect(live.session.content.screen == .calculator(currency: "KRW"))
    let bar = bar(live)
    #expect(!bar.contains("↑↓"), "\(bar)")
    await live.handle(.up)
    #expect(live.state.status?.text.contains("↑") == true)
    let screen = rows(live).joined(separator: "\n")
    #expect(!screen.contains("convert"), "\(screen)")
    #expect(!screen.contains("AMOUNT"), "\(screen)")
  }

  /// A long list's last row says which of its rows show, not line mode's `more` and
  /// `page N`.
  @Test(arguments: [Language.en, .ko])
  func thePageLineNamesNoCommand(language: Language) async {
    let live = await controller(language, size: TerminalSize(rows: 30, columns: 100))
    await live.handle(.character("2"))
    await live.handle(.character(" "))
    for _ in 0..<25 { await live.handle(.character("l")) }
    let screen = rows(live).joined(separator: "\n")
    // 25 laps and the lap in progress.
    #expect(screen.contains(language == .ko ? "26행 중 1–" : "rows 1–"), "\(screen)")
    #expect(screen.contains(language == .ko ? "행" : " of 26"), "\(screen)")
    #expect(!screen.contains("more"), "\(screen)")
    #expect(!screen.contains("page N"), "\(screen)")
  }

  /// A question takes y or n; an input line offers ↑↓ only once there is an earlier line,
  /// and Ctrl-Y only once something was cut.
  @Test func aQuestionAndAnInputLineShowTheirOwnKeys() async {
    let live = await controller(size: TerminalSize(rows: 24, columns: 100))
    await live.handle(.character("6"))
    await live.handle(.character("i"))
    live.state.status = nil
    var bar = rows(live)[22]
    #expect(bar == "Enter run · Esc cancel · Ctrl-J new line", "\(bar)")
    for character in "first words" { await live.handle(.character(character)) }
    await live.handle(.enter)
    await live.handle(.character("i"))
    live.state.status = nil
    bar = rows(live)[22]
    #expect(bar.contains("↑↓ earlier lines") && !bar.contains("Ctrl-Y"), "\(bar)")
    await live.handle(.up)
    #expect(live.state.input?.text == "first words")
    await live.handle(.control("w"))
    bar = rows(live)[22]
    #expect(bar.contains("Ctrl-Y"), "\(bar)")
    await live.handle(.escape)
    // A question: y or n, and no key of the screen under it.
    await live.handle(.up)
    await live.handle(.delete)
    #expect(live.state.question != nil)
    bar = self.bar(live)
    #expect(bar == "y yes · n no", "\(bar)")
  }

  /// Ctrl-Y types back what Ctrl-W, Ctrl-U or Ctrl-K cut last, where the cursor is, on this
  /// line or the next one.
  @Test func controlYYanksWhatWasCutLast() async {
    let live = await controller(size: TerminalSize(rows: 24, columns: 100))
    await live.handle(.character(":"))
    for character in "one two three" { await live.handle(.character(character)) }
    func text() -> String? { live.state.input?.text }
    await live.handle(.control("w"))
    #expect(text() == "one two ")
    await live.handle(.control("y"))
    #expect(text() == "one two three")
    // Ctrl-U at the end cuts the whole line; Ctrl-Y brings it back.
    await live.handle(.control("u"))
    #expect(text() == "")
    await live.handle(.control("y"))
    #expect(text() == "one two three")
    // Ctrl-K from the start cuts it too; the yank goes where the cursor is.
    await live.handle(.control("a"))
    await live.handle(.control("k"))
    #expect(text() == "")
    for character in "[]" { await live.handle(.character(character)) }
    await live.handle(.left)
    await live.handle(.control("y"))
    #expect(text() == "[one two three]")
    // A key that cuts nothing keeps what was cut; the next line yanks it too.
    await live.handle(.control("e"))
    await live.handle(.control("k"))
    await live.handle(.escape)
    await live.handle(.character(":"))
    await live.handle(.control("y"))
    #expect(text() == "one two three")
  }
}
