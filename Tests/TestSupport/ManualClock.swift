import Domain
import Foundation
import Synchronization

/// A clock that moves only when a test tells it to: no test ever sleeps.
public final class ManualClock: Clock, Sendable {
  public struct Instant: InstantProtocol {
    public var offset: Duration
    public init(offset: Duration) { self.offset = offset }
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = Mutex(Instant(offset: .zero))

  public init() {}

  public var now: Instant { current.withLock { $0 } }
  public var minimumResolution: Duration { .zero }

  /// Moves the clock forward.
  public func advance(by duration: Duration) {
    current.withLock { $0 = $0.advanced(by: duration) }
  }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    current.withLock { $0 = max($0, deadline) }
  }
}

extension Timeline {
  /// A timeline that starts at `start` (and at `boot` on the boot clock, if given) and
  /// moves only with `clock`.
  public static func manual(
    _ clock: ManualClock, start: Date = Fixtures.referenceDate, boot: BootInstant? = nil
  ) -> Timeline {
    Timeline(clock: clock, now: { start }, boot: { boot })
  }
}
