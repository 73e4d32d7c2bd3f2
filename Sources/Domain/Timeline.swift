import Foundation

/// Wall-clock time, and boot-clock time, that advance with a monotonic clock.
///
/// The wall clock and the boot clock are read once, when the timeline is made; from then
/// on both move only with the injected `Clock<Duration>` (ContinuousClock in production, a
/// manual clock in tests). Differences within one process are therefore monotonic, dates
/// written to a store still mean the same moment in the next process, and boot instants
/// written to a store measure time across processes on a clock that is never set (see
/// `Stopwatch.elapsed(at:atLeast:)`).
public struct Timeline: Sendable {
  private let origin: Date
  private let bootOrigin: BootInstant?
  private let sinceOrigin: @Sendable () -> Duration

  /// - Parameters:
  ///   - clock: moves time within the process.
  ///   - now: reads the wall clock (once).
  ///   - boot: reads the boot clock (once); `nil` where the machine has none to read.
  public init<C: Clock>(
    clock: C, now: @Sendable () -> Date, boot: @Sendable () -> BootInstant? = { nil }
  ) where C.Duration == Duration {
    let start = clock.now
    origin = Date(epochMilliseconds: now().epochMilliseconds)
    bootOrigin = boot().map {
      BootInstant(bootID: $0.bootID, uptime: .milliseconds($0.uptime.milliseconds))
    }
    sinceOrigin = { start.duration(to: clock.now) }
  }

  /// The current moment on the wall clock, to the millisecond.
  public func now() -> Date {
    moment().wall
  }

  /// The current moment on both clocks, to the millisecond.
  public func moment() -> Moment {
    let since = sinceOrigin().milliseconds
    return Moment(
      wall: Date(epochMilliseconds: origin.epochMilliseconds + since),
      boot: bootOrigin.map {
        BootInstant(bootID: $0.bootID, uptime: .milliseconds($0.uptime.milliseconds + since))
      })
  }
}
