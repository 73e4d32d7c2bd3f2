import PocketPresentation
import Testing

@testable import PocketApp

/// The answers to a question (`[y/N]`) in both languages, each one typed: the expected
/// answer comes from the lists written here, never from `TypedWords`, so a yes word
/// dropped from Pocket (as 네 once was, with every test passing) fails its own case.
@MainActor
@Suite("Yes and no in both languages")
struct YesNoWordsTests {
  /// What line mode takes for yes, in any case and with blanks around.
  nonisolated static let yes = ["y", "yes", "예", "네", "ㅇ"]
  /// No, and anything that is not yes: the question's default is no.
  nonisolated static let no = ["n", "no", "아니요", "아니오", "아니", "ㄴ", ""]
  /// Near a yes, but not one: these keep everything too.
  nonisolated static let notYes = ["yess", "ye", "yes please", "y y", "네네", "예스", "ok", "1"]

  /// Each yes word as written, in capitals where it has them, and with blanks around; then
  /// each word that is not yes.
  nonisolated static let answers: [(typed: String, isYes: Bool)] =
    yes.flatMap { word in Set([word, word.uppercased(), "  \(word) "]).sorted() }.map { ($0, true) }
    + ["Yes", "yEs"].map { ($0, true) } + (no + notYes).map { ($0, false) }

  /// `clear` on two bookmarks at a terminal, answered `typed`, in each language.
  @Test(arguments: answers, [Language.en, .ko])
  func aTypedAnswer(_ answer: (typed: String, isYes: Bool), language: Language) async {
    let run = await ScriptedConsole.run(
      ["--store", "memory", "--lang", language == .ko ? "ko" : "en"],
      script: ["notices", "bookmark 1", "bookmark 2", "bookmarks", "clear", answer.typed],
      interactive: true)
    let output = run.console.output
    #expect(output.contains("[y/N] "), "\(output)")
    // A no is refused with the way to do it anyway; a yes removes both.
    let refused = run.console.errors.contains("clear --yes")
    #expect(refused == !answer.isYes, "\(answer.typed.debugDescription): \(run.console.errors)")
    let removed = language == .ko ? "북마크한 공지가 없습니다." : "No bookmarks yet."
    #expect(output.contains(removed) == answer.isYes, "\(answer.typed.debugDescription)")
  }

  /// Every word Pocket takes for yes is one this test types: a yes word added to Pocket
  /// is added here too, with its case.
  @Test func everyYesWordIsTypedHere() {
    #expect(TypedWords.yes.subtracting(Self.yes).isEmpty, "\(TypedWords.yes)")
  }

  /// The live view asks with one key: y in either case, or ㅇ (y on a Korean keyboard),
  /// is yes; any other key keeps the laps.
  @Test(
    arguments: [
      (Key.character("y"), true), (.character("Y"), true), (.character("ㅇ"), true),
      (.character("n"), false), (.character("N"), false), (.character("ㄴ"), false),
      (.character("네"), false), (.enter, false), (.escape, false), (.character(" "), false),
    ] as [(Key, Bool)])
  func aKeyAnswer(key: Key, isYes: Bool) async {
    let strings = Strings(language: .en, timeZone: .gmt)
    let live = LiveController(
      session: await Session.launched(strings: strings),
      renderer: Renderer(strings: strings, palette: nil),
      size: TerminalSize(rows: 24, columns: 100))
    // The stopwatch with two laps; r asks whether to reset it.
    let stopwatch = ScreenRegistry.standard.tabIndex(of: .stopwatch) ?? 0
    for key in [ScreenRegistry.digit(stopwatch), " ", "l", "l", "r"] {
      await live.handle(.character(key))
    }
    #expect(live.state.question != nil)
    await live.handle(key)
    #expect(live.state.question == nil)
    let rows = live.frame().rows(24).map(\.text)
    #expect(rows.contains { $0.contains("Lap 2") } == !isYes, "\(key): \(rows)")
    let declined = live.state.status?.text.hasPrefix("Not reset") == true
    #expect(declined == !isYes, "\(key): \(String(describing: live.state.status))")
  }
}
