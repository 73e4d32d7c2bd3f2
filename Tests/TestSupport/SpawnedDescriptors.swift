import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a program the tests spawn inherits: descriptors 0, 1 and 2 only. A program that
/// outlives the call that started it (a test server, its watchdog, a live view) would
/// otherwise keep open the pipes of children other tests start meanwhile, and their
/// readers would wait for an end of file that does not come while it runs.
public enum SpawnedDescriptors {
  #if canImport(Glibc)
    private typealias AddCloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare; `nil` where the C library has none.
    private static let addCloseFrom: AddCloseFrom? = dlsym(
      nil, "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Closes every descriptor from 3 up in the spawned program.
    public static func closeFromThree(_ actions: inout posix_spawn_file_actions_t) {
      _ = addCloseFrom?(&actions, 3)
    }
  #else
    /// Darwin: the descriptors Foundation and the tests open are closed on exec.
    public static func closeFromThree(_ actions: inout posix_spawn_file_actions_t?) {}
  #endif
}

/// Children the tests start with Foundation's `Process`. On Linux, `Process.run` closes in
/// the child the descriptors that were open when it looked, just before it spawns: a pipe
/// another test opens in between is inherited, for the child's whole life. A reader of that
/// pipe would then wait for an end of file, and a writer for a broken pipe, that does not
/// come while the other test's child runs. So the tests make their children's pipes here,
/// closed on exec, and start those children here, never while a pipe is half made.
extension SpawnedDescriptors {
  private static let spawning = NSLock()

  /// From the first pipe or child on, a write to a pipe nobody reads any more (a child that
  /// ended before it read its input) fails with EPIPE, an error the test sees, instead of
  /// ending the whole run with signal 13. SIGPIPE is caught by a handler that does nothing,
  /// not ignored: `Process` on Linux leaves an ignored signal ignored in the child, while
  /// a caught one is back at its default after `exec`, so the children see SIGPIPE as they
  /// would from a shell.
  public static let brokenPipesAreErrors: Void = {
    _ = signal(SIGPIPE) { _ in }
  }()

  /// Runs `open`, which opens descriptors and marks them closed on exec, never while a
  /// child is being started here (`run`): no child gets them half made.
  public static func opening<Opened>(_ open: () throws -> Opened) rethrows -> Opened {
    brokenPipesAreErrors
    return try spawning.withLock(open)
  }

  /// A pipe for a child's standard stream: both ends are closed on exec, so only the child
  /// it is given to (as its 0, 1 or 2) holds it.
  public static func pipe() -> Pipe {
    opening {
      let pipe = Pipe()
      for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
        _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
      }
      return pipe
    }
  }

  /// Starts `process` (`Process.run`), never while descriptors are being opened here.
  ///
  /// A child still running after `seconds` (`Soak.secondsBeforeAChildHangs`) is killed (SIGKILL) and
  /// said so on standard error: a test that waits on it (its output's end, its exit) then
  /// fails on what it reads, where it would otherwise wait for ever — past its suite's time
  /// limit, which cannot stop a blocked thread, and with it every test behind the same gate.
  public static func run(
    _ process: Process, killedAfter seconds: Int = Soak.secondsBeforeAChildHangs
  ) throws {
    brokenPipesAreErrors
    try spawning.withLock { try process.run() }
    let watched = Watched(process)
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
      watched.killIfRunning(after: seconds)
    }
  }

  /// A child the watchdog of `run` may kill: held weakly, so a child that ended is let go.
  private final class Watched: @unchecked Sendable {
    private weak var process: Process?

    init(_ process: Process) { self.process = process }

    func killIfRunning(after seconds: Int) {
      // `isRunning` turns false once `Process` has reaped the child, so its pid is not
      // another process's yet.
      guard let process, process.isRunning else { return }
      let command = ([process.executableURL?.lastPathComponent ?? "?"] + (process.arguments ?? []))
        .joined(separator: " ")
      FileHandle.standardError.write(
        Foundation.Data("\(command): still running after \(seconds) s; killed as hung\n".utf8))
      kill(process.processIdentifier, SIGKILL)
    }
  }

  /// Runs `process` to its end with nothing on its standard input, and returns what it
  /// wrote to its standard output and error.
  public static func runCollecting(_ process: Process) throws -> (stdout: String, stderr: String) {
    let stdout = pipe()
    let stderr = pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try run(process)
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }
}
