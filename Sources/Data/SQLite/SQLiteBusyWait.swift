import Foundation
import PocketDomain

/// What a connection does while another connection (another process's) holds a lock it
/// needs: SQLite's busy handler. It sleeps in short steps (1 ms, growing to 25 ms) until
/// the lock is free, for at most `patience` in all, then gives up (the call fails with
/// `SQLITE_BUSY`, which the store reports as `DomainError.storeBusy`). The wait is reported
/// as it goes (`LockWaiting`): once it has lasted `StoreWaits.shownAfter`, and its end when
/// the step that waited returns. Used on the connection's thread only.
final class SQLiteBusyWait {
  var patience: Duration = .seconds(5)
  /// Where waits are reported; nowhere until the store says (`waitForLocks`).
  var waiting = LockWaiting(waits: StoreWaits(), store: "")
  /// Whether a step has waited since the last ended: a step that did not costs nothing more.
  private var hasWaited = false

  /// The pauses between tries, in milliseconds: the last is repeated.
  static let pauses: [Int64] = [1, 2, 5, 10, 15, 20, 25]

  /// SQLite's busy handler: `context` is the `SQLiteBusyWait`, `count` how many times it
  /// was called for this lock. Nonzero: try again.
  static let handler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = {
    context, count in
    guard let context else { return 0 }
    return Unmanaged<SQLiteBusyWait>.fromOpaque(context).takeUnretainedValue()
      .tryAgain(count: Int(count)) ? 1 : 0
  }

  /// Whether to try again, after a pause, the `count`th time the lock was found held.
  func tryAgain(count: Int) -> Bool {
    hasWaited = true
    let waited = waiting.check()
    let left = patience - waited
    guard left > .zero else {
      ended()
      return false
    }
    let pause = Duration.milliseconds(Self.pauses[min(count, Self.pauses.count - 1)])
    let milliseconds = min(pause, left).components
    usleep(
      useconds_t(milliseconds.seconds * 1_000_000 + milliseconds.attoseconds / 1_000_000_000_000))
    return true
  }

  /// The step that may have waited returned: its wait, if it was reported, is over.
  func ended() {
    guard hasWaited else { return }
    hasWaited = false
    waiting.ended()
  }
}
