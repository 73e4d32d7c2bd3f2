import Domain
import Foundation
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
}
