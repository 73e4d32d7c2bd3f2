import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// A day of laps on a manual clock: the shown time is the clock's, to the centisecond, and
/// the laps add up exactly. The laps (100,000 with `POCKET_SOAK=1`, else 20,000 at longer
/// steps) go through the `SaveLap` use case, with the view model at the start and the end;
/// with `POCKET_SOAK=1` every lap goes through the view model and its reload.
@MainActor
@Suite("Stopwatch accuracy")
struct StopwatchAccuracyTests {
  nonisolated static let laps = Soak.size(20_000, full: 100_000)
  /// Laps tapped through the view model at the start and at the end of the day (every lap
  /// with `POCKET_SOAK=1`).
  static let viewModelLaps = Soak.size(10, full: laps)

  /// The day's clock: steps of 1 ms to just under twice the mean step between laps (1.727 s
  /// for 100,000 laps), with a microsecond part the display must not round up, ending
  /// exactly 24 hours after the start.
  struct Day: Sendable {
    static let milliseconds: Int64 = 24 * 60 * 60 * 1000
    /// The longest step: steps drawn from 1 ms to it average the day over its laps.
    static let longestStep = milliseconds * 2 / Int64(StopwatchAccuracyTests.laps) - 1
    var generator = SeededGenerator(seed: 20_261_129)
    /// Whole milliseconds on the clock at the latest lap.
    var elapsed: Int64 = 0

    /// Moves `clock` on to the moment of lap `lap`.
    /// - Returns: the clock's milliseconds at the previous lap.
    mutating func advance(_ clock: ManualClock, to lap: Int) -> Int64 {
      let remaining = Self.milliseconds - elapsed - Int64(StopwatchAccuracyTests.laps - lap)
      let last = lap == StopwatchAccuracyTests.laps
      let step =
        last ? remaining : min(Int64.random(in: 1...Self.longestStep, using: &generator), remaining)
      // The last step's microseconds stop short of a millisecond more than the day.
      let fraction = clock.now.offset.components.attoseconds / 1_000_000_000_000 % 1_000
      let microseconds = Int64.random(in: 0...(last ? 999 - fraction : 999), using: &generator)
      clock.advance(by: .milliseconds(step) + .microseconds(microseconds))
      let previous = elapsed
      elapsed = clock.now.offset.milliseconds
      return previous
    }
  }

  /// Saves laps `laps` through the use case, off the main actor, checking each against the
  /// clock.
  /// - Returns: what was wrong with the first wrong lap, if any.
  nonisolated static func saveLaps(
    _ laps: ClosedRange<Int>, _ saveLap: SaveLap, _ clock: ManualClock, _ day: inout Day
  ) async throws -> String? {
    for lap in laps {
      let previous = day.advance(clock, to: lap)
      let saved = try await saveLap()
      if saved.number != lap || saved.total.milliseconds != day.elapsed
        || saved.lapTime.milliseconds != day.elapsed - previous
      {
        return "lap \(lap): \(saved), clock at \(day.elapsed) ms"
      }
    }
    return nil
  }

  @Test func twentyFourHoursOfLapsAddUpAndShowTheClock() async throws {
    let clock = ManualClock()
    let store = InMemoryStore().repositories
    // Measured on the boot clock, as on Linux and macOS.
    let boot = BootInstant(bootID: "accuracy", uptime: .milliseconds(3_600_123))
    let timeline = Timeline.manual(clock, boot: boot)
    let viewModel = StopwatchViewModel(stopwatch: store.stopwatch, timeline: timeline)
    let strings = Strings(language: .en, timeZone: .gmt)
    let laps = Self.laps
    let edge = Self.viewModelLaps
    var day = Day()
    await viewModel.startTapped()
    for lap in 1...edge {
      _ = day.advance(clock, to: lap)
      await viewModel.lapTapped()
      #expect(viewModel.state.message == nil)
      #expect(viewModel.state.lapCount == lap)
    }
    if edge < laps {
      let saveLap = SaveLap(stopwatch: store.stopwatch, timeline: timeline)
      if let wrong = try await Self.saveLaps((edge + 1)...(laps - edge), saveLap, clock, &day) {
        Issue.record(Comment(rawValue: wrong))
        return
      }
      for lap in (laps - edge + 1)...laps {
        _ = day.advance(clock, to: lap)
        await viewModel.lapTapped()
        #expect(viewModel.state.message == nil)
        #expect(viewModel.state.lapCount == lap)
      }
    }
    let elapsed = day.elapsed
    #expect(viewModel.state.lapCount == laps)
    #expect(viewModel.state.laps.first?.lap.number == laps)
    #expect(try await store.stopwatch.load().startedOnBoot == boot)
    viewModel.tick()
    let shown = viewModel.state.elapsed
    #expect(shown.milliseconds == clock.now.offset.milliseconds)
    #expect(strings.stopwatchTime(shown) == expectedText(clock.now.offset))
    let archive = try await store.archive.export()
    let total = try #require(archive.laps.last?.total)
    #expect(archive.laps.count == laps)
    #expect(archive.laps.reduce(Duration.zero) { $0 + $1.lapTime } == total)
    #expect(total.milliseconds == elapsed)
    #expect(total.milliseconds == Day.milliseconds, "24 simulated hours")
    #expect(strings.stopwatchTime(total) == "24:00:00.00")
  }

  /// `H:MM:SS.cc` of `duration`, truncated to the centisecond, computed independently.
  func expectedText(_ duration: Duration) -> String {
    let centiseconds =
      duration.components.seconds * 100
      + duration.components.attoseconds / 10_000_000_000_000_000
    let hours = centiseconds / 360_000
    let rest = String(
      format: "%02lld:%02lld.%02lld", centiseconds / 6_000 % 60, centiseconds / 100 % 60,
      centiseconds % 100)
    return hours > 0 ? "\(hours):\(rest)" : rest
  }
}
