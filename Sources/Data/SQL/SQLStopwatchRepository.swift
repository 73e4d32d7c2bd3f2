import Foundation
import PocketDomain

/// The statements of `SQLStopwatchRepository`.
enum StopwatchSQL {
  static let select = SQLText(StopwatchRow.select)
  static let insertLap = SQLText("INSERT INTO laps (\(LapRow.columns)) VALUES (?, ?, ?)")
  static let lapsPage = SQLText(
    """
    SELECT \(LapRow.columns) FROM laps ORDER BY number DESC LIMIT ? OFFSET ?
    """)
  /// `lapsPage` read from the other end.
  static let lapsPageReversed = SQLText(
    """
    SELECT \(LapRow.columns) FROM laps ORDER BY number ASC LIMIT ? OFFSET ?
    """)
  static let deleteStopwatch = SQLText("DELETE FROM stopwatch")
  static let deleteLaps = SQLText("DELETE FROM laps")
  /// Stores the stopwatch, replacing the one there.
  static let replace = SQLText(
    """
    INSERT INTO stopwatch
      (id, accumulated_ms, started_at_ms, started_boot_id, started_uptime_ms)
    VALUES (1, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE
    SET accumulated_ms = excluded.accumulated_ms, started_at_ms = excluded.started_at_ms,
      started_boot_id = excluded.started_boot_id, started_uptime_ms = excluded.started_uptime_ms
    """)

  /// The stored stopwatch; a reset one when no row is stored.
  static func stopwatch(_ connection: some SQLConnection) throws -> Stopwatch {
    try connection.query(select) { StopwatchRow($0) }.first?.toDomain() ?? Stopwatch()
  }
}

/// What the stopwatch repository asks of each database where the two read laps their own way:
/// a window of the laps, and the fastest and the slowest lap as shown.
protocol SQLLapReading: SQLConnection {
  /// The laps `window` selects, newest first, of `total` (the exact count, read in the same
  /// transaction).
  func laps(_ window: (offset: Int, limit: Int), total: Int) throws -> [Lap]
  /// The fastest and the slowest lap as shown, lowest number on a tie (`nil`: no laps).
  func lapExtremes() throws -> (fastest: Lap?, slowest: Lap?)
}

/// The stopwatch and its laps in an SQL store (SQLite or PostgreSQL).
struct SQLStopwatchRepository<Database: SQLDatabase>: StopwatchRepository
where Database.Connection: SQLLapReading {
  let database: Database

  static func save(_ stopwatch: Stopwatch, _ connection: Database.Connection) throws {
    let row = StopwatchRow(try stopwatch.storable())
    try connection.execute(
      StopwatchSQL.replace, row.accumulatedMs, row.startedAtMs, row.startedBootID,
      row.startedUptimeMs)
  }

  static func append(_ lap: Lap, _ connection: Database.Connection) throws {
    let row = LapRow(try lap.storable())
    try insertUnique(connection, StopwatchSQL.insertLap, row.number, row.lapMs, row.totalMs)
  }

  func load() async throws -> Stopwatch {
    try await database.read { try StopwatchSQL.stopwatch($0) }
  }

  /// The newest lap and the stopwatch are read after the store's lock is taken, so no other
  /// Pocket writes between the decision and the change.
  func update<Result: Sendable>(
    _ decide: @Sendable (Stopwatch, Lap?) throws -> (change: StopwatchChange?, result: Result)
  ) async throws -> Result {
    try await database.write { connection in
      let newest = try connection.query(StopwatchSQL.lapsPage, 1, 0) {
        try LapRow($0).toDomain()
      }.first
      let (change, result) = try decide(try StopwatchSQL.stopwatch(connection), newest)
      switch change {
      case .save(let stopwatch): try Self.save(stopwatch, connection)
      case .appendLap(let lap, let stopwatch):
        try Self.append(lap, connection)
        if let stopwatch { try Self.save(stopwatch, connection) }
      case nil: break
      }
      return result
    }
  }

  func laps(offset: Int, limit: Int) async throws -> Page<Lap> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("laps", connection)
      let items = try connection.laps(window, total: total)
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func lapSummary() async throws -> LapSummary {
    try await database.read { connection in
      let count = try rowCount("laps", connection)
      let (fastest, slowest) = try connection.lapExtremes()
      return LapSummary(count: count, fastest: fastest, slowest: slowest)
    }
  }

  /// Counts and deletes under the store's lock. DELETE rather than TRUNCATE: a reader's
  /// snapshot taken before the commit keeps seeing the laps it counted.
  func reset(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await database.write { connection in
      let count = try rowCount("laps", connection)
      guard count <= limit else { return .refused(count: count) }
      try connection.execute(StopwatchSQL.deleteStopwatch)
      try connection.execute(StopwatchSQL.deleteLaps)
      return .deleted
    }
  }
}
