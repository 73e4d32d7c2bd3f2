import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// A machine's copy of a postgres store (`PostgresReplica`), pulled from the server's change
/// log: after random writes of every kind, by Pocket and by `psql`, each pull leaves the copy
/// holding exactly the server's records. The oracle is the server's own export, read by the
/// postgres store apart from the copy; the copy's export, read by the sqlite store, must be
/// the same bytes.
@Suite(
  "PostgreSQL: a machine's copy",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresReplicaTests {
  let server: PostgresServer
  let schema = PostgresServer.uniqueSchema()
  let store: PostgresStore
  /// A connection of the test's own on the store's schema: the pull's, and another client's
  /// (`psql`).
  let connection: PostgresConnection
  let directory: URL

  init() throws {
    server = try #require(PostgresServer.shared)
    store = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: schema), environment: [:])
    connection = try PostgresChangeLogTests.connect(server, schema)
    directory = try Fixtures.temporaryDirectory(preferringMemory: true)
  }

  /// A new copy in the test's folder: the store that reads it, and the pull's connection.
  func copy(_ name: String = "replica.sqlite") throws -> (SQLiteStore, SQLiteConnection) {
    let store = try SQLiteStore.open(path: directory.appendingPathComponent(name).path)
    return (store, try PostgresReplica.connect(path: store.path))
  }

  /// The bytes of `store`'s export without the screen seen last, which is each machine's
  /// own and never copied.
  static func exported(_ repositories: Repositories) async throws -> [UInt8] {
    var archive = try await repositories.archive.export()
    archive.lastScreen = nil
    archive.lastCalculatorCurrency = nil
    return try ArchiveFile.encode(archive)
  }

  /// What every copy keeps whatever wrote it: no row without its parent, each list's row
  /// count and blocks adding up to its rows.
  static func expectConsistent(_ replica: SQLiteConnection, _ note: String) throws {
    #expect(try replica.query("PRAGMA foreign_key_check", arguments: []) { $0.text(0) } == [])
    try replica.expectCountsAndBlocksAddUp(note)
  }

  @Test func afterRandomWritesEveryPullHoldsTheServersRecords() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    // A small log, so several writes between two pulls pass its bound and the copy is
    // copied whole again.
    try connection.execute("UPDATE change_log_pruned SET kept = 12, batch = 4")
    let (copyStore, replica) = try copy()
    var writes = ReplicaWrites(
      repositories: store.repositories, psql: connection, seed: Soak.size(47, full: 4_747))
    var ways: [PostgresReplica.Pull.Way] = []
    for round in 1...Soak.size(60, full: 600) {
      for _ in 0..<writes.count(upTo: round.isMultiple(of: 5) ? 24 : 4) {
        try await writes.one()
      }
      let pull = try PostgresReplica.pull(from: connection, into: replica)
      ways.append(pull.way)
      let note = "round \(round) (\(pull.way)) after \(writes.done.suffix(8))"
      #expect(
        try await Self.exported(copyStore.repositories)
          == Self.exported(store.repositories), "\(note)")
      try Self.expectConsistent(replica, note)
    }
    // Both ways were taken after the first pull, and each kind of write changed the store.
    #expect(ways.dropFirst().contains(.whole))
    #expect(ways.contains { if case .changes(let rows) = $0 { rows > 0 } else { false } })
    let made = Set(writes.done.filter { !$0.refused }.map(\.kind))
    #expect(made.count == ReplicaWrites.kinds, "made: \(made.sorted())")
    await store.close()
  }

  /// The copy's lists stay cut into blocks as a repository's writes keep them (split past
  /// twice the block size, a block that fell under a quarter merged), whether a pull
  /// writes rows one by one or cuts a list again, so a page far from both ends is read
  /// through them and matches the server's.
  @Test func theCopysListsStayCutIntoBlocks() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (copyStore, replica) = try copy()
    let chat = store.repositories.chat
    let blocks = "SELECT size FROM list_blocks WHERE list = 'chat_messages' ORDER BY k1, k2"
    #expect(try PostgresReplica.pull(from: connection, into: replica).way == .whole)
    for batch in 0..<4 {
      _ = try await chat.insert(
        contentsOf: (0..<650).map { ("\(batch) \($0)", Fixtures.date(Int64($0 * 4 + batch))) })
      #expect(try PostgresReplica.pull(from: connection, into: replica).way == .changes(rows: 650))
    }
    var sizes = try replica.query(blocks, arguments: []) { Int($0.int64(0)) }
    #expect(sizes.count > 1 && sizes.allSatisfy { $0 <= 2 * ListIndex.blockSize }, "\(sizes)")
    // A new copy, copied whole, is cut as the list's blocks are cut anew.
    let (_, second) = try copy("second.sqlite")
    #expect(try PostgresReplica.pull(from: connection, into: second).way == .whole)
    #expect(try second.query(blocks, arguments: []) { Int($0.int64(0)) } == [1_000, 1_000, 600])
    for _ in 0..<2 {
      try connection.execute(
        "DELETE FROM chat_messages WHERE id IN (SELECT id FROM chat_messages ORDER BY date_ms, id LIMIT 900)"
      )
      #expect(try PostgresReplica.pull(from: connection, into: replica).way == .changes(rows: 900))
    }
    sizes = try replica.query(blocks, arguments: []) { Int($0.int64(0)) }
    #expect(sizes.dropFirst().allSatisfy { $0 >= ListIndex.blockSize / 4 }, "\(sizes)")
    #expect(sizes.reduce(0, +) == 800)
    for offset in [0, 333, 799] {
      #expect(
        try await copyStore.repositories.chat.messages(offset: offset, limit: 5)
          == chat.messages(offset: offset, limit: 5))
    }
    await store.close()
  }

  /// A pull with nothing new writes nothing: the copy's readers see no change.
  @Test func aPullWithNothingNewWritesNothing() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (copyStore, replica) = try copy()
    _ = try await store.repositories.chat.insert(content: "hi", date: Fixtures.date())
    #expect(try PostgresReplica.pull(from: connection, into: replica).way == .whole)
    _ = try await copyStore.database.changedElsewhere()
    let again = try PostgresReplica.pull(from: connection, into: replica)
    #expect(again.way == .upToDate)
    #expect(try await copyStore.database.changedElsewhere() == [])
    _ = try await store.repositories.chat.insert(content: "again", date: Fixtures.date())
    #expect(try PostgresReplica.pull(from: connection, into: replica).way == .changes(rows: 1))
    #expect(try await copyStore.database.changedElsewhere() == .chat)
    await store.close()
  }

  /// A pull allowed to copy only so many records whole leaves a new copy of a larger store
  /// as it is (nothing written, no position), yet brings an existing copy up to date by its
  /// log whatever the store's size.
  @Test func aWholeCopyPastItsLimitIsLeftForLater() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, replica) = try copy()
    _ = try await store.repositories.chat.insert(contentsOf: [
      ("a", Fixtures.date()), ("b", Fixtures.date()),
    ])
    let refused = try PostgresReplica.pull(from: connection, into: replica, wholeCopyLimit: 1)
    #expect(refused == .init(way: .tooLarge, position: 0))
    #expect(try PostgresReplica.copiedAt(replica) == nil)
    #expect(try replica.integer("SELECT count(*) FROM chat_messages") == 0)
    #expect(
      try PostgresReplica.pull(from: connection, into: replica, wholeCopyLimit: 2).way == .whole)
    _ = try await store.repositories.chat.insert(content: "c", date: Fixtures.date())
    #expect(
      try PostgresReplica.pull(from: connection, into: replica, wholeCopyLimit: 1).way
        == .changes(rows: 1))
    #expect(try replica.integer("SELECT count(*) FROM chat_messages") == 3)
    await store.close()
  }

  /// A copy that holds a later position of the same log (another process's pull read a
  /// newer snapshot) is left as it is: a copy never goes back.
  @Test func aCopyNeverGoesBack() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, replica) = try copy()
    _ = try await store.repositories.mindLogs.insert(date: Fixtures.date(), score: 5, note: "a")
    let first = try PostgresReplica.pull(from: connection, into: replica)
    try replica.execute("UPDATE replica_pulled SET position = position + 5")
    try replica.execute("DELETE FROM mind_logs")
    _ = try await store.repositories.mindLogs.insert(date: Fixtures.date(), score: 6, note: "b")
    let second = try PostgresReplica.pull(from: connection, into: replica)
    #expect(second == .init(way: .upToDate, position: first.position + 5))
    #expect(try replica.integer("SELECT count(*) FROM mind_logs") == 0)
    await store.close()
  }

  /// A copy of another store's log (another schema, or the store made again) is copied
  /// whole from the store it is pulled from now.
  @Test func aCopyOfAnotherStoreIsCopiedWhole() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (copyStore, replica) = try copy()
    _ = try await store.repositories.chat.insert(content: "first store", date: Fixtures.date())
    _ = try PostgresReplica.pull(from: connection, into: replica)
    let otherSchema = PostgresServer.uniqueSchema()
    let other = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: otherSchema), environment: [:])
    _ = try await other.repositories.bookmarks.toggleOn(
      Bookmark(
        url: "https://example.com/other", title: "other", noticeDate: Fixtures.date(),
        bookmarkedAt: Fixtures.date()))
    let otherConnection = try PostgresChangeLogTests.connect(server, otherSchema)
    #expect(try PostgresReplica.pull(from: otherConnection, into: replica).way == .whole)
    #expect(
      try await Self.exported(copyStore.repositories) == Self.exported(other.repositories))
    await other.close()
    await store.close()
  }
}
