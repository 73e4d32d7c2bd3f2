import Foundation
import PocketDomain
import PocketTesting
import Synchronization
import TestSupport
import Testing

@testable import PocketData

/// Readers of a json store take no lock: they check that the snapshot they started from is
/// still in place after reading the journal, and read again when it is not. So a store
/// opened or read while another process rewrites its snapshot is never seen half changed,
/// nor older than what was acknowledged before the read began.
@Suite struct JSONFileStoreLockingTests {
  /// What the writer has finished, shared with the reader.
  final class Progress: Sendable {
    let acknowledged = Mutex<Int64>(0)
    let finished = Mutex(false)
  }

  @Test func aStoreOpenedWhileAnotherRewritesItsSnapshotIsWholeAndCurrent() async throws {
    // In memory where the system has a tmpfs at hand: syncs then cost nothing, so the
    // writer changes the files as fast as the reader reads them.
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Every change of this writer appends its line, rewrites the snapshot and empties the
    // journal: the pair of files changes all the time.
    let writer = try JSONFileStore.open(directory: directory, journalLimit: .bytes(1))
    try await writer.repositories.stopwatch.update(saving: Stopwatch(accumulated: .milliseconds(1)))
    let progress = Progress()
    progress.acknowledged.withLock { $0 = 1 }
    let writing = Task.detached {
      var milliseconds: Int64 = 1
      while !progress.finished.withLock({ $0 }) {
        milliseconds += 1
        try await writer.repositories.stopwatch.update(
          saving:
            Stopwatch(accumulated: .milliseconds(milliseconds)))
        progress.acknowledged.withLock { $0 = milliseconds }
        await Task.yield()  // the reader's turn, on a machine with few threads
      }
    }
    let opens = Soak.size(250, full: 20_000)
    var problems: [String] = []
    var open = 0
    while open < opens, problems.count < 3 {
      open += 1
      do {
        // Opening reads the snapshot and the journal; a later read would catch up under
        // the lock and hide what the opening saw.
        _ = try JSONFileStore.open(directory: directory)
      } catch {
        problems.append("open \(open): \(error)")
      }
      await Task.yield()  // the writer's turn, on a machine with few threads
    }
    progress.finished.withLock { $0 = true }
    try await writing.value
    let changes = progress.acknowledged.withLock { $0 }
    print("reader-during-compaction: \(open) opens during \(changes) compacting changes")
    #expect(problems.isEmpty, "\(problems)")
    let last = try JSONFileStore.open(directory: directory)
    #expect(try await last.repositories.stopwatch.load().accumulated == .milliseconds(changes))
  }

  @Test func readsWhileAnotherRewritesTheSnapshotAreWholeAndNeverOlderThanAcknowledged()
    async throws
  {
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try JSONFileStore.open(directory: directory, journalLimit: .bytes(1))
    try await writer.repositories.stopwatch.update(saving: Stopwatch(accumulated: .milliseconds(1)))
    // A second writer that only appends lines: the journal grows between rewrites too.
    let appender = try JSONFileStore.open(directory: directory)
    let progress = Progress()
    progress.acknowledged.withLock { $0 = 1 }
    let writing = Task.detached {
      var milliseconds: Int64 = 1
      while !progress.finished.withLock({ $0 }) {
        milliseconds += 1
        let store = milliseconds.isMultiple(of: 3) ? writer : appender
        try await store.repositories.stopwatch.update(
          saving:
            Stopwatch(accumulated: .milliseconds(milliseconds)))
        progress.acknowledged.withLock { $0 = milliseconds }
        await Task.yield()  // the reader's turn, on a machine with few threads
      }
    }
    let reader = try JSONFileStore.open(directory: directory).repositories.stopwatch
    let reads = Soak.size(2_000, full: 40_000)
    var problems: [String] = []
    for read in 1...reads where problems.count < 3 {
      let acknowledged = progress.acknowledged.withLock { $0 }
      do {
        let seen = try await reader.load().accumulated
        if seen < .milliseconds(acknowledged) {
          problems.append("read \(read): \(seen) after \(acknowledged) ms was acknowledged")
        }
      } catch {
        problems.append("read \(read): \(error)")
      }
      await Task.yield()  // the writers' turn, on a machine with few threads
    }
    progress.finished.withLock { $0 = true }
    try await writing.value
    print(
      "reads-during-compaction: \(reads) reads during \(progress.acknowledged.withLock { $0 }) changes"
    )
    #expect(problems.isEmpty, "\(problems)")
  }

  /// The interleaving the test above caught once in a soak run, step by step: a reader reads
  /// the new snapshot while the journal still holds the old lines (the writer renamed the
  /// snapshot and has not emptied the journal yet); the journal is then emptied and grows
  /// back to the same size within one tick of the file clock, so its stamp (inode, size,
  /// time) is as the reader saw it, though it holds three new changes. The reader must
  /// not take the stamp's word for it.
  @Test func aJournalEmptiedAndGrownBackToItsSizeIsReadAgain() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let journal = directory.appendingPathComponent(JSONFileStore.journalName).path
    func save(_ milliseconds: Int64, in store: JSONFileStore) async throws {
      try await store.repositories.stopwatch.update(
        saving: Stopwatch(accumulated: .milliseconds(milliseconds)))
    }
    let appender = try JSONFileStore.open(directory: directory)
    let compactor = try JSONFileStore.open(directory: directory, journalLimit: .bytes(1))
    try await save(1, in: appender)  // the first change writes the snapshot
    for milliseconds: Int64 in 2...4 { try await save(milliseconds, in: appender) }
    let oldLines = try #require(FileManager.default.contents(atPath: journal))
    // The compactor's change: its line, a new snapshot holding it, the journal emptied.
    try await save(5, in: compactor)
    #expect(FileManager.default.contents(atPath: journal)?.isEmpty == true)
    // Before the journal was emptied: the old lines, in the same file.
    try Self.overwrite(journal, with: oldLines)
    let reader = try JSONFileStore.open(directory: directory).repositories.stopwatch
    #expect(try await reader.load().accumulated == .milliseconds(5))
    let seen = try #require(DurableFile.stamp(journal))
    // Emptied, then three changes of the same length as the old lines.
    try Self.overwrite(journal, with: Foundation.Data())
    for milliseconds: Int64 in 6...8 { try await save(milliseconds, in: appender) }
    try Self.setModified(journal, to: seen.modified)
    let now = try #require(DurableFile.stamp(journal))
    try #require(
      now == seen, "the stamp must be as the reader saw it for this test to mean anything")
    #expect(try await reader.load().accumulated == .milliseconds(8))
  }

  /// Writes `bytes` over the file at `path` in place (the same inode), cutting it there.
  static func overwrite(_ path: String, with bytes: Foundation.Data) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: bytes)
  }

  /// Sets the file's modification time, as a file clock that did not tick would leave it.
  static func setModified(_ path: String, to modified: timespec) throws {
    let times = [modified, modified]
    #expect(utimensat(AT_FDCWD, path, times, 0) == 0, "utimensat: \(errno)")
  }
}
