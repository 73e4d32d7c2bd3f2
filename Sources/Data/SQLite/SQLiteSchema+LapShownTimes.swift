extension SQLiteSchema {
  /// The laps ordered by their time as shown (whole centiseconds: the shown total minus the
  /// shown total before it, `Lap.shownCentiseconds`), then by number, in place of the index
  /// on `lap_ms`: the fastest and the slowest lap as shown, the lowest number on a tie, are
  /// then each one step down this index however many laps tie (`SQLiteConnection.fastestLap`
  /// says the same expression, which SQLite must match to use the index). The index on
  /// `lap_ms` served only those two statements and goes. Frozen: its text is its own.
  static let lapShownTimes = Migration(
    name: "lapShownTimes",
    statements: [
      "DROP INDEX laps_by_lap_time",
      """
      CREATE INDEX laps_by_shown_time
      ON laps ((max(0, total_ms / 10) - max(0, (total_ms - lap_ms) / 10)), number)
      """,
    ])
}
