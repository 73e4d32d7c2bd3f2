import Foundation

/// The persisted state of the stopwatch: time accumulated by earlier runs plus, while
/// running, the wall-clock moment the current run began. Elapsed time is always derived
/// from these and a clock reading, never counted.
public struct Stopwatch: Equatable, Sendable {
  /// Time accumulated before the current run (whole milliseconds).
  public var accumulated: Duration
  /// When the current run started; `nil` while stopped or reset.
  public var startedAt: Date?

  public init(accumulated: Duration = .zero, startedAt: Date? = nil) {
    self.accumulated = accumulated
    self.startedAt = startedAt
  }

  public var isRunning: Bool { startedAt != nil }

  /// Never started, or reset.
  public var isReset: Bool { startedAt == nil && accumulated == .zero }

  /// Elapsed time at `now`, to the millisecond. It never traps and never passes the
  /// longest duration Pocket stores (`Limits.durationMilliseconds`): a stopwatch stops
  /// counting there.
  public func elapsed(at now: Date) -> Duration {
    guard let startedAt else { return accumulated }
    let longest = Duration.milliseconds(Limits.durationMilliseconds.range.upperBound)
    let (run, overflow) = now.epochMilliseconds.subtractingReportingOverflow(
      startedAt.epochMilliseconds)
    guard !overflow else { return now > startedAt ? max(accumulated, longest) : accumulated }
    // Durations count attoseconds in 128 bits: any two Int64 millisecond counts add safely.
    return min(accumulated + .milliseconds(max(0, run)), max(accumulated, longest))
  }
}

/// One recorded lap. Lap `number` N covers the time since lap N-1 (or the start).
public struct Lap: Equatable, Hashable, Sendable {
  public var number: Int
  /// Time since the previous lap.
  public var lapTime: Duration
  /// Elapsed time of the stopwatch when the lap was taken.
  public var total: Duration

  public init(number: Int, lapTime: Duration, total: Duration) {
    self.number = number
    self.lapTime = lapTime
    self.total = total
  }
}

/// Count and extremes over every stored lap, so a screen can mark the fastest and
/// slowest lap without loading them all.
public struct LapSummary: Equatable, Sendable {
  public var count: Int
  /// The shortest lap; the lowest number wins a tie.
  public var fastest: Lap?
  /// The longest lap; the lowest number wins a tie.
  public var slowest: Lap?

  public init(count: Int = 0, fastest: Lap? = nil, slowest: Lap? = nil) {
    self.count = count
    self.fastest = fastest
    self.slowest = slowest
  }
}

extension Date {
  /// Milliseconds since 1970, rounded to the nearest: the unit every stored time uses.
  /// Saturates at `Int64.min` / `Int64.max` (never traps) for dates beyond them.
  public var epochMilliseconds: Int64 {
    let milliseconds = (timeIntervalSince1970 * 1000).rounded()
    if let exact = Int64(exactly: milliseconds) { return exact }
    if milliseconds.isNaN { return 0 }
    return milliseconds < 0 ? .min : .max
  }

  public init(epochMilliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
  }
}

extension Duration {
  /// Whole milliseconds, truncated toward zero. Saturates at `Int64.min` / `Int64.max`
  /// (never traps) for durations beyond them.
  public var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
    guard !overflow, !carry else { return seconds < 0 ? .min : .max }
    return total
  }
}
