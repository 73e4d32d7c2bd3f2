import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Goal 7 of `ProcessBenchmark`: the live view on a pseudo-terminal, as a person's terminal runs it
/// (the test kit's `PseudoTerminal`: `openpty`, the pty as the controlling terminal). Its
/// CPU (user plus system, from `/proc/PID/stat`) while nothing changes and while the
/// stopwatch ticks, and the CPU of one frame (ticking CPU over the frames written, each
/// frame being one synchronized-output block).
struct LiveViewGoal {
  let pocket: String
  let directory: URL
  /// How long each window is measured.
  let seconds: Double

  #if os(Linux)
    func measureOnATerminal() throws -> [BenchResult] {
      let pty = try LiveTerminal.open(
        pocket, ["--store-path", directory.path, "--lang", "en"], home: directory)
      defer { LiveTerminal.quit(pty) }
      let window = Duration.milliseconds(Int(seconds * 1_000))
      try pty.read(until: { $0.contains("[Rates]") })
      pty.read(for: .milliseconds(500))
      let idleStart = try Self.cpuTicks(pty.processIdentifier)
      let idleFrames = Self.frames(in: pty.read(for: window))
      let idle = try Self.cpuTicks(pty.processIdentifier) - idleStart
      pty.send("2 ")
      try pty.read(until: { $0.contains("running") })
      pty.read(for: .milliseconds(300))
      let tickStart = try Self.cpuTicks(pty.processIdentifier)
      let frames = Self.frames(in: pty.read(for: window))
      let ticking = try Self.cpuTicks(pty.processIdentifier) - tickStart
      let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
      let idleShare = Double(idle) / hertz / seconds
      let tickingShare = Double(ticking) / hertz / seconds
      let frameCPU = Double(ticking) / hertz / Double(max(frames, 1)) * 1e6
      let fps = Double(frames) / seconds
      var idleRow = BenchResult(
        workload: "7 live view idle (CPU)", store: "sqlite", rows: nil, ratio: idleShare,
        goal: Goal(
          text: String(
            format: "%.2f%% of a core, %d frames in %.0f s ≈ 0%%", idleShare * 100, idleFrames,
            seconds),
          met: idleFrames == 0 && idleShare < 0.005))
      idleRow.baseline = 0
      idleRow.baselineName = "no work while nothing changes"
      var tickingRow = BenchResult(
        workload: "7 live view ticking (CPU)", store: "sqlite", rows: nil,
        ratio: tickingShare / 0.05,
        goal: Goal(
          text: String(
            format: "%.2f%% of a core ≤ 5%%; %.0f frames/s ≥ 25", tickingShare * 100, fps),
          met: tickingShare <= 0.05 && fps >= 25))
      tickingRow.baseline = 5
      tickingRow.baselineName = "the goal, % of a core"
      var frameRow = BenchResult(
        workload: "7 live view one frame (CPU)", store: "sqlite", rows: nil,
        ratio: frameCPU / 1_000,
        goal: Goal(text: String(format: "%.0f µs ≤ 1,000 µs", frameCPU), met: frameCPU <= 1_000))
      frameRow.cpuMicroseconds = frameCPU
      frameRow.baseline = 1_000
      frameRow.baselineName = "the goal, µs"
      return [idleRow, tickingRow, frameRow]
    }

    /// User plus system clock ticks of process `pid` so far.
    static func cpuTicks(_ pid: pid_t) throws(BenchError) -> Int {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { throw .failed("cannot read /proc/\(pid)/stat") }
      // After the name's closing parenthesis: utime and stime are the 12th and 13th fields.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
        throw .failed("cannot read /proc/\(pid)/stat")
      }
      return user + system
    }

    /// Frames are written in synchronized-output blocks: counts their starts.
    static func frames(in bytes: ArraySlice<UInt8>) -> Int {
      let start = Array("\u{1B}[?2026h".utf8)
      guard bytes.count >= start.count else { return 0 }
      var count = 0
      var index = bytes.startIndex
      while index <= bytes.endIndex - start.count {
        if bytes[index..<(index + start.count)].elementsEqual(start) {
          count += 1
          index += start.count
        } else {
          index += 1
        }
      }
      return count
    }
  #endif
}

extension LiveViewGoal: TerminalGoal {
  static let watched = "the live view"
  static let skippedRow = "7 live view"
}
