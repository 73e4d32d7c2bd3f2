import Domain
import Foundation

struct SQLiteExchangeRateRepository: ExchangeRateRepository {
  let database: SQLiteDatabase

  /// The snapshot in `slot` ("latest" or "previous"), if any.
  static func snapshot(_ slot: String, _ connection: SQLiteConnection) throws -> RateSnapshot? {
    guard
      var row = try connection.query(RateSnapshotRow.select, slot, row: RateSnapshotRow.init)
        .first
    else { return nil }
    row.rates = try connection.query(RateSnapshotRow.selectRates, slot) {
      (code: $0.text(0), rate: $0.text(1))
    }
    return try row.toDomain()
  }

  /// Writes `snapshot` into the empty `slot`.
  static func insert(
    _ snapshot: RateSnapshot, into slot: String, _ connection: SQLiteConnection
  ) throws {
    let row = RateSnapshotRow(try snapshot.storable())
    try connection.execute(
      """
      INSERT INTO rate_snapshots (slot, base, published_at_ms, next_update_at_ms)
      VALUES (?, ?, ?, ?)
      """, slot, row.base, row.publishedAtMs, row.nextUpdateAtMs)
    for (code, rate) in row.rates {
      try connection.execute(
        "INSERT INTO rates (slot, code, rate) VALUES (?, ?, ?)", slot, code, rate)
    }
  }

  func latest() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("latest", $0) }
  }

  func previous() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("previous", $0) }
  }

  /// Makes `snapshot` the latest and the latest the previous, unless it is the latest.
  private static func store(
    _ snapshot: RateSnapshot, over latest: RateSnapshot?, _ connection: SQLiteConnection
  ) throws {
    guard latest != snapshot else { return }
    // The rates follow their snapshot through ON DELETE / ON UPDATE CASCADE.
    try connection.execute("DELETE FROM rate_snapshots WHERE slot = 'previous'")
    try connection.execute("UPDATE rate_snapshots SET slot = 'previous' WHERE slot = 'latest'")
    try insert(snapshot, into: "latest", connection)
  }

  /// The latest snapshot is read inside the write transaction (`BEGIN IMMEDIATE`), so no
  /// other connection can store between the decision and the write.
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
      try connection.execute("DELETE FROM favorite_currencies WHERE code = ?", code)
      guard connection.changes == 0 else { return false }
      try connection.execute("INSERT INTO favorite_currencies (code) VALUES (?)", code)
      return true
    }
  }
}
