import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// Statements sent ahead of the next one (`PostgresConnection.sendWithNext`: a transaction's
/// BEGIN and lock) travel in the same round trip and behave as if sent one at a time, with
/// libpq's pipeline mode and without it (a libpq older than 14); and the commands a one-shot
/// `pocket say` runs take the round trips this promises.
@Suite(
  "PostgreSQL round trips",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresRoundTripTests {
  let server: PostgresServer

  init() throws { server = try #require(PostgresServer.shared) }

  /// A connection of its own, with a table `t (x integer)` in a new schema, which is its
  /// search path; with pipeline mode, or as an older libpq is without it.
  private func connection(pipelined: Bool) throws -> PostgresConnection {
    try Self.connection(to: server, pipelined: pipelined)
  }

  static func connection(to server: PostgresServer, pipelined: Bool) throws -> PostgresConnection {
    let libpq = try LibPQ.load(environment: [:])
    #expect(libpq.pipeline != nil, "the libpq here has pipeline mode")
    let connection = try PostgresConnection(
      pipelined ? libpq : libpq.withoutPipeline(), parameters: [("dbname", server.url())])
    let schema = PostgresServer.uniqueSchema()
    try connection.execute("CREATE SCHEMA \(schema)")
    try connection.execute("SET search_path TO \(schema)")
    try connection.execute("CREATE TABLE t (x integer)")
    return connection
  }

  @Test(arguments: [true, false])
  func statementsSentAheadRunInOrderBeforeTheNextInOneRoundTrip(pipelined: Bool) throws {
    let connection = try connection(pipelined: pipelined)
    let before = connection.roundTrips
    // Each insert stores how many rows it found: the order they ran in.
    connection.sendWithNext("INSERT INTO t SELECT count(*) FROM t")
    connection.sendWithNext("INSERT INTO t SELECT count(*) + $1 FROM t", arguments: [10])
    let stored = try connection.text("SELECT string_agg(x::text, ',' ORDER BY x) FROM t")
    #expect(stored == "0,11")
    #expect(connection.roundTrips - before == (pipelined ? 1 : 3))
  }

  @Test(arguments: [true, false])
  func aStatementSentAheadThatFailsIsThrownAndTheNextDoesNotRun(pipelined: Bool) throws {
    let connection = try connection(pipelined: pipelined)
    connection.sendWithNext("SELECT 1 / $1", arguments: [0])
    let error = #expect(throws: PostgresError.self) {
      try connection.execute("INSERT INTO t VALUES (1)")
    }
    #expect(error?.sqlState == "22012", "division by zero")
    #expect(error?.connectionLost == false)
    // Nothing is left waiting or open: the connection goes on as before.
    #expect(try connection.integer("SELECT count(*) FROM t") == 0)
    #expect(!connection.inTransaction)
    #expect(try connection.integer("SELECT $1::integer + 1", 41) == 42)
  }

  @Test(arguments: [true, false])
  func aFailingFirstStatementOfTheBodyRollsBackThePreludeSentWithIt(pipelined: Bool) throws {
    let connection = try connection(pipelined: pipelined)
    let error = #expect(throws: PostgresError.self) {
      try connection.transaction("BEGIN", prelude: [("INSERT INTO t VALUES (7)", [])]) {
        _ = try connection.execute("INSERT INTO nowhere VALUES (1)")
      }
    }
    #expect(error?.sqlState == "42P01", "undefined table")
    #expect(try connection.integer("SELECT count(*) FROM t") == 0)
    #expect(!connection.inTransaction)
  }

  @Test(arguments: [true, false])
  func aTransactionWhoseBodyThrowsBeforeAnyStatementLeavesNothingToSend(pipelined: Bool) throws {
    let connection = try connection(pipelined: pipelined)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try connection.transaction("BEGIN", prelude: [("INSERT INTO t VALUES (1)", [])]) {
        throw Refused()
      }
    }
    // The BEGIN and the insert were dropped, not sent with the next statement.
    #expect(try connection.integer("SELECT count(*) FROM t") == 0)
    #expect(!connection.inTransaction)
  }

  @Test(arguments: [true, false])
  func aTransactionCommitsWhatItsBodyAndPreludeDidOrNothing(pipelined: Bool) throws {
    let connection = try connection(pipelined: pipelined)
    try connection.transaction("BEGIN", prelude: [("INSERT INTO t VALUES ($1)", [1])]) {
      _ = try connection.execute("INSERT INTO t VALUES (2)")
    }
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try connection.transaction("BEGIN", prelude: [("INSERT INTO t VALUES (3)", [])]) {
        try connection.execute("INSERT INTO t VALUES (4)")
        throw Refused()
      }
    }
    #expect(try connection.text("SELECT string_agg(x::text, ',' ORDER BY x) FROM t") == "1,2")
    // A body with no statement of its own still commits its prelude.
    try connection.transaction("BEGIN", prelude: [("INSERT INTO t VALUES (5)", [])]) {}
    #expect(try connection.integer("SELECT sum(x) FROM t") == 8)
  }

  /// A transaction whose statement carries its COMMIT (`commitWithNext`) commits in that
  /// statement's round trip, and returns the statement's own result.
  @Test(arguments: [true, false])
  func aStatementCarryingItsCommitCommitsAndReturnsItsResult(pipelined: Bool) throws {
    let connection = try connection(pipelined: pipelined)
    let before = connection.roundTrips
    let inserted = try connection.transaction("BEGIN", prelude: [("INSERT INTO t VALUES (1)", [])])
    {
      connection.commitWithNext()
      return try connection.integer("INSERT INTO t VALUES (2), (3) RETURNING x * 10")
    }
    #expect(inserted == 20)
    #expect(!connection.inTransaction)
    // BEGIN, the prelude, the statement and COMMIT: one round trip, or four one by one.
    #expect(connection.roundTrips - before == (pipelined ? 1 : 4))
    #expect(try connection.text("SELECT string_agg(x::text, ',' ORDER BY x) FROM t") == "1,2,3")
  }

  /// When that statement fails, the COMMIT does not run: nothing of the transaction stays,
  /// and the connection goes on.
  @Test(arguments: [true, false])
  func aFailingStatementCarryingItsCommitRollsEverythingBack(pipelined: Bool) throws {
    let connection = try connection(pipelined: pipelined)
    let error = #expect(throws: PostgresError.self) {
      try connection.transaction("BEGIN", prelude: [("INSERT INTO t VALUES (1)", [])]) {
        connection.commitWithNext()
        try connection.execute("INSERT INTO t VALUES (1 / $1)", 0)
      }
    }
    #expect(error?.sqlState == "22012", "division by zero")
    #expect(!connection.inTransaction)
    #expect(try connection.integer("SELECT count(*) FROM t") == 0)
  }

  /// A statement after the one that carried the COMMIT would run outside the transaction:
  /// it is refused, and runs nowhere.
  @Test func aStatementAfterTheCommitIsRefused() throws {
    let connection = try connection(pipelined: true)
    let error = #expect(throws: PostgresError.self) {
      try connection.transaction("BEGIN") {
        connection.commitWithNext()
        try connection.execute("INSERT INTO t VALUES (1)")
        try connection.execute("INSERT INTO t VALUES (2)")
      }
    }
    #expect(error?.message.contains("after its transaction's COMMIT") == true)
    #expect(try connection.text("SELECT string_agg(x::text, ',' ORDER BY x) FROM t") == "1")
    // The next transaction is an ordinary one again.
    try connection.transaction("BEGIN") { _ = try connection.execute("INSERT INTO t VALUES (3)") }
    #expect(try connection.integer("SELECT count(*) FROM t") == 2)
  }

  /// A store closed (as a one-shot `pocket` closes it once its command is done, before it
  /// saves the screen it printed) has told the server, whose process for it ends; a
  /// statement after it fails as on a lost connection.
  @Test func aClosedStoreHasEndedItsServerProcess() async throws {
    let target = PostgresTarget(url: server.url(), schema: PostgresServer.uniqueSchema())
    let store = try PostgresStore.open(target, environment: [:])
    _ = try await store.repositories.chat.insert(content: "hi", date: Fixtures.date())
    let pid = await store.database.backendPID
    let alive = "SELECT count(*) FROM pg_stat_activity WHERE pid = \(pid)"
    #expect(pid != 0)
    #expect(try server.psql(alive) == "1")
    await store.close()
    #expect(await store.database.backendPID == 0)
    var ended = false
    for _ in 0..<100 {
      ended = try server.psql(alive) == "0"
      if ended { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(ended, "the server process \(pid) is still there")
    await #expect(throws: DomainError.self) {
      _ = try await store.repositories.chat.newestMessages(skipping: 0, limit: 20)
    }
  }

  /// What `pocket --store postgres say hi` costs on the wire after connecting: the schema's
  /// version and path in one statement, the message in one round trip (BEGIN, the lock, the
  /// insert and COMMIT), and the chat's first page in one.
  @Test func openingSayingAndReadingTheChatTakeThreeRoundTrips() async throws {
    let target = PostgresTarget(url: server.url(), schema: PostgresServer.uniqueSchema())
    _ = try PostgresStore.open(target, environment: [:])  // makes the schema
    let store = try PostgresStore.open(target, environment: [:])
    let chat = store.repositories.chat
    #expect(await store.database.roundTrips == 1)
    _ = try await chat.insert(content: "hi", date: Fixtures.date())
    #expect(await store.database.roundTrips == 2)
    let page = try await chat.newestMessages(skipping: 0, limit: 20)
    #expect(page.items.map(\.content) == ["hi"])
    #expect(page.total == 1)
    #expect(await store.database.roundTrips == 3)
  }
}
