import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A json store whose lock another process holds and does not let go (a
/// `flock pocket.json.lock sleep 30`, or a Pocket stopped with Ctrl-Z): a `pocket` that
/// must write gives up after 5 s (as the sqlite store's busy timeout), refused as busy
/// (exit 1, naming the lock file), as every store; one that only reads goes on.
@Suite("A held json lock", .waiting, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreLockProcessTests {
  private static let flockTool = "/usr/bin/flock"

  /// Checks that while the lock is held by `holder` a write is refused as busy (exit 1)
  /// within 5 to 10 s, naming the lock file, and that reads and exports go on.
  private func expectWritesGiveUpAndReadsGoOn(
    _ pocket: PocketProcess, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let lockPath = pocket.directory.appendingPathComponent("pocket.json.lock").path
    let clock = ContinuousClock()
    let start = clock.now
    let write = try pocket.run(["add", "6", "during"])
    let waited = start.duration(to: clock.now)
    #expect(write.status == 1, "\(write.stderr)", sourceLocation: sourceLocation)
    #expect(
      write.stderr
        == "pocket: The store at \(lockPath) is busy: another program kept writing to it for 5 "
        + "seconds; nothing changed, try again\n", sourceLocation: sourceLocation)
    #expect(
      waited >= .seconds(5) && waited < .seconds(10), "waited \(waited)",
      sourceLocation: sourceLocation)

    // The screen shown last is the mind log: showing it again writes nothing.
    let read = try pocket.run(["mindlog"])
    #expect(read.status == 0, "\(read.stderr)", sourceLocation: sourceLocation)
    #expect(read.stdout.contains("before") && !read.stdout.contains("during"))
    let export = pocket.directory.appendingPathComponent("rescue.json")
    let exported = try pocket.run(["export", export.path])
    #expect(exported.status == 0, "\(exported.stderr)", sourceLocation: sourceLocation)
  }

  @Test func aLockHeldByAnotherProcessEndsAWriterAfterFiveSeconds() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    #expect(try pocket.run(["add", "5", "before"]).status == 0)
    let lockPath = pocket.directory.appendingPathComponent("pocket.json.lock").path
    // This test process is the other process: it holds the lock as `flock(1)` would.
    let descriptor = open(lockPath, O_RDWR | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    try expectWritesGiveUpAndReadsGoOn(pocket)
    flock(descriptor, LOCK_UN)
    let after = try pocket.run(["add", "7", "after"])
    #expect(after.status == 0, "\(after.stderr)")
  }

  /// The issue's own reproduction: `flock pocket.json.lock cat`, ended by closing its input.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: flockTool), "needs flock(1) from util-linux")
  )
  func aLockHeldByFlockRefusesWritesAsBusy() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    #expect(try pocket.run(["add", "5", "before"]).status == 0)
    let lockPath = pocket.directory.appendingPathComponent("pocket.json.lock").path
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: Self.flockTool)
    holder.arguments = [lockPath, "cat"]
    let input = SpawnedDescriptors.pipe()
    holder.standardInput = input
    holder.standardOutput = FileHandle.nullDevice
    try SpawnedDescriptors.run(holder)
    defer {
      try? input.fileHandleForWriting.close()
      holder.waitUntilExit()
    }
    // Wait (a bounded time) until flock has taken the lock.
    let probe = open(lockPath, O_RDWR | O_CLOEXEC)
    try #require(probe >= 0)
    defer { close(probe) }
    var tries = 0
    while flock(probe, LOCK_EX | LOCK_NB) == 0 {
      flock(probe, LOCK_UN)
      tries += 1
      try #require(tries < 500, "flock never took the lock")
      usleep(10_000)
    }
    try expectWritesGiveUpAndReadsGoOn(pocket)
    try input.fileHandleForWriting.close()
    holder.waitUntilExit()
    let after = try pocket.run(["add", "7", "after"])
    #expect(after.status == 0, "\(after.stderr)")
  }
}
