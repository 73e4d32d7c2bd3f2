import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A write to the terminal that fails never hides an outcome: a refused command still exits
/// 1, a usage error 2, an unusable store 3; a command that was done but whose screen could
/// not be written exits 4, with `write error: …` on standard error where that still works;
/// only a reader of standard output that went away (EPIPE) ends quietly. A session ends at
/// its first failed write: what ran before stays done, nothing after it runs.
///
/// Each test runs the real `pocket` on its own temporary store folder (`--store-path`), with
/// standard output or standard error closed (`>&-`, `2>&-`), on `/dev/full`, or on a pipe
/// whose reader is gone, and reads what the store holds afterwards with another `pocket`
/// run whose output is captured. The `/dev/full` cases are tests of their own, skipped
/// where that device does not exist. The tests of both stores run on each with
/// `POCKET_SOAK=1`; the quick run spreads the stores over them.
@Suite("A failed write to the terminal", .blocking, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct OutputFailureTests {
  typealias Sink = PocketProcess.Sink

  /// The causes as the C library words them (glibc and Darwin agree).
  static let badDescriptor = "Bad file descriptor"
  static let noSpace = "No space left on device"

  static let stores = ["sqlite", "json"]

  /// Both stores with `POCKET_SOAK=1`; else `quick`, the tests taking the stores in turn, so
  /// the quick run still meets each failure on one store and each store in several failures.
  static func stores(quick: String) -> [String] { Soak.all(stores, quick: quick) }

  /// Each sink on one store in turn, every sink on every store with `POCKET_SOAK=1`.
  static let stderrSinks = Soak.spread([Sink.closed, .closedPipe], over: stores)

  /// The chat's messages, as a captured `pocket chat` shows them.
  static func messages(in pocket: PocketProcess) throws -> String {
    let chat = try pocket.run(["chat"])
    #expect(chat.status == 0, "the store opens afterwards: \(chat.stderr)")
    return chat.stdout
  }

  // MARK: One command

  @Test(
    "One command whose screen cannot be written: done, status 4, the cause named",
    arguments: stores(quick: "sqlite"))
  func oneCommandStdoutClosed(store: String) throws {
    try Self.oneCommandWithFailingStdout(store: store, .closed, cause: Self.badDescriptor)
  }

  @Test(
    .enabled(if: PocketProcess.hasDevFull, "there is no /dev/full here"),
    arguments: stores(quick: "json"))
  func oneCommandStdoutFull(store: String) throws {
    try Self.oneCommandWithFailingStdout(store: store, .full, cause: Self.noSpace)
  }

  static func oneCommandWithFailingStdout(store: String, _ sink: Sink, cause: String) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    let run = try pocket.run(["say", "written anyway"], stdout: sink)
    #expect(run.status == 4, "say with stdout \(sink)")
    #expect(run.stderr == "pocket: write error: \(cause)\n")
    #expect(try messages(in: pocket).contains("written anyway"), "what was done stays done")
    let help = try pocket.run(["--help"], stdout: sink)
    #expect(help.status == 4, "--help with stdout \(sink)")
    #expect(help.stderr == "pocket: write error: \(cause)\n")
  }

  @Test(.enabled(if: PocketProcess.hasDevFull, "there is no /dev/full here"))
  func theCauseIsWordedInTheChosenLanguage() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let run = try pocket.run(["say", "안녕"], lang: "ko", stdout: .full)
    #expect(run.status == 4)
    #expect(run.stderr == "pocket: 출력을 쓰지 못했습니다 (기술적 원인: \(Self.noSpace))\n")
  }

  @Test("One command whose stdout reader is gone ends quietly with its own status")
  func oneCommandStdoutReaderGone() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let done = try pocket.run(["say", "nobody reads this"], stdout: .closedPipe)
    #expect(done.status == 0)
    #expect(done.stderr.isEmpty)
    #expect(try Self.messages(in: pocket).contains("nobody reads this"))
    let refused = try pocket.run(["fav", "XYZ"], stdout: .closedPipe)
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("pocket: "))
  }

  @Test(
    "Refused, usage, unusable store: each keeps its status when stderr fails",
    arguments: stderrSinks)
  func oneCommandStderrFails(store: String, sink: Sink) throws {
    try Self.oneCommandWithFailingStderr(store: store, sink)
  }

  @Test(
    .enabled(if: PocketProcess.hasDevFull, "there is no /dev/full here"),
    arguments: stores(quick: "sqlite"))
  func oneCommandStderrFull(store: String) throws {
    try Self.oneCommandWithFailingStderr(store: store, .full)
  }

  static func oneCommandWithFailingStderr(store: String, _ sink: Sink) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    // A command that writes nothing to stderr is not touched by its failure.
    let done = try pocket.run(["say", "kept"], stderr: sink)
    #expect(done.status == 0, "say with stderr \(sink)")
    #expect(done.stdout.contains("kept"))
    let before = try pocket.export()
    let refused = try pocket.run(["fav", "XYZ"], stderr: sink)
    #expect(refused.status == 1, "fav XYZ with stderr \(sink)")
    #expect(refused.stdout.isEmpty)
    #expect(try pocket.run(["bogus"], stderr: sink).status == 2, "bogus with stderr \(sink)")
    #expect(try pocket.export() == before, "nothing changed")
    // An unusable store: one command and a session both exit 3, the file left as it was.
    let file = pocket.directory.appendingPathComponent("pocket." + store)
    let broken = Foundation.Data("this is not a store\n".utf8)
    try broken.write(to: file)
    try? FileManager.default.removeItem(
      at: pocket.directory.appendingPathComponent("pocket.journal"))
    #expect(try pocket.run(["say", "lost"], stderr: sink).status == 3, "stderr \(sink)")
    #expect(try pocket.run([], input: "say lost\n", stderr: sink).status == 3, "stderr \(sink)")
    #expect(try Foundation.Data(contentsOf: file) == broken, "the store is left as it was")
  }

  @Test("Both streams fail: status 4, nothing to say it on; a gone reader excuses nothing")
  func bothStreamsFail() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let both = try pocket.run(["say", "unseen"], stdout: .closed, stderr: .closed)
    #expect(both.status == 4)
    #expect(try Self.messages(in: pocket).contains("unseen"))
    let refused = try pocket.run(["fav", "XYZ"], stdout: .closedPipe, stderr: .closedPipe)
    #expect(refused.status == 1)
    let gone = try pocket.run(["say", "seen by nobody"], stdout: .closedPipe, stderr: .closed)
    #expect(gone.status == 0, "nothing was written to stderr")
  }

  // MARK: A session (line mode, standard input a pipe)

  @Test(
    "A session whose screen cannot be written runs nothing and exits 4",
    arguments: stores(quick: "json"))
  func sessionStdoutClosed(store: String) throws {
    try Self.sessionWithFailingStdout(store: store, .closed, cause: Self.badDescriptor)
  }

  @Test(
    .enabled(if: PocketProcess.hasDevFull, "there is no /dev/full here"),
    arguments: stores(quick: "sqlite"))
  func sessionStdoutFull(store: String) throws {
    try Self.sessionWithFailingStdout(store: store, .full, cause: Self.noSpace)
  }

  static func sessionWithFailingStdout(store: String, _ sink: Sink, cause: String) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    let run = try pocket.run([], input: "say one\nsay two\n", stdout: sink)
    #expect(run.status == 4, "session with stdout \(sink)")
    #expect(run.stderr == "pocket: write error: \(cause)\n")
    let held = try messages(in: pocket)
    #expect(held.contains("No messages yet."), "nothing ran unseen: \(held)")
  }

  @Test("A session whose stdout reader is gone ends quietly and runs nothing")
  func sessionStdoutReaderGone() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let run = try pocket.run([], input: "say one\nsay two\n", stdout: .closedPipe)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(try Self.messages(in: pocket).contains("No messages yet."))
  }

  @Test(
    "A session ends at a reason it cannot write: before stays done, after never runs",
    arguments: stderrSinks)
  func sessionStderrFails(store: String, sink: Sink) throws {
    try Self.sessionWithFailingStderr(store: store, sink)
  }

  @Test(
    .enabled(if: PocketProcess.hasDevFull, "there is no /dev/full here"),
    arguments: stores(quick: "json"))
  func sessionStderrFull(store: String) throws {
    try Self.sessionWithFailingStderr(store: store, .full)
  }

  static func sessionWithFailingStderr(store: String, _ sink: Sink) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    // Nothing written to stderr: every command runs.
    let quiet = try pocket.run([], input: "say quiet one\nsay quiet two\n", stderr: sink)
    #expect(quiet.status == 0, "session with stderr \(sink)")
    let all = try messages(in: pocket)
    #expect(all.contains("quiet one") && all.contains("quiet two"))
    let run = try pocket.run(
      [], input: "say before the refusal\nfav XYZ\nsay after the refusal\n", stderr: sink)
    // The refusal whose reason could not be written is the session's status, as a one-shot
    // refusal with stderr closed exits 1.
    #expect(run.status == 1, "session with stderr \(sink)")
    #expect(run.stdout.contains("before the refusal"))
    let held = try messages(in: pocket)
    #expect(held.contains("before the refusal"))
    #expect(!held.contains("after the refusal"), "nothing ran after the failed write")
  }

  @Test("The stdout reader gone mid-session: the command it missed is done, no later one runs")
  func sessionStdoutReaderGoneMidway() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let started = try pocket.start([])
    started.send("say first\n")
    #expect(started.read(started.stdout, until: "first").contains("first"))
    // `| head`: the reader has what it wanted and goes.
    try started.stdout.fileHandleForReading.close()
    started.send("say second\nsay third\n")
    try started.stdin.fileHandleForWriting.close()
    started.process.waitUntilExit()
    #expect(started.process.terminationReason == .exit)
    #expect(started.process.terminationStatus == 0)
    #expect(started.stderr.fileHandleForReading.readDataToEndOfFile().isEmpty)
    let held = try Self.messages(in: pocket)
    #expect(held.contains("first") && held.contains("second"))
    #expect(!held.contains("third"))
  }

  @Test("The stderr reader gone mid-session: the refusal ends the session with 1")
  func sessionStderrReaderGoneMidway() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let started = try pocket.start([])
    started.send("say first\n")
    #expect(started.read(started.stdout, until: "first").contains("first"))
    try started.stderr.fileHandleForReading.close()
    started.send("fav XYZ\nsay second\n")
    try started.stdin.fileHandleForWriting.close()
    started.process.waitUntilExit()
    #expect(started.process.terminationReason == .exit)
    #expect(started.process.terminationStatus == 1)
    let held = try Self.messages(in: pocket)
    #expect(held.contains("first"))
    #expect(!held.contains("second"))
  }

  // MARK: The live view's terminal

  /// The live view ends on its terminal's first failed write (`LiveView.draw`); a pty
  /// fails a write only once hung up, which ends the view by itself, so the device is
  /// tested on its own.
  @Test(.enabled(if: PocketProcess.hasDevFull, "there is no /dev/full here")) @MainActor
  func theLiveTerminalKeepsItsFirstFailedWrite() throws {
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
    defer {
      close(null)
      close(full)
    }
    try #require(null >= 0 && full >= 0)
    let working = TerminalDevice(input: null, output: null)
    working.write("a frame")
    #expect(working.writeFailure == nil)
    let failing = TerminalDevice(input: full, output: full)
    failing.write("a frame")
    #expect(failing.writeFailure == ENOSPC)
    failing.write("another")
    #expect(failing.writeFailure == ENOSPC)
  }
}
