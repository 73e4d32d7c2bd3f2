import Foundation

/// Wall-clock time that advances with a monotonic clock.
///
/// The wall clock is read once, when the timeline is made; from then on time moves only
/// with the injected `Clock<Duration>` (ContinuousClock in production, a manual clock in
/// tests). Differences within one process are therefore monotonic, and dates written to a
/// store still mean the same moment in the next process.
public struct Timeline: Sendable {
  private let origin: Date
  private let sinceOrigin: @Sendable () -> Duration

  public init<C: Clock>(clock: C, now: @Sendable () -> Date) where C.Duration == Duration {
    let start = clock.now
    origin = Date(epochMilliseconds: now().epochMilliseconds)
    sinceOrigin = { start.duration(to: clock.now) }
  }

  /// The current moment, to the millisecond.
  public func now() -> Date {
    Date(epochMilliseconds: origin.epochMilliseconds + sinceOrigin().milliseconds)
  }
}
