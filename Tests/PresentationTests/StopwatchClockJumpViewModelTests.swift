import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import StoreTestSupport
import TestSupport
import Testing

/// The stopwatch screen in one process after another while the wall clock is set back and
/// forward in between (the report: set back 1,325 ms, a lap of -1,325 ms was stored, the
/// total showed 00:00.00 and the negative lap was marked fastest).
@MainActor
@Suite("Stopwatch screen across wall-clock jumps")
struct StopwatchClockJumpViewModelTests {
  static let day = Duration.seconds(24 * 60 * 60)

  @Test(arguments: StoreKind.available, [true, false])
  func theShownTimeNeverGoesBackAndNoLapIsNegative(kind: StoreKind, hasBootClock: Bool)
    async throws
  {
    let machine = SimulatedMachine(hasBootClock: hasBootClock)
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let strings = Strings(language: .en, timeZone: .gmt)
    var shown: [Duration] = []
    var realTime = Duration.zero

    /// A new process: the store opened again, a screen loaded.
    func launch() async throws -> StopwatchViewModel {
      try await store.reopen()
      let viewModel = StopwatchViewModel(stopwatch: store.stopwatch, timeline: machine.process())
      await viewModel.load()
      #expect(viewModel.state.message == nil)
      shown.append(viewModel.state.elapsed)
      return viewModel
    }
    func pass(_ duration: Duration, _ viewModel: StopwatchViewModel) {
      machine.pass(duration)
      realTime += duration
      viewModel.tick()
      shown.append(viewModel.state.elapsed)
    }
    func lap(_ viewModel: StopwatchViewModel) async {
      await viewModel.lapTapped()
      #expect(viewModel.state.message == nil)
      shown.append(viewModel.state.elapsed)
    }

    var viewModel = try await launch()
    await viewModel.startTapped()
    pass(.seconds(1), viewModel)
    await lap(viewModel)
    pass(.seconds(1), viewModel)
    await lap(viewModel)

    for jump in [.milliseconds(-1_325), .zero - Self.day, Self.day, Self.day, .zero - Self.day] {
      machine.setWallClock(by: jump)
      viewModel = try await launch()
      #expect(strings.stopwatchTime(viewModel.state.elapsed) != "00:00.00")
      pass(.milliseconds(500), viewModel)
      await lap(viewModel)
    }
    await viewModel.stopTapped()
    shown.append(viewModel.state.elapsed)

    #expect(shown == shown.sorted(), "the shown time never goes back: \(shown)")
    let laps = try await store.stopwatch.laps(offset: 0, limit: 100).items
    #expect(laps.count == 7)
    #expect(laps.allSatisfy { $0.lapTime >= .zero })
    #expect(laps.reduce(Duration.zero) { $0 + $1.lapTime } == laps.first?.total)
    for row in viewModel.state.laps where row.mark != nil {
      #expect(row.lap.lapTime >= .zero)
    }
    if hasBootClock {
      // One boot: the shown time is the time that passed, whatever the wall clock said.
      #expect(viewModel.state.elapsed == realTime)
      #expect(laps.map(\.lapTime.milliseconds) == [500, 500, 500, 500, 500, 1_000, 1_000])
      #expect(viewModel.state.laps.first { $0.mark == .fastest }?.lap.number == 3)
    } else {
      // Only the wall clock: set back, it takes nothing away; set forward, it is believed.
      #expect(viewModel.state.elapsed >= realTime)
    }
  }
}
