import PocketDomain

// How PostgreSQL reads laps for `SQLStopwatchRepository`: a window of laps numbered without
// a gap straight from the primary key, and the lap extremes bounded by parameters.
extension PostgresConnection: SQLLapReading {
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

  /// Laps numbered without a gap (1, 2, 3, …, as the stopwatch gives them and an import
  /// requires) are a range of numbers: the window is read from the primary key at its first
  /// number, as fast in the middle of a million laps as at either end. Any other numbering
  /// is paged with OFFSET from the nearer end.
  func laps(_ window: (offset: Int, limit: Int), total: Int) throws -> [Lap] {
    let start = min(window.offset, total)
    let count = min(window.limit, total - start)
    let bounds = try query(Self.numberBounds) {
      ($0.optionalInt64(0), $0.optionalInt64(1))
    }.first
    if count > 0, case (let low?, let high?)? = bounds,
      try Self.spanOfNumbers(from: low, to: high) == total
    {
      return try query(Self.lapsFrom, high - Int64(start), count) { try LapRow($0).toDomain() }
    }
    return try rows(
      window, total: total, forward: StopwatchSQL.lapsPage,
      backward: StopwatchSQL.lapsPageReversed, self
    ) { try LapRow($0).toDomain() }
  }

  func lapExtremes() throws -> (fastest: Lap?, slowest: Lap?) {
    let bounds = try query(Self.lapTimeBounds) {
      ($0.optionalInt64(0), $0.optionalInt64(1))
    }.first
    guard case (let shortest?, let longest?)? = bounds else { return (nil, nil) }
    // Out of range only in a table whose CHECK was dropped: refused, naming the column,
    // before the bounds below are worked out from them (where they would overflow).
    for lapTime in [shortest, longest] {
      _ = try checkedColumn(lapTime, Limits.durationMilliseconds, "laps.lap_ms")
    }
    // Lap times are never negative (the schema checks), so `/` truncates as SQL's does.
    let fastest = try query(Self.fastestLap, (shortest / 10 + 2) * 10) {
      try LapRow($0).toDomain()
    }
    let slowest = try query(Self.slowestLap, (longest / 10 - 1) * 10) {
      try LapRow($0).toDomain()
    }
    return (fastest.first, slowest.first)
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
}
