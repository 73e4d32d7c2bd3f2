import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// Each machine's copy of a postgres store claims a number from the server that no other
/// machine of the store has (`PostgresSchema.machines`, `PostgresReplica.claimMachine`):
/// what a record made offline will take its identity from. The numbers are read from the
/// server's table and the copy's file apart from the code that claims them.
@Suite(
  "PostgreSQL: machine numbers",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresMachineNumberTests {
  let server: PostgresServer
  let schema = PostgresServer.uniqueSchema()
  let store: PostgresStore
  /// The pull's connection to the store's schema.
  let connection: PostgresConnection
  let directory: URL

  init() async throws {
    server = try #require(PostgresServer.shared)
    store = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: schema), environment: [:])
    // The store's first write makes its schema.
    _ = try await store.repositories.chat.insert(content: "first", date: Fixtures.date())
    connection = try PostgresChangeLogTests.connect(server, schema)
    directory = try Fixtures.temporaryDirectory()
  }

  /// A new copy named `name` in the test's folder: the pull's connection to it.
  func copy(_ name: String) throws -> SQLiteConnection {
    try PostgresReplica.connect(path: directory.appendingPathComponent(name).path)
  }

  /// The numbers the server has given, read from its table.
  static func claimed(_ connection: PostgresConnection) throws -> [Int64] {
    try connection.query("SELECT number FROM machines ORDER BY number", arguments: []) {
      $0.int64(0)
    }
  }

  /// The number the copy keeps, and the log it names, read from its file.
  static func kept(_ replica: SQLiteConnection) throws -> (number: Int64, log: String)? {
    try replica.query("SELECT number, log FROM replica_machine", arguments: []) {
      ($0.int64(0), $0.text(1))
    }.first
  }

  @Test func eachCopyClaimsANumberNoOtherHasAndKeepsIt() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let laptop = try copy("laptop.sqlite")
    let desktop = try copy("desktop.sqlite")
    #expect(try Self.kept(laptop) == nil && PostgresReplica.machine(laptop) == nil)
    _ = try PostgresReplica.pull(from: connection, into: laptop)
    _ = try PostgresReplica.pull(from: connection, into: desktop)
    let first = try #require(try Self.kept(laptop)).number
    let second = try #require(try Self.kept(desktop)).number
    #expect(first != second)
    #expect(Set(try Self.claimed(connection)) == [first, second])
    #expect(try PostgresReplica.machine(laptop) == Int(first))
    // After another change and more pulls, each keeps its number and none is claimed.
    _ = try await store.repositories.chat.insert(content: "second", date: Fixtures.date(1))
    for replica in [laptop, desktop, laptop] {
      _ = try PostgresReplica.pull(from: connection, into: replica)
    }
    #expect(try Self.kept(laptop)?.number == first && Self.kept(desktop)?.number == second)
    #expect(try Self.claimed(connection).count == 2)
  }

  /// A copy pulled from another store (another log) claims that store's number; a copy
  /// without one (made before numbers were claimed) claims one at its next pull.
  @Test func aCopyOfAnotherStoreOrWithoutANumberClaimsOne() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let otherSchema = PostgresServer.uniqueSchema()
    let other = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: otherSchema), environment: [:])
    _ = try await other.repositories.chat.insert(content: "elsewhere", date: Fixtures.date())
    let otherConnection = try PostgresChangeLogTests.connect(server, otherSchema)
    let replica = try copy("replica.sqlite")
    _ = try PostgresReplica.pull(from: connection, into: replica)
    let here = try #require(try Self.kept(replica))
    #expect(try PostgresReplica.pull(from: otherConnection, into: replica).way == .whole)
    let there = try #require(try Self.kept(replica))
    #expect(there.log != here.log)
    #expect(try Self.claimed(otherConnection) == [there.number])
    #expect(try PostgresReplica.machine(replica) == Int(there.number))

    try replica.execute("DELETE FROM replica_machine")
    #expect(try PostgresReplica.machine(replica) == nil)
    #expect(try PostgresReplica.pull(from: otherConnection, into: replica).way == .upToDate)
    let again = try #require(try Self.kept(replica))
    #expect(again.log == there.log && again.number != there.number)
    #expect(try Self.claimed(otherConnection) == [there.number, again.number])
  }

  /// Once every number up to 8,191 is given, a new copy's pull still brings it up to date,
  /// with no number.
  @Test func aPullSucceedsWithoutANumberOnceEveryNumberIsGiven() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try connection.execute("ALTER TABLE machines ALTER COLUMN number RESTART WITH 8191")
    let last = try copy("last.sqlite")
    _ = try PostgresReplica.pull(from: connection, into: last)
    #expect(try Self.kept(last)?.number == 8_191)
    let late = try copy("late.sqlite")
    #expect(try PostgresReplica.pull(from: connection, into: late).way == .whole)
    #expect(try Self.kept(late) == nil)
    #expect(try PostgresReplica.copiedAt(late) != nil)
    #expect(try Self.claimed(connection) == [8_191])
  }

  /// The store read from its copy says this machine's number (`pocket store`).
  @Test func theStoreReadFromItsCopySaysThisMachinesNumber() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("replica.sqlite").path
    let replica = try PostgresReplica.connect(path: path)
    _ = try PostgresReplica.pull(from: connection, into: replica)
    let number = try #require(try Self.kept(replica)).number
    try replica.close()
    let copyStore = try #require(try PostgresCopyStore.open(store, copyAt: path, reads: .atOnce))
    #expect(copyStore.status().machine == Int(number))
  }
}
