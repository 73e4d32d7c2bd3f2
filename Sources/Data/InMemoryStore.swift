import Domain
import Foundation
import Synchronization

/// A process-local store for tests and previews. Every repository it vends shares one state.
public final class InMemoryStore: Sendable {
  private let backend = InMemoryBackend()

  public init() {}

  /// The repositories of this store.
  public var repositories: Repositories { Repositories(backend: backend) }
}

/// The state of an `InMemoryStore`, behind a lock.
final class InMemoryBackend: DocumentBackend {
  private let state = Mutex(StoreState())

  func read<Result: Sendable>(_ body: @Sendable (StoreState) -> Result) async throws -> Result {
    state.withLock { body($0) }
  }

  func write<Result: Sendable>(
    _ body: @Sendable (inout StoreState) throws -> Result
  ) async throws -> Result {
    try state.withLock { current in
      var copy = current
      let result = try body(&copy)
      current = copy
      return result
    }
  }
}
