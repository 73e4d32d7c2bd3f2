import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// A one-shot command's store (`StoreThread.main`) checks its schema in the round trip of
/// its first statement (`PostgresConnection.checkFirst`), not in one of its own. Whatever
/// state the schema is in, the store must do what opening it does: use a current schema,
/// make a new one, migrate an older one, and refuse a newer one or another program's,
/// writing nothing. And the check must stand until its effects are committed.
@Suite(
  "PostgreSQL: the schema checked with the first statement",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
@MainActor
struct PostgresFirstStatementCheckTests {
  let server: PostgresServer

  init() throws { server = try #require(PostgresServer.shared) }

  /// The store in `schema` as a one-shot `pocket` command opens it.
  private func oneShotStore(_ schema: String) -> PostgresStore {
    let target = PostgresTarget(url: server.url(), schema: schema)
    return PostgresStore.reaching(schema: schema, thread: .main) { (target, [:]) }
  }

  private func version(_ schema: String) throws -> String {
    try server.psql("SELECT version FROM \(schema).schema_version")
  }

  @Test func aCurrentSchemaCostsNoRoundTripOfItsOwn() async throws {
    let schema = PostgresServer.uniqueSchema()
    _ = try PostgresStore.open(PostgresTarget(url: server.url(), schema: schema), environment: [:])
    let store = oneShotStore(schema)
    _ = try await store.repositories.chat.insert(content: "hi", date: Fixtures.date())
    // The check, BEGIN, the lock, the insert and COMMIT: one round trip.
    #expect(await store.database.roundTrips == 1)
    let page = try await store.repositories.chat.newestMessages(skipping: 0, limit: 20)
    #expect(page.items.map(\.content) == ["hi"])
    #expect(await store.database.roundTrips == 2)
    #expect(try store.schemaVersion == PostgresStore.currentSchemaVersion)
  }

  @Test func aNewSchemaIsMadeBeforeTheFirstStatementRuns() async throws {
    let schema = PostgresServer.uniqueSchema()
    let store = oneShotStore(schema)
    _ = try await store.repositories.chat.insert(content: "first", date: Fixtures.date())
    #expect(try version(schema) == "\(PostgresStore.currentSchemaVersion)")
    #expect(try server.psql("SELECT content FROM \(schema).chat_messages") == "first")
  }

  /// A schema that a Pocket of the first version made, with a message in it.
  @Test func anOlderSchemaIsMigratedBeforeTheFirstStatementRuns() async throws {
    let schema = PostgresServer.uniqueSchema()
    let connection = try PostgresRoundTripTests.connection(to: server, pipelined: true)
    try connection.execute("CREATE SCHEMA \(schema)")
    try connection.execute("SET search_path TO \(schema)")
    try connection.execute(PostgresSchema.createVersionTable)
    for statement in PostgresSchema.migrations[0].statements {
      try connection.execute(statement)
    }
    try connection.execute(PostgresSchema.setVersion, 1)
    try connection.execute(
      "INSERT INTO chat_messages (id, content, date_ms, edited) VALUES (1, 'old', 0, false)")
    #expect(PostgresStore.currentSchemaVersion > 1)
    let store = oneShotStore(schema)
    let page = try await store.repositories.chat.newestMessages(skipping: 0, limit: 20)
    #expect(page.items.map(\.content) == ["old"])
    #expect(try version(schema) == "\(PostgresStore.currentSchemaVersion)")
  }

  @Test func aNewerSchemaIsRefusedByEveryStatementAndNothingIsWritten() async throws {
    let schema = PostgresServer.uniqueSchema()
    let opened = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: schema), environment: [:])
    _ = try await opened.repositories.chat.insert(content: "kept", date: Fixtures.date())
    await opened.close()
    let newer = PostgresStore.currentSchemaVersion + 1
    try server.psql("UPDATE \(schema).schema_version SET version = \(newer)")
    let store = oneShotStore(schema)
    for _ in 0..<2 {
      await #expect {
        _ = try await store.repositories.chat.insert(content: "lost", date: Fixtures.date())
      } throws: { error in
        guard case DomainError.corruptStore(let path, let reason) = error else { return false }
        return reason.english.contains("newer than this Pocket") && path.contains(schema)
      }
    }
    await #expect(throws: DomainError.self) {
      _ = try await store.repositories.chat.newestMessages(skipping: 0, limit: 20)
    }
    #expect(
      try server.psql("SELECT string_agg(content, ',') FROM \(schema).chat_messages") == "kept")
    #expect(try version(schema) == "\(newer)")
  }

  @Test func anotherProgramsSchemaIsRefusedUntouched() async throws {
    let schema = try server.anotherProgramsSchema()
    let store = oneShotStore(schema)
    await #expect {
      _ = try await store.repositories.chat.insert(content: "lost", date: Fixtures.date())
    } throws: { error in
      guard case DomainError.corruptStore(_, let reason) = error else { return false }
      return reason.english.contains("not Pocket's")
    }
    #expect(try server.tables(in: schema) == "orders")
  }

  /// A schema with any object of another program's, and no table (the view,
  /// sequence and function; a type alone), is refused at a one-shot command's first
  /// statement too, and left exactly as it was.
  @Test(arguments: [[ForeignObject.view, .sequence, .function], [.enumType], [.procedure]])
  func aSchemaOfOtherObjectsIsRefusedUntouched(objects: [ForeignObject]) async throws {
    let schema = try server.anotherProgramsSchema(holding: objects)
    let before = try server.objects(in: schema)
    let store = oneShotStore(schema)
    await #expect {
      _ = try await store.repositories.chat.insert(content: "lost", date: Fixtures.date())
    } throws: { error in
      guard case DomainError.corruptStore(_, let reason) = error else { return false }
      return reason.english.contains("holds objects that are not Pocket's")
    }
    #expect(try server.objects(in: schema) == before)
  }

  // MARK: - The connection's check

  /// A check that fails throws `failedCheck`, and nothing sent after it runs; a statement's
  /// own failure is not the check's.
  @Test(arguments: [true, false])
  func aFailingCheckIsTheCheckAndStopsWhatFollows(pipelined: Bool) throws {
    let connection = try PostgresRoundTripTests.connection(to: server, pipelined: pipelined)
    connection.checkFirst("SELECT 1 / $1", arguments: [0])
    let error = #expect(throws: PostgresError.self) {
      try connection.transaction("BEGIN") {
        try connection.execute("INSERT INTO t VALUES (1)")
      }
    }
    #expect(error?.failedCheck == true)
    #expect(error?.sqlState == "22012")
    #expect(!connection.inTransaction)
    _ = connection.takeCheck()
    #expect(try connection.integer("SELECT count(*) FROM t") == 0)
    let own = #expect(throws: PostgresError.self) {
      try connection.execute("INSERT INTO nowhere VALUES (1)")
    }
    #expect(own?.failedCheck == false)
  }

  /// The check sets the search path (as the store's does): carried into a transaction that
  /// rolls back, its effect is undone, so it is sent again with the next statement; once a
  /// round trip carrying it commits, it is not sent again.
  @Test(arguments: [true, false])
  func aCheckStandsUntilWhatItDidIsCommitted(pipelined: Bool) throws {
    let connection = try PostgresRoundTripTests.connection(to: server, pipelined: pipelined)
    let schema = try #require(try connection.text("SELECT current_schema()"))
    try connection.execute("SET search_path TO public")
    connection.checkFirst(
      "SELECT set_config('search_path', $1, false)", arguments: [PostgresSchema.quoted(schema)])
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try connection.transaction("BEGIN") {
        try connection.execute("INSERT INTO t VALUES (1)")
        throw Refused()
      }
    }
    #expect(!connection.inTransaction)
    // Rolled back with the transaction, the path is set again by the next round trip.
    #expect(try connection.integer("SELECT count(*) FROM t") == 0)
    _ = try connection.transaction("BEGIN") {
      try connection.execute("INSERT INTO t VALUES (2)")
    }
    try connection.execute("SET search_path TO public")
    // Committed, the check is done: it does not set the path again.
    #expect(throws: PostgresError.self) { try connection.integer("SELECT count(*) FROM t") }
    #expect(connection.takeCheck() == nil)
    #expect(try connection.integer("SELECT count(*) FROM \(schema).t") == 1)
  }
}
