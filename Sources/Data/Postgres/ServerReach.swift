import PocketDomain
import Synchronization

/// A postgres store's server being reached (`PostgresStore.Reached`): first as the store is
/// made, then anew each time `renew` is called (a view that follows the store, its server
/// lost or silent, tries again). Whoever asks (`value`) is given the newest reach, and waits
/// for it.
final class ServerReach: Sendable {
  private let current: Mutex<Concurrently<PostgresStore.Reached>>
  private let again: @Sendable () throws(DomainError) -> PostgresStore.Reached

  /// - Parameters:
  ///   - first: the reach begun as the store was made.
  ///   - again: how a later one reaches the server, on a thread of its own.
  init(
    _ first: Concurrently<PostgresStore.Reached>,
    again: @escaping @Sendable () throws(DomainError) -> PostgresStore.Reached
  ) {
    current = Mutex(first)
    self.again = again
  }

  /// The newest reach's server, once reached; throws what reaching it threw.
  func value() throws(DomainError) -> PostgresStore.Reached {
    try current.withLock { $0 }.value()
  }

  /// Begins a new reach, which `value` gives from now on.
  func renew() {
    let next = Concurrently(again)
    current.withLock { $0 = next }
  }
}
