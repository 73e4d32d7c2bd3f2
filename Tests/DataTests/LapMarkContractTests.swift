import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Every store picks the fastest and slowest lap by the time the screen shows (whole
/// centiseconds of the total, minus those of the total before), the lowest number winning a
/// tie, so a mark never names a lap that reads longer (or shorter) than another.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite struct LapMarkContractTests {
  /// A lap's shown centiseconds, worked out here from the milliseconds: the truncated
  /// centiseconds of its total minus those of the previous total.
  static func shown(_ lap: Lap) -> Int64 {
    let total =
      lap.total.components.seconds * 1000
      + lap.total.components.attoseconds / 1_000_000_000_000_000
    let previous =
      total
      - (lap.lapTime.components.seconds * 1000
        + lap.lapTime.components.attoseconds / 1_000_000_000_000_000)
    return total / 10 - previous / 10
  }

  /// Laps made of millisecond lap times, numbered from 1, each total the sum so far.
  static func laps(_ lapTimes: [Int64]) -> [Lap] {
    var total: Int64 = 0
    return lapTimes.enumerated().map { index, lapTime in
      total += lapTime
      return Lap(number: index + 1, lapTime: .milliseconds(lapTime), total: .milliseconds(total))
    }
  }

  static func oracle(_ laps: [Lap]) -> LapSummary {
    let fastest = laps.min { (shown($0), $0.number) < (shown($1), $1.number) }
    let slowest = laps.min { (-shown($0), $0.number) < (-shown($1), $1.number) }
    return LapSummary(count: laps.count, fastest: fastest, slowest: slowest)
  }

  /// Lap 2 takes 8 ms but shows 00:00.01 (0.994 s → 1.002 s); lap 4 takes 9 ms and shows
  /// 00:00.00 (2.000 s → 2.009 s). Lap 6 takes 1.009 s and shows 1.00 (3.000 s → 4.009 s);
  /// lap 7 takes 1.001 s and shows 1.01 (4.009 s → 5.010 s). The marks go to lap 4 and
  /// lap 7, not to the extremes in milliseconds, laps 2 and 6.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func marksGoToTheShortestAndLongestShownTimes(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let laps = Self.laps([994, 8, 998, 9, 991, 1_009, 1_001])
    #expect(laps.map(Self.shown) == [99, 1, 100, 0, 100, 100, 101])
    for lap in laps { try await store.stopwatch.update(appending: lap) }
    let summary = try await store.stopwatch.lapSummary()
    #expect(summary.fastest?.number == 4)
    #expect(summary.slowest?.number == 7)
    #expect(summary == Self.oracle(laps))
  }

  /// Many short laps that tie as shown: the lowest number of those that read the same wins,
  /// whatever their milliseconds. Seeded (`POCKET_LAP_SEED` replays one).
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func tiesAsShownGoToTheLowestNumber(kind: StoreKind) async throws {
    let given = ProcessInfo.processInfo.environment["POCKET_LAP_SEED"].flatMap { UInt64($0) }
    let seed = given ?? UInt64.random(in: 0...UInt64.max)
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<4 {
      let store = try await StoreUnderTest(kind)
      defer { store.remove() }
      let lapTimes = (0..<40).map { _ in
        Bool.random(using: &generator)
          ? Int64.random(in: 0...25, using: &generator)
          : Int64.random(in: 990...1_015, using: &generator)
      }
      let laps = Self.laps(lapTimes)
      for lap in laps { try await store.stopwatch.update(appending: lap) }
      let summary = try await store.stopwatch.lapSummary()
      #expect(summary == Self.oracle(laps), "seed \(seed): lap times \(lapTimes)")
    }
  }
}
