import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Goal 7 of issue #14: the live view on a pseudo-terminal, as a person's terminal runs it.
/// Its CPU (user plus system, from `/proc/PID/stat`) while nothing changes and while the
/// stopwatch ticks, and the CPU of one frame (ticking CPU over the frames written, each
/// frame being one synchronized-output block).
struct LiveViewGoal {
  let pocket: String
  let directory: URL
  /// How long each window is measured.
  let seconds: Double

  func measure() throws(BenchError) -> [BenchResult] {
    #if os(Linux)
      let terminal = try LiveTerminal(pocket: pocket, directory: directory)
      defer { terminal.finish() }
      try terminal.pump(until: "[Rates]")
      terminal.pump(for: 0.5)
      let idleStart = try terminal.cpuTicks()
      let idleFrames = terminal.pump(for: seconds)
      let idle = try terminal.cpuTicks() - idleStart
      terminal.send("2 ")
      try terminal.pump(until: "running")
      terminal.pump(for: 0.3)
      let tickStart = try terminal.cpuTicks()
      let frames = terminal.pump(for: seconds)
      let ticking = try terminal.cpuTicks() - tickStart
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
    #else
      return [
        BenchResult(workload: "7 live view (skipped: Linux only)", store: "sqlite", rows: nil)
      ]
    #endif
  }
}

#if os(Linux)
  /// `pocket` with no command on a new pseudo-terminal of 30×100 that it has as its
  /// controlling terminal; what it writes is read (and frames counted) as it comes.
  final class LiveTerminal {
    private let master: Int32
    private let pid: pid_t
    private var output: [UInt8] = []

    init(pocket: String, directory: URL) throws(BenchError) {
      var master: Int32 = -1
      var slave: Int32 = -1
      var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
      guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else {
        throw .failed("no pseudo-terminal: \(String(cString: strerror(errno)))")
      }
      let path = String(cString: name)
      Glibc.close(slave)
      _ = fcntl(master, F_SETFD, FD_CLOEXEC)
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      // After setsid, the first terminal the child opens becomes its controlling terminal.
      posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, 0, 1)
      posix_spawn_file_actions_adddup2(&actions, 0, 2)
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26), not exported to Swift
      posix_spawnattr_setflags(&attributes, setsid)
      let arguments = [pocket, "--store-path", directory.path, "--lang", "en"]
      let environment = [
        "TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(directory.path)", "PATH=/usr/bin:/bin",
      ]
      let argv = arguments.map { strdup($0) } + [nil]
      let envp = environment.map { strdup($0) } + [nil]
      defer { for pointer in argv + envp { free(pointer) } }
      var pid: pid_t = 0
      let code = posix_spawn(&pid, pocket, &actions, &attributes, argv, envp)
      guard code == 0 else {
        Glibc.close(master)
        throw .failed("cannot start \(pocket): \(String(cString: strerror(code)))")
      }
      self.master = master
      self.pid = pid
    }

    func send(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Reads for `seconds`, waiting in poll(2); returns the frames written meanwhile.
    @discardableResult
    func pump(for seconds: Double) -> Int {
      let clock = ContinuousClock()
      let end = clock.now + .milliseconds(Int(seconds * 1_000))
      let before = output.count
      while clock.now < end {
        let left = clock.now.duration(to: end)
        let milliseconds = Int32(max(1, left.components.seconds * 1_000 + 1))
        readOnce(waiting: milliseconds)
      }
      return Self.frames(in: output[before...])
    }

    /// Reads until the output holds `text` (at most 20 s).
    func pump(until text: String) throws(BenchError) {
      let clock = ContinuousClock()
      let end = clock.now + .seconds(20)
      while !String(decoding: output, as: UTF8.self).contains(text) {
        guard clock.now < end else { throw .failed("the live view never showed \(text)") }
        readOnce(waiting: 100)
      }
    }

    /// User plus system clock ticks of the process so far.
    func cpuTicks() throws(BenchError) -> Int {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { throw .failed("cannot read /proc/\(pid)/stat") }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      // After the name: state is field 3, utime 14 and stime 15 (1-based, of the whole).
      guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
        throw .failed("cannot read /proc/\(pid)/stat")
      }
      return user + system
    }

    func finish() {
      send("q")
      pump(for: 0.3)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == 0 {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
      }
      Glibc.close(master)
    }

    private func readOnce(waiting milliseconds: Int32) {
      var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, milliseconds) > 0 else { return }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if count > 0 { output += buffer[..<count] }
    }

    /// Frames are written in synchronized-output blocks: count their starts.
    private static func frames(in bytes: ArraySlice<UInt8>) -> Int {
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
  }
#endif
