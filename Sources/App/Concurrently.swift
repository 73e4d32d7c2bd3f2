import Domain
import Foundation
import Synchronization

/// A value worked out on a thread of its own while the caller goes on with something else;
/// `value()` waits for it. For start-up work that waits on different things (a server and a
/// local file), not for the cooperative pool, whose few threads must not block.
final class Concurrently<Value: Sendable>: Sendable {
  private let result = Mutex<Result<Value, DomainError>?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts `work` now.
  init(_ work: @escaping @Sendable () throws(DomainError) -> Value) {
    Thread.detachNewThread {
      let outcome = Result { () throws(DomainError) in try work() }
      self.result.withLock { $0 = outcome }
      self.finished.signal()
    }
  }

  /// What `work` returned, once it has; what it threw is thrown here.
  func value() throws(DomainError) -> Value {
    finished.wait()
    finished.signal()
    guard let outcome = result.withLock({ $0 }) else {
      preconditionFailure("signalled before a result was kept")
    }
    return try outcome.get()
  }
}
