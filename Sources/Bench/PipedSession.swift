#if os(Linux)
  import Foundation
  import TestSupport
  import Glibc

  /// A long-running `pocket --plain` fed through a pipe, as a script feeds it: its standard
  /// input and output are pipes held here, its standard error goes to a file (read back when
  /// it fails). What it prints is kept in `output`; reading never blocks longer than asked,
  /// so a caller can watch another process between reads.
  final class PipedSession {
    let processIdentifier: pid_t
    /// What it printed since the last `clearOutput()`.
    private(set) var output: [UInt8] = []
    /// Whether its standard output is closed (it ended, or closed it).
    private(set) var isAtEnd = false
    private let errorPath: String
    private var input: Int32
    private var reading: Int32
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment`, standard error into
    /// the file at `errorPath`.
    init(
      executable: String, arguments: [String], environment: [String: String], errorPath: String
    ) throws(BenchError) {
      SpawnedDescriptors.brokenPipesAreErrors
      var toChild: [Int32] = [-1, -1]
      var fromChild: [Int32] = [-1, -1]
      guard pipe(&toChild) == 0 else { throw .failed("pipe: \(String(cString: strerror(errno)))") }
      guard pipe(&fromChild) == 0 else {
        Self.close(toChild)
        throw .failed("pipe: \(String(cString: strerror(errno)))")
      }
      // Only the child's copies (dup2'd onto 0 and 1) cross the exec.
      for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
      posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      SpawnedDescriptors.closeFromThree(&actions)
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      // Default signal handling in the child whatever this process ignores (SIGPIPE).
      var noSignals = sigset_t()
      sigemptyset(&noSignals)
      var allSignals = sigset_t()
      sigfillset(&allSignals)
      posix_spawnattr_setsigmask(&attributes, &noSignals)
      posix_spawnattr_setsigdefault(&attributes, &allSignals)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      let argv = ([executable] + arguments).map { strdup($0) }
      let envp = environment.map { strdup("\($0.key)=\($0.value)") }
      defer { for pointer in argv + envp { free(pointer) } }
      var pid: pid_t = 0
      let code = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
      Glibc.close(toChild[0])
      Glibc.close(fromChild[1])
      guard code == 0 else {
        Glibc.close(toChild[1])
        Glibc.close(fromChild[0])
        throw .failed("cannot start \(executable): \(String(cString: strerror(code)))")
      }
      processIdentifier = pid
      input = toChild[1]
      reading = fromChild[0]
      _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
      self.errorPath = errorPath
    }

    deinit { close() }

    private static func close(_ descriptors: [Int32]) {
      for descriptor in descriptors where descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Writes `text` to its standard input, all of it (a broken pipe is an error, not a
    /// signal: `SpawnedDescriptors.brokenPipesAreErrors`, so a session that ended is an
    /// error here, not the end of this process).
    func send(_ text: String) throws(BenchError) {
      let bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes {
          Glibc.write(input, $0.baseAddress, $0.count)
        }
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else {
          throw .failed("the writing session took no more input: \(errorText)")
        }
      }
    }

    /// Closes its standard input: it reads the end of input and ends once it has run the rest.
    func closeInput() {
      guard input >= 0 else { return }
      Glibc.close(input)
      input = -1
    }

    /// Reads what it printed, waiting up to `milliseconds` for the first of it.
    func read(waitingMilliseconds milliseconds: Int32 = 0) {
      guard !isAtEnd else { return }
      var ready = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, milliseconds) > 0 else { return }
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(reading, $0.baseAddress, $0.count) }
        if count > 0 {
          output.append(contentsOf: buffer[..<count])
        } else if count == 0 {
          isAtEnd = true
          return
        } else if errno != EINTR {
          return
        }
      }
    }

    func clearOutput() { output.removeAll(keepingCapacity: true) }

    /// Whether what it printed since `clearOutput()` contains `text`.
    func printed(_ text: String) -> Bool {
      String(decoding: output, as: UTF8.self).contains(text)
    }

    /// What it wrote on standard error so far, on one line.
    var errorText: String {
      let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      return text.isEmpty ? "(nothing on stderr)" : text.replacingOccurrences(of: "\n", with: " / ")
    }

    /// Waits for it to end (reading what it prints meanwhile) and returns its exit status.
    func wait(timeout: Duration) throws(BenchError) -> Int32 {
      if let exitStatus { return exitStatus }
      let deadline = ContinuousClock.now + timeout
      while true {
        var status: Int32 = 0
        let result = waitpid(processIdentifier, &status, WNOHANG)
        if result == processIdentifier {
          let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
          exitStatus = code
          return code
        }
        guard result == 0, ContinuousClock.now < deadline else {
          close()
          throw .failed("the writing session did not end: \(errorText)")
        }
        read(waitingMilliseconds: 10)
      }
    }

    /// Kills it if it still runs, reaps it and closes the pipes (idempotent).
    func close() {
      closeInput()
      if exitStatus == nil {
        kill(processIdentifier, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(processIdentifier, &status, 0)
        exitStatus = 128 + SIGKILL
      }
      isAtEnd = true
      if reading >= 0 {
        Glibc.close(reading)
        reading = -1
      }
    }
  }
#endif
