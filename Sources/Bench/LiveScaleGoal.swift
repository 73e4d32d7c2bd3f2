import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Goal 12 of `ProcessBenchmark`: the live view's lists at scale. On a store of `rows`
/// messages and `rows` laps (and the same keys on one of `small` of each), on a
/// pseudo-terminal at 80×24: the time from a key to the screen that shows what it did, for
/// opening the chat and the laps, `G`, `g`, PgUp ten times, a search of the chat that
/// matches 10 messages and typing on the input line, each held to goal 9's 16 ms at p99; and the view's peak memory, which must not grow with
/// the list (at most a quarter more than on the small store).
struct LiveScaleGoal {
  let pocket: String
  /// The stores, filled: `rows` of each kind in `large`, `small` in `smallStore`.
  let large: URL
  let smallStore: URL
  let rows: Int
  let small: Int

  static let pageUp = "\u{1B}[5~"

  /// `1234567` as `1,234,567`, as the live view writes counts.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// The keys of one run and their times, by what they do, and the view's peak memory.
  struct Run {
    var groups: [(name: String, durations: [Duration])] = []
    var peakKilobytes = 0
  }

  #if os(Linux)
    func measureOnATerminal() throws -> [BenchResult] {
      let smallRun = try run(smallStore, count: small)
      let largeRun = try run(large, count: rows)
      var results: [BenchResult] = []
      for group in largeRun.groups {
        results.append(
          BenchResult(
            workload: "12 at scale: \(group.name)", store: "sqlite", rows: rows,
            samples: Samples(group.durations)))
      }
      let samples = Samples(largeRun.groups.flatMap(\.durations))
      var latency = BenchResult(
        workload: "12 live view key to frame at scale", store: "sqlite", rows: rows,
        samples: samples, ratio: samples.p99 / 16_000,
        goal: Goal(
          text: String(
            format: "p99 %.1f ms ≤ 16 ms over %d keys", samples.p99 / 1_000,
            largeRun.groups.reduce(0) { $0 + $1.durations.count }),
          met: samples.p99 <= 16_000))
      latency.baseline = 16_000
      latency.baselineName = "the goal, µs"
      results.append(latency)
      let ratio = Double(largeRun.peakKilobytes) / Double(max(1, smallRun.peakKilobytes))
      var memory = BenchResult(
        workload: "12 live view peak memory", store: "sqlite", rows: rows,
        peakRSSKilobytes: largeRun.peakKilobytes, ratio: ratio,
        goal: Goal(
          text: String(format: "%.2f× of %@ rows ≤ 1.25×", ratio, Self.grouped(small)),
          met: ratio <= 1.25))
      memory.baseline = Double(smallRun.peakKilobytes)
      memory.baselineName = "\(Self.grouped(small)) rows, KiB"
      results.append(memory)
      return results
    }

    /// The keys on the store in `folder` of `count` messages and laps.
    private func run(_ folder: URL, count: Int) throws -> Run {
      let pty = try LiveTerminal.open(
        pocket, ["--store", "sqlite", "--store-path", folder.path, "--lang", "en"],
        home: folder, rows: 24, columns: 80)
      defer { LiveTerminal.quit(pty) }
      try pty.read(untilScreen: { $0.contains("[Rates]") }, timeout: .seconds(30))
      pty.read(for: .milliseconds(300))
      let all = Self.grouped(count)
      var run = Run()
      // The chat: opened at its newest, up ten screenfuls, its oldest, its newest.
      let chat = try timed(pty, "6") {
        $0.contains("[Chat]") && Self.position($0)?.hasSuffix("–\(all) of \(all)") == true
      }
      let chatUp = try pagesUp(pty)
      let chatTop = try timed(pty, "g") { Self.position($0)?.hasPrefix("rows 1–") == true }
      let chatEnd = try timed(pty, "G") {
        Self.position($0)?.hasSuffix("–\(all) of \(all)") == true
      }
      // A search that matches 10 messages (`LiveSearchGoal.drafts`): from the Enter that
      // runs it to the frame of its matches; Esc shows the whole chat again, untimed.
      let needle = LiveSearchGoal.needle
      pty.send("/")
      for letter in needle { pty.send(String(letter)) }
      try pty.read(untilScreen: { $0.text.contains("Search: \(needle)") }, timeout: .seconds(30))
      pty.read(for: .milliseconds(200))
      let shown = "Search: \"\(needle)\" · \(LiveSearchGoal.matches) matches"
      let search = try timed(pty, "\r") { $0.text.contains(shown) }
      try untimed(pty, "\u{1B}") { !$0.text.contains(shown) }
      // Typing on the input line.
      try untimed(pty, "i") { $0.contains("Message:") }
      var typed: [Duration] = []
      for index in 0..<20 {
        let letter = String(UnicodeScalar(UInt8(97 + index)))
        let typedSoFar = (0...index).map { String(UnicodeScalar(UInt8(97 + $0))) }.joined()
        typed.append(try timed(pty, letter) { $0.contains("Message: " + typedSoFar) })
      }
      try untimed(pty, "\u{1B}") { !$0.contains("Message:") }
      // The laps (and the lap in progress above them): opened, the oldest, up, the top.
      let lapRows = Self.grouped(count + 1)
      let laps = try timed(pty, "2") {
        $0.contains("[Stopwatch]") && Self.position($0)?.hasSuffix(" of \(lapRows)") == true
      }
      let lapsEnd = try timed(pty, "G") {
        $0.lines.contains { $0.hasPrefix("› Lap 1 ") }
      }
      let lapsUp = try pagesUp(pty)
      let lapsTop = try timed(pty, "g") { Self.position($0)?.hasPrefix("rows 1–") == true }
      run.groups = [
        ("chat: opening it", [chat]), ("chat: G", [chatEnd]), ("chat: g", [chatTop]),
        ("chat: PgUp", chatUp), ("chat: search matching 10", [search]),
        ("chat: typing", typed), ("laps: opening them", [laps]),
        ("laps: G", [lapsEnd]), ("laps: g", [lapsTop]), ("laps: PgUp", lapsUp),
      ]
      run.peakKilobytes = try Self.peakKilobytes(pty.processIdentifier)
      return run
    }

    /// PgUp ten times, each timed until the rows shown change.
    private func pagesUp(_ pty: PseudoTerminal) throws -> [Duration] {
      var durations: [Duration] = []
      for _ in 0..<10 {
        let before = Self.position(pty.screen)
        durations.append(try timed(pty, Self.pageUp) { Self.position($0) != before })
      }
      return durations
    }

    /// The row that says which rows of the list show (`rows 54–73 of 1,000`).
    static func position(_ screen: ScreenModel) -> String? {
      screen.lines.last { $0.contains("rows ") && $0.contains(" of ") }?
        .trimmingCharacters(in: .whitespaces)
    }

    /// The time from sending `key` to the screen that shows what it did.
    private func timed(
      _ pty: PseudoTerminal, _ key: String, until predicate: (ScreenModel) -> Bool
    ) throws -> Duration {
      pty.readAvailable()
      let start = ContinuousClock.now
      pty.send(key)
      do {
        try pty.read(untilScreen: predicate, timeout: .seconds(30))
      } catch {
        throw BenchError.failed(
          "\(key.debugDescription) did not show what it does: \(error)\n\(pty.screen.text)")
      }
      return start.duration(to: .now)
    }

    /// Sends `key`, waits until the screen satisfies `predicate`, then until nothing more is
    /// written for a moment.
    private func untimed(
      _ pty: PseudoTerminal, _ key: String, until predicate: (ScreenModel) -> Bool
    ) throws {
      pty.send(key)
      try pty.read(untilScreen: predicate, timeout: .seconds(30))
      pty.read(for: .milliseconds(200))
    }

    /// The most memory process `pid` has held (`VmHWM`), in KiB.
    static func peakKilobytes(_ pid: pid_t) throws(BenchError) -> Int {
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
      else { throw .failed("no VmHWM for process \(pid)") }
      return kilobytes
    }
  #endif
}

extension LiveScaleGoal: TerminalGoal {
  static let watched = "the live view at scale"
  static let skippedRow = "12 live view at scale"
}
