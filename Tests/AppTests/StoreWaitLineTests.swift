import Foundation
import PocketDomain
import PocketPresentation
import Synchronization
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// A wait for another program's lock, as the front ends show it: one line on standard
/// error in line mode and for a one-shot command (at a terminal only), wiped when the
/// wait ends; the status row in the live view.
@Suite("Store waits shown")
struct StoreWaitLineTests {
  /// What a `WaitLine` of `columns` columns writes.
  final class Written: Sendable {
    let text = Mutex("")
    func line(_ language: Language = .en, columns: Int = 100) -> WaitLine {
      WaitLine(
        strings: Strings(language: language, timeZone: .gmt), columns: { columns },
        write: { text in self.text.withLock { $0 += text } })
    }
    var all: String { text.withLock { $0 } }
  }

  @Test func theLineIsWrittenInPlaceAndWipedWhenTheWaitEnds() {
    let written = Written()
    let line = written.line()
    line.show(.ended)
    #expect(written.all == "", "no wait, nothing to wipe")
    line.show(.waiting(store: "/s/pocket.sqlite"))
    #expect(
      written.all
        == "\r" + "Waiting for another program's write to /s/pocket.sqlite… (at most 5 s)"
        + "\u{1B}[K")
    line.show(.ended)
    line.show(.ended)
    #expect(written.all.hasSuffix("(at most 5 s)\u{1B}[K\r\u{1B}[K"), "wiped once")
  }

  @Test func theLineFitsOneRowAndEscapesWhatThePathHolds() {
    let written = Written()
    let line = written.line(.ko, columns: 30)
    line.show(.waiting(store: "/s/\u{1B}[2J"))
    let text = written.all.dropFirst().dropLast(3)
    // 29 columns at most, `…` two of them as a terminal set up for Korean draws it.
    #expect(text == "다른 프로그램이 쓰기를 마치…", "\(text)")
    let wide = Written()
    wide.line(columns: 200).show(.waiting(store: "/s/\u{1B}[2J"))
    #expect(wide.all.contains("/s/\\u{1B}[2J"))
  }

  /// Following a store's waits, and stopping.
  @Test func aLineFollowsTheStoresWaits() {
    let written = Written()
    let waits = StoreWaits()
    let following = written.line().follow(waits)
    waits.report(.waiting(store: "/s"))
    following.cancel()
    waits.report(.ended)
    #expect(written.all.hasPrefix("\rWaiting") && !written.all.hasSuffix("\r\u{1B}[K"))
  }

  /// The live view's status row says the wait over whatever it said, and says that again
  /// once the wait ends.
  @MainActor
  @Test func theLiveViewSaysItOnItsStatusRow() async {
    let strings = Strings(language: .en, timeZone: .gmt)
    let session = await Session.launched(strings: strings)
    let size = TerminalSize(rows: 20, columns: 100)
    let live = LiveController(session: session, renderer: Renderer(strings: strings), size: size)
    live.state.status = LiveStatus(text: "Sent message 1")
    func statusRow() -> String { live.frame().rows(size.rows)[size.rows - 2].text }
    #expect(statusRow().contains("Sent message 1"))
    let waiting = "Waiting for another program's write to /s/pocket.sqlite… (at most 5 s)"
    session.store.repositories.waits.report(.waiting(store: "/s/pocket.sqlite"))
    for _ in 0..<10_000 {
      if live.storeWait.state.waitingOn != nil { break }
      await Task.yield()
    }
    #expect(statusRow().contains(waiting))
    session.store.repositories.waits.report(.ended)
    for _ in 0..<10_000 {
      if live.storeWait.state.waitingOn == nil { break }
      await Task.yield()
    }
    #expect(statusRow().contains("Sent message 1"))
  }
}

/// The same on a terminal, with python's sqlite3 holding the write lock (as another
/// program's import would) until the test lets go, once the wait shows.
@Suite(
  "Store waits shown on a terminal", .waiting, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"),
  .enabled(if: StoreBusyTests.hasPython, "needs python3's sqlite3 to hold the lock"))
struct StoreWaitTerminalTests {
  static let waiting = "Waiting for another program's write to "

  /// A process holding `database`'s write lock until a line comes on its standard input.
  static func holdLock(_ database: String) throws -> (process: Process, release: () -> Void) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: StoreBusyTests.python)
    process.arguments = [
      "-c",
      """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("BEGIN IMMEDIATE")
      print("held", flush=True)
      sys.stdin.readline()
      db.execute("COMMIT")
      """,
      database,
    ]
    let input = SpawnedDescriptors.pipe()
    let output = SpawnedDescriptors.pipe()
    process.standardInput = input
    process.standardOutput = output
    try SpawnedDescriptors.run(process)
    _ = output.fileHandleForReading.availableData  // "held"
    return (
      process,
      {
        input.fileHandleForWriting.write(Foundation.Data("\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
      }
    )
  }

  @Test func lineModeSaysItWaitsAndWipesItWhenTheLockIsFree() throws {
    guard
      let live = try LiveTerminalTests().start(
        ["--plain"], rows: 40, columns: 120, expectsLiveView: false)
    else { return }
    defer { live.close() }
    let database = live.directory.appendingPathComponent("pocket.sqlite").path
    let holder = try Self.holdLock(database)
    live.pty.send("say while held\r")
    try live.pty.read(untilScreen: { $0.contains(Self.waiting + database) })
    holder.release()
    let screen = try live.pty.read(untilScreen: { $0.contains("Messages: 1") })
    #expect(!screen.contains(Self.waiting), "wiped: \(screen.lines)")
    live.pty.send("quit\r")
    #expect(try live.pty.wait() == 0)
  }

  @Test func theLiveViewSaysItWaitsOnItsStatusRow() throws {
    guard let live = try LiveTerminalTests().start(rows: 24, columns: 120) else { return }
    defer { live.close() }
    let database = live.directory.appendingPathComponent("pocket.sqlite").path
    let holder = try Self.holdLock(database)
    live.pty.send(":say while held\r")
    try live.pty.read(untilScreen: { $0.contains(Self.waiting + database) })
    holder.release()
    try live.pty.read(untilScreen: { $0.contains("Sent message 1") })
    #expect(!live.pty.screen.contains(Self.waiting))
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  /// A json store's lock held past the bound (a stopped Pocket, a `flock` shell): the live
  /// view's change is refused as busy and the view goes on, as on every store. Before, it
  /// ended the view with exit 3.
  @Test func aJSONLockHeldPastTheBoundRefusesTheChangeAndTheLiveViewGoesOn() throws {
    guard let live = try LiveTerminalTests().start(["--store", "json"], rows: 24, columns: 120)
    else { return }
    defer { live.close() }
    // The store's files, made by a first change; then this process holds its lock.
    live.pty.send(":say before\r")
    try live.pty.read(untilScreen: { $0.contains("Sent message 1") })
    let lockPath = live.directory.appendingPathComponent("pocket.json.lock").path
    let descriptor = open(lockPath, O_RDWR | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    live.pty.send(":say while held\r")
    try live.pty.read(untilScreen: { $0.contains(Self.waiting) })
    try live.pty.read(untilScreen: { $0.contains("is busy") })
    flock(descriptor, LOCK_UN)
    live.pty.send(":say after\r")
    try live.pty.read(untilScreen: { $0.contains("Sent message 2") })
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}
