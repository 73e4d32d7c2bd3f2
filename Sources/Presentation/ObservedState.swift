import Observation

/// A view model's state, stored once and observed precisely: an observer is told of a
/// change only when a value it read changed. A write of an equal value tells no one; an
/// observer of the whole `value` hears of any real change; an observer of one part
/// (`subscript(part:)`: the status message, the time running, the rows) hears only of that
/// part's changes. So a SwiftUI view that reads only a view model's `message` is not
/// redrawn by a reload that changed nothing, nor by every tick of a running stopwatch.
@MainActor
public final class ObservedState<State: Equatable>: Observable {
  /// A part of the state observed on its own.
  @MainActor
  public struct Part {
    let key: PartialKeyPath<State>
    let access: (ObservedState) -> Void
    let differs: (State, State) -> Bool
    let willSet: (ObservedState) -> Void
    let didSet: (ObservedState) -> Void

    /// The part of the state at `path`.
    public static func at<Member: Equatable>(_ path: KeyPath<State, Member>) -> Part {
      let key = (\ObservedState.stored).appending(path: path)
      return Part(
        key: path,
        access: { $0.registrar.access($0, keyPath: key) },
        differs: { $0[keyPath: path] != $1[keyPath: path] },
        willSet: { $0.registrar.willSet($0, keyPath: key) },
        didSet: { $0.registrar.didSet($0, keyPath: key) })
    }
  }

  private let registrar = ObservationRegistrar()
  private var stored: State
  private let parts: [Part]

  /// State starting as `value`, whose `parts` are observed on their own too.
  public init(_ value: State, parts: [Part] = []) {
    stored = value
    self.parts = parts
  }

  /// State starting as `value`, whose message and `parts` are observed on their own too.
  public convenience init(_ value: State, parts: [Part] = []) where State: MessageShowing {
    self.init(value, observing: [.at(\.message)] + parts)
  }

  private convenience init(_ value: State, observing parts: [Part]) {
    self.init(value, parts: parts)
  }

  /// The whole state: reading it observes every change. Only its view model sets it.
  public internal(set) var value: State {
    get {
      registrar.access(self, keyPath: \.stored)
      return stored
    }
    set {
      guard newValue != stored else { return }
      let changed = parts.filter { $0.differs(stored, newValue) }
      registrar.willSet(self, keyPath: \.stored)
      for part in changed { part.willSet(self) }
      stored = newValue
      for part in changed { part.didSet(self) }
      registrar.didSet(self, keyPath: \.stored)
    }
  }

  /// One part of the state: reading it observes that part's changes only. `path` is one
  /// of the parts the state was made with.
  public subscript<Member>(part path: KeyPath<State, Member>) -> Member {
    guard let part = parts.first(where: { $0.key == path }) else {
      preconditionFailure("\(path) is not a part observed on its own")
    }
    part.access(self)
    return stored[keyPath: path]
  }
}

/// A state that carries a status message (every screen's does).
public protocol MessageShowing {
  var message: Message? { get set }
}

/// A view model whose state is an `ObservedState` with its message as a part: a view can
/// read the message, or another part, alone, and is then told of that part's changes only.
@MainActor
public protocol ObservedViewModel: AnyObject {
  associatedtype State: Equatable & MessageShowing
  /// The view model's state, observed whole or in parts.
  var observed: ObservedState<State> { get }
}

extension ObservedViewModel {
  /// What the screen shows: the value of `observed`, where reading it observes every change.
  /// Only the view model sets it.
  public internal(set) var state: State {
    get { observed.value }
    set { observed.value = newValue }
  }

  /// Shows `message` (a refusal, or `nil` for none): `MessageReporting`.
  func report(_ message: Message?) { state.message = message }

  /// The status message alone: reading it observes its changes only.
  public var message: Message? { observed[part: \.message] }

  /// One of the parts of `state` observed on their own: reading it observes that part's
  /// changes only.
  public func part<Member>(_ path: KeyPath<State, Member>) -> Member { observed[part: path] }
}
