import PocketDomain

// How PostgreSQL reads laps for `SQLStopwatchRepository`: a window of laps numbered without
// a gap straight from the primary key, and the lap extremes down the index of shown lap
// times.
extension PostgresConnection: SQLLapReading {
  /// A lap's time as shown, in whole centiseconds: `Lap.shownCentiseconds` in SQL (the
  /// shown total minus the shown total before it; bigint division and `div` truncate). The
  /// very expression `laps_by_shown_time` indexes (`PostgresSchema.lapShownTimes`), so the
  /// server reads it from that index; the total before the lap in `numeric`, so that no row
  /// overflows it.
  static let shownCentiseconds = """
    (greatest(0, total_ms / 10)
      - greatest(0, div(total_ms::numeric - lap_ms, 10))::bigint)
    """
  /// The least and the greatest shown lap time, each one step from an end of
  /// `laps_by_shown_time`.
  static let shownTimeBounds =
    "SELECT min(\(shownCentiseconds)), max(\(shownCentiseconds)) FROM laps"
  /// The lap that shows `$1` centiseconds with the lowest number: the index holds the laps
  /// of one shown time by number, so this is one step down it however many laps tie. The
  /// shown time is a parameter rather than a subquery so that the server plans with its
  /// value; the order names the index's own columns, so no plan needs a sort.
  static let firstLapShowing = """
    SELECT \(LapRow.columns) FROM laps WHERE \(shownCentiseconds) = $1
    ORDER BY \(shownCentiseconds), number LIMIT 1
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
    let bounds = try query(Self.shownTimeBounds) {
      ($0.optionalInt64(0), $0.optionalInt64(1))
    }.first
    guard case (let least?, let greatest?)? = bounds else { return (nil, nil) }
    let fastest = try query(Self.firstLapShowing, least) { try LapRow($0).toDomain() }
    let slowest = try query(Self.firstLapShowing, greatest) { try LapRow($0).toDomain() }
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
