import Foundation
import TestSupport
import TestTraits
import Testing

/// Another program holding a sqlite store's write lock for longer than a write waits for it
/// (5 s) makes a write refused, not the store unusable: the command says the store is busy
/// and exits 1, a session goes on, and the next write once the lock is gone is stored.
@Suite(
  "A store busy with another program's write", .waiting, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreBusyTests {
  static let python = "/usr/bin/python3"
  static let hasPython = FileManager.default.isExecutableFile(atPath: python)

  /// Starts a process that holds `database`'s write lock (BEGIN IMMEDIATE) for `seconds`,
  /// and returns once it holds it.
  static func holdLock(_ database: String, seconds: Int) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      "-c",
      """
      import sqlite3, sys, time
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("BEGIN IMMEDIATE")
      print("held", flush=True)
      time.sleep(int(sys.argv[2]))
      db.execute("COMMIT")
      """,
      database, "\(seconds)",
    ]
    let output = SpawnedDescriptors.pipe()
    process.standardOutput = output
    try SpawnedDescriptors.run(process)
    _ = output.fileHandleForReading.availableData  // "held"
    return process
  }

  @Test(.enabled(if: hasPython, "needs python3's sqlite3 to hold the lock"))
  func aWriteWaitingTooLongIsRefusedAndTheSessionGoesOn() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    #expect(try pocket.run(["say", "first"]).status == 0)
    let database = pocket.directory.appendingPathComponent("pocket.sqlite").path

    // Held for as long as the one-shot's wait and the session's wait take, and more.
    let holder = try Self.holdLock(database, seconds: 15)
    let oneShot = try pocket.run(["say", "while held"])
    #expect(oneShot.status == 1, "\(oneShot.stderr)")
    #expect(oneShot.stderr.contains("is busy: another program kept writing to it"))
    // Standard error is no terminal here: a script sees the refusal, no line about the wait.
    #expect(!oneShot.stderr.contains("Waiting"), "\(oneShot.stderr)")

    // A line-mode session: its write is refused, its reads go on, and once the lock is
    // gone its next write is stored. Lines are read one after another, so the last one is
    // sent once the lock is gone.
    let session = try pocket.start([])
    session.send("say refused\nchat\n")
    holder.waitUntilExit()
    session.send("say stored\n")
    try session.stdin.fileHandleForWriting.close()
    let output = String(
      decoding: session.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(
      decoding: session.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    session.process.waitUntilExit()
    #expect(errors.contains("is busy"), "\(errors)")
    #expect(output.contains("first"), "the chat was shown while the lock was held")
    #expect(session.process.terminationStatus == 1, "the first refusal is the status")
    let chat = try pocket.run(["chat"]).stdout
    #expect(chat.contains("stored"))
    #expect(!chat.contains("refused") && !chat.contains("while held"))
  }
}
