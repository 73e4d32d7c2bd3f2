import Foundation
import StoreTestSupport
import Synchronization
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

  var directory: URL
  /// `--store KIND`, or the default store when `nil`.
  var store: String?

  /// For `--store postgres`: a schema of this process's own on the test server (an emptied
  /// one of a finished test, `PostgresSchemaPool`, else a new one), which `pocketArguments`
  /// names; the server's `PG*` variables are in `environment`.
  var postgresSchema: String?

  /// `unmade`: for postgres, a schema nothing was ever made in (not an emptied one), for a
  /// test that checks a command makes none.
  init(store: String? = nil, unmade: Bool = false) throws {
    directory = try Fixtures.temporaryDirectory()
    self.store = store
    if store == "postgres" {
      postgresSchema =
        unmade ? PostgresServer.uniqueSchema() : StoreKind.postgresTarget(for: directory).schema
    }
  }

  /// Uses the store folder `directory`, which the caller made (and removes).
  init(store: String? = nil, directory: URL) {
    self.directory = directory
    self.store = store
    if store == "postgres" { postgresSchema = PostgresServer.uniqueSchema() }
  }

  /// The store options every run gives: `--store KIND` and, for postgres, its schema.
  var storeArguments: [String] {
    (store.map { ["--store", $0] } ?? []) + (postgresSchema.map { ["--store-schema", $0] } ?? [])
  }

  /// The `pocket` binary built beside this test bundle.
  static var executable: URL {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = bundle.appendingPathComponent("pocket")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return Bundle.main.bundleURL.appendingPathComponent("pocket")
  }

  /// A copy of `executable` that `nobody` may run (the build folder need not be open to
  /// it), made once per test process in a folder of its own, removed at exit. It is
  /// written by `cp`, never through a descriptor of the test process (see there).
  static let executableForNobody: Result<URL, any Error> = Result {
    let folder = try Fixtures.temporaryDirectory()
    guard chmod(folder.path, 0o755) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let copy = folder.appendingPathComponent("pocket")
    // Copied by `cp`, a process of its own: a descriptor open for writing in this process,
    // even with O_CLOEXEC, is held by every child another test forks until that child
    // execs, and running the copy meanwhile fails with "Text file busy".
    let cp = Process()
    cp.executableURL = URL(fileURLWithPath: "/bin/cp")
    cp.arguments = [executable.path, copy.path]
    let copied = try SpawnedDescriptors.runCollecting(cp)
    guard cp.terminationStatus == 0, chmod(copy.path, 0o755) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: copied.stderr])
    }
    nobodyFolder.withLock { $0 = folder.path }
    atexit {
      if let path = PocketProcess.nobodyFolder.withLock({ $0 }) {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    return copy
  }

  /// The folder of `executableForNobody`, for its removal at exit.
  private static let nobodyFolder = Mutex<String?>(nil)

  /// Where the child's standard output or standard error goes.
  enum Sink: Sendable, CustomStringConvertible {
    /// A pipe the test reads (`Run.stdout`, `Run.stderr`).
    case captured
    /// Closed before `pocket` starts, as `>&-` and `2>&-` do in a shell.
    case closed
    /// `/dev/full`: every write fails with ENOSPC.
    case full
    /// A pipe whose reading end was closed before `pocket` started: every write fails with
    /// EPIPE, as when `head -1` has read its line and gone.
    case closedPipe

    var description: String {
      switch self {
      case .captured: "a pipe"
      case .closed: "closed"
      case .full: "/dev/full"
      case .closedPipe: "a pipe nobody reads"
      }
    }

    /// The shell's redirection for `descriptor`, for the sinks a shell makes.
    func redirection(_ descriptor: Int32) -> String? {
      self == .closed ? "\(descriptor)>&-" : nil
    }
  }

  /// Whether `/dev/full` exists here (Linux; not macOS).
  static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

  /// The arguments every run starts with: this store, English unless `lang` says otherwise.
  func pocketArguments(_ arguments: [String], lang: String = "en") -> [String] {
    ["--store-path", directory.path, "--lang", lang] + storeArguments + arguments
  }

  var environment: [String: String] {
    let server = postgresSchema == nil ? [:] : PostgresServer.shared?.environment() ?? [:]
    return ["HOME": directory.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"].merging(server) { $1 }
  }

  /// Runs `pocket` with `arguments`, feeding `input` on stdin. With `killAfter`, the
  /// process gets SIGKILL once that much time has passed, if it is still running. With
  /// `asNobody` (for a test running as root), it runs as the unprivileged user `nobody`
  /// through setpriv, from a copy of the binary that user can execute. `stdout` and
  /// `stderr` say where those go (a closed descriptor is closed by `/bin/sh`, as a user's
  /// shell would); what is not captured reads as empty. With `currentDirectory`, it runs
  /// there (else where the tests run). `environment` adds variables (an empty value takes
  /// one away).
  @discardableResult
  func run(
    _ arguments: [String], input: String? = nil, lang: String = "en", killAfter: Duration? = nil,
    asNobody: Bool = false, stdout stdoutSink: Sink = .captured,
    stderr stderrSink: Sink = .captured,
    currentDirectory: URL? = nil, environment extra: [String: String] = [:]
  ) throws -> Run {
    let launched = try launch(
      arguments, input: input, lang: lang, asNobody: asNobody, stdout: stdoutSink,
      stderr: stderrSink, currentDirectory: currentDirectory, environment: extra)
    if let killAfter {
      let process = launched.process
      let pid = process.processIdentifier
      let seconds =
        Double(killAfter.components.seconds)
        + Double(killAfter.components.attoseconds) / 1e18
      // A thread of its own: the global queue's few threads can all be held by other
      // tests' waits, and a kill that waited for them came after the process had ended.
      Thread.detachNewThread {
        Thread.sleep(forTimeInterval: seconds)
        if process.isRunning { kill(pid, SIGKILL) }
      }
    }
    return try collect(launched, input: input)
  }

  /// Runs one `pocket` per entry of `commands` (its arguments, and what it reads on
  /// standard input), all started before any is waited for, so they run at once.
  func runTogether(_ commands: [(arguments: [String], input: String?)]) throws -> [Run] {
    let launched = try commands.map { try launch($0.arguments, input: $0.input) }
    // Input longer than a pipe's buffer is written to all of them at once, as they run.
    let writing = DispatchGroup()
    for (process, command) in zip(launched, commands) {
      guard let writer = process.stdin else { continue }
      let bytes = Foundation.Data((command.input ?? "").utf8)
      DispatchQueue.global().async(group: writing) {
        writer.write(bytes)
        try? writer.close()
      }
    }
    let runs = try launched.map { try collect($0, input: nil) }
    writing.wait()
    return runs
  }

  /// A `pocket` that `launch` started; `collect` waits for it and reads what it wrote.
  private struct Launched {
    let process: Process
    let stdout: Pipe?
    let stderr: Pipe?
    /// Standard input still to be written (input longer than a pipe's buffer).
    let stdin: FileHandle?
  }

  /// Starts `pocket` as `run` does, without waiting for it. Its output goes to pipes that
  /// `collect` reads: at most a pipe's buffer (64 KiB) is written before that.
  private func launch(
    _ arguments: [String], input: String? = nil, lang: String = "en", asNobody: Bool = false,
    stdout stdoutSink: Sink = .captured, stderr stderrSink: Sink = .captured,
    currentDirectory: URL? = nil, environment extra: [String: String] = [:]
  ) throws -> Launched {
    let process = Process()
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    var command: [String]
    if asNobody {
      command = [
        "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
        try Self.executableForNobody.get().path,
      ]
    } else {
      command = [Self.executable.path]
    }
    command += pocketArguments(arguments, lang: lang)
    let redirections = [
      stdoutSink.redirection(STDOUT_FILENO), stderrSink.redirection(STDERR_FILENO),
    ].compactMap { $0 }
    if !redirections.isEmpty {
      command =
        ["/bin/sh", "-c", "exec \"$@\" " + redirections.joined(separator: " "), "sh"]
        + command
    }
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    // A variable given empty is taken away.
    process.environment = environment.merging(extra) { $1 }.filter { !$0.value.isEmpty }
    if asNobody {
      // Under `swift test --enable-code-coverage` the binary writes a profile on exit;
      // `nobody` may not write where it would go.
      process.environment?["LLVM_PROFILE_FILE"] = "/dev/null"
    }
    let stdout = try Self.handle(for: stdoutSink)
    let stderr = try Self.handle(for: stderrSink)
    let stdin = try Self.standardInput(input)
    process.standardOutput = stdout.child
    process.standardError = stderr.child
    process.standardInput = stdin.child
    try SpawnedDescriptors.run(process)
    // The child has its copies; the parent keeps none (a pipe nobody reads must have no
    // writer left here either).
    try stdout.closeAfterLaunch?.close()
    try stderr.closeAfterLaunch?.close()
    try stdin.child.close()
    return Launched(
      process: process, stdout: stdout.captured, stderr: stderr.captured,
      stdin: stdin.writeAfterLaunch)
  }

  /// Writes what is left of `input` (unless `nil`: written elsewhere), waits for `launched`
  /// to end and reads its output.
  private func collect(_ launched: Launched, input: String?) throws -> Run {
    if let input, let writer = launched.stdin {
      // A child that ends before reading it all closes the pipe: its status says why, and
      // the write's EPIPE must not stop the tests (the legacy `write(_:)` traps on it).
      try? writer.write(contentsOf: Foundation.Data(input.utf8))
      try writer.close()
    }
    let out = launched.stdout?.fileHandleForReading.readDataToEndOfFile() ?? Foundation.Data()
    let err = launched.stderr?.fileHandleForReading.readDataToEndOfFile() ?? Foundation.Data()
    launched.process.waitUntilExit()
    return Run(
      status: launched.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self),
      wasKilled: launched.process.terminationReason == .uncaughtSignal)
  }

  /// What the child gets for `sink`; `captured` is the pipe to read, `closeAfterLaunch` the
  /// parent's copy of a descriptor only the child should hold.
  private static func handle(
    for sink: Sink
  ) throws -> (child: Any, captured: Pipe?, closeAfterLaunch: FileHandle?) {
    switch sink {
    case .captured:
      let pipe = SpawnedDescriptors.pipe()
      return (pipe, pipe, nil)
    case .closed:
      // `/bin/sh` closes it before `pocket` starts.
      return (FileHandle.nullDevice, nil, nil)
    case .full:
      guard let full = FileHandle(forWritingAtPath: "/dev/full") else {
        throw CocoaError(.fileNoSuchFile)
      }
      return (full, nil, full)
    case .closedPipe:
      let pipe = SpawnedDescriptors.pipe()
      try pipe.fileHandleForReading.close()
      return (pipe.fileHandleForWriting, nil, pipe.fileHandleForWriting)
    }
  }

  /// Standard input holding `input`. What fits in the pipe's buffer is written before the
  /// child starts, so a child that ends without reading it (a screen it cannot write)
  /// cannot make the write fail; more is written once it runs (`writeAfterLaunch`).
  private static func standardInput(
    _ input: String?
  ) throws -> (child: FileHandle, writeAfterLaunch: FileHandle?) {
    let pipe = SpawnedDescriptors.pipe()
    let bytes = Foundation.Data((input ?? "").utf8)
    guard bytes.count <= 4096 else { return (pipe.fileHandleForReading, pipe.fileHandleForWriting) }
    pipe.fileHandleForWriting.write(bytes)
    try pipe.fileHandleForWriting.close()
    return (pipe.fileHandleForReading, nil)
  }

  /// A `pocket` started with its standard streams on pipes the test drives, line by line.
  struct Started {
    let process: Process
    let stdin: Pipe
    let stdout: Pipe
    let stderr: Pipe

    /// Reads `pipe` until `text` has appeared (or the pipe ends); returns what was read.
    /// When `Soak.secondsBeforeOutputIsLate` pass first, the test records it and the child
    /// is killed, so nothing after waits on it.
    func read(_ pipe: Pipe, until text: String) -> String {
      var output = ""
      let deadline = ContinuousClock.now + .seconds(Soak.secondsBeforeOutputIsLate)
      var ready = pollfd(
        fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
      while !output.contains(text) {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else {
          Issue.record(
            "no \(text.debugDescription) within \(Soak.secondsBeforeOutputIsLate) s: \(output)")
          if process.isRunning { kill(process.processIdentifier, SIGKILL) }
          break
        }
        // At most a second at a time: a timeout or an interrupted wait looks again.
        guard poll(&ready, 1, 1000) > 0 else { continue }
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        output += String(decoding: chunk, as: UTF8.self)
      }
      return output
    }

    /// Writes `text` to its standard input.
    func send(_ text: String) {
      stdin.fileHandleForWriting.write(Foundation.Data(text.utf8))
    }
  }

  /// Starts `pocket` with `arguments` and returns at once.
  func start(_ arguments: [String]) throws -> Started {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = pocketArguments(arguments)
    process.environment = environment
    let started = Started(
      process: process, stdin: SpawnedDescriptors.pipe(), stdout: SpawnedDescriptors.pipe(),
      stderr: SpawnedDescriptors.pipe())
    process.standardInput = started.stdin
    process.standardOutput = started.stdout
    process.standardError = started.stderr
    try SpawnedDescriptors.run(process)
    return started
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
    if postgresSchema != nil { PostgresSchemaPool.release(directory) }
  }
}
