import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The shown lap times add up exactly to the shown total, and the columns stay in line.
@Suite("Lap display")
struct LapDisplayTests {
  let utc = TimeZone(identifier: "UTC") ?? .gmt

  /// Centiseconds of a shown time: MM:SS.cc or H:MM:SS.cc.
  func centiseconds(_ text: Substring) -> Int64? {
    let parts = text.split(separator: ":")
    guard parts.count >= 2, let last = parts.last else { return nil }
    let seconds = last.split(separator: ".")
    guard seconds.count == 2, let whole = Int64(seconds[0]), let hundredths = Int64(seconds[1])
    else { return nil }
    var minutes: Int64 = 0
    for part in parts.dropLast() {
      guard let value = Int64(part) else { return nil }
      minutes = minutes * 60 + value
    }
    return (minutes * 60 + whole) * 100 + hundredths
  }

  /// Random lap times (seeded, the seed printed; `POCKET_LAP_SEED` replays one), rendered
  /// as the stopwatch screen shows them: every lap row's time column adds up to the total
  /// column of the newest lap, which is what a user checks with a calculator.
  @Test func shownLapsAddUpToTheShownTotal() {
    let given = ProcessInfo.processInfo.environment["POCKET_LAP_SEED"].flatMap { UInt64($0) }
    let seed = given ?? UInt64.random(in: 0...UInt64.max)
    print("lap seed: \(seed) (replay with POCKET_LAP_SEED=\(seed))")
    var generator = SeededGenerator(seed: seed)
    let renderer = Renderer(strings: Strings(language: .en, timeZone: utc))
    for round in 0..<300 {
      let count = Int.random(in: 1...20, using: &generator)
      // Mostly short laps with odd milliseconds, sometimes long ones past an hour.
      var total = Duration.zero
      var laps: [Lap] = []
      for number in 1...count {
        let limit: Int64 = Bool.random(using: &generator) ? 5_000 : 4_000_000
        let lapTime = Duration.milliseconds(Int64.random(in: 0...limit, using: &generator))
        total += lapTime
        laps.append(Lap(number: number, lapTime: lapTime, total: total))
      }
      let state = StopwatchViewModel.State(
        status: .stopped, elapsed: total, laps: laps.reversed().map { .init(lap: $0) },
        lapCount: count)
      let rows = renderer.render(ScreenContent(state)).split(separator: "\n")
        .filter { $0.hasPrefix("Lap ") }
      // The finished laps and, stopped, the lap in progress above them.
      #expect(rows.count == count + 1)
      var sum: Int64 = 0
      var newestTotal: Int64?
      for row in rows {
        let cells = row.split(separator: " ")
        guard cells.count >= 4, let lap = centiseconds(cells[2]),
          let shownTotal = centiseconds(cells[3])
        else {
          Issue.record("seed \(seed), round \(round): unreadable row \(row)")
          return
        }
        sum += lap
        newestTotal = newestTotal ?? shownTotal
      }
      #expect(
        sum == newestTotal,
        "seed \(seed), round \(round): laps add to \(sum), total \(newestTotal ?? -1)")
    }
  }

  @Test func columnsStayInLineWithHours() {
    let laps = [
      Lap(number: 2, lapTime: .milliseconds(3_600_000), total: .milliseconds(3_605_000)),
      Lap(number: 1, lapTime: .milliseconds(5_000), total: .milliseconds(5_000)),
    ]
    let state = StopwatchViewModel.State(
      status: .stopped, elapsed: .milliseconds(3_605_000), laps: laps.map { .init(lap: $0) },
      lapCount: 2)
    let screen = Renderer(strings: Strings(language: .en, timeZone: utc))
      .render(ScreenContent(state))
    let rows = screen.split(separator: "\n").filter { $0.hasPrefix("Lap ") }
    // Stopped, the lap in progress (lap 3, no time yet) stays on top, as Apple's Clock keeps it.
    #expect(
      rows == [
        "Lap 3    00:00.00  1:00:05.00", "Lap 2  1:00:00.00  1:00:05.00",
        "Lap 1    00:05.00    00:05.00",
      ])
  }
}
