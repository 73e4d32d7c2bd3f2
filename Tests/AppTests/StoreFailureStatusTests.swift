import Foundation
import PocketData
import PocketDomain
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// A store that fails behind the dispatcher: whatever the command and its screen, the user
/// gets one line naming the store's path and the cause on stderr, and exit status 3.
@MainActor
@Suite("Exit status of a store that fails")
struct StoreFailureStatusTests {
  /// A command of every screen that writes, and the screen changes (which save the screen).
  nonisolated static let writingCommands: [[String]] = [
    ["start"], ["reset"], ["fav", "EUR"],
    ["--rates-file", Fixtures.url("open-er-api-USD-2024-08-19.json").path, "refresh", "--force"],
    ["calc", "KRW"],
    ["bookmark", "1"], ["clear"], ["add", "7", "walk"], ["say", "hello"], ["chat"],
    ["notices"], ["mindlog"], ["stopwatch"], ["bookmarks"],
  ]

  /// Runs `pocket arguments` (and `script` on standard input) on `store`.
  static func run(
    _ arguments: [String], script: [String] = [], on store: Repositories
  ) async -> (status: PocketApp.ExitStatus, output: String, errors: String) {
    let console = ScriptedConsole(script)
    var time = LocalTime.system()
    time.timeZone = .gmt
    var pocket = Pocket(environment: ["TZ": "UTC"], console: console, time: time)
    pocket.openStore = { _, _, _ in
      OpenedStore(kind: .memory, path: "memory", schemaVersion: 1, repositories: store)
    }
    let status = await pocket.run(["--lang", "en"] + arguments)
    return (status, console.output, console.errors)
  }

  /// A store with rates (2024-01-09, older than the rates file's), a message and a mind-log
  /// entry in it, whose writes fail.
  static func storeFailingItsWrites(
    _ error: DomainError, showing screen: Screen? = nil
  ) async throws -> FailingStore {
    let base = InMemoryStore().repositories
    if let screen {
      try await base.screens.save(screen)
      // What the notices printed before: `bookmark N` names a notice of it.
      let notices = SampleNotices.all.enumerated().map {
        ShownItem(number: $0.offset + 1, NoticeItem(notice: $0.element, isBookmarked: false))
      }
      try await base.screens.save(
        ShownList(screen: screen, items: screen == .notices ? notices : []), for: ThisTerminal.key)
    }
    try await base.rates.storeNewer(
      try OpenERAPIDecoder().decode(
        Foundation.Data(contentsOf: Fixtures.url("open-er-api-USD-2024-01-09.json"))))
    _ = try await base.chat.insert(content: "first", date: Fixtures.referenceDate)
    _ = try await base.mindLogs.insert(date: Fixtures.referenceDate, score: 5, note: "rain")
    let failing = FailingStore(base: base)
    failing.fail(with: error, on: .writes)
    return failing
  }

  @Test(arguments: writingCommands)
  func aCommandWhoseWriteFailsExitsWithStatus3(arguments: [String]) async throws {
    // A number names an item of the screen showing: `bookmark N` runs on the notices,
    // `clear` on the bookmarks.
    let screen: Screen? =
      switch arguments.first {
      case "bookmark": .notices
      case "clear": .bookmarks
      default: nil
      }
    let failing = try await Self.storeFailingItsWrites(FailingStore.unavailable, showing: screen)
    let run = await Self.run(arguments, on: failing.repositories)
    #expect(run.status == .storeUnusable, "\(arguments): \(run.errors)")
    #expect(run.errors == "pocket: Cannot use the store at /store/pocket.sqlite: disk I/O error\n")

    failing.recover()
    let healthy = await Self.run(arguments, on: failing.repositories)
    #expect(healthy.status == .done, "\(arguments) on a healthy store: \(healthy.errors)")
  }

  @Test(arguments: [FailingStore.unavailable, FailingStore.corrupt])
  func aStoreThatCannotBeReadExitsWithStatus3AtLaunch(error: DomainError) async {
    let run = await Self.run(["show"], on: FailingStore(failingWith: error).repositories)
    #expect(run.status == .storeUnusable)
    #expect(run.output.isEmpty)
    switch error {
    case .storageUnavailable(let path, let reason), .corruptStore(let path, let reason):
      #expect(run.errors == "pocket: Cannot use the store at \(path): \(reason.english)\n")
    default:
      Issue.record("not a store error: \(error)")
    }
  }

  /// Not every error of a store is a store failure: an item another process removed is a
  /// refusal (status 1), and the session goes on.
  @Test func anItemTheStoreNoLongerHasIsARefusalNotAFailure() async throws {
    let base = InMemoryStore().repositories
    try await base.rates.storeNewer(try await BundledRateSource().fetch())
    let notice = Notice(
      title: "Winter hours", date: Fixtures.referenceDate, url: "https://n.example/1")
    _ = try await ToggleBookmark(bookmarks: base.bookmarks, now: { Fixtures.referenceDate })(notice)
    try await base.screens.save(.bookmarks)
    let failing = FailingStore(base: base)
    failing.fail(with: .notFound, on: .writes)
    let run = await Self.run(["rename", "1", "Later"], on: failing.repositories)
    #expect(run.status == .refused, "\(run.errors)")
    #expect(run.errors.hasPrefix("pocket: ") && !run.errors.contains("Cannot use the store"))
  }

  @Test func inASessionAFailedWriteEndsWithStatus3() async throws {
    let failing = try await Self.storeFailingItsWrites(FailingStore.corrupt)
    let run = await Self.run(
      [], script: ["show", "say hello", "say again"], on: failing.repositories)
    #expect(run.status == .storeUnusable)
    // The session ends at the failed command: "say again" is never run.
    let said = run.output + run.errors
    #expect(
      said.contains("Cannot use the store at /store/pocket.json: line 3: unexpected end of file"))
    #expect(!said.contains("again"))
  }
}
