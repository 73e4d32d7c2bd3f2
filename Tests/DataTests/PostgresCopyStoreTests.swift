import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// A postgres store read from this machine's copy (`PostgresCopyStore`): reads served by
/// the copy, every change made on the server and read back at once, the server's
/// announcements followed, and the copy shown while the server does not answer. The oracle
/// is the server's own export, read by a postgres store of the test's apart from the copy.
@Suite(
  "PostgreSQL: a store read from its copy",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresCopyStoreTests {
  let server: PostgresServer
  let schema = PostgresServer.uniqueSchema()
  /// The store as another machine writes it, and the test's oracle.
  let elsewhere: PostgresStore
  let psql: PostgresConnection
  let directory: URL
  let copyPath: String

  init() throws {
    server = try #require(PostgresServer.shared)
    elsewhere = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: schema), environment: [:])
    psql = try PostgresChangeLogTests.connect(server, schema)
    directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    copyPath = directory.appendingPathComponent("replica.sqlite").path
  }

  /// The copy, brought up to date once (as a command's end makes it).
  func makeCopy() throws {
    let replica = try PostgresReplica.connect(path: copyPath)
    defer { try? replica.close() }
    _ = try PostgresReplica.pull(from: psql, into: replica)
  }

  /// A store of this machine's on the test's schema, read from the copy.
  func opened(_ reads: PostgresCopyStore.Reads) throws -> PostgresCopyStore {
    let (url, schema) = (server.url(), schema)
    let store = PostgresStore.reaching(schema: schema) {
      (PostgresTarget(url: url, schema: schema), [:])
    }
    return try #require(try PostgresCopyStore.open(store, copyAt: copyPath, reads: reads))
  }

  func contents(_ repositories: Repositories) async throws -> [String] {
    try await repositories.chat.messages(offset: 0, limit: 100).items.map(\.content)
  }

  @Test func everyChangeIsReadBackAtOnceAndEveryReadIsTheCopys() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await elsewhere.repositories.chat.insert(content: "one", date: Date())
    try makeCopy()
    _ = try await elsewhere.repositories.chat.insert(content: "two", date: Date())
    let store = try opened(.afterAPull)
    let mine = store.repositories
    // The first read waited for a pull.
    #expect(try await contents(mine) == ["one", "two"])
    // Later reads are the copy's: another machine's message waits for the next pull.
    _ = try await elsewhere.repositories.chat.insert(content: "three", date: Date())
    #expect(try await contents(mine) == ["one", "two"])
    // A change of this store's is read back at once, with what came before it.
    _ = try await mine.chat.insert(content: "four", date: Date())
    #expect(try await contents(mine) == ["one", "two", "three", "four"])
    let copy = try SQLiteStore.open(path: copyPath)
    #expect(try await contents(copy.repositories) == ["one", "two", "three", "four"])
    let status = store.status()
    #expect(status.path == copyPath && status.copiedAt != nil && !status.offline)
    await store.close()
  }

  @Test func afterRandomChangesOfEveryKindTheStoreReadsWhatTheServerHolds() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try makeCopy()
    let store = try opened(.afterAPull)
    var writes = ReplicaWrites(
      repositories: store.repositories, psql: psql, seed: Soak.size(4_701, full: 470_147))
    for round in 1...Soak.size(300, full: 3_000) {
      try await writes.one()
      let last = try #require(writes.done.last)
      // `psql` is another client: what it did is read once the server announced it.
      if last.name.hasPrefix("psql") { await store.pull() }
      #expect(
        try await PostgresReplicaTests.exported(store.repositories)
          == PostgresReplicaTests.exported(elsewhere.repositories),
        "round \(round): \(writes.done.suffix(4))")
    }
    let made = Set(writes.done.filter { !$0.refused }.map(\.kind))
    #expect(made.count == ReplicaWrites.kinds, "made: \(made.sorted())")
    await store.close()
  }

  @Test func aFollowedStorePullsWhatTheServerAnnounces() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try makeCopy()
    let store = try opened(.atOnce)
    var changes = store.repositories.changes.subscribe().makeAsyncIterator()
    _ = try await elsewhere.repositories.chat.insert(content: "from elsewhere", date: Date())
    var kinds = RecordKinds()
    while !kinds.contains(.chat), let event = await changes.next() {
      guard case .changed(let more) = event else {
        Issue.record("the store was given up: \(event)")
        break
      }
      kinds.formUnion(more)
    }
    #expect(try await contents(store.repositories) == ["from elsewhere"])
    #expect(store.takeWarnings().isEmpty)
    await store.close()
  }

  @Test func aCopyThatCannotBeWrittenLeavesTheReadsToTheServer() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try makeCopy()
    let store = try opened(.afterAPull)
    #expect(try await contents(store.repositories) == [])
    var changes = store.repositories.changes.subscribe().makeAsyncIterator()
    // The copy's position can no longer be read or written.
    let damage = try PostgresReplica.connect(path: copyPath)
    try damage.execute("DROP TABLE replica_pulled")
    try damage.close()
    _ = try await store.repositories.chat.insert(content: "mine", date: Date())
    #expect(store.readsServer)
    #expect(try await contents(store.repositories) == ["mine"])
    let copy = try SQLiteStore.open(path: copyPath)
    #expect(try await contents(copy.repositories) == [])
    // Another machine's change, which the copy cannot take, is followed on the server.
    _ = try await elsewhere.repositories.chat.insert(content: "theirs", date: Date())
    while case .changed(let kinds)? = await changes.next(), !kinds.contains(.chat) {}
    #expect(try await contents(store.repositories) == ["mine", "theirs"])
    await store.close()
  }

  /// A store in a schema of its own with more messages than its pulls copy whole
  /// (`PostgresDatabase.limitWholeCopies`, as a store of over 20,000 records is),
  /// "message 1" first; and how many it holds.
  func largeStore() async throws -> (schema: String, count: Int) {
    let schema = PostgresServer.uniqueSchema()
    let large = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: schema), environment: [:])
    let count = Int(Self.wholeCopyRecords) + 1
    _ = try await large.repositories.chat.insert(
      contentsOf: (1...count).map { ("message \($0)", Fixtures.date(Int64($0) * 1_000)) })
    await large.close()
    return (schema, count)
  }

  static let wholeCopyRecords: Int64 = 20

  /// A store of this machine's on `schema`, whose pulls copy whole at most
  /// `wholeCopyRecords` records.
  func reaching(_ schema: String) async -> PostgresStore {
    let url = server.url()
    let store = PostgresStore.reaching(schema: schema) {
      (PostgresTarget(url: url, schema: schema), [:])
    }
    await store.database.limitWholeCopies(to: Self.wholeCopyRecords)
    return store
  }

  /// The copy's own file, read apart from any store of the test's: its messages' count and
  /// the first.
  func copied() async throws -> (total: Int, first: [String]) {
    let copy = try SQLiteStore.open(path: copyPath)
    let page = try await copy.repositories.chat.messages(offset: 0, limit: 1)
    return (page.total, page.items.map(\.content))
  }

  /// A copy of another log (here another schema's) that would need a whole copy larger
  /// than a pull makes is not shown: the server is read, until a view that follows the
  /// store has made the whole copy beside it, on a connection of its own; the copy is read
  /// from then on.
  @Test func aCopyTooLargeToMakeAgainLeavesTheReadsToTheServerUntilAFollowerCopiesIt()
    async throws
  {
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await elsewhere.repositories.chat.insert(content: "another store's", date: Date())
    try makeCopy()
    let (other, count) = try await largeStore()
    let store = try #require(
      try PostgresCopyStore.open(await reaching(other), copyAt: copyPath, reads: .afterAPull))
    let page = try await store.repositories.chat.messages(offset: 0, limit: 1)
    #expect(page.total == count && page.items.map(\.content) == ["message 1"])
    #expect(store.readsServer)
    #expect(try await copied() == (1, ["another store's"]))

    // Followed as a live view follows it, for as long as `following` lives.
    let following = store.repositories.changes.subscribe()
    let deadline = ContinuousClock.now + .seconds(30)
    while store.readsServer, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    withExtendedLifetime(following) {}
    #expect(!store.readsServer)
    #expect(try await copied() == (count, ["message 1"]))
    let read = try await store.repositories.chat.messages(offset: 0, limit: 1)
    #expect(read.total == count && read.items.map(\.content) == ["message 1"])
    await store.close()
  }

  /// A store with no copy yet, too large for a command's end to copy whole: a view that
  /// follows the plain store copies it whole (`PostgresStore.copyWhole(into:)`), and the
  /// next store opened reads that copy.
  @Test func aStoreTooLargeForACommandsEndIsCopiedWholeByAFollower() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (other, count) = try await largeStore()
    let store = await reaching(other)
    await store.close(pullingInto: copyPath)
    #expect(
      try PostgresCopyStore.open(await reaching(other), copyAt: copyPath, reads: .afterAPull) == nil
    )
    let following = await reaching(other)
    #expect(await following.copyWhole(into: copyPath))
    await following.close()
    #expect(try await copied() == (count, ["message 1"]))
    let next = try #require(
      try PostgresCopyStore.open(await reaching(other), copyAt: copyPath, reads: .afterAPull))
    let page = try await next.repositories.chat.messages(offset: 0, limit: 1)
    #expect(page.total == count && page.items.map(\.content) == ["message 1"])
    #expect(!next.readsServer)
    await next.close()
  }

  /// A server that takes the connection and never answers (reached with a connect timeout
  /// of 2 s): a store that reads at once shows its copy without waiting for it; one that
  /// pulls first shows the copy once the server was given up, and says so once.
  @Test func aServerThatDoesNotAnswerLeavesTheCopyShownAndRefusesChanges() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await elsewhere.repositories.chat.insert(content: "kept", date: Date())
    try makeCopy()
    let listener = try SilentListener()
    defer { listener.stop() }
    func silent(_ reads: PostgresCopyStore.Reads) throws -> PostgresCopyStore {
      let store = PostgresStore.reaching(schema: schema) {
        (
          PostgresTarget(url: "postgresql://pocket@127.0.0.1:\(listener.port)/pocket"),
          ["PGCONNECT_TIMEOUT": "2"]
        )
      }
      return try #require(try PostgresCopyStore.open(store, copyAt: copyPath, reads: reads))
    }
    let atOnce = try silent(.afterAPull)
    // As a live view opens it: before its first read.
    atOnce.readAtOnce()
    #expect(try await contents(atOnce.repositories) == ["kept"])
    // Read without waiting: the server was not given up yet, and nothing was said.
    #expect(!atOnce.hasReached && atOnce.takeWarnings().isEmpty)

    let pulling = try silent(.afterAPull)
    #expect(try await contents(pulling.repositories) == ["kept"])
    let warnings = pulling.takeWarnings()
    #expect(warnings.count == 1)
    guard case .offlineCopy(_, let cause)? = warnings.first?.cause else {
      Issue.record("no offline warning: \(warnings)")
      return
    }
    #expect("\(cause)".contains("timeout"))
    #expect(pulling.takeWarnings().isEmpty)
    let (shown, readAtOnce) = (pulling.status(), atOnce.status())
    #expect(shown.offline && !readAtOnce.offline)
    await #expect(throws: DomainError.self) {
      _ = try await pulling.repositories.chat.insert(content: "lost", date: Date())
    }
    #expect(try await contents(pulling.repositories) == ["kept"])
    #expect(try await contents(elsewhere.repositories) == ["kept"])
  }
}

/// The store read from its copy as a one-shot command opens it (`StoreThread.main`).
@Suite(
  "PostgreSQL: a one-shot command's store read from its copy",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
@MainActor
struct PostgresCopyStoreOneShotTests {
  /// A one-shot command's store (`StoreThread.main`) checks its schema with the first pull's
  /// first statement, in its round trip; a schema the server refuses (here of a newer
  /// Pocket) is refused by the read, as by any statement, and the copy is not shown.
  @Test func aOneShotPullChecksTheSchemaInItsOwnRoundTrips() async throws {
    let base = try PostgresCopyStoreTests()
    defer { try? FileManager.default.removeItem(at: base.directory) }
    _ = try await base.elsewhere.repositories.chat.insert(content: "hi", date: Date())
    try base.makeCopy()
    let (url, schema, copyPath) = (base.server.url(), base.schema, base.copyPath)
    func oneShot() throws -> (PostgresStore, PostgresCopyStore) {
      let reached = PostgresStore.reaching(schema: schema, thread: .main) {
        (PostgresTarget(url: url, schema: schema), [:])
      }
      let store = try PostgresCopyStore.open(
        reached, copyAt: copyPath, reads: .afterAPull, thread: .main)
      return (reached, try #require(store))
    }
    let (current, store) = try oneShot()
    #expect(try await base.contents(store.repositories) == ["hi"])
    // The check, BEGIN and the log's state in one round trip; COMMIT in another.
    #expect(await current.database.roundTrips == 2)
    await store.close()

    try base.psql.execute("UPDATE schema_version SET version = version + 1")
    let (_, refused) = try oneShot()
    await #expect {
      _ = try await refused.repositories.chat.messages(offset: 0, limit: 10)
    } throws: { error in
      guard case DomainError.corruptStore = error else { return false }
      return true
    }
    await refused.close()
    try base.psql.execute("UPDATE schema_version SET version = version - 1")
  }
}
