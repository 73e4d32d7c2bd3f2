import Synchronization

/// What a store says about one of its calls waiting for a lock another program holds on it
/// (another process's write, an import in another terminal).
public enum StoreWait: Equatable, Sendable {
  /// A call has waited `StoreWaits.shownAfter` for another program's lock on the store
  /// `store` names (its file, or its server and schema, as messages name it) and waits on,
  /// up to the store's bound, after which it gives up (`DomainError.storeBusy`).
  case waiting(store: String)
  /// The wait reported last is over: the call took the lock, or gave up.
  case ended
}

/// Where a store reports that its calls wait for another program's lock, for the front
/// ends that show the store: a wait longer than `shownAfter` is reported (`.waiting`), and
/// so is its end (`.ended`), so a front end can say "waiting for another program's write"
/// while it lasts and take it away after.
///
/// A report comes on a thread of the store's (the one its waiting call runs on, or a timer
/// of its own), never on the main actor's terms: a one-shot `pocket` runs its store on the
/// main thread, which waits meanwhile. So an observer does its work at once (a line
/// written to standard error) or hands it on (a view model's stream), and must not wait
/// for the main actor.
public final class StoreWaits: Sendable {
  /// How long a call waits before the wait is reported: a shorter one passes unseen.
  public static let shownAfter: Duration = .milliseconds(300)

  private struct Observers {
    var next = 0
    var all: [Int: @Sendable (StoreWait) -> Void] = [:]
  }
  private let observers = Mutex(Observers())

  public init() {}

  /// Calls `observer` with every report from now on, until the observation returned is
  /// cancelled or released.
  public func observe(_ observer: @escaping @Sendable (StoreWait) -> Void) -> StoreWaitObservation {
    let id = observers.withLock { observers in
      defer { observers.next += 1 }
      observers.all[observers.next] = observer
      return observers.next
    }
    return StoreWaitObservation { [weak self] in
      _ = self?.observers.withLock { $0.all.removeValue(forKey: id) }
    }
  }

  /// Whether anyone observes now: a store need not watch a wait it can only see from
  /// another thread (a server's statement) when no one would be told.
  public var isObserved: Bool { observers.withLock { !$0.all.isEmpty } }

  /// Tells every observer, in the order they began observing. For the stores.
  public func report(_ wait: StoreWait) {
    let current = observers.withLock { $0.all.sorted { $0.key < $1.key }.map(\.value) }
    for observer in current { observer(wait) }
  }
}

/// One observer's reports from `StoreWaits.observe`: they stop once it is cancelled or
/// released.
public final class StoreWaitObservation: Sendable {
  private let stop: Mutex<(@Sendable () -> Void)?>

  init(stop: @escaping @Sendable () -> Void) { self.stop = Mutex(stop) }

  /// Stops the reports (once; later calls do nothing).
  public func cancel() {
    let stop = self.stop.withLock { stop in
      defer { stop = nil }
      return stop
    }
    stop?()
  }

  deinit { cancel() }
}
