import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `pocket` behaves as a process: closed pipes, Ctrl-C, end of input, exit statuses.
@Suite("The process", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ProcessTests {
  let pocket: PocketProcess

  init() throws {
    pocket = try PocketProcess(store: "sqlite")
  }

  func start(_ arguments: [String]) throws -> (Process, stdin: Pipe, stdout: Pipe, stderr: Pipe) {
    let process = Process()
    process.executableURL = PocketProcess.executable
    process.arguments = ["--store-path", pocket.directory.path, "--lang", "en"] + arguments
    process.environment = ["HOME": pocket.directory.path, "TZ": "UTC"]
    let (stdin, stdout, stderr) = (
      SpawnedDescriptors.pipe(), SpawnedDescriptors.pipe(), SpawnedDescriptors.pipe()
    )
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try SpawnedDescriptors.run(process)
    return (process, stdin, stdout, stderr)
  }

  /// Reads stdout until `text` appears.
  func read(_ pipe: Pipe, until text: String) -> String {
    var output = ""
    while !output.contains(text) {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      output += String(decoding: chunk, as: UTF8.self)
    }
    return output
  }

  @Test func aClosedPipeEndsQuietly() throws {
    defer { pocket.remove() }
    let (process, stdin, stdout, stderr) = try start(["rates"])
    try stdin.fileHandleForWriting.close()
    // `| head -1`: read one line, then close the pipe.
    _ = read(stdout, until: "\n")
    try stdout.fileHandleForReading.close()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(stderr.fileHandleForReading.readDataToEndOfFile().isEmpty)
  }

  @Test func ctrlCAtThePromptEndsTheSessionWithEverythingSaved() throws {
    defer { pocket.remove() }
    let (process, stdin, stdout, stderr) = try start([])
    stdin.fileHandleForWriting.write(Foundation.Data("say before ctrl-c\nadd 7 calm\n".utf8))
    _ = read(stdout, until: "calm")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(errors.isEmpty)
    // The store opens, holds both changes, and comes back on the last screen.
    let shown = try pocket.run(["show"])
    #expect(shown.status == 0)
    #expect(shown.stdout.contains("[Mind log]"))
    #expect(shown.stdout.contains("calm"))
    #expect(try pocket.run(["chat"]).stdout.contains("before ctrl-c"))
  }

  @Test func endOfInputEndsTheSessionWithTheLastScreenSaved() throws {
    defer { pocket.remove() }
    let run = try pocket.run([], input: "bookmarks\nnotices\nbookmark 2")
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let shown = try pocket.run(["show"]).stdout
    #expect(shown.contains("[Notices]"))
    #expect(shown.contains(" 2 ★ "))
  }

  @Test func oddCommandLinesOnlyEverExitZeroToThree() throws {
    defer { pocket.remove() }
    let lines: [[String]] = [
      [], ["--store"], ["--store", "nope"], ["--lang"], ["convert", "1e309"], ["calc", "\u{1B}"],
      ["bookmark", "99999999999999999999999"], ["edit"],
      ["say", String(repeating: "y", count: 70_000)],
      ["rates", "\u{0}"], ["--rates-url", "ftp://x", "refresh"], ["import"], ["export"],
      ["help", "nothing"], ["--help", "extra"], ["add", "NaN", "x"], ["delete", "-0"],
    ]
    for arguments in lines {
      let run = try pocket.run(arguments, input: "")
      #expect([0, 1, 2, 3].contains(run.status), "\(arguments.prefix(2)): \(run.status)")
      #expect(!run.wasKilled)
      #expect(!run.stderr.contains("Fatal error"))
      #expect(!run.stderr.contains("Stack dump"))
    }
  }
}
