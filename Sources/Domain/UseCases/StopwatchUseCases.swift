import Foundation

/// The stopwatch as a screen needs it: its time, the newest laps and a summary of all.
public struct StopwatchRecord: Equatable, Sendable {
  public var stopwatch: Stopwatch
  public var laps: Page<Lap>
  public var summary: LapSummary

  public init(stopwatch: Stopwatch, laps: Page<Lap>, summary: LapSummary) {
    self.stopwatch = stopwatch
    self.laps = laps
    self.summary = summary
  }
}

/// Reads the stopwatch, its newest `limit` laps and the lap summary.
public struct LoadStopwatch: Sendable {
  private let stopwatch: any StopwatchRepository
  public init(stopwatch: any StopwatchRepository) { self.stopwatch = stopwatch }

  public func callAsFunction(lapLimit: Int) async throws -> StopwatchRecord {
    StopwatchRecord(
      stopwatch: try await stopwatch.load(),
      laps: try await stopwatch.laps(offset: 0, limit: lapLimit),
      summary: try await stopwatch.lapSummary())
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
    var current = try await stopwatch.load()
    guard !current.isRunning else { return current }
    current.startedAt = timeline.now()
    try await stopwatch.save(current)
    return current
  }
}

/// Stops the stopwatch and persists the elapsed time.
/// - Throws: `.invalidInput(.stopwatchNotRunning)` when it is not running.
public struct StopStopwatch: Sendable {
  private let stopwatch: any StopwatchRepository
  private let timeline: Timeline
  public init(stopwatch: any StopwatchRepository, timeline: Timeline) {
    self.stopwatch = stopwatch
    self.timeline = timeline
  }

  @discardableResult
  public func callAsFunction() async throws -> Stopwatch {
    let current = try await stopwatch.load()
    guard current.isRunning else { throw DomainError.invalidInput(.stopwatchNotRunning) }
    let stopped = Stopwatch(accumulated: current.elapsed(at: timeline.now()))
    try await stopwatch.save(stopped)
    return stopped
  }
}

/// Records a lap of the running stopwatch: its time since the previous lap and the total.
/// - Throws: `.invalidInput(.stopwatchNotRunning)` when it is not running.
public struct SaveLap: Sendable {
  private let stopwatch: any StopwatchRepository
  private let timeline: Timeline
  public init(stopwatch: any StopwatchRepository, timeline: Timeline) {
    self.stopwatch = stopwatch
    self.timeline = timeline
  }

  @discardableResult
  public func callAsFunction() async throws -> Lap {
    let current = try await stopwatch.load()
    guard current.isRunning else { throw DomainError.invalidInput(.stopwatchNotRunning) }
    let total = current.elapsed(at: timeline.now())
    let previous = try await stopwatch.laps(offset: 0, limit: 1).items.first
    let (number, overflow) = (previous?.number ?? 0).addingReportingOverflow(1)
    guard !overflow, Limits.lapNumber.contains(number) else {
      throw DomainError.invalidInput(
        .outOfRange("lap numbers end at \(Limits.maxCounter); reset the stopwatch"))
    }
    // Never negative, even after an earlier lap whose total is later than now.
    let lap = Lap(
      number: number, lapTime: max(.zero, total - (previous?.total ?? .zero)), total: total)
    try await stopwatch.append(lap)
    return lap
  }
}

/// Stops the stopwatch and deletes its time and every lap.
public struct ResetStopwatch: Sendable {
  private let stopwatch: any StopwatchRepository
  public init(stopwatch: any StopwatchRepository) { self.stopwatch = stopwatch }

  public func callAsFunction() async throws {
    try await stopwatch.reset()
  }
}
