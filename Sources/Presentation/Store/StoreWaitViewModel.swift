import Observation
import PocketDomain

/// Whether a call of the store waits for another program's lock (another terminal's
/// import holding the write lock), for a front end to show while it lasts: a status row
/// says "Waiting for another program's write to …" (`Strings.waitingForStore`) and is
/// cleared when the wait ends. The store reports waits (`StoreWaits`) on its own thread;
/// they reach `state` on the main actor, in order.
@MainActor @Observable
public final class StoreWaitViewModel {
  /// The store a call waits for, while it waits.
  public struct State: Equatable, Sendable {
    /// The store a call waits on, as the store names it; `nil` while none waits.
    public var waitingOn: String?

    public init(waitingOn: String? = nil) { self.waitingOn = waitingOn }
  }

  public private(set) var state = State()
  /// The store's reports, kept while the view model lives.
  @ObservationIgnored private let observation: StoreWaitObservation

  /// Follows `waits` from now on, until the view model is released.
  public init(waits: StoreWaits) {
    let (stream, continuation) = AsyncStream.makeStream(of: StoreWait.self)
    observation = waits.observe { continuation.yield($0) }
    Task { [weak self] in
      for await wait in stream {
        guard let self else { return }
        self.take(wait)
      }
    }
  }

  private func take(_ wait: StoreWait) {
    switch wait {
    case .waiting(let store): state.waitingOn = store
    case .ended: state.waitingOn = nil
    }
  }
}
