import Foundation
import TestSupport
import TestTraits
import Testing

/// util-linux's `prlimit`, which runs a command under other limits.
private let prlimitPath = "/usr/bin/prlimit"

/// `pocket` under a small limit of open files (`prlimit --nofile=N:N`, as `ulimit -n N`
/// sets): it says it cannot start and exits with status 3, never stopped by a signal.
/// Before, line mode died of SIGILL in libdispatch (its eventfd refused, EMFILE) at a
/// limit of 6 to 10, and one-shot commands at 6.
@Suite(
  "A small limit of open files", .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: prlimitPath),
    "prlimit (util-linux) is not here"))
struct DescriptorLimitTests {
  static let prlimit = prlimitPath

  /// What is run: a one-shot write, a one-shot read, and a line-mode session (`--plain`)
  /// given a write and a read on its standard input.
  static let modes: [(arguments: [String], input: String)] = [
    (["say", "one-shot"], ""), (["chat"], ""), (["--plain"], "say in-session\nchat\n"),
  ]

  /// Runs `pocket` on `store` with `arguments` under the limit `limit`, `input` on its
  /// standard input: its status (nil when a signal ended it) and standard error.
  static func run(
    _ store: PocketProcess, _ arguments: [String], input: String, limit: Int, hard: Int? = nil
  ) throws -> (status: Int32?, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: prlimit)
    process.arguments =
      ["--nofile=\(limit):\(hard ?? limit)", PocketProcess.executable.path]
      + store.pocketArguments(arguments)
    process.environment = store.environment
    let input = (SpawnedDescriptors.pipe(), Foundation.Data(input.utf8))
    let output = SpawnedDescriptors.pipe()
    let errors = SpawnedDescriptors.pipe()
    process.standardInput = input.0
    process.standardOutput = output
    process.standardError = errors
    try SpawnedDescriptors.run(process)
    // Pocket may end before it reads (it refuses to start): EPIPE, not a trap.
    try? input.0.fileHandleForWriting.write(contentsOf: input.1)
    try input.0.fileHandleForWriting.close()
    let drained = DispatchQueue(label: "drain stdout")
    drained.async { _ = output.fileHandleForReading.readDataToEndOfFile() }
    let text = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    drained.sync {}
    let status = process.terminationReason == .exit ? process.terminationStatus : nil
    return (status, String(decoding: text, as: UTF8.self))
  }

  /// Every limit from 4 to 16 on both stores with `POCKET_SOAK=1`; else each limit on one
  /// store, the stores taken in turn.
  @Test(arguments: ["sqlite", "json"])
  func everySmallLimitEndsWithStatus3AndSaysWhy(store kind: String) throws {
    let store = try PocketProcess(store: kind)
    defer { store.remove() }
    #expect(try store.run(["say", "made"]).status == 0)
    let limits = Soak.spread(Array(4...16), over: ["sqlite", "json"]).filter { $0.0 == kind }
    for (_, limit) in limits {
      for mode in Self.modes {
        let run = try Self.run(store, mode.arguments, input: mode.input, limit: limit)
        let what = "\(kind) \(mode.arguments) at \(limit)"
        #expect(run.status == 3, "\(what): \(run.status.map { "status \($0)" } ?? "a signal")")
        #expect(
          run.stderr.contains("Cannot start: only") && run.stderr.contains("ulimit -n")
            && run.stderr.contains("hard limit, ulimit -Hn, \(limit))"),
          "\(what): \(run.stderr)")
      }
    }
    let chat = try store.run(["chat"])
    #expect(chat.stdout.contains("made") && !chat.stdout.contains("one-shot"), "\(chat.stdout)")
  }

  /// A limit with room runs every mode as usual.
  @Test(arguments: Soak.all(["sqlite", "json"], quick: "json"))
  func aLimitWithRoomRunsAsUsual(store kind: String) throws {
    let store = try PocketProcess(store: kind)
    defer { store.remove() }
    for mode in Self.modes {
      let run = try Self.run(store, mode.arguments, input: mode.input, limit: 64)
      #expect(run.status == 0, "\(kind) \(mode.arguments): \(run.stderr)")
    }
    let chat = try store.run(["chat"])
    #expect(chat.stdout.contains("one-shot") && chat.stdout.contains("in-session"))
  }

  /// A small soft limit under a hard one with room (`prlimit --nofile=7:4096`) is raised,
  /// as many programs raise it, and every mode runs as usual.
  @Test(arguments: Soak.all(["sqlite", "json"], quick: "sqlite"))
  func aSmallSoftLimitUnderARoomyHardLimitIsRaised(store kind: String) throws {
    let store = try PocketProcess(store: kind)
    defer { store.remove() }
    for limit in [4, 7, 16] {
      for mode in Self.modes {
        let run = try Self.run(store, mode.arguments, input: mode.input, limit: limit, hard: 4096)
        #expect(run.status == 0, "\(kind) \(mode.arguments) at \(limit):4096: \(run.stderr)")
      }
    }
    let chat = try store.run(["chat"])
    #expect(chat.stdout.contains("one-shot") && chat.stdout.contains("in-session"))
  }
}
