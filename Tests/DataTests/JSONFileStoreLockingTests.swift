import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Data

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
}
