import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Goal 9 of `ProcessBenchmark`: the live view as a tool people live in. The keys each of the
/// five most common tasks takes in the live view and in line mode (each sequence is run
/// and its outcome checked on the screen, so a count is of keys that work), and the time
/// from a key to the frame that shows it, on a pseudo-terminal at 80×24: selection moves,
/// screen switches and typing on an input line.
struct LiveKeysGoal {
  let pocket: String
  let directory: URL
  /// Keys timed from key to frame.
  let keys: Int

  /// One task: its keys in the live view (one element a key press) and the screen that
  /// shows it done, and its lines in line mode and what line mode prints when it is done.
  struct Task {
    var name: String
    var live: [String]
    var liveDone: String
    var line: [String]
    var lineDone: String

    /// Line mode's key presses: every character typed and an Enter a line.
    var lineKeys: Int { line.reduce(0) { $0 + $1.count + 1 } }
  }

  static let down = "\u{1B}[B"
  static let up = "\u{1B}[A"
  static let enter = "\r"

  /// The five tasks, each from any screen (the keys that open its screen count).
  static let tasks: [Task] = [
    Task(
      name: "send a message", live: ["6", "i"] + letters("hello") + [enter],
      liveDone: "hello", line: ["say hello"], lineDone: "hello"),
    Task(
      name: "start the stopwatch and take a lap", live: ["2", " ", "l"], liveDone: "Lap 2",
      line: ["start", "lap"], lineDone: "Lap 2"),
    Task(
      name: "convert 100 USD into KRW",
      live: ["1", "/"] + letters("krw") + [enter, enter, "1", "0", "0"],
      liveDone: "100.00 USD", line: ["calc krw", "convert 100"], lineDone: "100.00 USD"),
    Task(
      name: "bookmark a notice", live: ["3", down, enter], liveDone: "Bookmarked",
      line: ["notices", "bookmark 1"], lineDone: "Bookmarked"),
    Task(
      name: "log a mood", live: ["5", "i"] + letters("4 good") + [enter], liveDone: "4  good",
      line: ["add 4 good"], lineDone: "4  good"),
  ]

  static func letters(_ text: String) -> [String] { text.map(String.init) }

  #if os(Linux)
    private var environment: [String: String] {
      LiveTerminal.environment(home: directory, ["TZ": "UTC"])
    }

    func measureOnATerminal() throws -> [BenchResult] {
      var rows: [BenchResult] = []
      let liveFolder = directory.appendingPathComponent("live")
      let pty = try PseudoTerminal(
        executable: pocket, arguments: ["--store-path", liveFolder.path, "--lang", "en"],
        environment: environment, rows: 24, columns: 80)
      defer { LiveTerminal.quit(pty) }
      try pty.read(until: { $0.contains("[Rates]") })
      for (index, task) in Self.tasks.enumerated() {
        for key in task.live { pty.send(key) }
        do {
          try pty.read(untilScreen: { $0.text.contains(task.liveDone) }, timeout: .seconds(10))
        } catch {
          throw BenchError.failed("\(task.name) in the live view (\(task.live)): \(error)")
        }
        // Back to a screen at rest, uncounted: Esc closes an input line, and a second
        // leaves the calculator, whose digits would type an amount.
        for _ in 0..<2 {
          pty.send("\u{1B}")
          pty.read(for: .milliseconds(200))
        }
        let lineFolder = directory.appendingPathComponent("line\(index)")
        try runInLineMode(task, folder: lineFolder)
        var row = BenchResult(
          workload: "9 keys: \(task.name)", store: "sqlite", rows: nil,
          ratio: Double(task.live.count) / Double(task.lineKeys),
          goal: Goal(
            text: "\(task.live.count) keys live, \(task.lineKeys) in line mode",
            met: task.live.count < task.lineKeys))
        row.baseline = Double(task.lineKeys)
        row.baselineName = "line mode's keys"
        rows.append(row)
      }
      let groups = try keyToFrame(pty)
      let samples = Samples(groups.flatMap(\.durations))
      for group in groups {
        rows.append(
          BenchResult(
            workload: "9 key to frame: \(group.name)", store: "sqlite",
            rows: group.durations.count, samples: Samples(group.durations)))
      }
      var latency = BenchResult(
        workload: "9 live view key to frame", store: "sqlite", rows: nil, samples: samples,
        ratio: samples.p99 / 16_000,
        goal: Goal(
          text: String(format: "p99 %.1f ms ≤ 16 ms over %d keys", samples.p99 / 1_000, keys),
          met: samples.p99 <= 16_000))
      latency.baseline = 16_000
      latency.baselineName = "the goal, µs"
      rows.append(latency)
      return rows
    }

    /// Runs `task`'s lines in a line session on a store of its own, and checks what it printed.
    private func runInLineMode(_ task: Task, folder: URL) throws {
      let session = try PipedSession(
        executable: pocket,
        arguments: ["--store-path", folder.path, "--lang", "en", "--plain"],
        environment: environment, errorPath: folder.path + ".stderr")
      defer { session.close() }
      for line in task.line { try session.send(line + "\n") }
      session.closeInput()
      let status = try session.wait(timeout: .seconds(30))
      guard status == 0, session.printed(task.lineDone) else {
        throw BenchError.failed(
          "\(task.name) in line mode (\(task.line)) ended with \(status): \(session.errorText)")
      }
    }

    /// Times `keys` keys, each sent once the frame of the one before is written, from its
    /// write to the end of the frame that shows it (`ESC[?2026l`, the end of a
    /// synchronized-output block): a third move the selection on the rates, a third switch
    /// screens with Tab (each reads the store), a third type letters on the chat's input line.
    private func keyToFrame(_ pty: PseudoTerminal) throws -> [(name: String, durations: [Duration])]
    {
      let third = max(2, keys / 3)
      try untimed(pty, "1", until: "[Rates]")
      // The first item selected, so each move after it moves the selection.
      try untimed(pty, Self.down, until: "› ")
      let half = min(third / 2, 150)
      var moves: [Duration] = []
      for key in Array(repeating: Self.down, count: half) + Array(repeating: Self.up, count: half) {
        moves.append(try timedKey(pty, key))
      }
      var switches: [Duration] = []
      for _ in 0..<third { switches.append(try timedKey(pty, "\t")) }
      try untimed(pty, "6", until: "[Chat]")
      try untimed(pty, "i", until: "Message:")
      // Letters in turn: once the line is wider than the field, each key still changes
      // what shows (the same letter again would shift nothing, and draw no frame).
      let typing = max(1, keys - moves.count - switches.count)
      let letters = (0..<typing).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }
      var typed: [Duration] = []
      for letter in letters { typed.append(try timedKey(pty, letter)) }
      let shown = letters.suffix(20).joined()
      guard pty.screen.text.contains(shown) else {
        throw BenchError.failed("the typed keys do not show on the input line:\n\(pty.screen.text)")
      }
      pty.send("\u{1B}")
      return [("moving the selection", moves), ("switching screens", switches), ("typing", typed)]
    }

    /// The time from sending `key` to the end of the next frame.
    private func timedKey(_ pty: PseudoTerminal, _ key: String) throws -> Duration {
      pty.readAvailable()
      pty.clearOutput()
      let start = ContinuousClock.now
      pty.send(key)
      do {
        try pty.read(until: { $0.contains("\u{1B}[?2026l") }, timeout: .seconds(10))
      } catch {
        throw BenchError.failed("no frame after \(key.debugDescription): \(error)")
      }
      return start.duration(to: .now)
    }

    /// Sends `key` and waits until the screen shows `text`, then until nothing more is
    /// written for a moment, so no frame of it falls in a timed key's window.
    private func untimed(_ pty: PseudoTerminal, _ key: String, until text: String) throws {
      pty.send(key)
      try pty.read(untilScreen: { $0.text.contains(text) }, timeout: .seconds(10))
      pty.read(for: .milliseconds(200))
    }
  #endif
}

extension LiveKeysGoal: TerminalGoal {
  static let watched = "the live view's keys"
  static let skippedRow = "9 live view keys"
}
