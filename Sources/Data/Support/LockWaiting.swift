import Foundation
import PocketDomain
import Synchronization

/// A store's calls waiting for another program's lock, one at a time, as they are reported
/// to `StoreWaits`: a wait is reported once it has lasted `StoreWaits.shownAfter`, and its
/// end once its start was. The waiting call checks it as it goes (SQLite's busy handler, a
/// file lock's retries), or `LockWatchdog` does for a call that blocks (a server's
/// statement); reports are made under the lock of this object, so they reach observers in
/// the order they were made.
final class LockWaiting: Sendable {
  let waits: StoreWaits
  /// The store as the report names it.
  let store: String

  private struct State {
    var began: ContinuousClock.Instant?
    var isReported = false
  }
  private let state = Mutex(State())

  init(waits: StoreWaits, store: String) {
    self.waits = waits
    self.store = store
  }

  /// A wait begins now, unless one has begun already.
  func begin() {
    state.withLock { $0.began = $0.began ?? .now }
  }

  /// The call is still waiting (one that has not begun begins now): how long it has waited,
  /// the wait reported once that is `StoreWaits.shownAfter`.
  @discardableResult
  func check() -> Duration {
    state.withLock { state in
      let now = ContinuousClock.now
      let began = state.began ?? now
      state.began = began
      let waited = began.duration(to: now)
      if !state.isReported, waited >= StoreWaits.shownAfter {
        state.isReported = true
        waits.report(.waiting(store: store))
      }
      return waited
    }
  }

  /// Reports the wait begun now, unless it was reported or is over: for `LockWatchdog`,
  /// whose timer measures the time since it began.
  fileprivate func reportNow() {
    state.withLock { state in
      guard state.began != nil, !state.isReported else { return }
      state.isReported = true
      waits.report(.waiting(store: store))
    }
  }

  /// The wait is over (the lock was taken, or the call gave up): its end is reported when
  /// its start was. Cheap when no wait began.
  func ended() {
    state.withLock { state in
      state.began = nil
      guard state.isReported else { return }
      state.isReported = false
      waits.report(.ended)
    }
  }
}

/// Reports the wait of a call that cannot look at the time while it waits (a statement
/// the server runs, read with a blocking call): a thread of its own, started on first use,
/// wakes when a watched call has waited `StoreWaits.shownAfter` and reports it then
/// (`LockWaiting`), unless the call returned first. One thread serves every watch.
final class LockWatchdog: @unchecked Sendable {
  static let shared = LockWatchdog()

  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var watches: [Int: (deadline: ContinuousClock.Instant, waiting: LockWaiting)] = [:]
  private var next = 0
  private var isRunning = false

  /// Runs `body`, a call that may wait for a lock, with its wait reported to `waiting`
  /// once it lasts, and its end once it returns.
  func watching<Result>(_ waiting: LockWaiting, _ body: () throws -> Result) rethrows -> Result {
    waiting.begin()
    condition.lock()
    let id = next
    next += 1
    watches[id] = (.now + StoreWaits.shownAfter, waiting)
    if !isRunning {
      isRunning = true
      Thread.detachNewThread { [self] in run() }
    }
    condition.signal()
    condition.unlock()
    defer {
      // Taken out before the end is reported: a report of its start after it cannot come.
      condition.lock()
      watches[id] = nil
      condition.unlock()
      waiting.ended()
    }
    return try body()
  }

  /// The thread: reports each watch whose time has come, then sleeps until the next one's
  /// (or until a watch begins).
  private func run() {
    condition.lock()
    while true {
      let now = ContinuousClock.now
      for (id, watch) in watches where watch.deadline <= now {
        watch.waiting.reportNow()
        watches[id] = nil
      }
      guard let soonest = watches.values.map(\.deadline).min() else {
        condition.wait()
        continue
      }
      let left = now.duration(to: soonest).components
      let seconds = Double(left.seconds) + Double(left.attoseconds) / 1e18
      _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    }
  }
}
