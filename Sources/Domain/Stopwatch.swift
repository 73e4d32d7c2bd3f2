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

  /// Elapsed time at `now`, to the millisecond.
  public func elapsed(at now: Date) -> Duration {
    guard let startedAt else { return accumulated }
    let run = max(0, now.epochMilliseconds - startedAt.epochMilliseconds)
    return accumulated + .milliseconds(run)
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
  public var epochMilliseconds: Int64 {
    Int64((timeIntervalSince1970 * 1000).rounded())
  }

  public init(epochMilliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
  }
}

extension Duration {
  /// Whole milliseconds, truncated toward zero.
  public var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
