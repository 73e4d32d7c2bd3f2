import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

@MainActor
@Suite("Screen features")
struct ScreenFeatureTests {
  nonisolated static let screens: [Screen] = [
    .rates, .calculator(currency: "KRW"), .stopwatch, .notices, .bookmarks, .mindLog, .chat,
  ]

  func session(repositories: Repositories = InMemoryStore().repositories) -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: repositories)
    return Session(
      store: store, timeline: Timeline(clock: ContinuousClock(), now: { Date() }),
      strings: Strings(language: .en, timeZone: .gmt), rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(), archiveFiles: InMemoryArchiveFileRepository(),
      notices: SampleNotices.all)
  }

  /// The screens the stores of earlier versions hold, by their stored names (a hand
  /// table: the names never change). Each still reads as the screen of the same name, and
  /// exactly one registered feature shows it.
  @Test(
    arguments: [
      ("rates", nil), ("calculator", "KRW"), ("stopwatch", nil), ("notices", nil),
      ("bookmarks", nil), ("mindLog", nil), ("chat", nil),
    ] as [(String, String?)])
  func everyStoredScreenHasOneFeature(name: String, currency: String?) {
    let screen = ScreenText(name: name, currency: currency).screen
    #expect(screen.map(ScreenText.init) == ScreenText(name: name, currency: currency))
    #expect(screen.map { Self.screens.contains($0) } == true, "\(name) is not a screen")
    let showing = ScreenRegistry.standard.features.filter { feature in
      screen.map { feature.shows($0) } == true
    }
    #expect(showing.count == 1, "\(name) is shown by \(showing)")
  }

  /// Each screen is shown by exactly one registered feature, and each tab is a different
  /// screen's.
  @Test(arguments: screens)
  func everyScreenHasOneFeature(screen: Screen) {
    #expect(session().features.filter { type(of: $0).shows(screen) }.count == 1)
  }

  /// A session makes a screen's view model when a command needs that screen: a one-shot
  /// `say` on the chat seen last makes the chat's and no other (the mind log's calendar,
  /// the rates' names); asking for every feature makes the rest.
  @Test func aCommandMakesTheViewModelsOfItsOwnScreensOnly() async throws {
    let repositories = InMemoryStore().repositories
    try await repositories.screens.save(Screen.chat)
    try await repositories.screens.save(ShownList(screen: .chat, items: []), for: ThisTerminal.key)
    let session = session(repositories: repositories)
    #expect(session.madeFeatures.isEmpty)
    let say = try #require(try CommandParser.parse(words: ["say", "hi"]))
    #expect(await session.launch(before: say) == nil)
    #expect(await session.execute(say) == .done(nil))
    #expect(session.madeFeatures.map { "\(type(of: $0))" } == ["ChatScreen"])
    #expect(session.content.state.shownItems.map(\.text) == ["hi"])
    #expect(session.features.count == ScreenRegistry.standard.features.count)
    #expect(session.madeFeatures.count == ScreenRegistry.standard.features.count)
  }

  @Test func everyTabIsItsOwnScreens() {
    let tabs = ScreenRegistry.standard.tabs
    #expect(Set(tabs.map { ScreenText($0.tab.screen).name }).count == tabs.count)
    for (index, tab) in tabs.enumerated() {
      #expect(ScreenRegistry.standard.tabIndex(of: tab.tab.screen) == index)
    }
    #expect(ScreenRegistry.standard.tabIndex(of: .calculator(currency: "KRW")) == 0)
    #expect(ScreenRegistry.standard.tabIndex(of: .named("calendar")) == nil)
  }

  /// A screen-bound command's refusal names the word it was typed with.
  @Test(arguments: [
    "bookmark 1", "rename 1 x", "remove 1", "clear", "edit 1 x", "delete 1",
    "more", "page 1", "search kim",
  ])
  func aScreenBoundCommandNamesItsWord(line: String) throws {
    let command = try #require(try CommandParser.parse(line))
    #expect(command.word == line.split(separator: " ")[0].lowercased())
  }

  @Test func everyScreenBoundCommandIsChecked() {
    let bound = Set(ScreenRegistry.standard.commands.filter(\.isScreenBound).map(\.name))
    #expect(
      bound == [
        "bookmark", "rename", "remove", "clear", "edit", "delete", "more", "page", "search",
      ])
  }

  /// Going to a screen shows that screen's content, on its own tab.
  @Test(arguments: [
    (Command.rates(query: ""), Screen.rates), (.calc(code: "krw"), .calculator(currency: "KRW")),
    (.stopwatch, .stopwatch), (.notices, .notices), (.bookmarks, .bookmarks),
    (.mindLog, .mindLog), (.chat, .chat),
  ])
  func eachScreenCommandShowsItsScreen(command: Command, screen: Screen) async {
    let session = session()
    #expect(await session.launch() == nil)
    #expect(await session.execute(command) == .done(nil))
    #expect(session.content.screen == screen)
    #expect(session.router.state.screen == screen)
  }

  /// The screen seen last comes back on launch; a calculator whose currency the rates do not
  /// list, or a screen no feature shows, gives way to the rates list, which is saved.
  @Test(arguments: [
    (Screen.calculator(currency: "KRW"), Screen.calculator(currency: "KRW")),
    (.calculator(currency: "XYZ"), .rates), (.mindLog, .mindLog), (.named("calendar"), .rates),
  ])
  func launchRestoresTheLastScreen(saved: Screen, shown: Screen) async throws {
    let repositories = InMemoryStore().repositories
    try await repositories.screens.save(saved)
    let session = session(repositories: repositories)
    #expect(await session.launch() == nil)
    #expect(session.content.screen == shown)
    #expect(try await repositories.screens.lastScreen() == shown)
  }

  /// A command whose number names an item of a list works only while that list's screen
  /// shows; elsewhere the refusal says which screen to open.
  @Test func screenBoundCommandsAreRefusedElsewhere() async {
    let session = session()
    #expect(await session.launch() == nil)
    #expect(
      await session.execute(.edit(number: 1, text: "x", score: "x", note: nil))
        == .refused(.notOnThisScreen(command: "edit", open: ["mindlog", "chat"])))
    #expect(
      await session.execute(.delete(number: 1))
        == .refused(.notOnThisScreen(command: "delete", open: ["mindlog", "chat"])))
    #expect(
      await session.execute(.rename(number: 1, title: "x"))
        == .refused(.notOnThisScreen(command: "rename", open: ["bookmarks"])))
    #expect(
      await session.execute(.clear(confirmed: true))
        == .refused(.notOnThisScreen(command: "clear", open: ["bookmarks"])))
    #expect(session.content.screen == .rates)
    // On the bookmarks screen, `bookmark N` would toggle notice N, not bookmark N.
    #expect(await session.execute(.notices) == .done(nil))
    #expect(await session.execute(.bookmark(number: 1)) != .refused(.notFound))
    #expect(await session.execute(.bookmarks) == .done(nil))
    #expect(
      await session.execute(.bookmark(number: 1))
        == .refused(.notOnThisScreen(command: "bookmark", open: ["notices"])))
  }

  /// Each shipped screen's commands in the order `help` lists them (a hand table); a screen
  /// not in it (a new one) is expected with the commands it declares.
  nonisolated static let helpOrder: [String: [String]] = [
    "RatesScreen": ["rates", "fav", "refresh"], "CalculatorScreen": ["calc", "convert", "back"],
    "StopwatchScreen": ["stopwatch", "start", "stop", "lap", "reset"],
    "NoticesScreen": ["notices", "bookmark"],
    "BookmarksScreen": ["bookmarks", "rename", "remove", "clear"],
    "MindLogScreen": ["mindlog", "add", "edit", "delete"],
    "ChatScreen": ["chat", "say", "edit", "delete"],
  ]

  /// The help lists the commands in the order of the screens' registration, between the
  /// commands of no screen; a word two screens take has a line for each.
  @Test(arguments: ScreenRegistry.underTest)
  func helpListsEveryCommandOnce(registry: ScreenRegistry) {
    let lines = registry.commands.map { "\($0.usage) \($0.summary.english)" }
    #expect(Set(lines).count == lines.count)
    let screens = registry.features.flatMap { feature in
      Self.helpOrder[String(describing: feature)] ?? feature.commands.map(\.name)
    }
    let expected =
      ["show", "more", "page", "search"] + screens
      + ["store", "source", "export", "import", "help", "quit"]
    #expect(registry.commands.map(\.name) == expected)
    // The help's lines, after its heading, up to the line that names the options.
    let listed = HelpText.text(for: nil, language: .en, base: "USD", registry: registry)
      .split(separator: "\n").dropFirst().prefix { $0.hasPrefix("  ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(listed == expected)
    // `help NAME`: each screen's form, its summary, then its details (a line each).
    #expect(
      HelpText.text(for: "EDIT", language: .en, base: "USD")
        == "edit N [--date DATE] SCORE [NOTE...]\n  Edit mind-log entry N (and its day, with --date)\n"
        + "  N: the entry's number on the mind log shown. A NOTE left out keeps the note.\n"
        + "  DATE: 2026-11-28, 11/28/2026, 2026. 11. 28., 2026년 11월 28일, today, yesterday,\n"
        + "  one word or several; not after today, not before 1970-01-01.\n"
        + "edit N TEXT...\n  Edit chat message N\n")
  }
}
