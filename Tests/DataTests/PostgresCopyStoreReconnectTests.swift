import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import TestTraits
import Testing

@testable import PocketData

/// A followed store read from its copy whose server stops and starts again (a server
/// restarting, a laptop losing its network), on a private server the test stops: the copy
/// stays shown and the views are told once that the server does not answer; every change
/// is refused meanwhile, with nothing written; once the server answers, what was missed is
/// pulled, the views are told, and the server's announcements are followed again.
@Suite(
  "PostgreSQL: a followed store read from its copy through its server's restarts",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresCopyStoreReconnectTests {
  /// Waits until `isDone` holds, looking every 20 ms, or fails after `deadline`. (The
  /// views' being told is the live view's test: `PostgresOfflineProcessTests`.)
  static func until(
    deadline: Duration = .seconds(30), _ what: String, _ isDone: () async throws -> Bool
  ) async throws {
    let end = ContinuousClock.now + deadline
    while try await !isDone() {
      guard ContinuousClock.now < end else {
        Issue.record("not within \(deadline): \(what)")
        return
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  @Test func theCopyStaysShownWhileTheServerIsDownAndIsFollowedOnceItAnswers() async throws {
    let server = try await Blocking.run { try PostgresServer.start() }
    defer { server.remove() }
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let copyPath = directory.appendingPathComponent("replica.sqlite").path
    let (url, schema) = (server.url(), PostgresServer.uniqueSchema())
    func reaching() -> PostgresStore {
      PostgresStore.reaching(schema: schema) { (PostgresTarget(url: url, schema: schema), [:]) }
    }
    func elsewhere(_ content: String) async throws {
      let other = try PostgresStore.open(PostgresTarget(url: url, schema: schema), environment: [:])
      _ = try await other.repositories.chat.insert(content: content, date: Date())
      await other.close()
    }
    try await elsewhere("before")
    await reaching().close(pullingInto: copyPath)
    let store = try #require(
      try PostgresCopyStore.open(reaching(), copyAt: copyPath, reads: .atOnce))
    let mine = store.repositories
    func contents() async throws -> [String] {
      try await mine.chat.messages(offset: 0, limit: 100).items.map(\.content)
    }
    // Followed while subscribed.
    let changes = mine.changes.subscribe()
    try await elsewhere("followed")
    try await Self.until("a message said elsewhere") {
      try await contents() == ["before", "followed"]
    }

    for restart in 1...2 {
      try await Blocking.run { try server.stop() }
      try await Self.until("the server's loss, restart \(restart)") {
        store.status().offline
      }
      let warnings = store.takeWarnings()
      guard warnings.count == 1, case .offlineCopy = warnings[0].cause else {
        Issue.record("restart \(restart): not one offline warning: \(warnings)")
        return
      }
      #expect(try await contents().count == restart + 1, "the copy is still shown")
      await #expect(throws: DomainError.self) {
        _ = try await mine.chat.insert(content: "refused", date: Date())
      }
      try await Blocking.run { try server.restart() }
      // Said while this store did not follow the server: pulled once it answers again.
      try await elsewhere("missed \(restart)")
      try await Self.until("the message missed, restart \(restart)") {
        try await contents().last == "missed \(restart)" && !store.status().offline
      }
      #expect(store.takeWarnings().isEmpty, "restart \(restart)")
    }
    // Followed again, and changes are made again.
    _ = try await mine.chat.insert(content: "mine", date: Date())
    try await elsewhere("followed again")
    try await Self.until("a message said once the server is back") {
      try await contents().last == "followed again"
    }
    #expect(
      try await contents() == [
        "before", "followed", "missed 1", "missed 2", "mine", "followed again",
      ])
    withExtendedLifetime(changes) {}
    await store.close()
  }
}

/// A postgres store whose server restarted between two of its statements (a line-mode
/// session, a live view): the connection lost while idle is replaced before the next
/// statement is sent, so the change is made, once.
@Suite(
  "PostgreSQL: a store whose server restarted between its statements",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresStoreRestartTests {
  @Test func theNextChangeIsMadeOnceOnANewConnection() async throws {
    let server = try await Blocking.run { try PostgresServer.start() }
    defer { server.remove() }
    let target = PostgresTarget(url: server.url(), schema: PostgresServer.uniqueSchema())
    let store = try PostgresStore.open(target, environment: [:])
    let chat = store.repositories.chat
    _ = try await chat.insert(content: "before", date: Date())
    let before = await store.database.backendPID
    for restart in 1...2 {
      try await Blocking.run {
        try server.stop()
        try server.restart()
      }
      _ = try await chat.insert(content: "after \(restart)", date: Date())
    }
    #expect(await store.database.backendPID != before)
    let other = try PostgresStore.open(target, environment: [:])
    let page = try await other.repositories.chat.messages(offset: 0, limit: 10)
    #expect(page.items.map(\.content) == ["before", "after 1", "after 2"])
    await other.close()
    await store.close()
  }
}
