import Domain
import Foundation

struct PostgresStopwatchRepository: StopwatchRepository {
  let database: PostgresDatabase

  static let insertLap = "INSERT INTO laps (\(LapRow.columns)) VALUES ($1, $2, $3)"
  static let lapsPage = """
    SELECT \(LapRow.columns) FROM laps ORDER BY number DESC LIMIT $1 OFFSET $2
    """
  /// `lapsPage` read from the other end.
  static let lapsPageReversed = """
    SELECT \(LapRow.columns) FROM laps ORDER BY number ASC LIMIT $1 OFFSET $2
    """
  /// A lap's time as shown, in whole centiseconds: `Lap.shownCentiseconds` in SQL (the
  /// shown total minus the shown total before it; bigint division truncates).
  static let shownCentiseconds =
    "(greatest(0, total_ms / 10) - greatest(0, (total_ms - lap_ms) / 10))"
  /// The shortest and the longest lap time, each one step down the index on `lap_ms`.
  static let lapTimeBounds = "SELECT min(lap_ms), max(lap_ms) FROM laps"
  /// The fastest lap as shown, lowest number on a tie, among the laps under `$1` ms. A lap
  /// of `r` ms shows `r / 10` or `r / 10 + 1` centiseconds, so only laps under
  /// `(min / 10 + 2) * 10` ms can show as little as the shortest one. The bound is a
  /// parameter rather than a subquery so that the server plans with its value and reads
  /// those few laps through the index on `lap_ms` (with a subquery it guesses a third of
  /// the table and scans it all).
  static let fastestLap = """
    SELECT \(LapRow.columns) FROM laps WHERE lap_ms < $1
    ORDER BY \(shownCentiseconds) ASC, number ASC LIMIT 1
    """
  /// The slowest lap as shown, lowest number on a tie, among the laps from `$1` ms: only
  /// laps from `(max / 10 - 1) * 10` ms can show as much as the longest one.
  static let slowestLap = """
    SELECT \(LapRow.columns) FROM laps WHERE lap_ms >= $1
    ORDER BY \(shownCentiseconds) DESC, number ASC LIMIT 1
    """
  /// The lowest and the highest lap number, from the primary key.
  static let numberBounds = "SELECT min(number), max(number) FROM laps"
  /// Laps from number `$1` down, newest first, at most `$2`.
  static let lapsFrom = """
    SELECT \(LapRow.columns) FROM laps WHERE number <= $1 ORDER BY number DESC LIMIT $2
    """
  /// Stores the stopwatch, replacing the one there.
  static let replace = """
    INSERT INTO stopwatch
      (id, accumulated_ms, started_at_ms, started_boot_id, started_uptime_ms)
    VALUES (1, $1, $2, $3, $4)
    ON CONFLICT (id) DO UPDATE
    SET accumulated_ms = excluded.accumulated_ms, started_at_ms = excluded.started_at_ms,
      started_boot_id = excluded.started_boot_id, started_uptime_ms = excluded.started_uptime_ms
    """

  /// The stored stopwatch; a reset one when no row is stored.
  static func stopwatch(_ connection: PostgresConnection) throws -> Stopwatch {
    try connection.query(StopwatchRow.select) { StopwatchRow($0) }.first?.toDomain()
      ?? Stopwatch()
  }

  static func save(_ stopwatch: Stopwatch, _ connection: PostgresConnection) throws {
    let row = StopwatchRow(try stopwatch.storable())
    try connection.execute(
      replace, row.accumulatedMs, row.startedAtMs, row.startedBootID, row.startedUptimeMs)
  }

  static func append(_ lap: Lap, _ connection: PostgresConnection) throws {
    let row = LapRow(try lap.storable())
    try insertUnique(connection, insertLap, row.number, row.lapMs, row.totalMs)
  }

  func load() async throws -> Stopwatch {
    try await database.read { try Self.stopwatch($0) }
  }

  /// The newest lap and the stopwatch are read after the store's lock is taken, so no other
  /// Pocket writes between the decision and the change.
  func update<Result: Sendable>(
    _ decide: @Sendable (Stopwatch, Lap?) throws -> (change: StopwatchChange?, result: Result)
  ) async throws -> Result {
    try await database.write { connection in
      let newest = try connection.query(Self.lapsPage, 1, 0) { try LapRow($0).toDomain() }.first
      let (change, result) = try decide(try Self.stopwatch(connection), newest)
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

  /// Laps numbered without a gap (1, 2, 3, …, as the stopwatch gives them and an import
  /// requires) are a range of numbers: the window is read from the primary key at its first
  /// number, as fast in the middle of a million laps as at either end. Any other numbering
  /// is paged with OFFSET from the nearer end.
  func laps(offset: Int, limit: Int) async throws -> Page<Lap> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("laps", connection)
      let start = min(window.offset, total)
      let count = min(window.limit, total - start)
      let bounds = try connection.query(Self.numberBounds) {
        ($0.optionalInt64(0), $0.optionalInt64(1))
      }.first
      let items: [Lap]
      if count > 0, case (let low?, let high?)? = bounds,
        try Self.spanOfNumbers(from: low, to: high) == total
      {
        items = try connection.query(Self.lapsFrom, high - Int64(start), count) {
          try LapRow($0).toDomain()
        }
      } else {
        items = try postgresRows(
          window, total: total, forward: Self.lapsPage, backward: Self.lapsPageReversed,
          connection
        ) { try LapRow($0).toDomain() }
      }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func lapSummary() async throws -> LapSummary {
    try await database.read { connection in
      let count = try rowCount("laps", connection)
      let bounds = try connection.query(Self.lapTimeBounds) {
        ($0.optionalInt64(0), $0.optionalInt64(1))
      }.first
      guard case (let shortest?, let longest?)? = bounds else {
        return LapSummary(count: count, fastest: nil, slowest: nil)
      }
      // Out of range only in a table whose CHECK was dropped: refused, naming the column,
      // before the bounds below are worked out from them (where they would overflow).
      for lapTime in [shortest, longest] {
        _ = try checkedColumn(lapTime, Limits.durationMilliseconds, "laps.lap_ms")
      }
      // Lap times are never negative (the schema checks), so `/` truncates as SQL's does.
      let fastest = try connection.query(Self.fastestLap, (shortest / 10 + 2) * 10) {
        try LapRow($0).toDomain()
      }
      let slowest = try connection.query(Self.slowestLap, (longest / 10 - 1) * 10) {
        try LapRow($0).toDomain()
      }
      return LapSummary(count: count, fastest: fastest.first, slowest: slowest.first)
    }
  }

  /// How many numbers `low...high` holds (the lowest and the highest lap number).
  /// - Throws: naming `laps.number` when either is out of range, as in a table whose CHECK
  ///   was dropped: `high - low + 1` of such numbers overflows.
  private static func spanOfNumbers(from low: Int64, to high: Int64) throws -> Int {
    for number in [low, high] {
      _ = try checkedColumn(Int(number), Limits.lapNumber, "laps.number")
    }
    return Int(high - low + 1)
  }

  /// Counts and deletes under the store's lock. DELETE rather than TRUNCATE: a reader's
  /// snapshot taken before the commit keeps seeing the laps it counted.
  func reset(ifAtMost limit: Int) async throws -> BulkDeletion {
    try await database.write { connection in
      let count = try rowCount("laps", connection)
      guard count <= limit else { return .refused(count: count) }
      try connection.execute("DELETE FROM stopwatch")
      try connection.execute("DELETE FROM laps")
      return .deleted
    }
  }
}
