import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// A postgres store is shared: another client may write to its schema, and one that drops
/// a CHECK can store numbers no Pocket writes. The few numbers the store works with in
/// Swift before a row is mapped (and checked) are checked first, so such a number is a
/// corrupt store, named, or blocks that disagree: the lowest and highest lap number
/// overflowed the arithmetic done with them, and the position of a block with negative sizes
/// overflowed the offset into it, each a trap. A lap time at either end of `Int64` is read
/// as the fastest or slowest lap and refused as that row is mapped, naming it (the index of
/// shown lap times works the total before the lap out in `numeric`, so it takes the row).
@Suite(
  "PostgreSQL: numbers of a table whose CHECK was dropped",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresDroppedCheckTests {
  /// Runs `sql` in the schema of `store`, as another client would.
  func edit(_ store: StoreUnderTest, _ sql: String) throws {
    let server = try #require(PostgresServer.shared)
    let schema = StoreKind.postgresTarget(for: store.directory).schema
    try server.psql("SET search_path TO \(schema); \(sql)")
  }

  /// Two laps of one second each.
  func storeWithTwoLaps() async throws -> StoreUnderTest {
    let store = try await StoreUnderTest(.postgres)
    let laps = [
      Lap(number: 1, lapTime: .seconds(1), total: .seconds(1)),
      Lap(number: 2, lapTime: .seconds(1), total: .seconds(2)),
    ]
    try await store.repositories.archive.replaceAll(with: StoreArchive(laps: laps))
    return store
  }

  func expectCorrupt(
    naming reason: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
  ) async {
    let error = await #expect(throws: DomainError.self, sourceLocation: sourceLocation) {
      try await body()
    }
    guard case .corruptStore(_, let found)? = error else {
      Issue.record("\(String(describing: error))", sourceLocation: sourceLocation)
      return
    }
    #expect(found.english == reason, sourceLocation: sourceLocation)
  }

  @Test func lapNumbersFarApartAreRefusedNamingThem() async throws {
    let store = try await storeWithTwoLaps()
    defer { store.remove() }
    try edit(
      store,
      """
      ALTER TABLE laps DROP CONSTRAINT laps_number_check;
      UPDATE laps SET number = -5 WHERE number = 1;
      UPDATE laps SET number = 9223372036854775807 WHERE number = 2;
      """)
    await expectCorrupt(naming: "laps.number -5 is out of range (1 to 9007199254740991)") {
      _ = try await store.stopwatch.laps(offset: 0, limit: 20)
    }
  }

  @Test(arguments: ["9223372036854775807", "-9223372036854775808"])
  func aLapTimeAtEitherEndOfInt64IsRefusedNamingIt(value: String) async throws {
    let store = try await storeWithTwoLaps()
    defer { store.remove() }
    try edit(
      store,
      """
      ALTER TABLE laps DROP CONSTRAINT laps_lap_ms_check;
      UPDATE laps SET lap_ms = \(value);
      """)
    await expectCorrupt(
      naming: "laps.lap_ms (lap 1) \(value) is out of range (0 to 100 years)"
    ) {
      _ = try await store.stopwatch.lapSummary()
    }
  }

  /// Blocks whose sizes add up below zero disagree with the rows: the page is read with
  /// OFFSET, and is the page it was.
  @Test func blocksOfNegativeSizeAreReadAsBlocksThatDisagree() async throws {
    let store = try await StoreUnderTest(.postgres)
    defer { store.remove() }
    _ = try await store.chat.insert(
      contentsOf: (0..<6_000).map { (content: "m\($0)", date: Fixtures.date(Int64($0 / 3))) })
    let page = try await store.chat.messages(offset: 2_500, limit: 20)
    // Every block before the one holding item 2,500 adds up to `Int64.min`.
    try edit(
      store,
      """
      ALTER TABLE list_blocks DROP CONSTRAINT list_blocks_size_check;
      UPDATE list_blocks SET size = 0 WHERE list = 'chat_messages';
      UPDATE list_blocks SET size = -9223372036854775808 WHERE list = 'chat_messages'
        AND (k1, k2) = (SELECT k1, k2 FROM list_blocks WHERE list = 'chat_messages'
          ORDER BY k1, k2 LIMIT 1);
      """)
    #expect(try await store.chat.messages(offset: 2_500, limit: 20) == page)
  }
}
