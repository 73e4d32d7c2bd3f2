import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// The live view's keys, without a terminal: each key goes through `LiveController` to the
/// same commands line mode runs, and the frames say what a person would see.
@MainActor
@Suite("Live view keys")
struct LiveControllerTests {
  let size = TerminalSize(rows: 30, columns: 100)

  func controller(
    palette: Palette? = nil, size: TerminalSize? = nil,
    repositories: Repositories = InMemoryStore().repositories,
    registry: ScreenRegistry = .standard
  ) async -> LiveController {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(
      strings: strings, repositories: repositories, registry: registry)
    return LiveController(
      session: session, renderer: Renderer(strings: strings, palette: palette, registry: registry),
      size: size ?? self.size)
  }

  func press(_ controller: LiveController, _ keys: Key...) async {
    for key in keys { await controller.handle(key) }
  }

  func type(_ controller: LiveController, _ text: String) async {
    for character in text { await controller.handle(.character(character)) }
  }

  func screen(_ controller: LiveController) -> [String] {
    controller.frame().rows(controller.state.size.rows).map(\.text)
  }

  /// Each digit shows its tab's screen; Tab and → go to the next tab, Shift-Tab and ← to
  /// the one before, round from the last to the first and back.
  @Test(arguments: ScreenRegistry.underTest)
  func numberKeysShowTheScreensAndTabWalksThem(registry: ScreenRegistry) async throws {
    let live = await controller(registry: registry)
    let screens = registry.tabs.map(\.tab.screen)
    for (index, screen) in screens.enumerated().reversed() {
      await press(live, .character(ScreenRegistry.digit(index)))
      #expect(live.session.content.screen == screen, "key \(index + 1)")
    }
    for next in screens.dropFirst() + [screens[0]] {
      await press(live, .tab)
      #expect(live.session.content.screen == next)
    }
    let last = try #require(screens.last)
    await press(live, .backTab)
    #expect(live.session.content.screen == last)
    await press(live, .left)
    #expect(live.session.content.screen == screens[screens.count - 2])
    await press(live, .right, .right)
    #expect(live.session.content.screen == screens[0])
  }

  @Test func spaceStartsAndStopsAndLRecordsALap() async {
    let live = await controller()
    await press(live, .character("2"), .character(" "))
    #expect(live.isTicking)
    #expect(screen(live).contains { $0.contains("Stopwatch · running") })
    await press(live, .character("l"))
    // The lap being timed stands above the finished one.
    let laps = screen(live).filter { $0.contains("Lap ") && !$0.contains("Space") }
    #expect(laps.count == 2)
    #expect(laps.first?.contains("Lap 2") == true)
    #expect(laps.last?.contains("Lap 1") == true)
    await press(live, .character(" "))
    #expect(!live.isTicking)
    #expect(screen(live).contains { $0.contains("Stopwatch · stopped") })
  }

  @Test func resettingManyLapsAsksAndYesDoesIt() async {
    let live = await controller()
    await press(live, .character("2"), .character(" "), .character("l"), .character("l"))
    await press(live, .character("r"))
    #expect(screen(live).contains { $0.contains("[y/N]") })
    await press(live, .character("n"))
    #expect(screen(live).contains { $0.contains("Lap 2") })
    await press(live, .character("r"), .character("y"))
    #expect(screen(live).contains { $0.contains("No laps yet") })
  }

  @Test func theFilterNarrowsTheRatesAsYouType() async {
    let live = await controller()
    await press(live, .character("1"))
    // 162 currencies: the first screenful shows AED, not KRW.
    #expect(screen(live).contains { $0.contains("AED") })
    #expect(!screen(live).contains { $0.contains("KRW") })
    await press(live, .character("/"))
    await type(live, "krw")
    let lines = screen(live)
    #expect(lines.contains { $0.contains("KRW") })
    #expect(!lines.contains { $0.contains(" USD ") && $0.contains("US Dollar") })
    #expect(lines.contains { $0.contains("1 currency") })
    // Enter keeps the filter; ↓ and Enter open the calculator for the selection.
    await press(live, .enter, .down, .enter)
    #expect(live.session.content.screen == .calculator(currency: "KRW"))
  }

  @Test func aRunningRefreshIsShownOnTheRateList() {
    let renderer = Renderer(strings: Strings(language: .en, timeZone: .gmt))
    var state = RatesViewModel.State(publishedAt: Date(timeIntervalSince1970: 0), base: "USD")
    state.isRefreshing = true
    let header = renderer.screenLines(ScreenContent(state))[2].text
    #expect(header.hasSuffix(" · Refreshing…"))
    state.isRefreshing = false
    #expect(!renderer.screenLines(ScreenContent(state))[2].text.contains("Refreshing"))
  }

  @Test func theCalculatorConvertsAsYouTypeAndEscGoesBack() async {
    let live = await controller()
    await press(live, .character(":"))
    await type(live, "calc krw")
    await press(live, .enter)
    #expect(live.session.content.screen == .calculator(currency: "KRW"))
    await type(live, "10")
    #expect(screen(live).contains { $0.contains("10.00 USD → 13,500.03 KRW") })
    await type(live, "0")
    #expect(screen(live).contains { $0.contains("100.00 USD → 135,000.30 KRW") })
    await type(live, "..")
    #expect(screen(live).contains { $0.contains("Enter a valid number") }, "\(screen(live))")
    await press(live, .escape, .escape)
    #expect(live.session.content.screen == .rates)
  }

  @Test func aKoreanMessageIsSentWholeAndEditedAndDeletedFromTheSelection() async {
    let live = await controller()
    await press(live, .character("6"), .character("i"))
    await type(live, "안녕하세요")
    await press(live, .enter)
    await press(live, .character("i"), .paste("second\nline"), .enter)
    var lines = screen(live)
    #expect(lines.contains { $0.contains("안녕하세요") })
    // A message's line takes a paste's line break: the second line stands under the first.
    let pasted = lines.firstIndex { $0.hasSuffix("second") }
    #expect(pasted.map { lines[$0 + 1].trimmingCharacters(in: .whitespaces) } == "line")
    // ↓ selects the first message; Enter edits it in place.
    await press(live, .down, .enter)
    #expect(live.state.input?.text == "안녕하세요")
    await press(live, .backspace, .backspace)
    await type(live, "!")
    await press(live, .enter)
    lines = screen(live)
    #expect(lines.contains { $0.contains("안녕하! (edited)") })
    #expect(lines.contains { $0.hasPrefix("› ") && $0.contains("안녕하!") })
    // Delete asks first on the status row; n keeps the message, y deletes it.
    await press(live, .delete)
    #expect(screen(live).contains { $0 == "Delete message 1 \"안녕하!\"? [y/N]" })
    await press(live, .character("n"))
    #expect(screen(live).contains { $0 == "Nothing changed" })
    #expect(screen(live).contains { $0.contains("안녕하! (edited)") })
    await press(live, .delete, .character("y"))
    lines = screen(live)
    #expect(!lines.contains { $0.contains("(edited)") })
    #expect(lines.contains { $0.contains("Deleted message 1: 안녕하!") })
  }

  @Test func enterBookmarksTheSelectedNotice() async {
    let live = await controller()
    await press(live, .character("3"), .down, .down, .enter)
    #expect(screen(live).contains { $0.hasPrefix("› ") && $0.contains("★") })
    await press(live, .character("4"))
    #expect(live.session.content.screen == .bookmarks)
    #expect(screen(live).contains { $0.contains("1  ") })
  }

  @Test func aBookmarkIsRenamedAndRemovedFromTheSelection() async {
    let live = await controller()
    await press(live, .character("3"), .down, .enter, .character("4"), .down, .enter)
    #expect(live.state.input?.words == "rename 1 ")
    await press(live, .control("u"))
    await type(live, "Read later")
    await press(live, .enter)
    #expect(screen(live).contains { $0.contains("Read later") })
    // Backspace deletes as Delete does (a Mac's delete key sends it), after a question.
    await press(live, .down, .backspace)
    #expect(screen(live).contains { $0 == "Delete bookmark 1 \"Read later\"? [y/N]" })
    await press(live, .character("y"))
    #expect(screen(live).contains { $0.contains("Bookmark removed: Read later") })
    #expect(live.session.content.state.paging == ListPages(number: 1, count: 1))
    #expect(screen(live).contains { $0.contains("No bookmarks yet") })
  }

  @Test func theRatesScrollByAScreenful() async {
    let live = await controller(size: TerminalSize(rows: 20, columns: 100))
    await press(live, .character("1"))
    #expect(screen(live).contains { $0.contains("AED") })
    await press(live, .pageDown)
    let scrolled = screen(live)
    #expect(!scrolled.contains { $0.contains("AED") })
    #expect(scrolled.filter { $0.contains(".") && $0.hasPrefix("    ") }.count >= 15)
    await press(live, .pageUp)
    #expect(screen(live).contains { $0.contains("AED") })
  }

  @Test func theCommandLineTakesLineModeWordsAndMessages() async {
    let live = await controller()
    await press(live, .character(":"))
    await type(live, "add 7 walk")
    await press(live, .enter)
    #expect(live.session.content.screen == .mindLog)
    #expect(screen(live).contains { $0.contains("walk") })
    await press(live, .character(":"))
    await type(live, "dance")
    await press(live, .enter)
    #expect(screen(live).contains { $0.contains("Unknown command 'dance'") })
    // A refused line stays open with its text, to be mended.
    #expect(live.state.input?.text == "dance")
    await press(live, .control("u"))
    await type(live, "help")
    await press(live, .enter)
    #expect(screen(live).contains { $0.contains("convert AMOUNT") })
    await press(live, .character("q"))
    #expect(!screen(live).contains { $0.contains("convert AMOUNT") })
  }

  @Test func theMoodPictureFollowsTheSelection() async {
    let live = await controller()
    let old = Date().addingTimeInterval(-40 * 86_400)
    let day = old.formatted(.iso8601.year().month().day().dateSeparator(.dash))
    for line in ["add --date \(day) 3 old", "add 8 today"] {
      await press(live, .character(":"))
      await type(live, line)
      await press(live, .enter)
    }
    #expect(screen(live).contains { $0.contains("(last 30 days)") })
    await press(live, .down, .down)
    #expect(screen(live).contains { $0.hasPrefix("› ") && $0.contains("old") })
    #expect(screen(live).contains { $0.contains("(30 days to ") })
    await press(live, .up)
    #expect(screen(live).contains { $0.contains("(last 30 days)") })
  }

  @Test func aStoreThatFailsEndsTheViewWithItsReason() async {
    let failing = FailingStore(base: InMemoryStore().repositories)
    let live = await controller(repositories: failing.repositories)
    await press(live, .character("6"), .character("i"))
    await type(live, "hi")
    failing.fail(on: .writes)
    await press(live, .enter)
    #expect(live.exit == .storeUnusable)
    #expect(live.farewell?.contains("Cannot use the store") == true)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func questionMarkListsEveryKey(registry: ScreenRegistry) async throws {
    let live = await controller(registry: registry)
    await press(live, .character("?"))
    // Its lines, those below the screen's last row too (PgDn shows them, below).
    let lines = live.state.page ?? []
    let screens = registry.tabTitles().joined(separator: ", ")
    for key in [
      "\(registry.digitRange)  show a screen (\(screens))", "Tab / →", "PgUp / PgDn",
      // The screen showing (the rates) lists its keys a line each; the others, by title.
      "Rates · keys of this screen", "/  filter", "Stopwatch: Space start/stop",
      "Chat: i write", "Mind log: i new entry",
    ] {
      #expect(lines.contains { $0.contains(key) }, "\(key)")
    }
    // A list taller than the body scrolls: PgDn brings its last line into view.
    let page = live.state.page ?? []
    let last = try #require(page.last { !$0.isEmpty })
    for _ in 0...(page.count / LiveLayout.bodyRows(live.state.size)) {
      await press(live, .pageDown)
    }
    #expect(screen(live).contains { $0.contains(last) }, "\(last)")
  }

  @Test(arguments: [Key.character("q"), .control("c"), .control("d")])
  func quitKeysEndTheView(key: Key) async {
    let live = await controller()
    await press(live, key)
    #expect(live.exit == .done)
  }

  @Test func pagesTurnAndTheSelectionStaysInView() async {
    let live = await controller(size: TerminalSize(rows: 12, columns: 80))
    await press(live, .character("6"))
    for index in 1...25 {
      await press(live, .character(":"))
      await type(live, "say m\(index)")
      await press(live, .enter)
    }
    // Which rows show stays in sight under a list taller than the terminal.
    #expect(screen(live).contains { $0.contains("–25 of 25") })
    await press(live, .end)
    // The newest message is selected and on the screen.
    #expect(screen(live).contains { $0.hasPrefix("› ") && $0.hasSuffix("m25") })
    // Nothing is below the newest message; PgUp goes up a screenful at a time, through
    // the whole list to its oldest message.
    await press(live, .pageDown)
    #expect(screen(live).contains { $0.hasPrefix("› ") && $0.hasSuffix("m25") })
    var presses = 0
    while !screen(live).contains(where: { $0.hasPrefix("› ") && $0.hasSuffix("m1") }),
      presses < 10
    {
      await press(live, .pageUp)
      presses += 1
    }
    #expect(presses > 1)
    #expect(screen(live).contains { $0.contains("rows 1–") })
    // ↓ and k move the selection by one.
    await press(live, .down)
    #expect(screen(live).contains { $0.hasPrefix("› ") && $0.hasSuffix("m2") })
    await press(live, .character("k"))
    #expect(screen(live).contains { $0.hasPrefix("› ") && $0.hasSuffix("m1") })
  }

  /// Adding a mind-log entry in the live view says so on the status row, naming its day.
  @Test func addingAnEntrySaysItsDay() async {
    let live = await controller()
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .gmt
    formatter.dateFormat = "MMM d, yyyy"
    for (words, day) in [
      ("add 5 today's note", formatter.string(from: Date())),
      ("add --date 2026-11-28 6 x", "Nov 28, 2026"),
    ] {
      await press(live, .character(":"))
      await type(live, words)
      await press(live, .enter)
      #expect(screen(live).contains { $0.contains("Added entry for \(day)") }, "\(screen(live))")
    }
  }
}
