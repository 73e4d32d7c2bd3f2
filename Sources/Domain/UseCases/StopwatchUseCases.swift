import Foundation

/// The stopwatch as a screen needs it: its time, the newest laps and a summary of all.
public struct StopwatchRecord: Equatable, Sendable {
  public var stopwatch: Stopwatch
  public var laps: Page<Lap>
  public var summary: LapSummary
  /// The newest lap's total (zero without laps): the least time the stopwatch may show.
  public var lastLapTotal: Duration

  public init(
    stopwatch: Stopwatch, laps: Page<Lap>, summary: LapSummary, lastLapTotal: Duration = .zero
  ) {
    self.stopwatch = stopwatch
    self.laps = laps
    self.summary = summary
    self.lastLapTotal = lastLapTotal
  }
}

/// Reads the stopwatch, `limit` laps newest first from `lapOffset`, and the lap summary
/// (`summary`, read before, is kept when the laps are as many still: a front end that moves
/// the window of laps it shows does not read the fastest and the slowest of all again).
public struct LoadStopwatch: Sendable {
  private let stopwatch: any StopwatchRepository
  public init(stopwatch: any StopwatchRepository) { self.stopwatch = stopwatch }

  public func callAsFunction(lapOffset: Int = 0, lapLimit: Int, summary: LapSummary? = nil)
    async throws -> StopwatchRecord
  {
    let current = try await stopwatch.load()
    let laps = try await stopwatch.laps(offset: lapOffset, limit: lapLimit)
    let newest =
      lapOffset == 0 && (lapLimit > 0 || laps.total == 0)
      ? laps.items.first : try await stopwatch.laps(offset: 0, limit: 1).items.first
    let kept = summary.flatMap { $0.count == laps.total ? $0 : nil }
    let read: LapSummary
    if let kept { read = kept } else { read = try await stopwatch.lapSummary() }
    return StopwatchRecord(
      stopwatch: current, laps: laps, summary: read,
      lastLapTotal: newest?.total ?? .zero)
  }
}

/// Starts (or resumes) the stopwatch and persists when it started. Starting a running
/// stopwatch changes nothing.
public struct StartStopwatch: Sendable {
  private let stopwatch: any StopwatchRepository
  private let timeline: Timeline
  public init(stopwatch: any StopwatchRepository, timeline: Timeline) {
    self.stopwatch = stopwatch
    self.timeline = timeline
  }

  @discardableResult
  public func callAsFunction() async throws -> Stopwatch {
    try await stopwatch.update { [timeline] current, _ in
      guard !current.isRunning else { return (nil, current) }
      var started = current
      started.start(at: timeline.moment())
      return (.save(started), started)
    }
  }
}

/// Stops the stopwatch and persists the elapsed time (never below the newest lap's total),
/// at `moment` when given (the moment a person asked, which a screen already shows), else
/// at the clock's reading inside the transaction.
/// - Throws: `.invalidInput(.stopwatchNotRunning)` when it is not running.
public struct StopStopwatch: Sendable {
  private let running: RunningStopwatch
  public init(stopwatch: any StopwatchRepository, timeline: Timeline) {
    running = RunningStopwatch(stopwatch: stopwatch, timeline: timeline)
  }

  @discardableResult
  public func callAsFunction(at moment: Moment? = nil) async throws -> Stopwatch {
    try await running.update(at: moment) { current, newest, now in
      let floor = newest?.total ?? .zero
      let stopped = Stopwatch(accumulated: current.elapsed(at: now, atLeast: floor))
      return (.save(stopped), stopped)
    }
  }
}

/// Records a lap of the running stopwatch: its time since the previous lap and the total.
/// The total never goes below the previous lap's, so no lap time is negative and the lap
/// times add up to the newest total. A run that was measured on the wall clock (after a
/// reboot, or stored without a boot instant) is restarted at the lap on the boot clock, so
/// the time from there on cannot jump with the wall clock.
/// - Throws: `.invalidInput(.stopwatchNotRunning)` when it is not running.
public struct SaveLap: Sendable {
  private let running: RunningStopwatch
  public init(stopwatch: any StopwatchRepository, timeline: Timeline) {
    running = RunningStopwatch(stopwatch: stopwatch, timeline: timeline)
  }

  @discardableResult
  public func callAsFunction() async throws -> Lap {
    try await running.update { current, previous, now in
      // Never below the previous lap's total, so no lap time is negative.
      let total = current.elapsed(at: now, atLeast: previous?.total ?? .zero)
      let (number, overflow) = (previous?.number ?? 0).addingReportingOverflow(1)
      guard !overflow, Limits.lapNumber.contains(number) else {
        throw DomainError.invalidInput(
          .outOfRange(.lapNumbersEnd(last: Limits.maxCounter)))
      }
      let lap = Lap(number: number, lapTime: total - (previous?.total ?? .zero), total: total)
      let restarted =
        current.shouldRestart(at: now, total: total)
        ? current.restarted(at: now, elapsed: total) : nil
      return (.appendLap(lap, saving: restarted), lap)
    }
  }
}

/// What stopping and taking a lap share: one change of the stored stopwatch that only a
/// running stopwatch allows, made at one moment.
private struct RunningStopwatch: Sendable {
  let stopwatch: any StopwatchRepository
  let timeline: Timeline

  /// Lets `decide` choose the change in one transaction (`StopwatchRepository.update`),
  /// given the stopwatch, its newest lap and the moment: `moment` when given, else the
  /// clock's reading inside the transaction, so a lap another process saved while this one
  /// waited is never later than it.
  /// - Throws: `.invalidInput(.stopwatchNotRunning)` when it is not running.
  func update<Result: Sendable>(
    at moment: Moment? = nil,
    _ decide:
      @Sendable (_ stopwatch: Stopwatch, _ newestLap: Lap?, _ now: Moment) throws -> (
        change: StopwatchChange?, result: Result
      )
  ) async throws -> Result {
    try await stopwatch.update { [timeline] current, newest in
      guard current.isRunning else { throw DomainError.invalidInput(.stopwatchNotRunning) }
      return try decide(current, newest, moment ?? timeline.moment())
    }
  }
}
