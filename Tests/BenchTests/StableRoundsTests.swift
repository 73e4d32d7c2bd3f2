import Foundation
import Testing

@testable import Bench

/// The pure parts of how goals are judged: the spread and the rounds rule, memory above
/// the process's baseline, and the README's summary block.
@Suite("pocket-bench: rounds, memory above baseline, README block")
struct StableRoundsTests {
  @Test func spreadIsTheNearestRankTenthAndNinetiethPercentile() throws {
    // 1...20: the 10th percentile is the 2nd value, the 90th the 18th.
    let twenty = try #require(StableRounds.spread((1...20).map(Double.init).shuffled()))
    #expect(twenty.low == 2 && twenty.high == 18)
    // Fewer than ten: the smallest and the largest.
    let three = try #require(StableRounds.spread([3, 1, 2]))
    #expect(three.low == 1 && three.high == 3)
    #expect(StableRounds.spread([]) == nil)
    #expect(StableRounds.describe([1.5, 1, 1.25]) == "3 rounds, min–max 1.00–1.50×")
    #expect(
      StableRounds.describe((1...20).map { Double($0) / 10 }) == "20 rounds, p10–p90 0.20–1.80×")
    #expect(StableRounds.describe([70_000], unit: " KiB") == "1 round, min–max 70000–70000 KiB")
  }

  @Test func aSpreadStraddlesALimitWithinIt() {
    #expect(StableRounds.straddles([1.0, 1.1, 1.3], limit: 1.2))
    #expect(StableRounds.straddles([1.2, 1.3], limit: 1.2), "at the limit is within it")
    #expect(!StableRounds.straddles([1.1, 1.2], limit: 1.2), "all within the limit")
    #expect(!StableRounds.straddles([1.3, 1.4], limit: 1.2), "all past the limit")
    #expect(!StableRounds.straddles([], limit: 1.2))
  }

  /// Feeds a plan scripted figures and counts the rounds it asks for.
  private func rounds(initial: Int, limits: [Double?], _ figures: (Int) -> [Double]) -> Int {
    var plan = RoundsPlan(initial: initial, limits: limits)
    var count = 0
    while plan.wantsMore {
      plan.record(figures(count))
      count += 1
    }
    #expect(plan.figures.allSatisfy { $0.count == count })
    return count
  }

  @Test func straddlingGoalsRunMoreRoundsUpToTheCap() {
    // Clearly met, or clearly not: the configured rounds.
    #expect(rounds(initial: 10, limits: [1.2]) { [1.0 + 0.01 * Double($0 % 3)] } == 10)
    #expect(rounds(initial: 10, limits: [1.2]) { _ in [1.5] } == 10)
    // Two of the first ten past the limit (p90 is the 9th of 10): ten more; then eighteen
    // of twenty within (p90 is the 18th): judged on twenty.
    #expect(rounds(initial: 10, limits: [1.2]) { [$0 == 3 || $0 == 7 ? 1.5 : 1.0] } == 20)
    // Always on both sides: three times the configured rounds, no more.
    #expect(rounds(initial: 10, limits: [1.2]) { [$0 % 2 == 0 ? 1.0 : 1.5] } == 30)
    #expect(StableRounds(initial: 10).cap == 30)
    // A figure without a limit is reported, never judged; any judged one straddling is
    // enough.
    #expect(rounds(initial: 4, limits: [nil, 2]) { [$0 % 2 == 0 ? 1.0 : 9.0, 1.0] } == 4)
    #expect(rounds(initial: 4, limits: [2, 2]) { [1.0, $0 % 2 == 0 ? 1.0 : 9.0] } == 12)
    // At least one round, whatever the sizes say.
    #expect(rounds(initial: 0, limits: [1]) { _ in [0.5] } == 1)
  }

  @Test func memoryAboveBaselineIsTheCommandLessItsProcessPerRound() {
    #expect(
      MemoryAboveBaseline.perRound(
        command: [40_000, 30_000, 26_500], baseline: [32_000, 31_000, 26_000])
        == [8_000, 0, 500])
    #expect(MemoryAboveBaseline.median([5, 1, 3, 2]) == 2, "the lower middle: a measured one")
    #expect(MemoryAboveBaseline.median([7, 9, 8]) == 8)
    #expect(MemoryAboveBaseline.median([]) == nil)
  }

  private static func report(_ results: [BenchResult]) -> MarkdownReport {
    var config = BenchConfig.quick
    config.process = true
    return MarkdownReport(
      config: config, arguments: ["--process", "--quick", "--markdown", "docs/benchmarks.md"],
      date: Date(timeIntervalSince1970: 86_400), results: results)
  }

  @Test func theReadmeBlockReplacesOnlyWhatLiesBetweenItsMarkers() throws {
    func judged(_ workload: String, store: String = "sqlite", _ text: String, _ met: Bool)
      -> BenchResult
    {
      BenchResult(workload: workload, store: store, rows: 10, goal: Goal(text: text, met: met))
    }
    var exportTime = BenchResult(workload: "6 export laps (wall)", store: "sqlite", rows: 10)
    exportTime.note = "5.00× sqlite3 -json (no goal)"
    let results = [
      judged(
        "1 start-up: chat (CPU)", "2.00× bench-hello | CPU ≤ 1.3×; 10 rounds, p10–p90 1.50–2.50×",
        false),
      judged("1 start-up: chat (wall)", "1.10× ≤ 1.3×; 10 rounds, p10–p90 1.00–1.20×", true),
      judged(
        "6 export laps (peak above baseline)",
        "5.0 MiB ≤ 64 MiB; 2 rounds, min–max 5.00–5.10 MiB; sqlite3 -json's whole peak 4 KiB",
        true),
      exportTime,
      BenchResult(workload: "2 say vs sqlite3 (skipped: no sqlite3)", store: "sqlite", rows: nil),
      judged("8 followed: latency", store: "sqlite", "p99 12 ms ≤ 250 ms", true),
      judged("8 followed: latency", store: "json", "p99 300 ms ≤ 250 ms", false),
      BenchResult(workload: "9 key to frame: typing", store: "sqlite", rows: 20),
    ]
    let summary = ReadmeSummary(Self.report(results))
    let before = "# Pocket\n\n## Performance\n\nHand-written levers.\n\n"
    let after = "\nMore prose.\n\n## More\n"
    let old = ReadmeSummary.beginMarker + "\n| old | table |\n" + ReadmeSummary.endMarker + "\n"
    let spliced = try summary.splice(into: before + old + after)
    #expect(spliced == before + summary.block + after)
    let lines = summary.block.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.first == ReadmeSummary.beginMarker)
    #expect(
      lines[1].hasPrefix(
        "Measured by `swift build -c release && .build/release/pocket-bench --process --quick "
          + "--markdown docs/benchmarks.md` on 1970-01-02 00:00:00 UTC, "))
    #expect(lines[1].contains(" cores, ") && lines[1].contains(" GiB"))
    #expect(lines[1].contains("A `--quick` run: stores of 10,000 records"))
    // One row a goal, in the run's order; a goal without a judged or unmeasured row (9
    // here) has none.
    #expect(
      Array(lines[2...]) == [
        "",
        "| goal | figure | verdict |",
        "| --- | --- | --- |",
        "| 1. Start-up against bench-hello | start-up: chat (CPU): 2.00× bench-hello \\| CPU ≤ 1.3× "
          + "| ✗ 1 of 2 met |",
        "| 6. Export and import of every kind | 1 of 1 measurements within their goals | ✓ met |",
        "| 2. `say` against the sqlite3 shell | say vs sqlite3 (skipped: no sqlite3): not measured "
          + "| ✗ 0 of 1 met |",
        "| 8. The store followed | followed: latency (json): p99 300 ms ≤ 250 ms | ✗ 1 of 2 met |",
        ReadmeSummary.endMarker, "",
      ])
    #expect(ReadmeSummary.headline("1.2×; 1 round, min–max 1.20–1.20×; more") == "1.2×")
    #expect(
      ReadmeSummary.headline("p99 5 ms ≤ 16 ms over 60 keys") == "p99 5 ms ≤ 16 ms over 60 keys")
    // A README without the block is not written: where the figures go is its writer's call.
    #expect(throws: BenchError.self) { try summary.splice(into: before + after) }
    #expect(throws: BenchError.self) {
      try summary.splice(into: ReadmeSummary.endMarker + "\n" + ReadmeSummary.beginMarker)
    }
  }

  @Test func theReadmeBlockIsWrittenInPlace() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("README.md").path
    let summary = ReadmeSummary(Self.report([]))
    let text = "a\n" + ReadmeSummary.beginMarker + "\n" + ReadmeSummary.endMarker + "\nb\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try summary.write(to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\n" + summary.block + "b\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["README.md"])
    #expect(throws: BenchError.self) {
      try summary.write(to: folder.appendingPathComponent("none.md").path)
    }
    #expect(try BenchConfig.parse(["--readme", "R.md"]).readmePath == "R.md")
    #expect(try BenchConfig.parse([]).readmePath == nil)
    #expect(throws: BenchError.self) { try BenchConfig.parse(["--readme"]) }
  }
}
