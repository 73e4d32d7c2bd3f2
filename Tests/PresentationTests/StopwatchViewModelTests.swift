import Data
import Domain
import Foundation
import Presentation
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
    #expect(viewModel.state == .init(status: .reset, message: .stopwatchNotRunning))
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
