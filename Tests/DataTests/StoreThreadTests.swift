import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Data

/// A store's calls run on the thread it was opened for (`StoreThread`): the main actor's
/// executor, where a one-shot command awaits each of them in turn, or a queue of the
/// store's own, so that a call that blocks holds neither the main thread nor the
/// cooperative pool. On either, what is written is read back. (The executor is compared,
/// not the thread: in a test process the main queue may be drained by another thread.)
@MainActor
@Suite struct StoreThreadTests {
  /// Each store of files opened in a folder of its own for `thread`: its actor's executor,
  /// and its repositories.
  func opened(_ kind: String, _ thread: StoreThread, in directory: URL) throws
    -> (executor: UnownedSerialExecutor, repositories: Repositories)
  {
    switch kind {
    case "sqlite":
      let store = try SQLiteStore.open(
        path: directory.appendingPathComponent(SQLiteStore.fileName).path, thread: thread)
      return (store.database.unownedExecutor, store.repositories)
    default:
      let store = try JSONFileStore.open(directory: directory, thread: thread)
      return (store.backend.unownedExecutor, store.repositories)
    }
  }

  /// Whether `executor` is the main actor's: the same reference (an unowned executor is
  /// one, with no equality of its own).
  func isMainActors(_ executor: UnownedSerialExecutor) -> Bool {
    withUnsafeBytes(of: executor) { given in
      withUnsafeBytes(of: MainActor.sharedUnownedExecutor) { given.elementsEqual($0) }
    }
  }

  @Test(arguments: ["sqlite", "json"])
  func aStoreOpenedForTheMainThreadRunsOnTheMainActorAndAnOwnOneDoesNot(kind: String)
    async throws
  {
    for (thread, onMain) in [(StoreThread.main, true), (.own, false)] {
      let directory = try Fixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = try opened(kind, thread, in: directory)
      #expect(isMainActors(store.executor) == onMain, "\(kind), \(thread)")
      let said = try await store.repositories.chat.insert(content: "hi", date: Fixtures.date(1))
      let page = try await store.repositories.chat.newestMessages(skipping: 0, limit: 5)
      #expect(page.items == [said], "\(kind), \(thread)")
    }
  }

  /// Opening an archive reads its whole file once: for a session that stays (`.own`) that
  /// is done off the main actor, which meanwhile runs what it has to (the live view's
  /// frames); for a one-shot command (`.main`) by the caller itself, on no other thread.
  /// The opener waits for a job the main actor was given before the call: it runs at once
  /// where the opener is elsewhere, and not before the opener gives up where it is on the
  /// main actor.
  @Test(arguments: [StoreThread.own, .main])
  func anArchiveIsOpenedOffTheMainActorOnlyForASessionThatStays(thread: StoreThread) async {
    let mainActorRan = Mutex(false)
    let sawIt = Mutex<Bool?>(nil)
    let files = DiskArchiveFileRepository(protecting: nil, thread: thread) {
      path throws(DomainError) in
      let deadline = ContinuousClock.now + .milliseconds(thread == .own ? 10_000 : 300)
      while !mainActorRan.withLock({ $0 }), ContinuousClock.now < deadline { usleep(1_000) }
      sawIt.withLock { $0 = mainActorRan.withLock { $0 } }
      throw .storageUnavailable(path: path, reason: "not read in this test")
    }
    Task { @MainActor in mainActorRan.withLock { $0 = true } }
    await #expect(throws: DomainError.self) { _ = try await files.read("/nowhere.json") }
    #expect(sawIt.withLock { $0 } == (thread == .own), "\(thread)")
  }
}
