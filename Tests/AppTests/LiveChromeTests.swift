import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The live view's chrome, without a terminal: the key bar by priority, the tab line that
/// always shows the current tab, the status row wrapped at words, the `:` prompt, pages that
/// scroll, a terminal too small, and the answer no to a question.
@MainActor
@Suite("Live view chrome")
struct LiveChromeTests {
  func controller(
    _ language: Language = .en, registry: ScreenRegistry = .standard, size: TerminalSize
  ) async -> LiveController {
    let strings = Strings(language: language, timeZone: .gmt)
    let session = await Session.launched(strings: strings, registry: registry)
    return LiveController(
      session: session, renderer: Renderer(strings: strings, palette: nil, registry: registry),
      size: size)
  }

  func rows(_ live: LiveController) -> [String] {
    live.frame().rows(live.state.size.rows).map(\.text)
  }

  func width(_ text: String) -> Int { DisplayWidth(ambiguousIsWide: false).of(text) }

  /// The words `? keys` and `q quit` in `language`, written here, not read from LiveKeys.
  static func essentials(_ language: Language) -> [String] {
    language == .ko ? ["? 키", "q 끝"] : ["? keys", "q quit"]
  }

  @Test(arguments: [Language.en, .ko], ScreenRegistry.underTest)
  func theKeyBarKeepsHelpAndQuitAtEveryWidthAndDropsTheLeastFirst(
    language: Language, registry: ScreenRegistry
  ) async {
    let live = await controller(
      language, registry: registry, size: TerminalSize(rows: 24, columns: 100))
    for tab in registry.tabs.indices.map(ScreenRegistry.digit) {
      await live.handle(.character(tab))
      var dropped: [Int] = []
      // Every width from the minimum to 45, where most keys give way, then every tenth.
      for columns in Array(30...45) + Array(stride(from: 50, through: 100, by: 10)) + [250] {
        // Between frames the main actor is free for the other suites' tests.
        await Task.yield()
        live.state.size = TerminalSize(rows: 24, columns: columns)
        let bar = rows(live).last ?? ""
        #expect(width(bar) <= columns, "\(tab) at \(columns): \(bar)")
        for word in Self.essentials(language) {
          #expect(bar.contains(word), "\(tab) at \(columns): \(bar)")
        }
        if bar.contains("…") { dropped.append(columns) }
      }
      // Narrow bars leave keys out (and say so), wide ones show them all.
      #expect(dropped.contains(30), "tab \(tab)")
      #expect(!dropped.contains(250), "tab \(tab)")
      // Selecting moves before the screen's own keys do.
      live.state.size = TerminalSize(rows: 24, columns: 60)
      let bar = rows(live).last ?? ""
      let select = language == .ko ? "↑↓ 선택" : "↑↓ select"
      if bar.contains("…") { #expect(!bar.contains(select), "\(bar)") }
    }
  }

  @Test(arguments: ScreenRegistry.underTest)
  func theCalculatorsKeyBarDoesNotOfferDigitsForScreens(registry: ScreenRegistry) async {
    let live = await controller(registry: registry, size: TerminalSize(rows: 24, columns: 120))
    await live.run(.calc(code: "KRW"))
    #expect(live.session.content.screen == .calculator(currency: "KRW"))
    let bar = rows(live).last ?? ""
    #expect(!bar.contains(registry.digitRange), "\(bar)")
    #expect(bar.contains("Tab screens") && bar.contains("Esc back"), "\(bar)")
    // Elsewhere the digits are offered, at the same width.
    await live.handle(.escape)
    let elsewhere = rows(live).last ?? ""
    #expect(elsewhere.contains("\(registry.digitRange) screens"), "\(elsewhere)")
  }

  @Test(arguments: [Language.en, .ko], ScreenRegistry.underTest)
  func theTabLineShowsTheCurrentTabWholeAtEveryWidth(
    language: Language, registry: ScreenRegistry
  ) async {
    let live = await controller(
      language, registry: registry, size: TerminalSize(rows: 24, columns: 80))
    let titles = registry.tabTitles(language)
    for (index, title) in titles.enumerated() {
      await live.handle(.character(ScreenRegistry.digit(index)))
      for columns in [30, 40, 80] {
        await Task.yield()
        live.state.size = TerminalSize(rows: 24, columns: columns)
        let tabLine = rows(live)[0]
        #expect(tabLine.contains("[\(title)]"), "\(columns): \(tabLine)")
        #expect(width(tabLine) <= columns, "\(columns): \(tabLine)")
        if columns == 80 {
          // Wide enough: every title whole.
          #expect(titles.allSatisfy { tabLine.contains($0) }, "\(tabLine)")
        }
        // A store shown from its copy, its server silent: `offline` ends the line where it
        // fits beside the current tab (always at 40 columns and wider), never over it.
        live.state.offline = true
        let offline = rows(live)[0]
        live.state.offline = false
        let mark = language == .ko ? "  오프라인" : "  offline"
        #expect(offline.contains("[\(title)]"), "\(columns): \(offline)")
        #expect(width(offline) <= columns, "\(columns): \(offline)")
        if columns >= 40 { #expect(offline.hasSuffix(mark), "\(columns): \(offline)") }
      }
    }
  }

  @Test func theCommandPromptIsOneColon() async {
    let live = await controller(size: TerminalSize(rows: 24, columns: 80))
    await live.handle(.character(":"))
    await live.handle(.character("s"))
    #expect(rows(live).last == ":s")
    #expect(LiveLayout.prompt("Message") == "Message: ")
  }

  @Test func aLongStatusWrapsToTwoRowsAtWordsAndIsCutAtAWordPastThem() async {
    let live = await controller(size: TerminalSize(rows: 12, columns: 40))
    await live.handle(.character("3"))
    let shortBody = rows(live)
    // 12 words of 5 letters: 71 columns, two rows of six words at 40.
    let words = (1...12).map { String(repeating: Character(UnicodeScalar(96 + $0)!), count: 5) }
    live.state.status = LiveStatus(text: words.joined(separator: " "))
    var shown = rows(live)
    let status = Array(shown[9...10])
    #expect(status.allSatisfy { width($0) <= 40 }, "\(status)")
    // Every word shows whole, in order, over the two rows.
    #expect(status.joined(separator: " ").split(separator: " ").map(String.init) == words)
    // The body lost one row to it; the rows above are the same.
    #expect(Array(shown[0..<9]) == Array(shortBody[0..<9]))
    #expect(shortBody[9] != "" && shown[9] != shortBody[9])
    // Thirty words do not fit in two rows: cut after a whole word, with `…`.
    let many = (0..<30).map { "w\($0)x" }
    live.state.status = LiveStatus(text: many.joined(separator: " "))
    shown = rows(live)
    let cut = Array(shown[9...10])
    #expect(cut[1].hasSuffix("…"), "\(cut)")
    let shownWords = cut.joined(separator: " ").dropLast().split(separator: " ").map(String.init)
    #expect(shownWords == Array(many.prefix(shownWords.count)), "\(cut)")
    #expect(shownWords.count < many.count)
  }

  @Test(arguments: [Language.en, .ko])
  func helpScrollsShowsWhereItIsAndClosesOnQEscOrEnter(language: Language) async {
    let size = TerminalSize(rows: 10, columns: 60)
    let live = await controller(language, size: size)
    await live.handle(.character("?"))
    // The page's lines as its rows show them, wrapped to the terminal's width.
    let page = live.layout.pageLines(try! #require(live.state.page), columns: size.columns)
    let shownRows = size.rows - 3
    #expect(page.count > shownRows)
    func mark(_ first: Int, _ last: Int) -> String {
      language == .ko ? "\(page.count)줄 중 \(first)–\(last)" : "\(first)–\(last) of \(page.count)"
    }
    #expect(rows(live)[1] == "  " + page[0])
    #expect(rows(live)[size.rows - 2] == mark(1, shownRows))
    await live.handle(.down)
    await live.handle(.character("j"))
    #expect(rows(live)[1] == "  " + page[2])
    await live.handle(.character("k"))
    #expect(rows(live)[1] == "  " + page[1])
    await live.handle(.end)
    #expect(rows(live)[shownRows] == "  " + page[page.count - 1])
    #expect(rows(live)[size.rows - 2] == mark(page.count - shownRows + 1, page.count))
    await live.handle(.home)
    await live.handle(.pageDown)
    #expect(rows(live)[1] == "  " + page[min(shownRows, page.count - shownRows)])
    // Every line can be reached, in screenfuls.
    await live.handle(.home)
    var seen = Set<String>()
    for _ in 0..<(page.count / shownRows + 2) {
      seen.formUnion(rows(live)[1...shownRows])
      await live.handle(.character(" "))
    }
    #expect(Set(page.map { "  " + $0 }).isSubset(of: seen))
    // Other keys leave it open; q, Esc and Enter close it.
    await live.handle(.character("2"))
    #expect(live.state.page != nil && live.session.content.screen == .rates)
    for closing in [Key.character("q"), .escape, .enter] {
      await live.handle(.character("?"))
      await live.handle(closing)
      #expect(live.state.page == nil, "\(closing)")
    }
  }

  @Test func aTerminalTooSmallTakesNoKeyButQuit() async {
    let live = await controller(size: TerminalSize(rows: 5, columns: 20))
    for key in [Key.character("2"), .down, .character(":"), .character("?"), .tab] {
      await live.handle(key)
    }
    #expect(live.session.content.screen == .rates)
    #expect(live.state.input == nil && live.state.page == nil && live.state.selection == nil)
    #expect(rows(live)[0] == "Terminal too small")
    await live.handle(.character("q"))
    #expect(live.exit == .done)
  }

  @Test(arguments: [Language.en, .ko])
  func noToResetSaysNotResetWithoutLineModeAdvice(language: Language) async {
    let live = await controller(language, size: TerminalSize(rows: 24, columns: 100))
    for key in [Key.character("2"), .character(" "), .character("l"), .character("l")] {
      await live.handle(key)
    }
    await live.handle(.character("r"))
    #expect(live.state.question != nil)
    await live.handle(.character("n"))
    let status = try! #require(live.state.status)
    #expect(!status.text.contains("--yes") && !status.isError, "\(status)")
    #expect(status.text.hasPrefix(language == .ko ? "초기화하지 않았습니다" : "Not reset"), "\(status)")
    #expect(rows(live).contains { $0.contains(language == .ko ? "랩 2" : "Lap 2") })
  }

  @Test func aCursorReportIsFoundAmongKeysAndGivesTheWidth() {
    let bytes = Array("ab\u{1B}[A\u{1B}[12;3Rc".utf8)
    let report = try! #require(CursorReport.find(in: bytes))
    #expect(report.row == 12 && report.column == 3)
    var rest = bytes
    rest.removeSubrange(report.range)
    #expect(rest == Array("ab\u{1B}[Ac".utf8))
    #expect(CursorReport.find(in: Array("\u{1B}[1;".utf8)) == nil)
    #expect(CursorReport.find(in: Array("\u{1B}[5~\u{1B}[2R".utf8)) == nil)
    #expect(CursorReport.ambiguousIsWide(reportedColumn: 2) == false)
    #expect(CursorReport.ambiguousIsWide(reportedColumn: 3) == true)
    #expect(CursorReport.ambiguousIsWide(reportedColumn: 9) == nil)
    // The screen model answers where its cursor is, as a terminal does.
    for (wide, column) in [(false, 2), (true, 3)] {
      var screen = ScreenModel(rows: 5, columns: 20, ambiguousIsWide: wide)
      screen.feed(CursorReport.query)
      #expect(screen.takeReplies() == Array("\u{1B}[1;\(column)R".utf8))
    }
  }

  @Test func aChangedRowThatFillsTheWidthKeepsItsLastColumn() {
    let writer = FrameWriter(ambiguousIsWide: false, colour: false)
    let size = TerminalSize(rows: 3, columns: 10)
    let full = "0123456789"
    var screen = ScreenModel(rows: 3, columns: 10)
    let first = Frame(lines: ["a", "b"])
    screen.feed(writer.update(from: nil, to: first, size: size))
    screen.feed(writer.update(from: first, to: Frame(lines: [StyledLine(full), "b"]), size: size))
    #expect(screen.lines[0] == full)
  }

  @Test func withoutColorFgBgFavouritesAreBoldNotBrightYellow() async {
    let run = await ScriptedConsole.run(
      ["--store", "memory", "--color", "always", "fav", "KRW"], environment: [:])
    #expect(run.console.output.contains("\u{1B}[0;1m★"), "\(run.console.output.debugDescription)")
    #expect(!run.console.output.contains("\u{1B}[0;93m"))
    let dark = await ScriptedConsole.run(
      ["--store", "memory", "--color", "always", "fav", "KRW"], environment: ["COLORFGBG": "15;0"])
    #expect(dark.console.output.contains("\u{1B}[0;93m★"))
  }
}
