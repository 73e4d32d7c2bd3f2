import Domain

// The precision a stopwatch shows its times at: whole centiseconds, truncated. The view
// model decides the lap marks by it and the string table writes it out, so a mark never
// tells apart two laps that read the same.

extension Duration {
  /// Whole centiseconds of the duration, truncated; never below zero.
  public var shownCentiseconds: Int64 { max(0, milliseconds / 10) }
}

extension Lap {
  /// The lap's time as shown: the shown total minus the shown total of the lap before, so
  /// the shown lap times always add up exactly to the shown total.
  public var shownCentiseconds: Int64 {
    total.shownCentiseconds - (total - lapTime).shownCentiseconds
  }
}
