import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// A one-shot command runs start to end on the main thread: its store's calls run there
/// (`StoreThread.main`), the use cases and repositories between them stay on their caller's
/// actor (the package's `nonisolated(nonsending)` default), and no thread is started, nor
/// the cooperative pool's, nor dispatch's (each new thread costs its creation, a stack and
/// a heap of its own, and every unmap after it interrupts the other core). Every registered
/// command runs once as its own process, on each store of files, watched by `strace`
/// (with `POCKET_SOAK=1`; the quick run spreads the commands over the stores, each command
/// on one store, the stores taken in turn).
@Suite(.blocking, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct OneShotThreadTests {
  static let strace = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static let stores = ["sqlite", "json", "memory"]

  /// The lines of the script `store` runs: every registered command with `POCKET_SOAK=1`;
  /// else each command on one store, the stores (postgres too, where a server can be
  /// started) taken in turn, so the quick run still runs every command on some store.
  static func lines(on store: String) -> [String] {
    let script = SessionLifetimeTests.script(for: .standard)
    let spread = stores + (PostgresServer.isAvailable ? ["postgres"] : [])
    return Soak.spread(script, over: spread).filter { $0.0 == store }.map(\.1)
  }

  @Test(
    .enabled(if: strace != nil, "no strace here (.ci/run installs it)"),
    arguments: stores)
  func everyOneShotCommandStartsNoThread(store: String) throws {
    try expectThreads(0, store: store, lines: Self.lines(on: store))
  }

  /// On the postgres store, one: the server is reached on a thread of its own while the
  /// main thread makes the session and reads this machine's screens.
  @Test(
    .enabled(if: strace != nil, "no strace here (.ci/run installs it)"),
    .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"))
  func everyOneShotCommandOnPostgresStartsOneThreadToReachTheServer() throws {
    try expectThreads(1, store: "postgres", lines: Self.lines(on: "postgres"))
  }

  /// Runs each of `lines` (registered commands) once, each as a process of its own under
  /// `strace`, and expects each to start `count` threads.
  func expectThreads(_ count: Int, store: String, lines: [String]) throws {
    let strace = try #require(Self.strace)
    let process = try PocketProcess(store: store)
    defer { try? FileManager.default.removeItem(at: process.directory) }
    let trace = process.directory.appendingPathComponent("threads.trace")
    var traced = 0
    #expect(!lines.isEmpty, "\(store) runs commands")
    for line in lines {
      let words = line.split(separator: " ").map(String.init)
      let child = Process()
      child.executableURL = URL(fileURLWithPath: strace)
      // `--seccomp-bpf`: the child stops only at the calls traced, not at every call.
      child.arguments =
        [
          "-f", "-qq", "--seccomp-bpf", "-e", "trace=clone,clone3", "-o", trace.path,
          PocketProcess.executable.path,
        ]
        + process.pocketArguments(words)
      child.environment = process.environment
      child.currentDirectoryURL = process.directory
      child.standardInput = FileHandle.nullDevice
      child.standardOutput = FileHandle.nullDevice
      child.standardError = FileHandle.nullDevice
      try SpawnedDescriptors.run(child)
      child.waitUntilExit()
      // `strace` exits with the status of the command it ran; 0 and 1 (a command refused,
      // as `back` on the first screen) are both runs.
      #expect(child.terminationStatus <= 1, "\(line): exit \(child.terminationStatus)")
      let calls = try String(contentsOf: trace, encoding: .utf8)
        .split(separator: "\n").filter { $0.contains("clone") }
      #expect(calls.count == count, "\(line) on \(store) started \(calls.count) threads")
      traced += 1
    }
    #expect(traced == lines.count)
  }
}
