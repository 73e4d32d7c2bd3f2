import Domain
import Foundation

struct PostgresExchangeRateRepository: ExchangeRateRepository {
  let database: PostgresDatabase

  static let selectSnapshot = """
    SELECT base, published_at_ms, next_update_at_ms FROM rate_snapshots WHERE slot = $1
    """
  static let selectRates = "SELECT code, rate FROM rates WHERE slot = $1"
  static let insertSnapshot = """
    INSERT INTO rate_snapshots (slot, base, published_at_ms, next_update_at_ms)
    VALUES ($1, $2, $3, $4)
    """
  /// Every rate of a snapshot in one statement: codes and rates as two arrays of one length.
  static let insertRates = """
    INSERT INTO rates (slot, code, rate)
    SELECT $1, code, rate FROM unnest($2::text[], $3::text[]) AS given (code, rate)
    """
  static let deleteFavorite = "DELETE FROM favorite_currencies WHERE code = $1"
  static let insertFavorite = "INSERT INTO favorite_currencies (code) VALUES ($1)"

  /// The snapshot in `slot` ("latest" or "previous"), if any.
  static func snapshot(_ slot: String, _ connection: PostgresConnection) throws -> RateSnapshot? {
    guard
      var row = try connection.query(selectSnapshot, slot, row: RateSnapshotRow.init)
        .first
    else { return nil }
    row.rates = try connection.query(selectRates, slot) {
      (code: $0.text(0), rate: $0.text(1))
    }
    return try row.toDomain()
  }

  /// Writes `snapshot` into the empty `slot`.
  static func insert(
    _ snapshot: RateSnapshot, into slot: String, _ connection: PostgresConnection
  ) throws {
    let row = RateSnapshotRow(try snapshot.storable())
    try connection.execute(insertSnapshot, slot, row.base, row.publishedAtMs, row.nextUpdateAtMs)
    guard !row.rates.isEmpty else { return }
    try connection.execute(
      insertRates, slot, PostgresArray.literal(row.rates.map(\.code)),
      PostgresArray.literal(row.rates.map(\.rate)))
  }

  func latest() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("latest", $0) }
  }

  func previous() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("previous", $0) }
  }

  /// Makes `snapshot` the latest and the latest the previous, unless it is the latest.
  private static func store(
    _ snapshot: RateSnapshot, over latest: RateSnapshot?, _ connection: PostgresConnection
  ) throws {
    guard latest != snapshot else { return }
    // The rates follow their snapshot through ON DELETE / ON UPDATE CASCADE.
    try connection.execute("DELETE FROM rate_snapshots WHERE slot = 'previous'")
    try connection.execute("UPDATE rate_snapshots SET slot = 'previous' WHERE slot = 'latest'")
    try insert(snapshot, into: "latest", connection)
  }

  /// The latest snapshot is read after the store's lock is taken, so no other Pocket stores
  /// between the decision and the write.
  func store(_ snapshot: RateSnapshot, if condition: RateStoreCondition) async throws
    -> RateStoreOutcome
  {
    try await database.write { connection in
      let latest = try Self.snapshot("latest", connection)
      if let latest, !condition.admits(snapshot, over: latest) { return .kept(latest: latest) }
      try Self.store(snapshot, over: latest, connection)
      return .stored
    }
  }

  func favorites() async throws -> Set<String> {
    try await database.read { connection in
      Set(try connection.query("SELECT code FROM favorite_currencies") { $0.text(0) })
    }
  }

  func toggleFavorite(_ code: String) async throws -> Bool {
    try await database.write { connection in
      guard try connection.execute(Self.deleteFavorite, code) == 0 else { return false }
      try connection.execute(Self.insertFavorite, code)
      return true
    }
  }
}
