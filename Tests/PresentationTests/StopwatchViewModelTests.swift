import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@MainActor
@Suite("Stopwatch screen")
struct StopwatchViewModelTests {
  let clock = ManualClock()
  let store = InMemoryStore().repositories

  func makeViewModel(pageSize: Int = 20) -> StopwatchViewModel {
    StopwatchViewModel(stopwatch: store.stopwatch, timeline: .manual(clock), pageSize: pageSize)
  }

  @Test func startLapStopShowsTheWholeScreen() async {
    let viewModel = makeViewModel()
    await viewModel.load()
    #expect(viewModel.state == .init(status: .reset))
    await viewModel.startTapped()
    clock.advance(by: .seconds(10))
    await viewModel.lapTapped()
    clock.advance(by: .seconds(4))
    await viewModel.lapTapped()
    clock.advance(by: .seconds(7))
    await viewModel.lapTapped()
    clock.advance(by: .milliseconds(500))
    await viewModel.stopTapped()
    clock.advance(by: .seconds(60))
    viewModel.tick()
    let lap1 = Lap(number: 1, lapTime: .seconds(10), total: .seconds(10))
    let lap2 = Lap(number: 2, lapTime: .seconds(4), total: .seconds(14))
    let lap3 = Lap(number: 3, lapTime: .seconds(7), total: .seconds(21))
    #expect(
      viewModel.state
        == .init(
          status: .stopped, elapsed: .milliseconds(21_500),
          laps: [
            .init(lap: lap3), .init(lap: lap2, mark: .fastest), .init(lap: lap1, mark: .slowest),
          ],
          lapCount: 3, fastest: lap2, slowest: lap1))
  }

  @Test func oneLapIsNotMarked() async {
    let viewModel = makeViewModel()
    await viewModel.startTapped()
    clock.advance(by: .seconds(1))
    await viewModel.lapTapped()
    #expect(
      viewModel.state.laps == [.init(lap: Lap(number: 1, lapTime: .seconds(1), total: .seconds(1)))]
    )
  }

  @Test func lapWhileStoppedIsRefusedAndChangesNothing() async {
    let viewModel = makeViewModel()
    await viewModel.lapTapped()
    #expect(viewModel.state == .init(status: .reset, message: .input(.stopwatchNotRunning)))
  }

  @Test func aRestartedAppShowsTheRunningTime() async {
    let first = makeViewModel()
    await first.startTapped()
    // The next process: its own monotonic clock, and a wall clock five seconds later.
    let later = Timeline(clock: ManualClock(), now: { Fixtures.referenceDate + 5 })
    let second = StopwatchViewModel(stopwatch: store.stopwatch, timeline: later)
    await second.load()
    #expect(second.state.status == .running)
    #expect(second.state.elapsed == .seconds(5))
  }

  @Test func showsTheNewestPageOfLaps() async {
    let viewModel = makeViewModel(pageSize: 2)
    await viewModel.startTapped()
    for _ in 1...5 {
      clock.advance(by: .seconds(1))
      await viewModel.lapTapped()
    }
    #expect(viewModel.state.laps.map(\.lap.number) == [5, 4])
    #expect(viewModel.state.lapCount == 5)
    // More than one lap: unconfirmed, it asks and deletes nothing.
    await viewModel.resetTapped()
    #expect(viewModel.state.message == .confirmReset(laps: 5))
    #expect(viewModel.state.lapCount == 5)
    await viewModel.resetTapped(confirmed: true)
    #expect(viewModel.state == .init(status: .reset))
  }
}

extension StopwatchViewModelTests {
  /// What a screen draws: the time now, read without changing `state`.
  @Test func stateNowReadsTheClockWithoutChangingState() async {
    let viewModel = makeViewModel()
    await viewModel.startTapped()
    clock.advance(by: .seconds(3))
    let before = viewModel.state
    #expect(viewModel.stateNow.elapsed == .seconds(3))
    #expect(viewModel.stateNow.status == .running)
    #expect(viewModel.state == before)
    viewModel.tick()
    #expect(viewModel.state == viewModel.stateNow)
  }
}

extension StopwatchViewModelTests {
  /// While the stopwatch runs, the first page's rows start with the lap being timed (from
  /// the newest finished lap to the time now); other pages show only the finished laps.
  /// Stopped, the lap in progress stays, frozen and no longer counting; a reset removes it.
  @Test func theRunningLapLeadsTheFirstPageWhileRunning() async {
    let viewModel = makeViewModel(pageSize: 2)
    await viewModel.startTapped()
    for seconds in [3, 1, 2] {
      clock.advance(by: .seconds(seconds))
      await viewModel.lapTapped()
    }
    clock.advance(by: .milliseconds(2_500))
    let lap3 = Lap(number: 3, lapTime: .seconds(2), total: .seconds(6))
    let lap2 = Lap(number: 2, lapTime: .seconds(1), total: .seconds(4))
    let running = Lap(number: 4, lapTime: .milliseconds(2_500), total: .milliseconds(8_500))
    #expect(
      viewModel.stateNow.rows == [
        .init(lap: running, isRunning: true), .init(lap: lap3), .init(lap: lap2, mark: .fastest),
      ])
    await viewModel.showPage(2)
    #expect(viewModel.stateNow.rows.map(\.lap.number) == [1])
    #expect(viewModel.stateNow.rows.allSatisfy { !$0.isRunning })
    await viewModel.showPage(1)
    await viewModel.stopTapped()
    clock.advance(by: .seconds(9))
    #expect(
      viewModel.stateNow.rows == [
        .init(lap: running, inProgress: true), .init(lap: lap3), .init(lap: lap2, mark: .fastest),
      ])
    await viewModel.resetTapped(confirmed: true)
    #expect(viewModel.stateNow.rows.isEmpty)
  }

  /// The shown precision is whole centiseconds, truncated; a lap shows its shown total
  /// less the shown total before it (hand-computed: 2.009 s − 1.005 s shows 2.00 − 1.00).
  @Test func shownTimesAreTruncatedCentiseconds() {
    #expect(Duration.milliseconds(1_009).shownCentiseconds == 100)
    #expect(Duration.milliseconds(-5).shownCentiseconds == 0)
    let lap = Lap(number: 2, lapTime: .milliseconds(1_004), total: .milliseconds(2_009))
    #expect(lap.shownCentiseconds == 100)
  }
}
