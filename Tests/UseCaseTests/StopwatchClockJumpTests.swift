import Foundation
import PocketData
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// A running stopwatch used by one process after another on a machine whose wall clock is
/// set back and forward in between, and which reboots: every process has its own use cases
/// and its own `Timeline`, and they share only the store (opened again for each process
/// where the store is persistent).
@Suite("Stopwatch across wall-clock jumps")
struct StopwatchClockJumpTests {
  static let day = Duration.seconds(24 * 60 * 60)

  /// One process's use cases.
  struct Process {
    let start: StartStopwatch
    let stop: StopStopwatch
    let lap: SaveLap
    let load: LoadStopwatch
    let timeline: Timeline

    init(_ store: StoreUnderTest, _ machine: SimulatedMachine) {
      timeline = machine.process()
      start = StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)
      stop = StopStopwatch(stopwatch: store.stopwatch, timeline: timeline)
      lap = SaveLap(stopwatch: store.stopwatch, timeline: timeline)
      load = LoadStopwatch(stopwatch: store.stopwatch)
    }

    /// The time a screen of this process shows now.
    func shown() async throws -> Duration {
      let record = try await load(lapLimit: 1)
      return record.stopwatch.elapsed(at: timeline.moment(), atLeast: record.lastLapTotal)
    }
  }

  /// The next process on `machine`, with `store` opened again.
  func next(_ store: inout StoreUnderTest, _ machine: SimulatedMachine) async throws -> Process {
    try await store.reopen()
    return Process(store, machine)
  }

  /// Every stored lap is non-negative, totals never go down, and the lap times add up to
  /// the newest total.
  func expectConsistentLaps(_ store: StoreUnderTest) async throws -> [Lap] {
    let laps = try await store.stopwatch.laps(offset: 0, limit: 100).items.reversed()
      .map { $0 }
    for lap in laps { #expect(lap.lapTime >= .zero, "lap \(lap.number)") }
    #expect(laps.map(\.total) == laps.map(\.total).sorted())
    #expect(laps.reduce(Duration.zero) { $0 + $1.lapTime } == laps.last?.total ?? .zero)
    return laps
  }

  @Test(arguments: StoreKind.available)
  func inOneBootTheWallClockIsIgnored(kind: StoreKind) async throws {
    let machine = SimulatedMachine()
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await Process(store, machine).start()
    machine.pass(.seconds(1))
    #expect(try await Process(store, machine).lap().total == .seconds(1))

    // The report's case: set back 1,325 ms between two processes.
    machine.setWallClock(by: .milliseconds(-1_325))
    var process = try await next(&store, machine)
    #expect(try await process.shown() == .seconds(1))
    machine.pass(.milliseconds(500))
    #expect(
      try await process.lap()
        == Lap(number: 2, lapTime: .milliseconds(500), total: .milliseconds(1_500)))

    machine.setWallClock(by: .zero - Self.day)
    process = try await next(&store, machine)
    #expect(try await process.shown() == .milliseconds(1_500))
    machine.pass(.seconds(2))
    #expect(try await process.lap().total == .milliseconds(3_500))

    machine.setWallClock(by: Self.day * 2)
    process = try await next(&store, machine)
    #expect(try await process.shown() == .milliseconds(3_500))
    machine.pass(.milliseconds(250))
    #expect(try await process.lap().total == .milliseconds(3_750))

    machine.setWallClock(by: .zero - Self.day)
    process = try await next(&store, machine)
    machine.pass(.seconds(1))
    #expect(try await process.stop().accumulated == .milliseconds(4_750))

    machine.setWallClock(by: .zero - Self.day)
    process = try await next(&store, machine)
    try await process.start()
    machine.setWallClock(by: Self.day * 3)
    process = try await next(&store, machine)
    machine.pass(.seconds(1))
    #expect(try await process.shown() == .milliseconds(5_750))
    #expect(try await process.lap().total == .milliseconds(5_750))

    let laps = try await expectConsistentLaps(store)
    #expect(laps.map(\.lapTime.milliseconds) == [1_000, 500, 2_000, 250, 2_000])
  }

  @Test(arguments: StoreKind.available)
  func afterARebootTheWallClockCountsButNeverBelowTheLastLap(kind: StoreKind) async throws {
    let machine = SimulatedMachine()
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var process = Process(store, machine)
    try await process.start()
    machine.pass(.seconds(10))
    #expect(try await process.lap().total == .seconds(10))
    machine.pass(.seconds(5))

    // Rebooted, and the wall clock set back by a day: the wall says the run is -1 day old,
    // which counts as no time; the newest lap's total is the least shown.
    machine.reboot(as: "boot-2")
    machine.setWallClock(by: .zero - Self.day)
    process = try await next(&store, machine)
    #expect(try await process.shown() == .seconds(10))
    #expect(try await process.lap() == Lap(number: 2, lapTime: .zero, total: .seconds(10)))
    // The lap restarted the run on this boot's clock: the time runs on from here.
    machine.pass(.seconds(3))
    #expect(try await process.shown() == .seconds(13))
    #expect(try await process.lap().total == .seconds(13))
    process = try await next(&store, machine)
    machine.pass(.seconds(4))
    #expect(try await process.lap().total == .seconds(17))

    // Rebooted, and the wall clock set forward by a day: after a reboot only the wall clock
    // can tell how long the machine was down, and it is believed.
    machine.reboot(as: "boot-3", downtime: .seconds(40))
    machine.setWallClock(by: Self.day)
    process = try await next(&store, machine)
    let expected = Duration.seconds(10 + 3 + 4 + 40) + Self.day
    #expect(try await process.shown() == expected)
    #expect(try await process.stop().accumulated == expected)

    let laps = try await expectConsistentLaps(store)
    #expect(laps.map(\.lapTime) == [.seconds(10), .zero, .seconds(3), .seconds(4)])
  }

  @Test(arguments: StoreKind.available)
  func withoutABootClockAWallClockSetBackTakesNothingAway(kind: StoreKind) async throws {
    let machine = SimulatedMachine(hasBootClock: false)
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var process = Process(store, machine)
    try await process.start()
    machine.pass(.seconds(2))
    #expect(try await process.lap().total == .seconds(2))

    machine.setWallClock(by: .zero - Self.day)
    process = try await next(&store, machine)
    machine.pass(.seconds(1))
    #expect(try await process.shown() == .seconds(2))
    #expect(try await process.lap() == Lap(number: 2, lapTime: .zero, total: .seconds(2)))
    machine.pass(.seconds(1))
    #expect(try await process.lap().total == .seconds(3))

    // Set back by half a minute: the next process shows the newest lap's total until the
    // wall clock is past the run's start again.
    machine.setWallClock(by: .seconds(-30))
    process = try await next(&store, machine)
    #expect(try await process.shown() == .seconds(3))
    machine.pass(.seconds(1))
    #expect(try await process.lap().total == .seconds(3))

    let laps = try await expectConsistentLaps(store)
    #expect(laps.count == 4)
  }

  @Test func aBootInstantIsAValidatedPair() {
    #expect(
      BootInstant(bootID: "4b3f0c9e-1d2a-4e4b-9c1e-0a2b3c4d5e6f", uptimeMilliseconds: 12)
        == BootInstant(bootID: "4b3f0c9e-1d2a-4e4b-9c1e-0a2b3c4d5e6f", uptime: .milliseconds(12)))
    #expect(BootInstant(bootID: nil, uptimeMilliseconds: 12) == nil)
    #expect(BootInstant(bootID: "boot-1", uptimeMilliseconds: nil) == nil)
    #expect(BootInstant(bootID: "", uptimeMilliseconds: 12) == nil)
    #expect(BootInstant(bootID: "boot 1", uptimeMilliseconds: 12) == nil)
    #expect(BootInstant(bootID: String(repeating: "a", count: 65), uptimeMilliseconds: 1) == nil)
    #expect(BootInstant(bootID: "boot-1", uptimeMilliseconds: -1) == nil)
    #expect(BootInstant(bootID: "boot-1", uptimeMilliseconds: .max) == nil)
  }

  @Test func storedNumbersFarOutOfRangeCountAsNoTime() {
    let stopwatch = Stopwatch(
      accumulated: .seconds(1), startedAt: Date(epochMilliseconds: -9_000_000_000_000_000_000),
      startedOnBoot: BootInstant(bootID: "b", uptime: .milliseconds(Int64.min)))
    let wall = Date(epochMilliseconds: 9_000_000_000_000_000_000)
    #expect(
      stopwatch.elapsed(at: Moment(wall: wall, boot: BootInstant(bootID: "b", uptime: .seconds(1))))
        == .seconds(1))
    #expect(stopwatch.elapsed(at: Moment(wall: wall)) == .seconds(1))
  }
}
