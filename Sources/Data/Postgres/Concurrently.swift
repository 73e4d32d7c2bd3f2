import Foundation
import PocketDomain
import Synchronization

/// A value worked out on a thread of its own while the caller goes on with something else;
/// `value()` waits for it: the postgres store reaches its server this way while the caller
/// opens the local folder (`PostgresStore.open`), not on the cooperative pool, whose few
/// threads must not block.
final class Concurrently<Value: Sendable>: Sendable {
  /// What `work` returned or threw. (Not a `Result`: a generic type's metadata is made at
  /// run time, which costs a scan of every conformance in the binary, on this thread.)
  private let outcome = Mutex<(value: Value?, failure: DomainError?)>((nil, nil))
  private let finished = DispatchSemaphore(value: 0)

  /// Starts `work` now, and lets it run first: the caller's thread yields its core, so the
  /// new thread begins at once instead of waiting for the scheduler to give it one (on a
  /// machine of two cores, the other asleep, that wait was two to three milliseconds:
  /// `work` is what the caller waits for in the end, its own steps are not).
  init(_ work: @escaping @Sendable () throws(DomainError) -> Value) {
    Thread.detachNewThread {
      do throws(DomainError) {
        let value = try work()
        self.outcome.withLock { $0.value = value }
      } catch {
        self.outcome.withLock { $0.failure = error }
      }
      self.finished.signal()
    }
    sched_yield()
  }

  /// What `work` returned, once it has; what it threw is thrown here.
  func value() throws(DomainError) -> Value {
    finished.wait()
    finished.signal()
    let (value, failure) = outcome.withLock { $0 }
    if let failure { throw failure }
    guard let value else { preconditionFailure("signalled before a result was kept") }
    return value
  }
}
