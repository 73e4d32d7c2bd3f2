import Foundation
import PocketDomain
import TestSupport
import TestTraits
import Testing

@testable import PocketData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// No store waits forever for another process's lock: a json writer, and a
/// sqlite store being created, give up after `FileLock.patience` naming the lock and its
/// holder, while json readers go on without the lock.
@Suite(.waiting, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct LockWaitTests {
  /// Who the refusal names as holding a lock this test process took: this process, where
  /// the system lists who holds a lock.
  private var busy: StoreProblem {
    let holder = FileManager.default.fileExists(atPath: "/proc/locks") ? getpid() : nil
    return StoreProblem(.locked(holder: holder, waitedSeconds: 5), advice: .retryWhenItEnds)
  }

  /// Runs `body` while this process holds an exclusive `flock` on `path` through a
  /// descriptor of its own (a lock the stores' descriptors conflict with, as another
  /// process's would).
  private func holdingLock<Result>(
    on path: String, directory: Bool = false, _ body: () async throws -> Result
  ) async throws -> Result {
    let descriptor =
      directory
      ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      : open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    defer { flock(descriptor, LOCK_UN) }
    return try await body()
  }

  @Test func aJSONWriterGivesUpNamingTheLockAndItsHolderWhileReadersGoOn() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try await JSONFileStore.open(directory: directory).repositories.mindLogs
      .insert(date: Fixtures.date(), score: 5, note: "before")
    let lockPath = directory.appendingPathComponent("pocket.json.lock").path
    let clock = ContinuousClock()
    try await holdingLock(on: lockPath) {
      // Opening and reading take no lock.
      let store = try JSONFileStore.open(directory: directory).repositories
      #expect(try await store.mindLogs.entries(offset: 0, limit: 5).items == [before])
      let start = clock.now
      await #expect(
        throws: DomainError.storeBusy(
          path: lockPath,
          reason: busy)
      ) {
        _ = try await store.mindLogs.insert(date: Fixtures.date(1), score: 6, note: "during")
      }
      let waited = start.duration(to: clock.now)
      #expect(waited >= FileLock.patience, "it waited \(waited)")
      #expect(try await store.mindLogs.entries(offset: 0, limit: 5).items == [before])
    }
    let after = try JSONFileStore.open(directory: directory).repositories.mindLogs
    _ = try await after.insert(date: Fixtures.date(2), score: 7, note: "after")
    #expect(try await after.entries(offset: 0, limit: 5).items.map(\.note) == ["after", "before"])
  }

  @Test func aNewSQLiteStoreWaitsForItsFolderAtMostThePatience() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    try await holdingLock(on: directory.path, directory: true) {
      #expect(
        throws: DomainError.storageUnavailable(
          path: directory.path,
          reason: busy)
      ) {
        _ = try SQLiteStore.open(path: path)
      }
      #expect(!FileManager.default.fileExists(atPath: path), "nothing was made meanwhile")
    }
    #expect(try SQLiteStore.open(path: path).schemaVersion == SQLiteStore.currentSchemaVersion)
  }

  /// `/proc/locks` as the kernel writes it, against a hand-made table of which line names
  /// the holder of which file.
  @Test func theHolderIsReadFromProcLocksSkippingWaitersAndOtherFiles() {
    let listing = """
      1: POSIX  ADVISORY  WRITE 111 fe:01:4242 0 EOF
      2: FLOCK  ADVISORY  WRITE 222 fe:02:4242 0 EOF
      3: FLOCK  ADVISORY  WRITE 333 fe:01:4243 0 EOF
      4: FLOCK  ADVISORY  WRITE 4444 fe:01:4242 0 EOF
      4: -> FLOCK  ADVISORY  WRITE 5555 fe:01:4242 0 EOF
      5: FLOCK  ADVISORY  WRITE 6666 103:05:77 0 EOF
      6: FLOCK  ADVISORY  READ  0 fe:03:9 0 EOF
      """
    // st_dev in glibc's encoding: minor's low 8 bits, major's low 12 bits from bit 8,
    // minor's upper bits from bit 20, major's upper bits from bit 44.
    func device(major: UInt64, minor: UInt64) -> UInt64 {
      (minor & 0xff) | ((major & 0xfff) << 8) | ((minor & ~0xff) << 12)
        | ((major & ~0xfff) << 32)
    }
    #expect(
      FileLock.holder(in: listing, device: device(major: 0xfe, minor: 1), inode: 4242) == 4444)
    #expect(FileLock.holder(in: listing, device: device(major: 0xfe, minor: 2), inode: 4242) == 222)
    #expect(FileLock.holder(in: listing, device: device(major: 0x103, minor: 5), inode: 77) == 6666)
    #expect(FileLock.holder(in: listing, device: device(major: 0xfe, minor: 1), inode: 1) == nil)
    #expect(
      FileLock.holder(in: listing, device: device(major: 0xfe, minor: 3), inode: 9) == nil,
      "a holder in another PID namespace shows as 0")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks"), "needs /proc/locks"))
  func theHolderOfARealLockIsFound() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("held.lock").path
    try await holdingLock(on: path) {
      let other = open(path, O_RDWR | O_CLOEXEC)
      try #require(other >= 0)
      defer { close(other) }
      #expect(FileLock.holder(of: other) == getpid())
    }
    let free = open(path, O_RDWR | O_CLOEXEC)
    defer { close(free) }
    #expect(FileLock.holder(of: free) == nil, "nobody holds it now")
  }
}
