// The precision a stopwatch shows its times at: whole centiseconds, truncated. The stores
// pick the fastest and slowest lap by it and the string table writes it out, so a mark
// always names a lap whose shown time is the shortest (or longest) shown.

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

  /// Whether this lap is marked fastest before `other`: shorter as shown, the lower number
  /// on a tie (one fastest lap, the earliest of those that read the same).
  public func isFaster(than other: Lap) -> Bool {
    (shownCentiseconds, number) < (other.shownCentiseconds, other.number)
  }

  /// Whether this lap is marked slowest before `other`: longer as shown, the lower number on
  /// a tie (one slowest lap, the earliest of those that read the same).
  public func isSlower(than other: Lap) -> Bool {
    let (mine, theirs) = (shownCentiseconds, other.shownCentiseconds)
    return mine > theirs || (mine == theirs && number < other.number)
  }
}
