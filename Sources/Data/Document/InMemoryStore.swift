import Domain
import Foundation

/// A process-local store for tests and previews. Every repository it vends shares one state.
public final class InMemoryStore: Sendable {
  private let backend = InMemoryBackend()

  public init() {}

  /// The repositories of this store.
  public var repositories: Repositories { Repositories(backend: backend) }
}

/// The state of an `InMemoryStore`, behind an actor so every repository sees one state.
actor InMemoryBackend: DocumentBackend {
  private var state = StoreState()

  func read<Result: Sendable>(_ body: @Sendable (StoreState) -> Result) -> Result {
    body(state)
  }

  func apply(_ change: StoreChange) throws -> ChangeResult {
    try state.apply(change)
  }

  func update<Result: Sendable>(
    _ decide: @Sendable (StoreState) throws -> (change: StoreChange?, result: Result)
  ) throws -> Result {
    let (change, result) = try decide(state)
    if let change { try state.apply(change) }
    return result
  }
}
