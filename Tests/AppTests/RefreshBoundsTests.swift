import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `refresh` against a server that never answers: `--timeout` ends it, and in a session
/// Ctrl-C cancels it while the session goes on. The cached rates stay either way.
@Suite("Refresh bounds", .waiting, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct RefreshBoundsTests {
  let pocket: PocketProcess

  init() throws {
    pocket = try PocketProcess(store: "sqlite")
  }

  /// The bundled KRW row: the rates a failed or cancelled refresh must leave alone.
  static let cachedKRW = "KRW 1,350.0030 South Korean Won"

  func krwRow(_ screen: String) -> String? {
    screen.split(separator: "\n").first { $0.dropFirst(2).hasPrefix("KRW ") }
      .map { $0.split(separator: " ").joined(separator: " ") }
  }

  @Test func aSilentServerEndsAtTheTimeoutWithTheCause() throws {
    defer { pocket.remove() }
    let server = try LocalHTTPServer(script: [.init(body: [], pace: .stall)])
    let clock = ContinuousClock()
    let start = clock.now
    let run = try pocket.run(
      ["--rates-url", server.url(), "--timeout", "1", "refresh", "--force"],
      killAfter: .seconds(30))
    #expect(start.duration(to: clock.now) < .seconds(10), "well within 10× the deadline")
    #expect(!run.wasKilled)
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "pocket: Could not load data: \(server.url()): no complete response within 1 s\n")
    #expect(run.stdout.isEmpty, "a refusal prints only its reason")
    #expect(krwRow(try pocket.run(["rates", "krw"]).stdout) == Self.cachedKRW)
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/bin/sh"),
      "no /bin/sh to measure the CPU time of a child"))
  func waitingForASilentServerUsesNoCPU() throws {
    defer { pocket.remove() }
    // The shell's `times` reports the CPU time of the children it waited for: here only
    // `pocket`, which waits 2 s for a server that says nothing.
    let shell = URL(fileURLWithPath: "/bin/sh")
    let server = try LocalHTTPServer(script: [.init(body: [], pace: .stall)])
    let quoted = [
      PocketProcess.executable.path, "--store-path", pocket.directory.path, "--lang", "en",
      "--rates-url", server.url(), "--timeout", "2", "refresh", "--force",
    ].map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = shell
    process.arguments = ["-c", "\(quoted) >/dev/null 2>&1; times"]
    process.environment = ["HOME": pocket.directory.path, "TZ": "UTC"]
    let output = SpawnedDescriptors.pipe()
    process.standardOutput = output
    try SpawnedDescriptors.run(process)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // "0m0.020000s 0m0.000000s": user and system time of the children.
    let children = try #require(text.split(separator: "\n").last)
    let seconds = children.split(separator: " ").compactMap { field -> Double? in
      let parts = field.dropLast().split(separator: "m")
      guard parts.count == 2, let minutes = Double(parts[0]), let rest = Double(parts[1])
      else { return nil }
      return minutes * 60 + rest
    }
    #expect(seconds.count == 2, "times printed \(text)")
    // A busy wait burns a good part of those 2 s; starting up and saying why costs little.
    #expect(seconds.reduce(0, +) < 0.25, "CPU time of a 2 s wait: \(children)")
  }

  @Test func ctrlCDuringRefreshCancelsItAndTheSessionGoesOn() async throws {
    defer { pocket.remove() }
    // Cached rates first, then a refresh that would wait for 10 s.
    #expect(try pocket.run(["rates"]).status == 0)
    let server = try LocalHTTPServer(script: [.init(body: [], pace: .stall)])
    let process = Process()
    process.executableURL = PocketProcess.executable
    process.arguments = [
      "--store-path", pocket.directory.path, "--store", "sqlite", "--lang", "en",
      "--rates-url", server.url(), "--timeout", "10",
    ]
    process.environment = ["HOME": pocket.directory.path, "TZ": "UTC"]
    let (stdin, stdout, stderr) = (
      SpawnedDescriptors.pipe(), SpawnedDescriptors.pipe(), SpawnedDescriptors.pipe()
    )
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try SpawnedDescriptors.run(process)
    // Should the session hang, the pipes close when this kills it, and the test fails.
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
      if process.isRunning { kill(pid, SIGKILL) }
    }
    stdin.fileHandleForWriting.write(Foundation.Data("refresh --force\n".utf8))
    await server.requestsArrived(count: 1)
    kill(process.processIdentifier, SIGINT)
    let cancelled = read(stderr, until: "Refresh cancelled")
    #expect(cancelled.contains("Refresh cancelled; the cached rates stay"))
    let delivery = try #require(await server.deliveries(count: 1).first)
    #expect(delivery.clientHungUp, "the refresh hung up")
    // The session is still there: it shows the screen again and quits normally.
    stdin.fileHandleForWriting.write(Foundation.Data("rates krw\nquit\n".utf8))
    let rest = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "the session was not killed")
    // The cancelled refresh was not done: the session's status.
    #expect(process.terminationStatus == 1)
    #expect(krwRow(rest) == Self.cachedKRW)
    let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(errors.isEmpty)
    #expect(krwRow(try pocket.run(["rates", "krw"]).stdout) == Self.cachedKRW)
  }

  /// Reads `pipe` until `text` appears or the writer closes it.
  func read(_ pipe: Pipe, until text: String) -> String {
    var output = ""
    while !output.contains(text) {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      output += String(decoding: chunk, as: UTF8.self)
    }
    return output
  }
}
