import Data
import Domain
import Foundation
import Presentation
import Testing

@testable import App

/// A session that is let go is freed, whatever commands it ran: no view model, closure or
/// task it made holds it. A cycle would keep the session and its store alive until the
/// process ends (the leak check's sessions caught one: the store screen's `watch`
/// autoclosure captured the session). Every registered command runs once here, so a
/// command added later is checked too.
@MainActor
@Suite("Session lifetime")
struct SessionLifetimeTests {
  /// One line per registered command word, each with arguments it takes (a usage error
  /// fails the parse).
  nonisolated static let script = [
    "rates", "fav KRW", "refresh", "calc KRW", "convert 100", "back", "stopwatch", "start",
    "lap", "stop", "more", "page 1", "reset --yes", "notices", "bookmark 1", "bookmarks",
    "rename 1 Read later", "remove 1", "clear --yes", "mindlog", "add 7.5 sunny walk",
    "edit 1 6 better", "delete 1", "chat", "say hello", "store", "export archive.json",
    "import archive.json --replace", "help", "help lap", "show", "quit", "exit",
  ]

  func session(files: any ArchiveFileRepository) -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: InMemoryStore().repositories)
    return Session(
      store: store, timeline: Timeline(clock: ContinuousClock(), now: { Date() }),
      strings: Strings(language: .en, timeZone: .gmt), rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(), archiveFiles: files, notices: SampleNotices.all)
  }

  @Test func theScriptTypesEveryRegisteredCommand() {
    let typed = Set(Self.script.compactMap { $0.split(separator: " ").first.map(String.init) })
    let registered = Set(
      ScreenRegistry.standard.commands.flatMap { [$0.name] + $0.aliases })
    #expect(registered.subtracting(typed).isEmpty, "not run: \(registered.subtracting(typed))")
  }

  @Test func aSessionLetGoIsFreedAfterEveryCommand() async throws {
    weak var released: Session?
    weak var storeScreen: StoreViewModel?
    let files = InMemoryArchiveFileRepository()
    do {
      let session = session(files: files)
      released = session
      #expect(await session.launch() == nil)
      // The follower of other processes' changes, as a line session runs it.
      let following = session.followStore { reload in _ = await reload() }
      for line in Self.script {
        let words = line.split(separator: " ").map(String.init)
        let command = try #require(try CommandParser.parse(words: words), "\(line)")
        let outcome = await session.execute(command)
        if line.hasPrefix("export") || line.hasPrefix("import") {
          guard case .text = outcome else {
            Issue.record("\(line): \(outcome)")
            continue
          }
        }
      }
      #expect(session.madeFeatures.count == ScreenRegistry.standard.features.count)
      storeScreen = session.storeViewModel
      following.cancel()
      await following.value
    }
    #expect(released == nil, "the session outlived its last reference")
    #expect(storeScreen == nil, "the store screen outlived its session")
  }
}
