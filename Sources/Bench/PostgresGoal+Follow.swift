import Foundation
import TestSupport

/// Part 3 of goal 10: two "machines" (each its own HOME and `--store-path`) on one server
/// and schema. One shows the chat in a live view on a 100×30 pseudo-terminal; the other runs
/// `pocket say` as a whole process, one change at a person's pace. Each latency is from the
/// writer's exit (its commit is done) to the instant the viewer's screen shows the message;
/// a message not shown within a second counts as a second, and ten of them end the run.
struct PostgresFollow {
  let run: PostgresRun
  let changes: Int

  static let schema = "two_machines"
  static let mostMisses = 10

  func measure() -> [BenchResult] {
    #if os(Linux)
      do {
        return [try latency()]
      } catch {
        FileHandle.standardError.write(Data("goal 10, two machines: \(error)\n".utf8))
        return [
          BenchResult(
            workload: "10 two machines (failed)", store: "postgres", rows: nil,
            goal: Goal(text: String("\(error)".prefix { $0 != "\n" }), met: false))
        ]
      }
    #else
      return [.skipped("10 two machines", "Linux only", store: "postgres")]
    #endif
  }

  #if os(Linux)
    private func latency() throws -> BenchResult {
      let viewing = run.machine("viewer")
      let writing = run.machine("writer")
      for machine in [viewing, writing] {
        try FileManager.default.createDirectory(at: machine, withIntermediateDirectories: true)
      }
      let writer = run.arguments(writing, schema: Self.schema)
      _ = try Child.run(run.pocket, writer + ["chat"])
      let pty = try LiveTerminal.open(
        run.pocket, run.arguments(viewing, schema: Self.schema), home: viewing)
      defer { LiveTerminal.quit(pty) }
      try pty.read(untilScreen: { $0.lines.first?.contains("[") == true })
      pty.send("6")
      try pty.read(untilScreen: { $0.lines.first?.contains("[Chat]") == true })
      let clock = ContinuousClock()
      var latencies: [Duration] = []
      var misses = 0
      for index in 1...changes {
        // A person's pace: the viewer is idle again before each change.
        pty.read(for: .milliseconds(150 + index % 4 * 50))
        let text = "from the other machine <\(index)>"
        _ = try Child.run(run.pocket, writer + ["say", text])
        let ended = clock.now
        let deadline = ended + .seconds(1)
        while !pty.screen.contains(text), clock.now < deadline {
          pty.read(for: .milliseconds(1))
        }
        guard pty.screen.contains(text) else {
          latencies.append(.seconds(1))
          misses += 1
          if misses >= Self.mostMisses { break }
          continue
        }
        latencies.append(ended.duration(to: clock.now))
      }
      let samples = Samples(latencies)
      let goal = Samples.microseconds(.milliseconds(250))
      var row = BenchResult(
        workload: "10 two machines: say → live view", store: "postgres", rows: latencies.count,
        samples: samples, ratio: samples.p99 / goal,
        goal: Goal(
          text: String(
            format: "p99 %.0f ms ≤ 250 ms (median %.1f ms)%@", samples.p99 / 1_000,
            samples.median / 1_000, misses == 0 ? "" : "; \(misses) not shown within 1 s"),
          met: samples.p99 <= goal && misses == 0))
      row.baseline = goal
      row.baselineName = "the goal, µs"
      return row
    }
  #endif
}
