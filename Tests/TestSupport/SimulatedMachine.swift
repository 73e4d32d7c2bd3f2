import Foundation
import PocketDomain
import PocketTesting
import Synchronization

/// A machine for tests that span processes: a wall clock that anyone can set, a boot clock
/// that nobody can, and reboots. `process()` starts a process: a `Timeline` that reads both
/// clocks once, as Pocket does at launch, and then moves with its own manual clock. Time
/// passes only through `pass(_:)`, for the machine and every process on it at once; no test
/// sleeps.
public final class SimulatedMachine: Sendable {
  private struct State {
    var wall: Date
    var bootID: String
    var uptime: Duration
    var processes: [ManualClock] = []
  }

  private let state: Mutex<State>
  /// Whether the machine has a boot clock to read (Linux and macOS do).
  public let hasBootClock: Bool

  public init(
    wall: Date = Fixtures.referenceDate, bootID: String = "boot-1", hasBootClock: Bool = true
  ) {
    state = Mutex(State(wall: wall, bootID: bootID, uptime: .seconds(100)))
    self.hasBootClock = hasBootClock
  }

  /// Time passes: the wall clock, the boot clock and every process's clock move on.
  public func pass(_ duration: Duration) {
    state.withLock { state in
      state.wall += TimeInterval(duration.milliseconds) / 1000
      state.uptime += duration
      for clock in state.processes { clock.advance(by: duration) }
    }
  }

  /// Someone sets the wall clock `offset` away (back when negative). Nothing else moves.
  public func setWallClock(by offset: Duration) {
    state.withLock { $0.wall += TimeInterval(offset.milliseconds) / 1000 }
  }

  /// The machine restarts as boot `bootID`: every process ends, the boot clock starts again,
  /// and the wall clock moves on by `downtime`.
  public func reboot(as bootID: String, downtime: Duration = .seconds(40)) {
    state.withLock { state in
      state.processes = []
      state.bootID = bootID
      state.uptime = .seconds(5)
      state.wall += TimeInterval(downtime.milliseconds) / 1000
    }
  }

  /// The wall clock now.
  public var wall: Date { state.withLock { $0.wall } }

  /// The boot clock now, `nil` without one.
  public var boot: BootInstant? {
    guard hasBootClock else { return nil }
    return state.withLock { BootInstant(bootID: $0.bootID, uptime: $0.uptime) }
  }

  /// A new process's timeline.
  public func process() -> Timeline {
    let clock = ManualClock()
    state.withLock { $0.processes.append(clock) }
    return Timeline(clock: clock, now: { self.wall }, boot: { self.boot })
  }
}
