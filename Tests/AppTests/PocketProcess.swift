import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the real `pocket` executable against one store folder, as a person at a terminal
/// (or a script) would.
struct PocketProcess: Sendable {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Ended by a signal (SIGKILL in the fault tests) rather than by exiting.
    var wasKilled: Bool
  }

  let directory: URL
  /// `--store KIND`, or the default store when `nil`.
  var store: String?

  init(store: String? = nil) throws {
    directory = try Fixtures.temporaryDirectory()
    self.store = store
  }

  /// Uses the store folder `directory`, which the caller made (and removes).
  init(store: String? = nil, directory: URL) {
    self.directory = directory
    self.store = store
  }

  /// The `pocket` binary built beside this test bundle.
  static var executable: URL {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = bundle.appendingPathComponent("pocket")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return Bundle.main.bundleURL.appendingPathComponent("pocket")
  }

  /// Runs `pocket` with `arguments`, feeding `input` on stdin. With `killAfter`, the
  /// process gets SIGKILL once that much time has passed, if it is still running. With
  /// `asNobody` (for a test running as root), it runs as the unprivileged user `nobody`
  /// through setpriv, from a copy of the binary that user can execute.
  @discardableResult
  func run(
    _ arguments: [String], input: String? = nil, lang: String = "en", killAfter: Duration? = nil,
    asNobody: Bool = false
  ) throws -> Run {
    let started = try start(arguments, input: input, lang: lang, asNobody: asNobody)
    if let killAfter {
      let process = started.process
      let pid = process.processIdentifier
      let seconds =
        Double(killAfter.components.seconds)
        + Double(killAfter.components.attoseconds) / 1e18
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        if process.isRunning { kill(pid, SIGKILL) }
      }
    }
    return wait(started)
  }

  /// A `pocket` that `start` started; `wait` collects what it did.
  struct Started {
    let process: Process
    fileprivate let stdout: Pipe
    fileprivate let stderr: Pipe
  }

  /// Runs one `pocket` per entry of `commands` (its arguments, and what it reads on
  /// standard input), all started before any is waited for, so they run at once.
  func runTogether(_ commands: [(arguments: [String], input: String?)]) throws -> [Run] {
    let started = try commands.map { try start($0.arguments, input: $0.input) }
    return started.map(wait)
  }

  /// Starts `pocket` as `run` does, without waiting for it. Its output goes to pipes that
  /// `wait` reads: at most a pipe's buffer (64 KiB) is written before `wait` is called.
  func start(
    _ arguments: [String], input: String? = nil, lang: String = "en", asNobody: Bool = false
  ) throws -> Started {
    let process = Process()
    let pocketArguments =
      ["--store-path", directory.path, "--lang", lang] + (store.map { ["--store", $0] } ?? [])
      + arguments
    if asNobody {
      let copy = directory.appendingPathComponent("pocket-bin")
      if !FileManager.default.fileExists(atPath: copy.path) {
        try FileManager.default.copyItem(at: Self.executable, to: copy)
      }
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path] + pocketArguments
    } else {
      process.executableURL = Self.executable
      process.arguments = pocketArguments
    }
    process.environment = ["HOME": directory.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"]
    if asNobody {
      // Under `swift test --enable-code-coverage` the binary writes a profile on exit;
      // `nobody` may not write where it would go.
      process.environment?["LLVM_PROFILE_FILE"] = "/dev/null"
    }
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Foundation.Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    return Started(process: process, stdout: stdout, stderr: stderr)
  }

  /// Waits for `started` to end, reading its output.
  func wait(_ started: Started) -> Run {
    let out = started.stdout.fileHandleForReading.readDataToEndOfFile()
    let err = started.stderr.fileHandleForReading.readDataToEndOfFile()
    started.process.waitUntilExit()
    return Run(
      status: started.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self),
      wasKilled: started.process.terminationReason == .uncaughtSignal)
  }

  /// What `runBounded` saw.
  struct BoundedRun {
    var run: Run
    /// The child's peak resident memory in KiB, from `/usr/bin/time`; `nil` where that tool
    /// is missing.
    var peakKiB: Int?
  }

  /// The address space a bounded child may use: a read that runs away fails inside it
  /// instead of taking the shared machine's memory.
  static let addressSpaceKiB = 2 * 1024 * 1024

  /// Runs `pocket` with `arguments` through `/bin/sh` under `ulimit -v`, and under
  /// `/usr/bin/time` (for its peak memory) when that exists. Standard input is what the
  /// shell command `input` writes, streamed: the test never holds it.
  func runBounded(_ arguments: [String], input: String = ":") throws -> BoundedRun {
    let timeTool = "/usr/bin/time"
    let hasTime = FileManager.default.isExecutableFile(atPath: timeTool)
    let peakFile = directory.appendingPathComponent("peak-\(UUID().uuidString)")
    let measure = hasTime ? [timeTool, "-f", "%M", "-o", peakFile.path] : []
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "ulimit -v \(Self.addressSpaceKiB) || exit 97; { \(input); } | exec \"$@\"", "sh"]
      + measure + [Self.executable.path, "--store-path", directory.path, "--lang", "en"]
      + (store.map { ["--store", $0] } ?? []) + arguments
    process.environment = ["HOME": directory.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // GNU time writes the figure on the last line (after a note when the status is not 0).
    let peak = (try? String(contentsOf: peakFile, encoding: .utf8))?
      .split(separator: "\n").last.flatMap { Int($0) }
    try? FileManager.default.removeItem(at: peakFile)
    if let peak {
      print("pocket \(arguments.prefix(2)): peak memory \(peak) KiB")
    } else {
      print("peak memory not measured: \(timeTool) is missing or gave no figure")
    }
    return BoundedRun(
      run: Run(
        status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self),
        wasKilled: process.terminationReason == .uncaughtSignal),
      peakKiB: peak)
  }

  /// The store's `pocket export`, written with the real binary; the export must succeed.
  func export(sourceLocation: SourceLocation = #_sourceLocation) throws -> Foundation.Data {
    let file = directory.appendingPathComponent("export.json")
    let run = try run(["export", file.path])
    #expect(run.status == 0, "the store exports: \(run.stderr)", sourceLocation: sourceLocation)
    return try Foundation.Data(contentsOf: file)
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}
