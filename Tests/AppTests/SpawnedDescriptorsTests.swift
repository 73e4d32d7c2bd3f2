import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tests run in parallel and start children: one test's pipe must never be held by
/// another test's child. (Seen: `pocket` ran a command after its reader had gone, because a
/// child another test started at that moment held the reader's end; `Process.run` on Linux
/// closes only what was open when it looked.)
@Suite("Descriptors of spawned children")
struct SpawnedDescriptorsTests {
  static let hasProcFileSystem = FileManager.default.fileExists(atPath: "/proc/self/fd")

  /// What `/proc/PID/fd` of `pid` shows open, by what each descriptor is.
  static func opened(by pid: pid_t) throws -> Set<String> {
    let folder = "/proc/\(pid)/fd"
    return Set(
      try FileManager.default.contentsOfDirectory(atPath: folder).compactMap {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")
      })
  }

  /// A pipe made for a child is closed in a program started meanwhile that closes nothing
  /// itself (as a `Process` started by another thread does with a pipe opened after it
  /// looked); the child it is given to has it as its standard stream.
  @Test(.enabled(if: hasProcFileSystem, "no /proc here to see a child's descriptors"))
  func aPipeIsHeldOnlyByTheChildItIsGivenTo() throws {
    let pipe = SpawnedDescriptors.pipe()
    let ends = try Set(
      [pipe.fileHandleForReading, pipe.fileHandleForWriting].map {
        try FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/\($0.fileDescriptor)")
      })
    #expect(ends.count == 1 && ends.first?.hasPrefix("pipe:") == true)

    var pid = pid_t()
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("10"), nil]
    defer { arguments.forEach { free($0) } }
    #expect(posix_spawn(&pid, "/bin/sleep", nil, nil, arguments, environ) == 0)
    defer {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    let bystander = try Self.opened(by: pid)
    #expect(bystander.isDisjoint(with: ends), "a child started meanwhile holds the pipe")

    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["10"]
    child.standardOutput = pipe
    try SpawnedDescriptors.run(child)
    defer {
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
    }
    #expect(try Self.opened(by: child.processIdentifier).isSuperset(of: ends))
  }

  /// Whether SIGPIPE is in the `field` mask (`SigIgn`: ignored, `SigCgt`: caught) of a
  /// `/proc/PID/status` text.
  static func brokenPipes(in field: String, of status: String) throws -> Bool {
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("\(field):") })
    let mask = try #require(
      UInt64(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16))
    return mask & (1 << (UInt64(SIGPIPE) - 1)) != 0
  }

  /// A test that writes to a child which has ended gets an error (EPIPE), and the run goes
  /// on: the test process catches SIGPIPE, doing nothing, once it has made a pipe. (Seen: the whole run
  /// ended with "unexpected signal code 13" when a session ended before its input was
  /// written.) The children start with SIGPIPE at its default, as from a shell.
  @Test(.enabled(if: hasProcFileSystem, "no /proc here to see a process's signal mask"))
  func aWriteToAnEndedChildIsAnErrorOfTheTestNotTheEndOfTheRun() throws {
    let input = SpawnedDescriptors.pipe()
    let output = SpawnedDescriptors.pipe()
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/cat")
    child.arguments = ["/proc/self/status"]
    child.standardInput = input
    child.standardOutput = output
    try SpawnedDescriptors.run(child)
    let status = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    #expect(try !Self.brokenPipes(in: "SigIgn", of: status), "the child's is at its default")
    #expect(try !Self.brokenPipes(in: "SigCgt", of: status), "the child's is at its default")
    let own = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    #expect(try Self.brokenPipes(in: "SigCgt", of: own), "the test process catches it")
    try input.fileHandleForReading.close()
    #expect(throws: (any Error).self) {
      try input.fileHandleForWriting.write(contentsOf: Foundation.Data("after the end".utf8))
    }
  }

  /// Every child the tests start with `Process` gets its pipes from, and is started by,
  /// `SpawnedDescriptors`: a `Pipe()` or `process.run()` of its own would bring the race
  /// back.
  @Test func theTestsStartChildrenOnlyThroughSpawnedDescriptors() throws {
    let tests = Fixtures.packageRoot.appendingPathComponent("Tests")
    let files =
      FileManager.default.enumerator(atPath: tests.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    #expect(files.count > 50)
    var offenders: [String] = []
    let ownFiles = ["SpawnedDescriptors.swift", "SpawnedDescriptorsTests.swift"]
    for file in files where !ownFiles.contains(where: file.hasSuffix) {
      let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        // `try process.run()` (an awaited `run()` is not a `Process`'s).
        let starts = line.contains("try") && !line.contains("await") && line.hasSuffix(".run()")
        if starts || line.contains("= Pipe()") || line.contains("(Pipe()") {
          offenders.append("\(file): \(line.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    #expect(offenders.isEmpty, "\(offenders)")
  }

  /// A child that runs past its bound is killed, so a test waiting on it (its output's
  /// end, its exit) goes on and fails on what it read instead of waiting for ever; a child
  /// that ended in time is left alone.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sleep")))
  func aChildRunningPastItsBoundIsKilled() throws {
    let hung = Process()
    hung.executableURL = URL(fileURLWithPath: "/bin/sleep")
    hung.arguments = ["60"]
    hung.standardError = FileHandle.nullDevice
    let started = ContinuousClock.now
    try SpawnedDescriptors.run(hung, killedAfter: 1)
    hung.waitUntilExit()
    #expect(hung.terminationReason == .uncaughtSignal && hung.terminationStatus == SIGKILL)
    #expect(started.duration(to: .now) < .seconds(50), "killed, not ended by itself")

    let quick = Process()
    quick.executableURL = URL(fileURLWithPath: "/bin/sleep")
    quick.arguments = ["0"]
    try SpawnedDescriptors.run(quick, killedAfter: 1)
    quick.waitUntilExit()
    #expect(quick.terminationReason == .exit && quick.terminationStatus == 0)
  }
}
