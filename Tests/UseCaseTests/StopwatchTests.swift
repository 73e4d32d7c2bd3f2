import Foundation
import PocketData
import PocketDomain
import PocketTesting
import TestSupport
import Testing

@Suite("Stopwatch use cases")
struct StopwatchTests {
  let clock = ManualClock()
  let store = InMemoryStore().repositories

  var timeline: Timeline { .manual(clock) }

  @Test func elapsedTimeComesFromTheClock() async throws {
    let timeline = self.timeline
    try await StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    clock.advance(by: .milliseconds(12_345))
    let stopped = try await StopStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    #expect(stopped == Stopwatch(accumulated: .milliseconds(12_345)))
    #expect(try await store.stopwatch.load() == stopped)
  }

  @Test func lapsRecordLapTimeAndTotal() async throws {
    let timeline = self.timeline
    let saveLap = SaveLap(stopwatch: store.stopwatch, timeline: timeline)
    try await StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    clock.advance(by: .seconds(3))
    let first = try await saveLap()
    clock.advance(by: .milliseconds(1_500))
    let second = try await saveLap()
    #expect(first == Lap(number: 1, lapTime: .seconds(3), total: .seconds(3)))
    #expect(second == Lap(number: 2, lapTime: .milliseconds(1_500), total: .milliseconds(4_500)))
    let record = try await LoadStopwatch(stopwatch: store.stopwatch)(lapLimit: 20)
    #expect(record.laps.items == [second, first])
    #expect(record.summary == LapSummary(count: 2, fastest: second, slowest: first))
  }

  @Test func resumingAddsToTheTimeBefore() async throws {
    let timeline = self.timeline
    let start = StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)
    let stop = StopStopwatch(stopwatch: store.stopwatch, timeline: timeline)
    try await start()
    clock.advance(by: .seconds(2))
    try await stop()
    clock.advance(by: .seconds(100))
    try await start()
    clock.advance(by: .seconds(1))
    let lap = try await SaveLap(stopwatch: store.stopwatch, timeline: timeline)()
    #expect(lap.total == .seconds(3))
  }

  @Test func aRunningStopwatchKeepsRunningInTheNextProcess() async throws {
    try await StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    // A later process: a fresh clock, and a wall clock 90 seconds on.
    let later = Timeline(clock: ManualClock(), now: { Fixtures.referenceDate + 90 })
    let lap = try await SaveLap(stopwatch: store.stopwatch, timeline: later)()
    #expect(lap.total == .seconds(90))
  }

  @Test func lapAndStopNeedARunningStopwatch() async throws {
    await #expect(throws: DomainError.invalidInput(.stopwatchNotRunning)) {
      try await SaveLap(stopwatch: store.stopwatch, timeline: timeline)()
    }
    await #expect(throws: DomainError.invalidInput(.stopwatchNotRunning)) {
      try await StopStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    }
    #expect(try await store.stopwatch.lapSummary().count == 0)
  }

  @Test func resetDeletesTimeAndLaps() async throws {
    try await StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    clock.advance(by: .seconds(1))
    try await SaveLap(stopwatch: store.stopwatch, timeline: timeline)()
    #expect(try await store.stopwatch.reset(ifAtMost: .max) == .deleted)
    #expect(try await store.stopwatch.load() == Stopwatch())
    #expect(try await store.stopwatch.lapSummary() == LapSummary())
  }

  @Test func startingTwiceKeepsTheFirstStart() async throws {
    let start = StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)
    let first = try await start()
    clock.advance(by: .seconds(5))
    #expect(try await start() == first)
  }

  @Test func timelineMovesOnlyWithTheClock() {
    let timeline = self.timeline
    #expect(timeline.now() == Fixtures.referenceDate)
    clock.advance(by: .milliseconds(1_234))
    #expect(timeline.now().epochMilliseconds == Fixtures.referenceDate.epochMilliseconds + 1_234)
  }
}
