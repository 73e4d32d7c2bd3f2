import Foundation

/// The thread a store's calls run on: its actor's executor.
public enum StoreThread: Sendable {
  /// A serial dispatch queue of the store's own (the default): a call that blocks (SQLite's
  /// busy wait, an `fsync`, a file lock another process holds) holds neither the main
  /// thread nor one of the cooperative pool's few threads, and a screen keeps drawing
  /// meanwhile.
  case own
  /// The main actor's: for a program that awaits each call before it goes on, as a one-shot
  /// `pocket` command does. Its calls then run on the main thread, between its own steps,
  /// and no other thread is started for them.
  case main
}

/// The executor of a store's actor, as its `StoreThread` says.
struct StoreExecutor: Sendable {
  private let queue: BlockingCallExecutor?

  init(_ thread: StoreThread, label: String) {
    switch thread {
    case .own: queue = BlockingCallExecutor(label: label)
    case .main: queue = nil
    }
  }

  var unownedExecutor: UnownedSerialExecutor {
    queue?.asUnownedSerialExecutor() ?? MainActor.sharedUnownedExecutor
  }
}

/// A serial executor whose jobs run on a dispatch queue: for an actor whose calls block
/// (network round trips, disk syncs, lock waits), which must not hold one of the cooperative
/// pool's few threads.
final class BlockingCallExecutor: SerialExecutor {
  private let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}
