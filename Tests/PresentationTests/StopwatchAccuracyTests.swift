import Data
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// A day of laps on a manual clock: the shown time is the clock's, to the centisecond, and
/// the laps add up exactly. The 100,000 laps go through the `SaveLap` use case, with the
/// view model at the start and the end; with `POCKET_SOAK=1` every lap goes through the view
/// model and its reload.
@MainActor
@Suite("Stopwatch accuracy")
struct StopwatchAccuracyTests {
  /// Laps tapped through the view model at the start and at the end of the day.
  static let viewModelLaps = 10

  @Test func twentyFourHoursAndAHundredThousandLaps() async throws {
    let clock = ManualClock()
    let store = InMemoryStore().repositories
    // Measured on the boot clock, as on Linux and macOS.
    let boot = BootInstant(bootID: "accuracy", uptime: .milliseconds(3_600_123))
    let timeline = Timeline.manual(clock, boot: boot)
    let viewModel = StopwatchViewModel(stopwatch: store.stopwatch, timeline: timeline)
    let saveLap = SaveLap(stopwatch: store.stopwatch, timeline: timeline)
    let strings = Strings(language: .en)
    var generator = SeededGenerator(seed: 20_261_129)
    let day: Int64 = 24 * 60 * 60 * 1000
    let laps = 100_000
    await viewModel.startTapped()
    var elapsed: Int64 = 0
    for lap in 1...laps {
      // Steps of 1 ms to 1.727 s, with a microsecond part the display must not round up.
      let remaining = day - elapsed - Int64(laps - lap)
      let step =
        lap == laps ? remaining : min(Int64.random(in: 1...1_727, using: &generator), remaining)
      clock.advance(
        by: .milliseconds(step) + .microseconds(Int64.random(in: 0...999, using: &generator)))
      let previous = elapsed
      elapsed = clock.now.offset.milliseconds
      if Soak.isOn || lap <= Self.viewModelLaps || lap > laps - Self.viewModelLaps {
        await viewModel.lapTapped()
        #expect(viewModel.state.message == nil)
        #expect(viewModel.state.lapCount == lap)
      } else {
        let saved = try await saveLap()
        if saved.number != lap || saved.total.milliseconds != elapsed
          || saved.lapTime.milliseconds != elapsed - previous
        {
          Issue.record("lap \(lap): \(saved), clock at \(elapsed) ms")
          return
        }
      }
    }
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
    #expect(total.milliseconds == day, "24 simulated hours")
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
