import Foundation
import PocketData
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// The contract suites' postgres stores reuse the schemas of finished tests
/// (`PostgresSchemaPool`), so a reused schema must be a new store in everything: every
/// table holds what a never-used schema holds, row for row, and a store opened on it reads
/// as new and numbers its first records as a new one does. A schema a test changed in shape
/// is never reused.
@Suite(
  "PostgreSQL: the schemas tests reuse",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresSchemaPoolTests {
  let day = Date(timeIntervalSince1970: 1_764_547_200)

  /// Rows of `schema` and of the pristine schema that the other lacks, over every table.
  func differences(_ schema: String) throws -> [String] {
    let server = try #require(PostgresServer.shared)
    try #require(PostgresSchemaPool.isReady)
    let pristine = PostgresSchemaPool.pristine
    let tables = try server.psql(
      "SELECT tablename FROM pg_tables WHERE schemaname = '\(pristine)' ORDER BY 1"
    ).split(separator: "\n")
    #expect(tables.count > 10, "\(tables)")
    // One query over every table: a psql process and a connection each would cost more.
    let counts = tables.map { table in
      """
      SELECT '\(table): ' || count(*) FROM (
        (TABLE \(schema).\(table) EXCEPT ALL TABLE \(pristine).\(table))
        UNION ALL (TABLE \(pristine).\(table) EXCEPT ALL TABLE \(schema).\(table))) AS d
      """
    }
    return try server.psql(counts.joined(separator: " UNION ALL "))
      .split(separator: "\n").map(String.init).filter { !$0.hasSuffix(": 0") }
  }

  /// A store holding something of every kind, and its schema.
  func usedStore() async throws -> (store: StoreUnderTest, schema: String) {
    let store = try await StoreUnderTest(.postgres)
    _ = try await store.chat.insert(content: "hello", date: day)
    _ = try await store.mindLogs.insert(date: day, score: 7, note: "fine")
    _ = try await store.bookmarks.toggle(
      Bookmark(url: "https://a.example/1", title: "One", noticeDate: day, bookmarkedAt: day),
      if: .always)
    _ = try await store.rates.toggleFavorite("EUR")
    try await store.screens.save(.chat)
    try await store.stopwatch.update { current, _ in
      var started = current
      started.start(at: Moment(wall: day))
      return (.save(started), ())
    }
    return (store, StoreKind.postgresTarget(for: store.directory).schema)
  }

  @Test func anEmptiedSchemaHoldsWhatANewOneHolds() async throws {
    let (store, schema) = try await usedStore()
    defer { store.remove() }
    #expect(try differences(schema).count >= 5, "the store was written to")
    #expect(PostgresSchemaPool.empty(schema))
    #expect(try differences(schema) == [])

    // Opened again, it is a new store: nothing in it, and the first records numbered as in
    // a new one.
    var reopened = store
    try await reopened.reopen()
    #expect(try await reopened.chat.newestMessages(skipping: 0, limit: 5).total == 0)
    #expect(try await reopened.stopwatch.load() == Stopwatch())
    let fresh = try await StoreUnderTest(.postgres)
    defer { fresh.remove() }
    let first = try await reopened.chat.insert(content: "again", date: day)
    let new = try await fresh.chat.insert(content: "again", date: day)
    #expect(first.id == new.id)
  }

  @Test func aSchemaChangedInShapeIsNotReused() async throws {
    let (store, schema) = try await usedStore()
    defer { store.remove() }
    let server = try #require(PostgresServer.shared)
    try #require(PostgresSchemaPool.isReady)
    try server.psql("DROP TRIGGER laps_notify ON \(schema).laps")
    #expect(!PostgresSchemaPool.empty(schema))
    #expect(try differences(schema).count >= 5, "left as it was")
  }
}
