import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// A screen declared only in this file and registered in a registry the test builds: its
/// commands, keys, tab and words reach the parser, `help`, usage errors, the tab line, the
/// key bar, `?` and the digit keys with no other file changed. What the README's "Adding a
/// screen" says it takes. Its count is kept in the store, as the test-only declared kind
/// `Tally` (TestSupport), so it survives a restart on every store and follows another
/// process's clicks.
@MainActor
final class TallyScreen: ScreenFeature, FollowsStore {
  enum Intent: Hashable, Sendable {
    case show
    case add(Int)
  }

  nonisolated static let screen = Screen.named("tally")

  nonisolated static let commands: [CommandSpec] = [
    CommandSpec("tally", "Show the tally", "집계를 보여줍니다") { words throws(UsageError) in
      words.own(Intent.show)
    },
    CommandSpec(
      "count", usage: "count N", "Add N to the tally", "집계에 N을 더합니다", isScreenBound: true
    ) { words throws(UsageError) in words.own(Intent.add(try words.number())) },
  ]

  nonisolated static let tab: TabSpec? = TabSpec(
    screen, title: Wording("Tally", "집계"), opener: "tally",
    hint: "count N")

  nonisolated static let keys: [KeyHelp] = [KeyHelp("+", "count one", "하나 세기")]

  /// Another process's click is a change to the tally.
  nonisolated static let records: RecordKinds = .tally

  /// The key of the one tally this screen counts on.
  nonisolated static let key = "screen"

  struct State: ScreenState {
    var total = 0
    var screen: Screen { TallyScreen.screen }
    var message: Message? { nil }
    func lines(_ renderer: Renderer) -> [ScreenLine] { [ScreenLine("Total \(total)")] }
  }

  private(set) var state = State()
  private(set) var message: Message?
  private let tallies: KeyedRecords<Tally>

  init(_ dependencies: ScreenDependencies) {
    tallies = dependencies.repositories.records(Tally.self)
  }

  func load(_ screen: Screen) async {
    await run { self.state.total = try await self.tallies.record(Self.key)?.count ?? 0 }
  }

  /// The screen follows the store itself: it has no view model.
  var followed: any FollowsStore { self }
  func reload() async { await load(Self.screen) }

  /// Runs `body`; a failure is the screen's message, and the total stays as it was.
  private func run(_ body: () async throws -> Void) async {
    do {
      try await body()
      message = nil
    } catch {
      message = Message(error)
    }
  }
  var content: ScreenContent { ScreenContent(state) }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    guard case .screen(let own) = command, let intent = own.value as? Intent else { return nil }
    switch intent {
    case .show: return .navigate(Self.screen)
    case .add(let number):
      guard context.current == Self.screen else { return nil }
      return .perform(Self.screen) {
        await self.run { self.state.total = try await self.tallies.click(Self.key, adding: number) }
      }
    }
  }

  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    key == .character("+") ? .run(.screen(ScreenCommand(word: "count", Intent.add(1)))) : nil
  }
}

@MainActor
@Suite("A screen registered once")
struct RegisteredScreenTests {
  let registry = ScreenRegistry.withTally
  let strings = Strings(language: .en, timeZone: .gmt)

  func session(
    _ registry: ScreenRegistry, repositories: Repositories = InMemoryStore().repositories
  ) async -> Session {
    let session = await Session.launched(
      strings: strings, repositories: repositories, registry: registry)
    return session
  }

  @Test func theParserReadsItsCommands() throws {
    #expect(
      try CommandParser.parse("COUNT 3", registry: registry)
        == .screen(ScreenCommand(word: "count", TallyScreen.Intent.add(3))))
    #expect(
      try CommandParser.parse(words: ["tally"], registry: registry)
        == .screen(ScreenCommand(word: "tally", TallyScreen.Intent.show)))
    #expect(throws: UsageError.notANumber(command: "count", word: "x")) {
      try CommandParser.parse("count x", registry: registry)
    }
    #expect(throws: UsageError.noMoreWords(command: "tally")) {
      try CommandParser.parse("tally now", registry: registry)
    }
    #expect(
      UsageError.notANumber(command: "count", word: "x").text(.ko, registry: registry)
        .hasSuffix("사용법: count N"))
    // Without the registration, the words are unknown.
    #expect(throws: UsageError.unknownCommand("tally")) { try CommandParser.parse("tally") }
    #expect(throws: UsageError.unknownCommand("count")) { try CommandParser.parse("help count") }
    #expect(try CommandParser.parse("help count", registry: registry) == .help(topic: "count"))
  }

  @Test func helpListsItsCommandsInBothLanguages() {
    let english = HelpText.text(for: nil, language: .en, base: "USD", registry: registry)
    let lines = english.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("  tally ") && $0.hasSuffix("  Show the tally") })
    #expect(lines.contains { $0.hasPrefix("  count N ") && $0.hasSuffix("  Add N to the tally") })
    // After the last registered screen's commands, before the global ones.
    let order = lines.compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(order.firstIndex(of: "tally")! > order.lastIndex(of: "say")!)
    #expect(order.firstIndex(of: "count")! < order.firstIndex(of: "store")!)
    #expect(
      HelpText.text(for: "count", language: .ko, base: "USD", registry: registry)
        == "count N\n  집계에 N을 더합니다\n")
    #expect(!HelpText.text(for: nil, language: .en, base: "USD").contains("tally"))
  }

  @Test func itsScreenShowsOnItsTabWithItsHint() async {
    let session = await session(registry)
    #expect(
      await session.execute(.screen(ScreenCommand(word: "tally", TallyScreen.Intent.show)))
        == .done(nil))
    #expect(session.content.screen == TallyScreen.screen)
    #expect(
      await session.execute(.screen(ScreenCommand(word: "count", TallyScreen.Intent.add(2))))
        == .done(nil))
    let text = Renderer(strings: strings, registry: registry).render(session.content)
    #expect(
      text == """
        \(registry.tabLine(current: TallyScreen.screen))

        Total 2

        Commands: count N · help

        """)
    #expect(
      Renderer(strings: Strings(language: .ko, timeZone: .gmt), registry: registry).render(
        session.content
      )
      .hasPrefix(registry.tabLine(current: TallyScreen.screen, .ko) + "\n"))
    // The test's tab line puts the tally last, after every tab `pocket` ships.
    #expect(
      registry.tabLine(current: TallyScreen.screen).hasSuffix(
        ScreenRegistry.standard.tabTitles().joined(separator: "  ") + "  [Tally]"))
  }

  @Test func itsScreenBoundCommandIsRefusedElsewhere() async {
    let session = await session(registry)
    let count = Command.screen(ScreenCommand(word: "count", TallyScreen.Intent.add(1)))
    #expect(
      await session.execute(count) == .refused(.notOnThisScreen(command: "count", open: ["tally"])))
    #expect(
      await session.execute(.more)
        == .refused(
          .notOnThisScreen(command: "more", open: ["stopwatch", "bookmarks", "mindlog", "chat"])))
  }

  @Test func theLiveViewTakesItsTabAndKeys() async {
    let session = await session(registry)
    let live = LiveController(
      session: session, renderer: Renderer(strings: strings, registry: registry),
      size: TerminalSize(rows: 30, columns: 140))
    let tallyKey = ScreenRegistry.digit(registry.tabs.count - 1)
    await live.handle(.character(tallyKey))
    #expect(session.content.screen == TallyScreen.screen)
    await live.handle(.character("+"))
    #expect((session.currentFeature as? TallyScreen)?.state.total == 1)
    let rows = live.frame().rows(30).map(\.text)
    #expect(
      rows.last?.hasPrefix("+ count one · \(registry.digitRange) screens · ") == true,
      "\(rows.last ?? "")")
    await live.handle(.tab)
    #expect(session.content.screen == registry.tabs.first?.tab.screen)
    await live.handle(.backTab)
    #expect(session.content.screen == TallyScreen.screen)
    await live.handle(.backTab)
    #expect(session.content.screen == ScreenRegistry.standard.tabs.last?.tab.screen)
    await live.handle(.character("?"))
    // Its lines, those below the screen's last row too.
    let keys = live.state.page ?? []
    let titles = registry.tabTitles().joined(separator: ", ")
    #expect(keys.contains { $0.contains("\(registry.digitRange)  show a screen (\(titles))") })
    #expect(titles.hasSuffix(", Tally"))
    #expect(keys.contains { $0.contains("Tally: + count one") })
  }

  /// The count is the store's: a new session on the same store shows it, and a click there
  /// is a change of the tally's kind.
  @Test func itsCountIsKeptInTheStore() async throws {
    let repositories = InMemoryStore().repositories
    let first = await session(registry, repositories: repositories)
    _ = await first.execute(.screen(ScreenCommand(word: "tally", TallyScreen.Intent.show)))
    _ = await first.execute(.screen(ScreenCommand(word: "count", TallyScreen.Intent.add(5))))
    #expect(try await repositories.records(Tally.self).record(TallyScreen.key)?.count == 5)
    let second = await session(registry, repositories: repositories)
    #expect(second.content.screen == TallyScreen.screen)
    #expect((second.currentFeature as? TallyScreen)?.state.total == 5)
    let refused = await second.execute(
      .screen(ScreenCommand(word: "count", TallyScreen.Intent.add(-6))))
    #expect(refused != .done(nil), "a tally below 0 is refused")
    #expect(try await repositories.records(Tally.self).record(TallyScreen.key)?.count == 5)
  }

  /// The screen seen last comes back on launch; a registry without it (an older version)
  /// shows the rates list instead.
  @Test func itsScreenComesBackOnLaunch() async throws {
    let repositories = InMemoryStore().repositories
    let first = await session(registry, repositories: repositories)
    #expect(
      await first.execute(.screen(ScreenCommand(word: "tally", TallyScreen.Intent.show)))
        == .done(nil))
    #expect(
      await session(registry, repositories: repositories).content.screen == TallyScreen.screen)
    let older = await session(.standard, repositories: repositories)
    #expect(older.content.screen == .rates)
    #expect(try await repositories.screens.lastScreen() == .rates)
  }
}
