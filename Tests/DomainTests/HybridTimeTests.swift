import PocketDomain
import TestSupport
import Testing

/// The hybrid logical clock the shared store's merge rules order changes by: later than
/// everything before on its machine and than everything it received, whatever the wall
/// clock does.
@Suite struct HybridTimeTests {
  static let day: Int64 = 86_400_000
  static let noon: Int64 = 1_733_486_400_000  // 2024-12-06 12:00 UTC

  @Test func aWallClockSetBackADayStillGivesLaterReadings() {
    var clock = HybridClock(machine: 1)
    let before = clock.now(wall: Self.noon)
    let setBack = clock.now(wall: Self.noon - Self.day)
    let again = clock.now(wall: Self.noon - Self.day + 5)
    #expect(before == HybridTime(milliseconds: Self.noon, counter: 0, machine: 1))
    #expect(setBack == HybridTime(milliseconds: Self.noon, counter: 1, machine: 1))
    #expect(again == HybridTime(milliseconds: Self.noon, counter: 2, machine: 1))
    // Once the wall clock passes the latest reading again, it counts from 0.
    #expect(clock.now(wall: Self.noon + 7) == HybridTime(milliseconds: Self.noon + 7, machine: 1))
  }

  @Test func aRestartGoesOnFromTheLatestReadingKept() {
    var first = HybridClock(machine: 2)
    let kept = first.now(wall: Self.noon)
    var restarted = HybridClock(machine: 2, latest: kept)
    #expect(restarted.now(wall: Self.noon - Self.day) > kept)
  }

  @Test func aReadingReceivedFromAheadIsPassedByEveryLaterReading() throws {
    var behind = HybridClock(machine: 3)
    _ = behind.now(wall: Self.noon - Self.day)
    let remote = HybridTime(milliseconds: Self.noon, counter: 4, machine: 9)
    let received = behind.receive(remote, wall: Self.noon - Self.day + 1)
    let taken = try #require(received)
    #expect(taken == HybridTime(milliseconds: Self.noon, counter: 5, machine: 3))
    #expect(behind.now(wall: Self.noon - Self.day + 2) > remote)
  }

  @Test func twoMachinesAtTheSameMillisecondAndCounterAreOrderedByMachine() {
    var one = HybridClock(machine: 1)
    var two = HybridClock(machine: 2)
    let a = one.now(wall: Self.noon)
    let b = two.now(wall: Self.noon)
    #expect(a < b)
    #expect(a != b)
    #expect("\(b)" == "\(Self.noon).0@2")
  }

  @Test func aCounterAtItsGreatestMovesOnToTheNextMillisecond() {
    var clock = HybridClock(
      machine: 1, latest: HybridTime(milliseconds: Self.noon, counter: .max, machine: 1))
    #expect(clock.now(wall: Self.noon) == HybridTime(milliseconds: Self.noon + 1, machine: 1))
  }

  @Test(arguments: [-1, HybridTime.milliseconds.upperBound + 1, .max, .min])
  func aReadingFromOutsideTheRangeIsRefusedAndNothingTaken(milliseconds: Int64) {
    var clock = HybridClock(machine: 1)
    let latest = clock.now(wall: Self.noon)
    let remote = HybridTime(milliseconds: milliseconds, counter: .max, machine: 2)
    #expect(clock.receive(remote, wall: Self.noon) == nil)
    #expect(clock.latest == latest)
  }

  @Test(arguments: [Int64.min, -1, Int64.max])
  func aWallClockOutsideTheRangeIsTakenAtItsBound(wall: Int64) {
    var clock = HybridClock(machine: 1)
    let reading = clock.now(wall: wall)
    #expect(HybridTime.milliseconds.contains(reading.milliseconds))
    // And nothing overflows from there, even at a saturated counter.
    var saturated = HybridClock(
      machine: 1, latest: HybridTime(milliseconds: .max, counter: .max, machine: 1))
    #expect(saturated.now(wall: wall).milliseconds == HybridTime.milliseconds.upperBound + 1)
  }

  /// Three machines whose wall clocks drift apart and jump back and forth exchange changes
  /// at random. Checked without the clock's own rules: each machine's readings rise; a
  /// change taken in reads later than when it was sent (what the merge's last writer wins
  /// needs); no two readings are equal; and no reading runs ahead of the greatest wall time
  /// any machine had shown by then.
  @Test func machinesWithJumpingClocksKeepTheOrderOfWhatTheyExchange() throws {
    var random = SeededGenerator(seed: 47)
    var clocks = (1...3).map { HybridClock(machine: UInt16($0)) }
    var walls: [Int64] = [Self.noon, Self.noon - 40, Self.noon + 900]
    var lastOf = [HybridTime?](repeating: nil, count: 3)
    var sent: [(from: Int, time: HybridTime)] = []
    var seen = Set<HybridTime>()
    var greatestWall = Int64.min
    for _ in 0..<5_000 {
      let machine = Int.random(in: 0..<3, using: &random)
      walls[machine] += Int64.random(in: -3...5, using: &random)
      if Int.random(in: 0..<200, using: &random) == 0 {
        walls[machine] += Int64.random(in: -Self.day...Self.day, using: &random)
      }
      greatestWall = max(greatestWall, walls[machine])
      let reading: HybridTime
      if !sent.isEmpty, Bool.random(using: &random) {
        let message = sent.remove(at: Int.random(in: 0..<sent.count, using: &random))
        let received = clocks[machine].receive(message.time, wall: walls[machine])
        reading = try #require(received)
        #expect(reading > message.time, "received \(message.time) as \(reading)")
      } else {
        reading = clocks[machine].now(wall: walls[machine])
        sent.append((machine, reading))
      }
      if let last = lastOf[machine] { #expect(reading > last) }
      #expect(seen.insert(reading).inserted, "\(reading) given twice")
      #expect(reading.milliseconds <= greatestWall)
      lastOf[machine] = reading
    }
  }
}
