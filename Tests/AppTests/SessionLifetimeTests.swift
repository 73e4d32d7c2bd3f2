import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

/// A session that is let go is freed, whatever commands it ran: no view model, closure or
/// task it made holds it. A cycle would keep the session and its store alive until the
/// process ends (the leak check's sessions caught one: the store screen's `watch`
/// autoclosure captured the session). Every registered command runs once here, so a
/// command added later is checked too.
@MainActor
@Suite("Session lifetime")
struct SessionLifetimeTests {
  /// One line per command word of the shipped screens, each with arguments it takes (a
  /// usage error fails the parse).
  nonisolated static let shippedScript = [
    "rates", "fav KRW", "refresh", "calc KRW", "convert 100", "back", "stopwatch", "start",
    "lap", "stop", "more", "page 1", "reset --yes", "notices", "bookmark 1", "bookmarks",
    "rename 1 Read later", "remove 1", "clear --yes", "mindlog", "add 7.5 sunny walk",
    "edit 1 6 better", "delete 1", "chat", "say hello", "search hello", "search", "store", "source",
    "source --forget",
    "export archive.json",
    "import archive.json --replace", "help", "help lap", "show", "quit", "exit",
  ]

  /// The shipped script, after a line for each word of `registry` it does not type: the
  /// word and its usage's placeholders (CODE, N, TEXT...) as 1, its optional parts left out.
  /// So a new screen's commands run here with no line added for them.
  nonisolated static func script(for registry: ScreenRegistry) -> [String] {
    let typed = Set(shippedScript.compactMap { $0.split(separator: " ").first.map(String.init) })
    let added = registry.commands.flatMap { command in
      let arguments = command.usage.replacing(/\s*\[[^\]]*\]/, with: "")
        .split(separator: " ").dropFirst()
        .map { $0.allSatisfy { $0.isUppercase || $0 == "." } ? "1" : String($0) }
      return command.words.filter { !typed.contains($0) }.map {
        ([$0] + arguments).joined(separator: " ")
      }
    }
    return added + shippedScript
  }

  func session(files: any ArchiveFileRepository, registry: ScreenRegistry) -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: InMemoryStore().repositories)
    return Session(
      store: store, timeline: Timeline(clock: ContinuousClock(), now: { Date() }),
      strings: Strings(language: .en, timeZone: .gmt), rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(), archiveFiles: files, notices: SampleNotices.all,
      registry: registry)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func theScriptTypesEveryRegisteredCommand(registry: ScreenRegistry) {
    let script = Self.script(for: registry)
    let typed = Set(script.compactMap { $0.split(separator: " ").first.map(String.init) })
    let registered = Set(registry.commands.flatMap { [$0.name] + $0.aliases })
    #expect(registered.subtracting(typed).isEmpty, "not run: \(registered.subtracting(typed))")
    // A screen the shipped script does not know gets its lines.
    let added = Self.script(for: .withTally).dropLast(Self.shippedScript.count)
    #expect(Array(added) == ["tally", "count 1"])
  }

  @Test(arguments: ScreenRegistry.underTest)
  func aSessionLetGoIsFreedAfterEveryCommand(registry: ScreenRegistry) async throws {
    weak var released: Session?
    weak var storeScreen: StoreViewModel?
    let files = InMemoryArchiveFileRepository()
    do {
      let session = session(files: files, registry: registry)
      released = session
      #expect(await session.launch() == nil)
      // The follower of other processes' changes, as a line session runs it.
      let following = session.followStore { reload in _ = await reload() }
      for line in Self.script(for: registry) {
        let words = line.split(separator: " ").map(String.init)
        let command = try #require(
          try CommandParser.parse(words: words, registry: registry), "\(line)")
        let outcome = await session.execute(command)
        if line.hasPrefix("export") || line.hasPrefix("import") {
          guard case .text = outcome else {
            Issue.record("\(line): \(outcome)")
            continue
          }
        }
      }
      #expect(session.madeFeatures.count == registry.features.count)
      storeScreen = session.storeViewModel
      following.cancel()
      await following.value
    }
    #expect(released == nil, "the session outlived its last reference")
    #expect(storeScreen == nil, "the store screen outlived its session")
  }
}
