import Foundation
import PocketDomain

/// The statements of `SQLExchangeRateRepository`.
enum RateSQL {
  static let selectSnapshot = SQLText(RateSnapshotRow.select)
  static let selectRates = SQLText(RateSnapshotRow.selectRates)
  static let insertSnapshot = SQLText(
    """
    INSERT INTO rate_snapshots (slot, base, published_at_ms, next_update_at_ms)
    VALUES (?, ?, ?, ?)
    """)
  /// The columns of `rates` and their types.
  static let rateColumns: [SQLColumn] = [
    .init("slot", .text), .init("code", .text), .init("rate", .text),
  ]
  static let deletePrevious = SQLText("DELETE FROM rate_snapshots WHERE slot = 'previous'")
  static let latestToPrevious = SQLText(
    "UPDATE rate_snapshots SET slot = 'previous' WHERE slot = 'latest'")
  static let selectFavorites = SQLText("SELECT code FROM favorite_currencies")
  static let deleteFavorite = SQLText("DELETE FROM favorite_currencies WHERE code = ?")
  static let insertFavorite = SQLText("INSERT INTO favorite_currencies (code) VALUES (?)")
}

/// The latest and the previous rate snapshot, and the favourite currencies, in an SQL store
/// (SQLite or PostgreSQL).
struct SQLExchangeRateRepository<Database: SQLDatabase>: ExchangeRateRepository {
  let database: Database

  /// The snapshot in `slot` ("latest" or "previous"), if any.
  static func snapshot(_ slot: String, _ connection: Database.Connection) throws
    -> RateSnapshot?
  {
    guard
      var row = try connection.query(RateSQL.selectSnapshot, slot, row: RateSnapshotRow.init)
        .first
    else { return nil }
    row.rates = try connection.query(RateSQL.selectRates, slot) {
      (code: $0.text(0), rate: $0.text(1))
    }
    return try row.toDomain()
  }

  /// Writes `snapshot` into the empty `slot`: its rates as one batch
  /// (`SQLConnection.insert(_:into:_:)`).
  static func insert(
    _ snapshot: RateSnapshot, into slot: String, _ connection: Database.Connection
  ) throws {
    let row = RateSnapshotRow(try snapshot.storable())
    try connection.execute(
      RateSQL.insertSnapshot, slot, row.base, row.publishedAtMs, row.nextUpdateAtMs)
    try connection.insert(
      row.rates.map { [slot, $0.code, $0.rate] }, into: "rates", RateSQL.rateColumns)
  }

  func latest() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("latest", $0) }
  }

  func previous() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("previous", $0) }
  }

  /// Makes `snapshot` the latest and the latest the previous, unless it is the latest.
  private static func store(
    _ snapshot: RateSnapshot, over latest: RateSnapshot?, _ connection: Database.Connection
  ) throws {
    guard latest != snapshot else { return }
    // The rates follow their snapshot through ON DELETE / ON UPDATE CASCADE.
    try connection.execute(RateSQL.deletePrevious)
    try connection.execute(RateSQL.latestToPrevious)
    try insert(snapshot, into: "latest", connection)
  }

  /// The latest snapshot is read inside the write transaction, under the store's lock, so no
  /// other Pocket stores between the decision and the write.
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
      Set(try connection.query(RateSQL.selectFavorites) { $0.text(0) })
    }
  }

  func toggleFavorite(_ code: String) async throws -> Bool {
    try await database.write { connection in
      guard try connection.execute(RateSQL.deleteFavorite, code) == 0 else { return false }
      try connection.execute(RateSQL.insertFavorite, code)
      return true
    }
  }
}
