import Foundation
import PocketDomain
import Synchronization
import TestSupport
import TestTraits
import Testing

@testable import PocketData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store call waiting for another program's lock says so (`StoreWaits`): `.waiting` once
/// it has waited `StoreWaits.shownAfter`, `.ended` when it took the lock or gave up. The
/// holder lets go only once the wait was reported, so no test depends on how long anything
/// takes; a bound is checked by what the call comes to, never by a clock.
@Suite(.blocking, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreWaitTests {
  /// The reports `waits` makes, in order, as a stream.
  final class Reports: Sendable {
    let stream: AsyncStream<StoreWait>
    private let observation: StoreWaitObservation

    init(_ waits: StoreWaits) {
      let (stream, continuation) = AsyncStream.makeStream(of: StoreWait.self)
      self.stream = stream
      observation = waits.observe { continuation.yield($0) }
    }

    /// The next report.
    func next() async -> StoreWait? {
      var iterator = stream.makeAsyncIterator()
      return await iterator.next()
    }
  }

  /// A sqlite store's write waiting for another connection's write lock (another
  /// program's, as the store sees it): reported, then its end once the holder commits.
  @Test func aSQLiteWriteWaitingForTheWriteLockIsReportedAndEnds() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let waits = StoreWaits()
    let reports = Reports(waits)
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let store = try SQLiteStore.open(path: path, waits: waits)
    let holder = try SQLiteConnection(path: store.path, flags: 0x0000_0002)
    try holder.execute("BEGIN IMMEDIATE")
    let write = Task {
      try await store.repositories.chat.insert(content: "after", date: Fixtures.date())
    }
    #expect(await reports.next() == .waiting(store: store.path))
    try holder.execute("COMMIT")
    _ = try await write.value
    #expect(await reports.next() == .ended)
    #expect(try await store.repositories.chat.messages(offset: 0, limit: 0).total == 1)
  }

  /// A read waits too where another program holds the file itself (SQLite's exclusive
  /// locking mode, taken before the store opened: once a store has the file open in WAL
  /// mode, no other connection can take it so): the open's first read waits, reported, and
  /// ends when the holder closes.
  @Test func aSQLiteReadWaitingForAnExclusiveHolderIsReportedAndEnds() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let given = directory.appendingPathComponent(SQLiteStore.fileName).path
    let path = try SQLiteStore.open(path: given).path  // made, and closed again
    let waits = StoreWaits()
    let reports = Reports(waits)
    var holder: SQLiteConnection? = try SQLiteConnection(path: path, flags: 0x0000_0002)
    try holder?.execute("PRAGMA locking_mode = EXCLUSIVE")
    try holder?.execute("BEGIN EXCLUSIVE")
    try holder?.execute("UPDATE counters SET value = value")
    let opening = Task { try await Blocking.run { try SQLiteStore.open(path: path, waits: waits) } }
    #expect(await reports.next() == .waiting(store: path))
    try holder?.execute("COMMIT")
    holder = nil
    let store = try await opening.value
    #expect(await reports.next() == .ended)
    #expect(try await store.repositories.chat.messages(offset: 0, limit: 0).total == 0)
  }

  /// Past its bound a wait gives up (`SQLITE_BUSY`), and its end is reported all the same.
  @Test func aSQLiteWaitPastItsBoundGivesUpAndEnds() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    _ = try SQLiteStore.open(path: path)
    let holder = try SQLiteConnection(path: path, flags: 0x0000_0002)
    try holder.execute("BEGIN IMMEDIATE")
    let waits = StoreWaits()
    let seen = Mutex<[StoreWait]>([])
    let observation = waits.observe { wait in seen.withLock { $0.append(wait) } }
    defer { observation.cancel() }
    let waiter = try SQLiteConnection(path: path, flags: 0x0000_0002)
    // A bound past `shownAfter`, so the wait is reported before it gives up.
    waiter.waitForLocks(
      patience: StoreWaits.shownAfter * 2, reporting: LockWaiting(waits: waits, store: "x"))
    #expect(throws: SQLiteError.self) { try waiter.execute("BEGIN IMMEDIATE") }
    #expect(seen.withLock { $0 } == [.waiting(store: "x"), .ended])
    try holder.execute("COMMIT")
    // A call that does not wait reports nothing.
    try waiter.execute("BEGIN IMMEDIATE")
    try waiter.execute("COMMIT")
    #expect(seen.withLock { $0 }.count == 2)
  }

  /// A json store's change waits for the lock file another process holds: reported, then
  /// its end once the lock is let go.
  @Test func aJSONChangeWaitingForTheLockIsReportedAndEnds() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let waits = StoreWaits()
    let reports = Reports(waits)
    let store = try JSONFileStore.open(directory: directory, waits: waits)
    _ = try await store.repositories.chat.insert(content: "before", date: Fixtures.date())
    let lockPath = directory.appendingPathComponent("pocket.json.lock").path
    let descriptor = open(lockPath, O_RDWR | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let write = Task {
      try await store.repositories.chat.insert(content: "after", date: Fixtures.date())
    }
    #expect(await reports.next() == .waiting(store: store.fileURL.path))
    flock(descriptor, LOCK_UN)
    _ = try await write.value
    #expect(await reports.next() == .ended)
    #expect(try await store.repositories.chat.messages(offset: 0, limit: 0).total == 2)
  }
}

/// The postgres store's write waits on the server for the store's lock (another client's
/// transaction holds it): reported while it waits, ended once the holder commits; past 5 s
/// it gives up as the other stores do (`DomainError.storeBusy`).
@Suite(
  .waiting, .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresStoreWaitTests {
  let server: PostgresServer

  init() throws { server = try #require(PostgresServer.shared) }

  /// A connection of another client's holding the store's lock in an open transaction.
  func holder(_ target: PostgresTarget) throws -> PostgresConnection {
    let environment = ProcessInfo.processInfo.environment
    let connection = try PostgresConnection(
      try LibPQ.load(environment: environment),
      parameters: target.parameters(environment: environment))
    _ = try connection.execute("BEGIN")
    let lock = PostgresDatabase.lockStatement(target.schema)
    _ = try connection.execute(lock.sql, arguments: lock.values)
    return connection
  }

  @Test func aWriteWaitingForTheStoresLockIsReportedAndEnds() async throws {
    let target = PostgresTarget(url: server.url(), schema: PostgresServer.uniqueSchema())
    let waits = StoreWaits()
    let reports = StoreWaitTests.Reports(waits)
    let store = try await Blocking.run {
      let store = PostgresStore.reaching(schema: target.schema, waits: waits) {
        (target, ProcessInfo.processInfo.environment)
      }
      try store.ready()
      return store
    }
    let name = try store.name
    let holder = try holder(target)
    let write = Task {
      try await store.repositories.chat.insert(content: "after", date: Fixtures.date())
    }
    #expect(await reports.next() == .waiting(store: name))
    _ = try holder.execute("COMMIT")
    _ = try await write.value
    #expect(await reports.next() == .ended)

    // Held past the bound: the write gives up, busy, and changes nothing.
    let stubborn = try self.holder(target)
    await #expect {
      try await store.repositories.chat.insert(content: "refused", date: Fixtures.date())
    } throws: { error in
      guard case DomainError.storeBusy(let path, _) = error else { return false }
      return path == name
    }
    #expect(await reports.next() == .waiting(store: name))
    #expect(await reports.next() == .ended)
    _ = try stubborn.execute("COMMIT")
    #expect(try await store.repositories.chat.messages(offset: 0, limit: 0).total == 1)
  }
}
