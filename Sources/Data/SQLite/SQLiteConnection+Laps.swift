import PocketDomain

// How SQLite reads laps for `SQLStopwatchRepository`: pages with OFFSET from the nearer end,
// and the lap extremes each in one statement, bounded by a subquery.
extension SQLiteConnection: SQLLapReading {
  /// A lap's time as shown, in whole centiseconds: `Lap.shownCentiseconds` in SQL (the
  /// shown total minus the shown total before it).
  static let shownCentiseconds = "(max(0, total_ms / 10) - max(0, (total_ms - lap_ms) / 10))"
  /// The fastest lap as shown, lowest number on a tie. A lap of `r` ms shows `r / 10` or
  /// `r / 10 + 1` centiseconds, so only laps under `(min / 10 + 2) * 10` ms can show as
  /// little as the shortest one: the index on `lap_ms` narrows the search to them.
  static let fastestLap = """
    SELECT \(LapRow.columns) FROM laps
    WHERE lap_ms < ((SELECT min(lap_ms) FROM laps) / 10 + 2) * 10
    ORDER BY \(shownCentiseconds) ASC, number ASC LIMIT 1
    """
  /// The slowest lap as shown, lowest number on a tie; only laps from
  /// `(max / 10 - 1) * 10` ms can show as much as the longest one.
  static let slowestLap = """
    SELECT \(LapRow.columns) FROM laps
    WHERE lap_ms >= ((SELECT max(lap_ms) FROM laps) / 10 - 1) * 10
    ORDER BY \(shownCentiseconds) DESC, number ASC LIMIT 1
    """

  func laps(_ window: (offset: Int, limit: Int), total: Int) throws -> [Lap] {
    try rows(
      window, total: total, forward: StopwatchSQL.lapsPage,
      backward: StopwatchSQL.lapsPageReversed, self
    ) { try LapRow($0).toDomain() }
  }

  func lapExtremes() throws -> (fastest: Lap?, slowest: Lap?) {
    let fastest = try query(Self.fastestLap) { try LapRow($0).toDomain() }
    let slowest = try query(Self.slowestLap) { try LapRow($0).toDomain() }
    return (fastest.first, slowest.first)
  }
}
