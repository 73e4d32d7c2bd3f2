extension PostgresSchema {
  /// The laps ordered by their time as shown (whole centiseconds: the shown total minus the
  /// shown total before it, `Lap.shownCentiseconds`), then by number, in place of the index
  /// on `lap_ms`, as `SQLiteSchema.lapShownTimes` does: the fastest and the slowest lap as
  /// shown, the lowest number on a tie, are each one step down this index however many laps
  /// tie (`PostgresConnection.fastestLap` says the same expression, which the server must
  /// match to use the index). The total before the lap is worked out in `numeric`, so no
  /// row makes the index overflow, even one written by a client that dropped the columns'
  /// CHECKs (the row is then refused as it is read, naming its column); every other step
  /// stays within `bigint`. Frozen: its text is its own.
  static let lapShownTimes = Migration(
    name: "lapShownTimes",
    statements: [
      "DROP INDEX laps_by_lap_time",
      """
      CREATE INDEX laps_by_shown_time
      ON laps ((greatest(0, total_ms / 10)
        - greatest(0, div(total_ms::numeric - lap_ms, 10))::bigint), number)
      """,
    ])
}
