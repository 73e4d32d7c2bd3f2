import Foundation
import PocketDomain
import Synchronization

/// The changes of a store read from its copy (`PostgresCopyStore`), for the screens that
/// show it: the copy's own (every pull that wrote it, seen as SQLite sees another
/// connection's commit, with the kinds it touched), while the store follows the server.
/// Following begins with a pull; once the server answers, its announcements (`LISTEN`) are
/// followed, each with a pull, after a second pull that covers what came before the
/// `LISTEN`. A server that does not answer leaves the copy shown (the store warns once); one
/// lost after it answered ends the following as the server's store does (`.gone`).
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

  var copy: StoreCopy? { get async { await store?.status() } }

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
    guard store.hasReached, !Task.isCancelled else { return }
    let serverChanges = store.onServer.changes.subscribe()
    // What was committed before the LISTEN began.
    await store.pull()
    for await event in serverChanges {
      switch event {
      case .changed:
        // A pull the copy failed leaves the reads on the server: they follow it.
        if await !store.pull(), store.readsServer { signal.send(event) }
      case .gone:
        signal.send(event)
        return
      }
    }
  }
}
