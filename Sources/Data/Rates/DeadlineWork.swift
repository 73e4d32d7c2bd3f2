import Foundation
import Synchronization

/// Synchronous work (decoding a response) run against a deadline it cannot check itself.
///
/// The work runs on a thread of its own; the caller gets its result, or, as soon as the
/// deadline passes or the calling task is cancelled, `DownloadFailure.timedOut` or
/// `CancellationError`. Work that loses the race is left to finish on its thread and its
/// result dropped: it cannot be stopped, but nobody waits for it.
enum DeadlineWork {
  static func run<Value: Sendable>(
    by deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    let race = Race<Value>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        // A dispatch timer, not a sleeping task: it fires on time even while every
        // cooperative thread is busy. Once the race is decided it does nothing.
        let remaining = max(.zero, ContinuousClock.now.duration(to: deadline))
        let nanoseconds = Int(min(remaining / .nanoseconds(1), 1e15).rounded(.up))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
          race.finish(.failure(DownloadFailure.timedOut))
        }
        Thread { race.finish(Result { try work() }) }.start()
      }
    } onCancel: {
      race.finish(.failure(CancellationError()))
    }
  }

  /// The first of the work, the timer and a cancellation to finish resumes the caller;
  /// the others find it done.
  private final class Race<Value: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Value, any Error>?
      /// A result that came before the continuation (a cancellation at once).
      var early: Result<Value, any Error>?
      var isDone = false
    }
    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<Value, any Error>) {
      let early = state.withLock { state in
        guard let early = state.early else {
          state.continuation = continuation
          return Result<Value, any Error>?.none
        }
        state.early = nil
        return early
      }
      if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<Value, any Error>) {
      let continuation = state.withLock { state in
        guard !state.isDone else { return CheckedContinuation<Value, any Error>?.none }
        state.isDone = true
        defer { state.continuation = nil }
        if state.continuation == nil { state.early = result }
        return state.continuation
      }
      continuation?.resume(with: result)
    }
  }
}
