import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the kernel says of the program on a pseudo-terminal, for bounds on memory and CPU.
extension PseudoTerminal {
  /// The program's peak resident memory so far in KiB (`VmHWM` in /proc/PID/status), nil
  /// where /proc does not say.
  package func peakMemoryKiB() -> Int? {
    guard
      let status = try? String(
        contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first
      .flatMap { Int($0) }
  }

  /// The CPU time the program used so far (user and system, from /proc/PID/stat), nil
  /// where /proc does not say.
  package func cpuTime() -> Duration? {
    guard
      let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return nil }
    // After "pid (name) ": state is field 3; utime and stime are fields 14 and 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    let ticks = sysconf(Int32(_SC_CLK_TCK))
    guard ticks > 0 else { return nil }
    return .milliseconds((user + system) * 1000 / ticks)
  }
}

/// Pseudo-terminals without a program, for testing terminal code in-process.
extension PseudoTerminal {
  /// Whether a pseudo-terminal can be opened here (tried once): tests that need one are
  /// enabled by it, and then treat failing to get one as a failure.
  package static let isAvailable: Bool = {
    guard let pair = try? openPair() else { return false }
    for descriptor in [pair.master, pair.slave] { closeDescriptor(descriptor) }
    return true
  }()

  /// Whether /bin/sh and stty are here, for tests that run shell scripts on a pty.
  package static let hasShellAndStty =
    FileManager.default.isExecutableFile(atPath: "/bin/sh")
    && (FileManager.default.isExecutableFile(atPath: "/bin/stty")
      || FileManager.default.isExecutableFile(atPath: "/usr/bin/stty"))

  /// Closes `descriptor` (the C function, which this type's own `close()` hides).
  private static func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  /// A pty pair with no program on it, for testing terminal code in-process: the caller
  /// owns and closes both descriptors. Throws `.unavailable` when openpty fails.
  package static func openPair(rows: Int = 24, columns: Int = 80) throws -> (
    master: Int32, slave: Int32
  ) {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw PseudoTerminalError.unavailable("openpty: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    return (master, slave)
  }

  /// Whatever is written to `master` within `milliseconds` of quiet (poll(2), no spinning).
  package static func drain(_ master: Int32, quietMilliseconds: Int32 = 100) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, quietMilliseconds) > 0 else { return bytes }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
    }
  }

  /// The same settings: every field of the two termios structures, byte for byte.
  package static func same(_ first: Glibc.termios, _ second: Glibc.termios) -> Bool {
    withUnsafeBytes(of: first) { a in withUnsafeBytes(of: second) { b in a.elementsEqual(b) } }
  }
}

/// A program under a job-control shell, for Ctrl-Z.
extension PseudoTerminal {
  /// Starts `executable` as a job of a job-control shell (`/bin/sh -m`) on the pty, so
  /// Ctrl-Z works as at a user's terminal: the program's own SIGTSTP stops it (a program that
  /// is its own session leader, as `init` starts it, is in an orphaned process group, and
  /// Linux discards SIGTSTP there). Each time the program stops, the shell writes
  /// `PseudoTerminal.stoppedMarker` on a line and waits for `resumeStoppedJob()`, which does
  /// what `fg` does (SIGCONT, the terminal's foreground back to the program). `wait()` gives
  /// the program's exit status; signals for the program go through `signalForeground(_:)`.
  package static func underJobControl(
    executable: String, arguments: [String] = [], environment: [String: String] = [:],
    rows: Int = 24, columns: Int = 80, ambiguousIsWide: Bool = false
  ) throws -> PseudoTerminal {
    let script = """
      "$0" "$@"; s=$?
      while [ "$s" -ge 145 ] && [ "$s" -le 150 ]; do
        printf '\n%s\n' '\(stoppedMarker)'; IFS= read -r _; fg > /dev/null; s=$?
      done
      exit "$s"
      """
    return try PseudoTerminal(
      executable: "/bin/sh", arguments: ["-m", "-c", script, executable] + arguments,
      environment: environment, rows: rows, columns: columns, ambiguousIsWide: ambiguousIsWide)
  }

  /// What the job-control shell of `underJobControl` writes when the program has stopped.
  package static let stoppedMarker = "[stopped]"

  /// Under job control: brings the stopped program back (the shell's `fg`).
  package func resumeStoppedJob() { send("\r") }
}
