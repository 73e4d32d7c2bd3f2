import Foundation
import PocketDomain
import Synchronization

/// A clock that moves only when a test advances it: no test ever sleeps. As swift-clocks'
/// `TestClock`, `sleep(until:)` suspends until a test advances the clock to the deadline
/// (or the sleeping task is cancelled); it never moves the clock itself.
public final class ManualClock: Clock, Sendable {
  /// A moment of the manual clock: how far it was advanced from its start.
  public struct Instant: InstantProtocol {
    public var offset: Duration
    public init(offset: Duration) { self.offset = offset }
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// A task suspended on the clock until a test moves it on.
  private protocol WaitingTask: Sendable {
    var id: UInt64 { get }
    var continuation: CheckedContinuation<Void, any Error> { get }
  }

  private struct Sleeper: WaitingTask {
    var id: UInt64
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  /// A task waiting until `count` tasks sleep on the clock.
  private struct Watcher: WaitingTask {
    var id: UInt64
    var count: Int
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var watchers: [Watcher] = []
    var nextID: UInt64 = 0
    /// Ids of sleepers and watchers cancelled before they were registered.
    var cancelled: Set<UInt64> = []

    mutating func takeID() -> UInt64 {
      defer { nextID += 1 }
      return nextID
    }

    /// Removes and returns the watchers whose count of sleepers is reached.
    mutating func satisfiedWatchers() -> [Watcher] {
      let count = sleepers.count
      let satisfied = watchers.filter { $0.count <= count }
      watchers.removeAll { $0.count <= count }
      return satisfied
    }
  }

  private let state = Mutex(State())

  public init() {}

  public var now: Instant { state.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  /// How many tasks are suspended in `sleep(until:)`.
  public var sleepers: Int { state.withLock { $0.sleepers.count } }

  /// Moves the clock forward and wakes every sleeper whose deadline it reached.
  public func advance(by duration: Duration) {
    let woken = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }

  /// Suspends until at least `count` tasks are suspended in `sleep(until:)`: a test waits
  /// here for the code it drives to reach its next sleep, without polling, then advances
  /// the clock. Throws `CancellationError` when the task is cancelled first.
  public func waitForSleepers(_ count: Int = 1) async throws {
    let id = state.withLock { $0.takeID() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if state.sleepers.count >= count { return .success(()) }
          state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      cancel(id, in: \.watchers)
    }
  }

  /// Suspends until the clock has been advanced to `deadline`; returns at once when it is
  /// already there. Throws `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { $0.takeID() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (outcome, watchers): (Result<Void, any Error>?, [Watcher]) = state.withLock { state in
          if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (nil, state.satisfiedWatchers())
        }
        if let outcome { continuation.resume(with: outcome) }
        for watcher in watchers { watcher.continuation.resume() }
      }
    } onCancel: {
      cancel(id, in: \.sleepers)
    }
  }

  /// Resumes the task `id` waiting in `list` with `CancellationError`; one that has not
  /// registered yet is marked cancelled, so that it throws as it registers.
  private func cancel<Waiting: WaitingTask>(
    _ id: UInt64, in list: WritableKeyPath<State, [Waiting]>
  ) {
    let waiting = state.withLock { state in
      guard let index = state[keyPath: list].firstIndex(where: { $0.id == id }) else {
        state.cancelled.insert(id)
        return Waiting?.none
      }
      return state[keyPath: list].remove(at: index)
    }
    waiting?.continuation.resume(throwing: CancellationError())
  }
}

extension Timeline {
  /// A timeline that starts at `start` (and at `boot` on the boot clock, if given) and
  /// moves only with `clock`.
  public static func manual(
    _ clock: ManualClock, start: Date = SampleRecords.referenceDate, boot: BootInstant? = nil
  ) -> Timeline {
    Timeline(clock: clock, now: { start }, boot: { boot })
  }
}
