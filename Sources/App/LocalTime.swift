import Foundation
import PocketData
import PocketDomain

/// When and where Pocket runs: the timeline every date and stopwatch reading comes from,
/// and the user's time zone, which decides calendar days and the times shown. `system` is
/// the one place Pocket reads the machine's clock and zone; the composition root
/// (`Pocket.main`) passes it in, and a test passes its own. Nothing has a default: a part
/// that needs the time is given it, so none reads the machine's clock behind a test's back.
package struct LocalTime: Sendable {
  package var timeline: Timeline
  package var timeZone: TimeZone

  package init(timeline: Timeline, timeZone: TimeZone) {
    self.timeline = timeline
    self.timeZone = timeZone
  }

  /// The machine's wall clock and boot clock, moved by a monotonic clock, in the zone the
  /// environment sets (`TZ`, else the system's).
  package static func system() -> LocalTime {
    LocalTime(
      timeline: Timeline(clock: ContinuousClock(), now: { Date() }, boot: BootClock.read),
      timeZone: .current)
  }
}
