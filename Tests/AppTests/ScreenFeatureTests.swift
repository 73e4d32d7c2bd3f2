import Data
import Domain
import Foundation
import Presentation
import Testing

@testable import App

@MainActor
@Suite("Screen features")
struct ScreenFeatureTests {
  nonisolated static let screens: [Screen] = [
    .rates, .calculator(currency: "KRW"), .stopwatch, .notices, .bookmarks, .mindLog, .chat,
  ]

  func session() -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: InMemoryStore().repositories)
    return Session(
      store: store, timeline: Timeline(clock: ContinuousClock(), now: { Date() }),
      strings: Strings(language: .en, timeZone: .gmt), rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(), archiveFiles: InMemoryArchiveFileRepository(),
      notices: SampleNotices.all)
  }

  /// The list names every screen: a new screen fails to compile here until it is listed,
  /// and then fails the next test until its feature is registered.
  @Test func theListNamesEveryScreen() {
    func listed(_ screen: Screen) -> Bool {
      switch screen {
      case .rates, .calculator, .stopwatch, .notices, .bookmarks, .mindLog, .chat: true
      }
    }
    #expect(Self.screens.allSatisfy(listed))
    #expect(Set(Self.screens.map(\.tab)) == Set(Tab.allCases))
  }

  /// Each screen is shown by exactly one registered feature.
  @Test(arguments: screens)
  func everyScreenHasOneFeature(screen: Screen) {
    #expect(session().features.filter { $0.shows(screen) }.count == 1)
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

  /// The help lists the commands in the order of the screens' registration.
  @Test func helpListsEveryCommandOnce() {
    let names = CommandHelp.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(
      names == [
        "show", "more", "page", "rates", "fav", "refresh", "calc", "convert", "back", "stopwatch",
        "start", "stop",
        "lap", "reset", "notices", "bookmark", "bookmarks", "rename", "remove", "clear", "mindlog",
        "add", "chat", "say", "edit", "delete", "store", "export", "import", "help", "quit",
      ])
  }
}
