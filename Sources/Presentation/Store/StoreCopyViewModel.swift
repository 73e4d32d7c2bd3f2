import Observation
import PocketDomain

/// How this machine's copy of a shared store stands, for a front end to show: whether the
/// server answers (`offline`: the copy is shown and no change can be made) and, the first
/// time it is looked at after the server answers again, that it does (`answersAgain`, for
/// a status row to say once). A store that keeps no copy has none, and is never offline.
///
/// The store tells its followers when it goes offline and when it answers again, so a
/// front end looks again whenever it is told of a change: `refresh()` after its own
/// reload (the terminal's live view), or `follow()` for as long as a view is shown (a
/// SwiftUI view's `.task`).
@MainActor @Observable
public final class StoreCopyViewModel {
  /// The copy as it stood at the last look, and whether the server answers again since.
  public struct State: Equatable, Sendable {
    /// The copy as last looked at; `nil` for a store that keeps none.
    public var copy: StoreCopy?
    /// The server answers, and did not at the look before.
    public var answersAgain: Bool

    /// The server did not answer at the last look: the copy is shown, changes are refused.
    public var offline: Bool { copy?.offline ?? false }

    public init(copy: StoreCopy? = nil, answersAgain: Bool = false) {
      self.copy = copy
      self.answersAgain = answersAgain
    }
  }

  public private(set) var state = State()
  @ObservationIgnored private let observation: any StoreObservation

  public init(observation: any StoreObservation) { self.observation = observation }

  /// Looks at the copy again.
  public func refresh() async {
    let copy = await observation.copy
    // Compared with the state as it is when this look lands, so of two looks that overlap
    // the later one to land compares with the earlier.
    state = State(copy: copy, answersAgain: state.offline && copy?.offline == false)
  }

  /// Looks now and after each change the store reports, until the calling task is
  /// cancelled or the store cannot be followed any more.
  public func follow() async {
    await refresh()
    for await event in observation.subscribe() {
      await refresh()
      if case .gone = event { return }
    }
  }
}
