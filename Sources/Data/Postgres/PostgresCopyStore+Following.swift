import Foundation
import PocketDomain
import Synchronization

/// The changes of a store read from its copy (`PostgresCopyStore`), for the screens that
/// show it: the copy's own (every pull that wrote it, seen as SQLite sees another
/// connection's commit, with the kinds it touched), while the store follows the server.
/// Following begins with a pull; once the server answers, its announcements (`LISTEN`) are
/// followed, each with a pull, after a second pull that covers what came before the
/// `LISTEN`. A server that does not answer, or is lost, leaves the copy shown (the store
/// warns once, and the views are told: `.changed([])`), and is tried again every
/// `PostgresCopyStore.retryDelay`; once it answers, the pull brings what was missed in one
/// change, the views are told again, and its announcements are followed as before. A lost
/// server ends the following (`.gone`) as the server's store does only while the reads go
/// to the server (the copy failing: there is nothing else to show), and a reach the server
/// refuses (a schema it no longer holds as Pocket's) always does.
final class CopyObservation: StoreObservation {
  private struct Owner {
    weak var store: PostgresCopyStore?
  }

  let signal = StoreChangeSignal()
  private let owner = Mutex(Owner())
  private let following = Mutex<Task<Void, Never>?>(nil)

  init() {
    signal.onDemand { [weak self] watched in
      if watched { self?.start() } else { self?.stop() }
    }
  }

  deinit { stop() }

  /// The store followed, set once it is made.
  var store: PostgresCopyStore? {
    get { owner.withLock { $0.store } }
    set { owner.withLock { $0.store = newValue } }
  }

  var watch: StoreWatch { .serverNotifications }

  func subscribe() -> StoreChanges { signal.subscribe() }

  var copy: StoreCopy? { get async { store?.status() } }

  private func start() {
    guard let store else { return }
    let copyChanges = store.onCopy.changes.subscribe()
    let signal = signal
    let task = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await event in copyChanges { signal.send(event) }
        }
        group.addTask { await Self.followServer(of: store, signal) }
      }
    }
    following.withLock { $0 = task }
  }

  private func stop() {
    following.withLock { task in
      task?.cancel()
      task = nil
    }
  }

  private static func followServer(of store: PostgresCopyStore, _ signal: StoreChangeSignal)
    async
  {
    await store.pull()
    while !Task.isCancelled {
      if store.hasReached, !store.isOffline {
        guard await followAnnouncements(of: store, signal) else { return }
      } else if !store.isOffline {
        return  // refused, not silent: trying again would be refused again
      }
      try? await Task.sleep(for: PostgresCopyStore.retryDelay)
      guard !Task.isCancelled else { return }
      await store.server.database.reconnect()
      await store.pull()
      // Back: the views learn it, with what the pull brought.
      if !store.isOffline { signal.send(.changed([])) }
    }
  }

  /// Follows the server's announcements, each with a pull, until its connection is lost;
  /// `false` when that ends the following (the reads go to the server).
  private static func followAnnouncements(
    of store: PostgresCopyStore, _ signal: StoreChangeSignal
  ) async -> Bool {
    let serverChanges = store.onServer.changes.subscribe()
    // What was committed before the LISTEN began.
    await store.pull()
    // A copy that needs a whole copy of a store too large for a pull is made beside the
    // following, which goes on meanwhile with the reads on the server.
    async let _ = store.copyWholeIfNeeded()
    for await event in serverChanges {
      switch event {
      case .changed:
        // A pull the copy failed leaves the reads on the server: they follow it.
        if await !store.pull(), store.readsServer { signal.send(event) }
      case .gone(.storageUnavailable(_, let reason)) where !store.readsServer:
        store.wentOffline(because: reason.cause)
        return true
      case .gone:
        signal.send(event)
        return false
      }
    }
    return !Task.isCancelled
  }
}
