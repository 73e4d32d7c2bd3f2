import Foundation
import PocketData
import TestSupport
import TestTraits
import Testing

/// `pocket --store postgres` in a live view on a machine that has no copy of the store yet:
/// the view makes this machine's copy while it follows the store (whole, on a connection of
/// its own, whatever the store's size), not only when it ends, so a store too large for a
/// command's end to copy gets one from a view left open.
@Suite(
  "pocket's live view makes this machine's copy of a PostgreSQL store", .blocking,
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresLiveCopyProcessTests {
  @Test(.enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
  func aLiveViewMakesTheCopyWhileItIsOpen() async throws {
    let server = try #require(PostgresServer.shared)
    // Another machine, with a store folder of its own, said the message.
    let other = try PocketProcess(store: "postgres")
    defer { other.remove() }
    let schema = try #require(other.postgresSchema)
    let said = try other.run(["say", "said elsewhere"])
    #expect(said.status == 0, "\(said.stderr)")
    guard
      let live = try LiveTerminalTests().start(
        ["--store", "postgres", "--store-schema", schema], environment: server.environment(),
        prepare: { folder throws in
          let copies = try PostgresOfflineProcessTests.copies(folder)
          #expect(copies.isEmpty)
        })
    else { return }
    defer { live.close() }
    try live.send("6") { $0.contains("said elsewhere") }
    // This machine's copy, read apart from Pocket while the view is still open.
    let deadline = ContinuousClock.now + StoreFollowing.deadline
    var copied: [String] = []
    while copied.isEmpty, ContinuousClock.now < deadline {
      if let name = try PostgresOfflineProcessTests.copies(live.directory).first {
        let path = live.directory.appendingPathComponent(name).path
        copied = (try? await Self.messages(inCopyAt: path)) ?? []
      }
      if copied.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(copied == ["said elsewhere"])
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  /// The messages of the copy at `path`; none before its first pull committed.
  static func messages(inCopyAt path: String) async throws -> [String] {
    let copy = try SQLiteStore.open(path: path)
    return try await copy.repositories.chat.messages(offset: 0, limit: 10).items.map(\.content)
  }
}
