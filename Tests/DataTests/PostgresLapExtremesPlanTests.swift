import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// On PostgreSQL the fastest and the slowest lap as shown are each read down the index of
/// shown lap times (`laps_by_shown_time`): the least and greatest shown time from its ends,
/// then the first lap that shows one, with no scan of the table and no sort, however many
/// laps tie. The server picks the plan: the store holds enough laps, analysed, for a scan to
/// cost more than the index.
@Suite(
  "PostgreSQL: the lap extremes' plans",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresLapExtremesPlanTests {
  @Test func theLapExtremesAreReadDownTheIndexOfShownTimes() async throws {
    let server = try #require(PostgresServer.shared)
    let store = try await StoreUnderTest(.postgres)
    defer { store.remove() }
    // 20,000 laps of 1.000–1.019 s: about a thousand show each of the least and the
    // greatest time.
    var total: Int64 = 0
    let laps = (1...20_000).map { number in
      let lapTime = Int64(1_000 + number * 7 % 20)
      total += lapTime
      return Lap(number: number, lapTime: .milliseconds(lapTime), total: .milliseconds(total))
    }
    try await store.repositories.archive.replaceAll(with: StoreArchive(laps: laps))
    let schema = StoreKind.postgresTarget(for: store.directory).schema
    let statements = [
      "EXPLAIN \(PostgresConnection.shownTimeBounds)",
      "PREPARE first_showing (bigint) AS \(PostgresConnection.firstLapShowing);"
        + " EXPLAIN EXECUTE first_showing (100)",
    ]
    for statement in statements {
      let plan = try server.psql("SET search_path TO \(schema); ANALYZE laps; \(statement)")
      #expect(plan.contains("laps_by_shown_time"), "\(plan)")
      #expect(!plan.contains("Seq Scan"), "\(plan)")
      #expect(!plan.contains("Sort"), "\(plan)")
    }
  }
}
