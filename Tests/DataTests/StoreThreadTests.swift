import Foundation
import PocketDomain
import Synchronization
import TestSupport
import Testing

@testable import PocketData

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
  /// is done off the caller's actor, which meanwhile runs what it has to (the live view's
  /// frames, on the main actor); for a one-shot command (`.main`) by the caller itself, on
  /// no other thread. The caller here is an actor on a queue of its own (so that what the
  /// main actor and the pool do for other tests cannot hold it up), and the opener waits
  /// for a job that actor was given before the call: it runs at once where the opener is
  /// elsewhere, and not before the opener gives up where it is on the caller's actor.
  @Test(arguments: [StoreThread.own, .main])
  func anArchiveIsOpenedOffTheCallersActorOnlyForASessionThatStays(thread: StoreThread) async {
    let caller = ArchiveCaller()
    let sawTheCallerRun = await caller.open(thread: thread)
    #expect(sawTheCallerRun == (thread == .own), "\(thread)")
  }
}

/// The caller of `anArchiveIsOpenedOffTheCallersActorOnlyForASessionThatStays`.
private actor ArchiveCaller {
  private let executor = BlockingCallExecutor(label: "pocket.test.archive-caller")
  private let ran = Flag()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  private func markRan() { ran.raise() }

  /// Whether a job given to this actor before an archive is opened for `thread` ran while
  /// the opener waited for it.
  func open(thread: StoreThread) async -> Bool {
    let ran = self.ran
    let saw = Mutex<Bool?>(nil)
    let files = DiskArchiveFileRepository(protecting: nil, thread: thread) {
      path throws(DomainError) in
      let deadline = ContinuousClock.now + .seconds(thread == .own ? 60 : 1)
      while !ran.isRaised, ContinuousClock.now < deadline { usleep(1_000) }
      saw.withLock { $0 = ran.isRaised }
      throw .storageUnavailable(path: path, reason: .system("not read in this test"))
    }
    // A task of this actor's: its job waits on the actor's queue until the actor is free.
    Task { self.markRan() }
    _ = try? await files.read("/nowhere.json")
    return saw.withLock { $0 } ?? false
  }
}

/// A flag raised once, read from any thread.
private final class Flag: Sendable {
  private let raised = Mutex(false)
  var isRaised: Bool { raised.withLock { $0 } }
  func raise() { raised.withLock { $0 = true } }
}
