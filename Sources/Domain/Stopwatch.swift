import Foundation

/// Where the boot clock stood at one moment: which boot of the machine, and the time since
/// that boot, counting sleep (Linux `CLOCK_BOOTTIME`). It never jumps while the machine
/// stays up, so two instants of one boot measure the time between them even when the wall
/// clock was set in between; instants of different boots say nothing about each other.
public struct BootInstant: Equatable, Hashable, Sendable {
  /// The identity of the boot (Linux `/proc/sys/kernel/random/boot_id`).
  public var bootID: String
  /// Time since the boot, whole milliseconds.
  public var uptime: Duration

  public init(bootID: String, uptime: Duration) {
    self.bootID = bootID
    self.uptime = uptime
  }

  /// A boot instant read from outside (a store, an archive, the system), or `nil` when it
  /// is not one: an id of 1 to 64 ASCII letters, digits and dashes (a UUID is 36), an
  /// uptime of 0 to 100 years.
  public init?(bootID: String?, uptimeMilliseconds: Int64?) {
    guard let bootID, let uptimeMilliseconds,
      (1...64).contains(bootID.utf8.count),
      bootID.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || Self.isAlphanumeric($0) }),
      (0...Self.maximumUptimeMilliseconds).contains(uptimeMilliseconds)
    else { return nil }
    self.init(bootID: bootID, uptime: .milliseconds(uptimeMilliseconds))
  }

  /// A hundred years, in milliseconds.
  public static let maximumUptimeMilliseconds: Int64 = 100 * 366 * 24 * 60 * 60 * 1000

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}

/// One reading of the time: the wall clock, and the boot clock where the machine has one.
public struct Moment: Equatable, Sendable {
  public var wall: Date
  /// `nil` where the boot clock cannot be read.
  public var boot: BootInstant?

  public init(wall: Date, boot: BootInstant? = nil) {
    self.wall = wall
    self.boot = boot
  }
}

/// The persisted state of the stopwatch: time accumulated by earlier runs plus, while
/// running, the moment the current run began, on the wall clock and on the boot clock.
/// Elapsed time is always derived from these and a clock reading, never counted.
public struct Stopwatch: Equatable, Sendable {
  /// Time accumulated before the current run (whole milliseconds).
  public var accumulated: Duration
  /// When the current run started on the wall clock; `nil` while stopped or reset (which
  /// also clears `startedOnBoot`).
  public var startedAt: Date? {
    didSet { if startedAt == nil { startedOnBoot = nil } }
  }
  /// When the current run started on the boot clock; `nil` while stopped or reset, and for
  /// a run started where the boot clock could not be read (or by a Pocket before it).
  public var startedOnBoot: BootInstant?

  public init(
    accumulated: Duration = .zero, startedAt: Date? = nil, startedOnBoot: BootInstant? = nil
  ) {
    self.accumulated = accumulated
    self.startedAt = startedAt
    self.startedOnBoot = startedAt == nil ? nil : startedOnBoot
  }

  public var isRunning: Bool { startedAt != nil }

  /// Never started, or reset.
  public var isReset: Bool { startedAt == nil && accumulated == .zero }

  /// Starts a run at `now`.
  public mutating func start(at now: Moment) {
    startedAt = now.wall
    startedOnBoot = now.boot
  }

  /// Whether the current run is measured on the boot clock at `now`: it is running, and it
  /// started in the boot `now` is in.
  public func measuresOnBootClock(at now: Moment) -> Bool {
    guard isRunning, let start = startedOnBoot, let boot = now.boot else { return false }
    return start.bootID == boot.bootID
  }

  /// Elapsed time at `now`, to the millisecond, never below `floor` (the last total
  /// recorded: the newest lap's).
  ///
  /// A run started in the boot `now` is in is measured on the boot clock, which does not
  /// jump when the wall clock is set. Otherwise (after a reboot, or without a boot clock)
  /// it is measured on the wall clock, and a wall clock set back counts as no time.
  /// Either way the result is never below `accumulated`, nor below `floor`.
  /// It never traps and never passes the longest duration Pocket stores
  /// (`Limits.durationMilliseconds`): a stopwatch stops counting there.
  public func elapsed(at now: Moment, atLeast floor: Duration = .zero) -> Duration {
    guard let startedAt else { return max(accumulated, floor) }
    let (later, earlier) =
      if measuresOnBootClock(at: now), let start = startedOnBoot, let boot = now.boot {
        (boot.uptime.milliseconds, start.uptime.milliseconds)
      } else {
        (now.wall.epochMilliseconds, startedAt.epochMilliseconds)
      }
    let longest = max(accumulated, .milliseconds(Limits.durationMilliseconds.range.upperBound))
    let (run, overflow) = later.subtractingReportingOverflow(earlier)
    // Only stored numbers far out of range overflow; such a run counts as no time. Durations
    // count attoseconds in 128 bits: any two Int64 millisecond counts add safely.
    let counted = overflow ? accumulated : accumulated + .milliseconds(max(0, run))
    return max(min(counted, longest), floor)
  }

  /// Whether a run that read `total` at `now` should be restarted there
  /// (`restarted(at:elapsed:)`), so later readings are measured from `now`: the run is not
  /// measured on the boot clock, and restarting changes what later readings give. It moves
  /// the run onto `now`'s boot clock, or off a boot clock that is gone, or drops the time a
  /// wall clock set back would otherwise take away again, or keeps the floor `total` was
  /// raised to.
  public func shouldRestart(at now: Moment, total: Duration) -> Bool {
    guard let startedAt, !measuresOnBootClock(at: now) else { return false }
    if now.boot != nil || startedOnBoot != nil { return true }
    let (run, overflow) = now.wall.epochMilliseconds.subtractingReportingOverflow(
      startedAt.epochMilliseconds)
    return overflow || run < 0 || total != accumulated + .milliseconds(run)
  }

  /// The same stopwatch, its run started again at `now` with the time up to `now`
  /// (`elapsed`) accumulated: the run is measured on `now`'s boot clock from then on.
  public func restarted(at now: Moment, elapsed: Duration) -> Stopwatch {
    Stopwatch(accumulated: elapsed, startedAt: now.wall, startedOnBoot: now.boot)
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
