import Foundation
import PocketApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a pseudo-terminal test cannot run or did not see what it waited for.
package enum PseudoTerminalError: Error, CustomStringConvertible {
  /// No pseudo-terminal here (openpty failed): the test skips, saying why.
  case unavailable(String)
  case spawnFailed(String)
  /// `read(until:)` gave up: the output so far (as the screen model shows it) is attached.
  case timedOut(screen: String, output: String)

  package var description: String {
    switch self {
    case .unavailable(let reason): "no pseudo-terminal: \(reason)"
    case .spawnFailed(let reason): "could not start the program: \(reason)"
    case .timedOut(let screen, let output):
      "timed out; the screen shows:\n\(screen)\n-- raw output: \(output.debugDescription)"
    }
  }
}

/// A program running on a pseudo-terminal, driven as a person at a terminal would.
///
/// The program is started with `posix_spawn` (`POSIX_SPAWN_SETSID`, then opening the pty's
/// slave by path as standard input, output and error), so it is a session leader whose
/// controlling terminal is the pty: `isatty` is true, `tcgetattr` works, Ctrl-C typed is
/// its to decide, and a resize sends it SIGWINCH. (Foundation's `Process` cannot give a
/// controlling terminal.) Signal dispositions and mask are reset to the defaults in the child.
///
/// Every byte the program writes is kept in `output` and interpreted by `screen`. Reading
/// never busy-waits: `read(until:)` waits in poll(2); its timeout is only an upper bound
/// for failure, never an assert on speed.
package final class PseudoTerminal {
  package let processIdentifier: pid_t
  /// The path of the terminal's slave side (`/dev/pts/N`): the tty name the program sees.
  package let ttyName: String
  /// Everything the program wrote so far.
  package private(set) var output: [UInt8] = []
  /// What a person would see now.
  package private(set) var screen: ScreenModel
  /// Whether `screen` follows the output and the size. Off for a terminal too large to
  /// model cell by cell (65535×65535): the output is still kept in `output`.
  package var modelsScreen = true
  /// Whether the terminal answers a Cursor Position Report request (`ESC[6n`) with where
  /// the cursor is on `screen` (so an ambiguous character moved it by `ambiguousIsWide`'s
  /// one or two columns), as terminals do; off: it never answers, as some do not.
  package var answersCursorReports: Bool
  /// Whether `hangUp()` closed the terminal.
  package private(set) var isHungUp = false

  private let master: Int32
  private let slave: Int32
  private var exitStatus: Int32?
  private var isClosed = false

  /// Starts `executable` with `arguments` (not including argv[0]) and exactly
  /// `environment`, on a new pty of `rows`×`columns`. Throws `.unavailable` when no pty can
  /// be opened (the caller skips) and `.spawnFailed` when the program cannot start.
  package init(
    executable: String, arguments: [String] = [], environment: [String: String] = [:],
    rows: Int = 24, columns: Int = 80, ambiguousIsWide: Bool = false,
    answersCursorReports: Bool = true
  ) throws {
    self.answersCursorReports = answersCursorReports
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    try SpawnedDescriptors.opening {
      guard openpty(&master, &slave, nil, nil, &size) == 0 else {
        throw PseudoTerminalError.unavailable("openpty: \(String(cString: strerror(errno)))")
      }
      _ = fcntl(master, F_SETFD, FD_CLOEXEC)
      _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    }
    var nameBuffer = [CChar](repeating: 0, count: 256)
    guard ttyname_r(slave, &nameBuffer, nameBuffer.count) == 0 else {
      Glibc.close(master)
      Glibc.close(slave)
      throw PseudoTerminalError.unavailable("ttyname_r: \(String(cString: strerror(errno)))")
    }
    let slavePath = String(
      decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

    do {
      processIdentifier = try Self.spawn(
        executable, arguments: arguments, environment: environment, terminal: slavePath)
    } catch {
      Glibc.close(master)
      Glibc.close(slave)
      throw error
    }
    self.master = master
    self.slave = slave
    ttyName = slavePath
    self.screen = ScreenModel(rows: rows, columns: columns, ambiguousIsWide: ambiguousIsWide)
  }

  deinit { close() }

  // MARK: - Talking to the program

  /// Types `bytes` (as the terminal would send them for keys).
  package func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(master, $0.baseAddress, $0.count)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR || errno == EAGAIN {
        var ready = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, 1000)
      } else {
        return
      }
    }
  }

  /// Types `text` (UTF-8).
  package func send(_ text: String) { send(Array(text.utf8)) }

  /// Types the chunks `next` gives (until it gives nil) while reading what the program
  /// writes, so neither side waits on the other however much is sent; gives up after
  /// `timeLimit`. Returns how many bytes were sent.
  @discardableResult
  package func send(
    whileReading next: () -> [UInt8]?, timeLimit: Duration = .seconds(60)
  ) -> Int {
    let flags = fcntl(master, F_GETFL)
    _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(master, F_SETFL, flags) }
    let deadline = ContinuousClock.now + timeLimit
    var sent = 0
    var chunk = next() ?? []
    var offset = 0
    var buffer = [UInt8](repeating: 0, count: 65536)
    while offset < chunk.count, ContinuousClock.now < deadline {
      var ready = pollfd(fd: master, events: Int16(POLLIN | POLLOUT), revents: 0)
      guard poll(&ready, 1, 100) >= 0 || errno == EINTR else { break }
      if Int32(ready.revents) & POLLIN != 0 {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        if count > 0 { take(buffer[..<count]) }
      }
      guard Int32(ready.revents) & POLLOUT != 0 else { continue }
      let written = chunk[offset...].withUnsafeBytes {
        Glibc.write(master, $0.baseAddress, $0.count)
      }
      if written > 0 {
        offset += written
        sent += written
        if offset == chunk.count {
          chunk = next() ?? []
          offset = 0
        }
      } else if written < 0, errno != EAGAIN, errno != EINTR {
        break
      }
    }
    return sent
  }

  /// Reads what the program writes until `predicate` holds for all its output so far
  /// (decoded as UTF-8), and returns that output. Throws `.timedOut` when `timeout` passes
  /// first or the program closes the terminal.
  @discardableResult
  package func read(until predicate: (String) -> Bool, timeout: Duration = .seconds(20)) throws
    -> String
  {
    try wait(timeout: timeout) { terminal in
      predicate(String(decoding: terminal.output, as: UTF8.self))
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Reads until the screen satisfies `predicate`, and returns the screen.
  @discardableResult
  package func read(
    untilScreen predicate: (ScreenModel) -> Bool, timeout: Duration = .seconds(20)
  ) throws -> ScreenModel {
    try wait(timeout: timeout) { predicate($0.screen) }
    return screen
  }

  /// Reads whatever is already written, without waiting.
  package func readAvailable() {
    _ = readOnce(waitingMilliseconds: 0)
  }

  /// Reads whatever the program writes for `duration` (a window of a measurement), and
  /// returns it; stops early when the terminal is closed.
  @discardableResult
  package func read(for duration: Duration) -> ArraySlice<UInt8> {
    let start = output.count
    let deadline = ContinuousClock.now + duration
    while true {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { break }
      let milliseconds = Int32(
        clamping: left.components.seconds * 1000 + left.components.attoseconds
          / 1_000_000_000_000_000)
      guard readOnce(waitingMilliseconds: max(1, milliseconds)) else { break }
    }
    return output[start...]
  }

  /// Forgets the output read so far (the screen stays as it is).
  package func clearOutput() { output.removeAll() }

  private func wait(timeout: Duration, until done: (PseudoTerminal) -> Bool) throws {
    let deadline = ContinuousClock.now + timeout
    while !done(self) {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { throw timedOut() }
      let milliseconds = Int32(
        clamping: left.components.seconds * 1000 + left.components.attoseconds
          / 1_000_000_000_000_000)
      guard readOnce(waitingMilliseconds: max(1, milliseconds)) else {
        // The terminal is closed (every holder of the slave is gone): nothing more comes.
        if done(self) { return }
        throw timedOut()
      }
    }
  }

  private func timedOut() -> PseudoTerminalError {
    .timedOut(screen: screen.text, output: String(decoding: output.suffix(4000), as: UTF8.self))
  }

  /// Keeps what the program wrote, shows it on `screen`, and sends the screen's answers.
  private func take(_ bytes: ArraySlice<UInt8>) {
    output.append(contentsOf: bytes)
    guard modelsScreen else { return }
    screen.feed(bytes)
    let replies = screen.takeReplies()
    if answersCursorReports, !replies.isEmpty { send(replies) }
  }

  /// Waits up to `waitingMilliseconds` for output and reads it; false when the pty is closed.
  private func readOnce(waitingMilliseconds: Int32) -> Bool {
    guard !isHungUp else {
      // Nothing to read any more: wait a little (at most 1 ms, for `wait` to see an end soon).
      _ = poll(nil, 0, min(waitingMilliseconds, 1))
      return false
    }
    var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let result = poll(&ready, 1, waitingMilliseconds)
    if result < 0 { return errno == EINTR }
    if result == 0 { return true }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
    if count > 0 {
      take(buffer[..<count])
      return true
    }
    if count < 0, errno == EINTR || errno == EAGAIN { return true }
    return false
  }

  // MARK: - The terminal and the process

  /// Resizes the terminal (TIOCSWINSZ on the master): the program gets SIGWINCH.
  package func resize(rows: Int, columns: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    if modelsScreen { screen.resize(rows: rows, columns: columns) }
  }

  /// Closes the terminal as a terminal window closing does (the master side): the program
  /// reads EOF or EIO, its writes fail, and, as the session leader, it gets SIGHUP. The
  /// program is not killed; `wait` tells when it ends.
  package func hangUp() {
    guard !isHungUp else { return }
    isHungUp = true
    Glibc.close(master)
  }

  /// The terminal's settings now (tcgetattr on the slave), for before/after comparisons.
  package func termios() -> Glibc.termios? {
    var settings = Glibc.termios()
    return tcgetattr(slave, &settings) == 0 ? settings : nil
  }

  /// Sends `signalNumber` to the terminal's foreground process group, as the terminal does
  /// for Ctrl-C typed with ISIG on (tcgetpgrp on the master). Under job control that is the
  /// program while it runs.
  package func signalForeground(_ signalNumber: Int32) {
    let group = tcgetpgrp(master)
    guard group > 0 else { return }
    kill(-group, signalNumber)
  }

  /// Sends `signalNumber` to the program (under job control: to its shell).
  package func signal(_ signalNumber: Int32) {
    guard exitStatus == nil else { return }
    kill(processIdentifier, signalNumber)
  }

  /// Waits for the program to end (reading its output meanwhile, so it never blocks on a
  /// full terminal) and returns its exit status, or 128 + the signal that ended it.
  /// Throws `.timedOut` (after killing it) when it does not end within `timeout`.
  @discardableResult
  package func wait(timeout: Duration = .seconds(20)) throws -> Int32 {
    if let exitStatus { return exitStatus }
    let deadline = ContinuousClock.now + timeout
    while true {
      var status: Int32 = 0
      let result = waitpid(processIdentifier, &status, WNOHANG)
      if result == processIdentifier {
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        readAvailable()
        return code
      }
      if result < 0, errno != EINTR {
        exitStatus = -1
        return -1
      }
      guard ContinuousClock.now < deadline else {
        kill(processIdentifier, SIGKILL)
        _ = waitpid(processIdentifier, &status, 0)
        exitStatus = 128 + SIGKILL
        throw timedOut()
      }
      // Wait for output (or 10 ms): the child cannot be waited for in poll(2).
      _ = readOnce(waitingMilliseconds: 10)
    }
  }

  /// Whether the process started (not a job under job control) stops (SIGTSTP/SIGSTOP)
  /// within `timeout`, reading its output meanwhile.
  package func isStopped(timeout: Duration = .seconds(20)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      var status: Int32 = 0
      let result = waitpid(processIdentifier, &status, WUNTRACED | WNOHANG)
      if result == processIdentifier { return status & 0xFF == 0x7F }
      if result < 0 { return false }
      _ = readOnce(waitingMilliseconds: 50)
    }
    return false
  }

  /// Kills the program if it still runs, reaps it and closes the terminal (idempotent).
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    if exitStatus == nil {
      kill(processIdentifier, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(processIdentifier, &status, 0)
      exitStatus = 128 + SIGKILL
    }
    if !isHungUp { Glibc.close(master) }
    Glibc.close(slave)
  }
}
