import Foundation
import PocketDomain

/// A process-local store for tests and previews. Every repository it vends shares one state.
/// Only this process can change it, so its changes are never reported as made elsewhere
/// (`InProcessOnly`): a screen shows what its own commands did.
public final class InMemoryStore: Sendable {
  private let backend: InMemoryBackend
  private let changes = InProcessOnly()

  /// `thread`: the thread the store's calls run on (`StoreThread`).
  public init(thread: StoreThread = .own) {
    backend = InMemoryBackend(thread: thread)
  }

  /// The repositories of this store.
  public var repositories: Repositories { Repositories(backend: backend, changes: changes) }
}

/// The state of an `InMemoryStore`, behind an actor so every repository sees one state.
actor InMemoryBackend: DocumentBackend {
  private var state = StoreState()
  private let executor: StoreExecutor

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

  init(thread: StoreThread) {
    executor = StoreExecutor(thread, label: "pocket.memory")
  }

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
