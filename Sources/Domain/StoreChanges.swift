import Foundation
import Synchronization

// How a store says that someone else changed it: another process, or another connection
// to the same files. A front end subscribes (`Repositories.changes`) and reloads
// what it shows; its own changes it already shows, and no store reports them.

/// Which kinds of record a change may have touched.
public struct RecordKinds: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The stopwatch and its laps.
  public static let stopwatch = RecordKinds(rawValue: 1 << 0)
  public static let bookmarks = RecordKinds(rawValue: 1 << 1)
  /// The cached rates and the favourite currencies.
  public static let rates = RecordKinds(rawValue: 1 << 2)
  public static let mindLog = RecordKinds(rawValue: 1 << 3)
  public static let chat = RecordKinds(rawValue: 1 << 4)
  /// The screen seen last and its numbered rows: what every process saves as it ends,
  /// and no screen shows.
  public static let screens = RecordKinds(rawValue: 1 << 5)
  /// Every kind, the declared kinds' bits too (`RecordDeclaration.kinds`): what a store that
  /// cannot tell which says, and what a replacement of everything (an import) touches.
  public static let all = RecordKinds(rawValue: ~0)
}

/// What a store says about changes made elsewhere.
public enum StoreEvent: Equatable, Sendable {
  /// Records of these kinds were changed elsewhere and committed.
  case changed(RecordKinds)
  /// The store cannot be followed any more (its file or folder was deleted or moved
  /// away): what is written now would reach no one. The error says why.
  case gone(DomainError)

  /// This event followed by `later`, as one: the kinds of both, or the store gone.
  func merged(with later: StoreEvent) -> StoreEvent {
    switch (self, later) {
    case (.gone, _): self
    case (_, .gone): later
    case (.changed(let kinds), .changed(let more)): .changed(kinds.union(more))
    }
  }
}

/// How a store notices changes made elsewhere; `pocket store` says which.
public enum StoreWatch: Equatable, Sendable {
  /// The file system tells at once (inotify on Linux, kqueue on Darwin), with no work
  /// while nothing changes.
  case fileEvents
  /// Checked every `interval`, because no file event can be had there (`reason`: a
  /// network file system, no watch left, or asked for).
  case polling(interval: Duration, reason: String)
  /// The database server tells at once (PostgreSQL's `LISTEN`/`NOTIFY`, sent by triggers
  /// whoever changes the store), with no work while nothing changes.
  case serverNotifications
  /// No other process can change the store (the memory store): nothing is watched.
  case inProcessOnly
}

/// A store's changes made elsewhere, for the front ends that show it.
public protocol StoreObservation: Sendable {
  /// How the store notices them.
  var watch: StoreWatch { get }
  /// A new subscription, which starts the watch if none runs. Each subscriber has its own
  /// (`StoreChanges` coalesces what it has not taken yet); the watch stops when the last
  /// one's sequence and iterator are gone.
  func subscribe() -> StoreChanges
  /// This machine's copy of the store's records, into which other machines' changes are
  /// brought, for a store that keeps one (`nil` for every other store, the default).
  var copy: StoreCopy? { get async }
}

extension StoreObservation {
  public var copy: StoreCopy? { get async { nil } }
}

/// A store that only this process uses (the memory store): no change is made elsewhere,
/// so its subscriptions never yield.
public struct InProcessOnly: StoreObservation {
  private let signal = StoreChangeSignal()

  public init() {}

  public var watch: StoreWatch { .inProcessOnly }

  public func subscribe() -> StoreChanges { signal.subscribe() }
}

/// Where a store's watch sends what it saw, to every subscriber. The store starts its
/// watch when the first subscriber comes (`onDemand(true)`) and stops it when the last
/// one goes (`onDemand(false)`), so nothing is watched while nobody shows the store.
public final class StoreChangeSignal: Sendable {
  private struct State {
    var mailboxes: [Int: Mailbox] = [:]
    var nextID = 0
    var onDemand: (@Sendable (Bool) -> Void)?
  }

  private let state = Mutex(State())
  private let clock: PacingClock

  /// - Parameter clock: what a subscription paces its deliveries by (`StoreChanges`).
  public init<C: Clock>(clock: C) where C.Duration == Duration {
    self.clock = PacingClock(clock)
  }

  public convenience init() { self.init(clock: ContinuousClock()) }

  /// `handler` is told `true` when the first subscriber comes, `false` when the last goes.
  public func onDemand(_ handler: @escaping @Sendable (Bool) -> Void) {
    state.withLock { $0.onDemand = handler }
  }

  /// Whether anyone subscribes now.
  public var isWatched: Bool { state.withLock { !$0.mailboxes.isEmpty } }

  /// A time on this signal's pacing clock.
  public struct Moment: Sendable, Comparable {
    let offset: Duration

    public static func < (lhs: Moment, rhs: Moment) -> Bool { lhs.offset < rhs.offset }
  }

  /// Now, on the pacing clock: a watcher that learns of changes (file events) before it
  /// can say what changed (a check, which may wait its turn behind the subscriber's own
  /// work) takes the moments when it learns, and sends the changes with them.
  public func now() -> Moment { Moment(offset: clock.now()) }

  /// Tells every subscriber. A subscriber that has not taken the events before gets them
  /// merged into one (`StoreEvent.merged`).
  ///
  /// - Parameter event: what changed (the kinds of record), or that the store is gone.
  /// - Parameter seen: when the change was seen (from the first sign of it to the last, as
  ///   `now()` read them), if not now. Pacing reads a burst's pauses from these times: a
  ///   watcher's own wait between seeing changes and sending them is not a pause of the
  ///   writer, and must not start a new burst.
  public func send(_ event: StoreEvent, seen: ClosedRange<Moment>? = nil) {
    let mailboxes = state.withLock { Array($0.mailboxes.values) }
    let now = clock.now()
    let first = seen?.lowerBound.offset ?? now
    let last = seen?.upperBound.offset ?? now
    for mailbox in mailboxes { mailbox.put(event, first: first, last: last) }
  }

  /// A new subscription.
  public func subscribe() -> StoreChanges {
    let mailbox = Mailbox()
    let (id, start) = state.withLock { state -> (Int, (@Sendable (Bool) -> Void)?) in
      let id = state.nextID
      state.nextID += 1
      state.mailboxes[id] = mailbox
      return (id, state.mailboxes.count == 1 ? state.onDemand : nil)
    }
    start?(true)
    // Held strongly: the signal keeps no subscription, so there is no cycle, and no weak
    // reference outlives a run (LeakSanitizer cannot follow one to its side table).
    let subscription = Subscription(mailbox: mailbox) { [self] in unsubscribe(id) }
    return StoreChanges(subscription: subscription, clock: clock)
  }

  private func unsubscribe(_ id: Int) {
    let stop = state.withLock { state -> (@Sendable (Bool) -> Void)? in
      guard state.mailboxes.removeValue(forKey: id) != nil else { return nil }
      return state.mailboxes.isEmpty ? state.onDemand : nil
    }
    stop?(false)
  }
}

/// One subscriber's events not yet taken, merged into one, with when the first and the last
/// of them came (on the signal's pacing clock).
final class Mailbox: Sendable {
  typealias Arrival = (event: StoreEvent, first: Duration, last: Duration)

  private struct State {
    /// What waits: merged, with when its first and its last part came.
    var pending: (event: StoreEvent, first: Duration, last: Duration)?
    var waiter: CheckedContinuation<Arrival?, Never>?
    var isCancelled = false
  }

  private let state = Mutex(State())

  func put(_ event: StoreEvent, first: Duration, last: Duration) {
    let waiter = state.withLock { state -> CheckedContinuation<Arrival?, Never>? in
      if let waiter = state.waiter {
        state.waiter = nil
        return waiter
      }
      state.pending =
        state.pending.map {
          ($0.event.merged(with: event), Swift.min($0.first, first), Swift.max($0.last, last))
        } ?? (event, first, last)
      return nil
    }
    waiter?.resume(returning: (event, first, last))
  }

  /// What waits, without waiting.
  func takeIfAny() -> Arrival? {
    state.withLock { state in
      defer { state.pending = nil }
      return state.pending
    }
  }

  /// The next event and when it came, waiting for one; `nil` once the waiting task is
  /// cancelled.
  func take() async -> Arrival? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Arrival?? in
          if state.isCancelled { return .some(nil) }
          if let pending = state.pending {
            state.pending = nil
            return .some(pending)
          }
          state.waiter = continuation
          return .none
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.isCancelled = true
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: nil)
    }
  }
}

/// Ends a subscription when the last copy of its sequence or iterator goes.
final class Subscription: Sendable {
  let mailbox: Mailbox
  private let end: @Sendable () -> Void

  init(mailbox: Mailbox, end: @escaping @Sendable () -> Void) {
    self.mailbox = mailbox
    self.end = end
  }

  deinit { end() }
}

/// One subscriber's changes made elsewhere, as an `AsyncSequence` that ends when its task
/// is cancelled.
///
/// What comes while the subscriber is busy waits, merged into one event, so a burst of
/// changes (a 10,000-row import, a thousand commands of a script) costs a few reloads,
/// not one each. Deliveries are paced: a change that comes `quiet` or more after the one
/// before it (when its watcher saw it: `StoreChangeSignal.send(_:seen:)`) is delivered at
/// once; one that comes sooner continues a burst, and waits until
/// a gap after the last delivery that starts at `quiet` and grows four times with each
/// delivery of the burst, up to `longestGap`, taking in everything that comes meanwhile,
/// or until `quiet` passes without a change (the burst is over). A burst is so a handful
/// of deliveries (at most 5 for one under 5 s), its end delivered within `quiet` of its
/// last change, and a change at a person's pace shows at once (a command that commits
/// twice, its record then the screen it shows, delays only its second, which no screen
/// shows).
public struct StoreChanges: AsyncSequence, Sendable {
  /// Each element is the changes merged since the one before.
  public typealias Element = StoreEvent

  /// How long without a change ends a burst.
  public static let quiet = Duration.milliseconds(100)
  /// The longest a change waits in a burst.
  public static let longestGap = Duration.seconds(3)

  let subscription: Subscription
  let clock: PacingClock

  public func makeAsyncIterator() -> Iterator {
    Iterator(subscription: subscription, clock: clock)
  }

  /// The iterator of a subscription: each `next()` is the changes merged since the last.
  public struct Iterator: AsyncIteratorProtocol {
    let subscription: Subscription
    let clock: PacingClock
    /// The gap a change continuing a burst waits out; `nil` before the first delivery.
    private var gap: Duration?
    /// When the latest change taken came, and when the last delivery was made.
    private var lastArrival: Duration?
    private var lastDelivery = Duration.zero
    private var isFinished = false

    init(subscription: Subscription, clock: PacingClock) {
      self.subscription = subscription
      self.clock = clock
    }

    public mutating func next() async -> StoreEvent? {
      guard !isFinished else { return nil }
      guard let (taken, arrived, last) = await subscription.mailbox.take() else {
        isFinished = true
        return nil
      }
      var event = taken
      var latest = last
      if case .changed = event, let gap, let lastArrival,
        arrived - lastArrival < StoreChanges.quiet
      {
        // Until the gap has passed, or the burst has ended (`quiet` without a change).
        let deadline = lastDelivery + gap
        while clock.now() < deadline {
          await clock.sleep(Swift.min(deadline, latest + StoreChanges.quiet) - clock.now())
          if let (more, _, last) = subscription.mailbox.takeIfAny() {
            event = event.merged(with: more)
            latest = Swift.max(latest, last)
          } else if clock.now() >= latest + StoreChanges.quiet {
            break
          }
        }
        self.gap = Swift.min(gap * 4, StoreChanges.longestGap)
      } else {
        gap = StoreChanges.quiet
      }
      if case .gone = event { isFinished = true }
      lastArrival = latest
      lastDelivery = clock.now()
      return event
    }
  }
}

/// A clock as pacing reads it: the time since it was made, and a sleep.
struct PacingClock: Sendable {
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async -> Void

  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    now = { origin.duration(to: clock.now) }
    sleep = { duration in
      guard duration > .zero else { return }
      try? await clock.sleep(for: duration)
    }
  }
}
