/// The laps of the shared stopwatch as the store merges them: every lap any machine took is
/// kept (two machines timing the same run both saw real laps), and a reset clears the laps
/// taken before it, by hybrid time, whichever order they arrive in. The laps are numbered
/// by their totals (the stopwatch's time when each was taken), and each lap's time is its
/// total minus the total before it, so the lap times add up to the newest total however
/// the machines' laps interleave.
public struct MergedLaps: Equatable, Sendable {
  /// One lap as a machine took it: the stopwatch's elapsed time then, and when it was
  /// taken (its identity too: no two writes share one).
  private struct Taken: Hashable, Sendable {
    var total: Duration
    var time: HybridTime
  }

  private var taken: Set<Taken> = []
  /// When the laps were last cleared; `nil` when never.
  public private(set) var resetAt: HybridTime?

  public init() {}

  /// Adds a lap taken at `time` with the stopwatch at `total`, unless a later reset cleared
  /// it. A lap already there is not added twice.
  public mutating func take(total: Duration, at time: HybridTime) {
    guard resetAt.map({ time > $0 }) ?? true else { return }
    taken.insert(Taken(total: total, time: time))
  }

  /// Clears every lap taken before `time`; one taken after it (on a machine that had not
  /// seen the reset) stays.
  public mutating func reset(at time: HybridTime) {
    guard resetAt.map({ time > $0 }) ?? true else { return }
    resetAt = time
    taken = taken.filter { $0.time > time }
  }

  /// The laps kept, numbered from 1 by their totals (two with the same total by when they
  /// were taken), each lap's time since the one before it.
  public var laps: [Lap] {
    var previous = Duration.zero
    return taken.sorted { ($0.total, $0.time) < ($1.total, $1.time) }.enumerated().map {
      index, lap in
      defer { previous = lap.total }
      return Lap(number: index + 1, lapTime: lap.total - previous, total: lap.total)
    }
  }
}
