import PocketDomain

// How SQLite reads laps for `SQLStopwatchRepository`: pages with OFFSET from the nearer end,
// and the lap extremes each in one statement down the index of shown lap times.
extension SQLiteConnection: SQLLapReading {
  /// A lap's time as shown, in whole centiseconds: `Lap.shownCentiseconds` in SQL (the
  /// shown total minus the shown total before it). The very expression `laps_by_shown_time`
  /// indexes (`SQLiteSchema.lapShownTimes`), so SQLite reads it from that index.
  static let shownCentiseconds = "(max(0, total_ms / 10) - max(0, (total_ms - lap_ms) / 10))"
  /// The fastest lap as shown, lowest number on a tie: the least shown time is the first
  /// entry of `laps_by_shown_time`, and among the laps that show it the index holds them
  /// by number, so the first of those is the answer. Each is one step down the index, so
  /// the cost does not grow with the laps, or with how many of them tie.
  static let fastestLap = """
    SELECT \(LapRow.columns) FROM laps
    WHERE \(shownCentiseconds) = (SELECT min(\(shownCentiseconds)) FROM laps)
    ORDER BY number ASC LIMIT 1
    """
  /// The slowest lap as shown, lowest number on a tie, the same way from the greatest
  /// shown time.
  static let slowestLap = """
    SELECT \(LapRow.columns) FROM laps
    WHERE \(shownCentiseconds) = (SELECT max(\(shownCentiseconds)) FROM laps)
    ORDER BY number ASC LIMIT 1
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
