import PocketDomain
import PocketTesting
import Synchronization
import TestSupport
import TestTraits
import Testing

/// A store's changes made elsewhere as a subscriber takes them: merged while it is busy,
/// paced in a burst, ended when the store is gone or the subscriber stops; the watch runs
/// only while someone subscribes.
// These drive the pacing on a manual clock, handing turns between the test and the
// subscriber with `Task.yield()`: on the cooperative pool, which the rest of the run keeps
// busy (and a soak run holds for minutes with hundreds of tasks queued), a yield could wait
// behind all of it, and a delivery come late. So each test and the tasks it starts run on
// one thread of their own, one job after another (`.onOneThread`).
@Suite("Store changes", .serialized, .onOneThread, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreChangesTests {
  /// Waits (yielding, with no clock) until `condition` holds.
  private func eventually(tries: Int = 20_000, _ condition: () -> Bool) async {
    for _ in 0..<tries {
      if condition() { return }
      await Task.yield()
    }
  }

  @Test func whatComesWhileTheSubscriberIsBusyIsOneEventOfEveryKind() async {
    let signal = StoreChangeSignal(clock: ManualClock())
    var changes = signal.subscribe().makeAsyncIterator()
    signal.send(.changed(.chat))
    signal.send(.changed(.stopwatch))
    signal.send(.changed(.chat))
    #expect(await changes.next() == .changed([.chat, .stopwatch]))
  }

  @Test func aStoreGoneOutranksChangesAndEndsTheSequence() async {
    let signal = StoreChangeSignal(clock: ManualClock())
    var changes = signal.subscribe().makeAsyncIterator()
    let gone = StoreEvent.gone(.storageUnavailable(path: "/s", reason: .system("deleted")))
    signal.send(.changed(.chat))
    signal.send(gone)
    signal.send(.changed(.rates))
    #expect(await changes.next() == gone)
    #expect(await changes.next() == nil)
  }

  @Test func everySubscriberGetsEveryChange() async {
    let signal = StoreChangeSignal(clock: ManualClock())
    var first = signal.subscribe().makeAsyncIterator()
    var second = signal.subscribe().makeAsyncIterator()
    signal.send(.changed(.mindLog))
    #expect(await first.next() == .changed(.mindLog))
    #expect(await second.next() == .changed(.mindLog))
  }

  @Test func theWatchRunsOnlyWhileSomeoneSubscribes() {
    let signal = StoreChangeSignal(clock: ManualClock())
    let demands = Recorder<Bool>()
    signal.onDemand { wanted in demands.withLock { $0.append(wanted) } }
    var first: StoreChanges? = signal.subscribe()
    var second: StoreChanges? = signal.subscribe()
    #expect(demands.withLock { $0 } == [true], "started once, for the first")
    first = nil
    #expect(demands.withLock { $0 } == [true], "one subscriber is left")
    second = nil
    #expect(demands.withLock { $0 } == [true, false])
    #expect(!signal.isWatched)
    _ = (first, second)
  }

  @Test func cancellingTheSubscriberEndsItsSequence() async {
    let signal = StoreChangeSignal(clock: ManualClock())
    let changes = signal.subscribe()
    let taken = Task(executorPreference: Blocking.oneThread) {
      var count = 0
      for await _ in changes { count += 1 }
      return count
    }
    signal.send(.changed(.chat))
    await eventually { false }
    taken.cancel()
    #expect(await taken.value <= 1)
  }

  @Test func aMemoryStoreSaysSoAndItsSubscriptionNeverYields() async {
    let store = InProcessOnly()
    #expect(store.watch == .inProcessOnly)
    let changes = store.subscribe()
    let taken = Task(executorPreference: Blocking.oneThread) {
      var iterator = changes.makeAsyncIterator()
      return await iterator.next()
    }
    await eventually { false }
    taken.cancel()
    #expect(await taken.value == nil)
  }

  /// Changes every 10 ms for 3 s: delivered at once, then after gaps of 100 ms, 400 ms and
  /// 1.6 s from the delivery before, and the burst's end 100 ms after its last change (not
  /// when the next gap, 3 s, would have passed).
  @Test func aBurstIsPacedAndItsEndComesOnceItIsQuiet() async {
    let clock = ManualClock()
    let signal = StoreChangeSignal(clock: clock)
    let changes = signal.subscribe()
    let log = Recorder<(event: StoreEvent, at: Duration)>()
    let consumer = Task(executorPreference: Blocking.oneThread) {
      for await event in changes { log.withLock { $0.append((event, clock.now.offset)) } }
    }
    defer { consumer.cancel() }
    let kinds: [RecordKinds] = [.chat, .stopwatch, .rates, .mindLog, .bookmarks]
    for step in 0..<300 {
      signal.send(.changed(kinds[step % kinds.count]))
      await eventually(tries: 500) { false }
      clock.advance(by: .milliseconds(10))
      await eventually(tries: 500) { false }
    }
    for _ in 0..<60 {
      clock.advance(by: .milliseconds(10))
      await eventually(tries: 500) { false }
    }
    let deliveries = log.withLock { $0 }
    #expect(deliveries.map(\.at) == [0, 100, 500, 2_100, 3_090].map { .milliseconds($0) })
    #expect(deliveries.first?.event == .changed(.chat))
    #expect(
      deliveries.dropFirst().allSatisfy { $0.event == .changed(RecordKinds(kinds)) },
      "each delivery of the burst takes in every kind that came")
  }

  /// A burst whose watcher is held up twice for 150 ms (its checks wait behind the
  /// subscriber's own reload) and then sends what it saw meanwhile as seen then: the writer
  /// never paused, so no delivery comes at once as after a quiet spell. Each hold-up only
  /// ends the wait it falls in, as a quiet spell would, and the gaps keep growing.
  @Test func aWatchersOwnHoldUpIsNotAPauseOfTheWriter() async {
    let deliveries = DeliveryTimes()
    let (clock, signal) = (deliveries.clock, deliveries.signal)
    let heldUp = [400..<550, 1_200..<1_350]
    var unsent: ClosedRange<StoreChangeSignal.Moment>?
    for step in 0..<200 {
      let seen = signal.now()
      unsent = unsent.map { $0.lowerBound...seen } ?? seen...seen
      if !heldUp.contains(where: { $0.contains(step * 10) }) {
        signal.send(.changed(.chat), seen: unsent)
        unsent = nil
      }
      await eventually(tries: 500) { false }
      clock.advance(by: .milliseconds(10))
      await eventually(tries: 500) { false }
    }
    for _ in 0..<60 {
      clock.advance(by: .milliseconds(10))
      await eventually(tries: 500) { false }
    }
    // Sent as they were checked, the two hold-ups' ends would each come at once and start
    // the pacing over: 11 deliveries.
    #expect(deliveries.times == [0, 100, 490, 1_290, 2_090].map { .milliseconds($0) })
  }

  /// A change after a quiet spell comes at once, and a new burst starts at 100 ms again.
  @Test func aChangeAfterQuietComesAtOnce() async {
    let deliveries = DeliveryTimes()
    let (clock, signal) = (deliveries.clock, deliveries.signal)
    signal.send(.changed(.chat))
    await eventually { deliveries.times.count == 1 }
    clock.advance(by: .milliseconds(150))
    signal.send(.changed(.chat))
    await eventually { deliveries.times.count == 2 }
    signal.send(.changed(.chat))
    await eventually { clock.sleepers == 1 }
    clock.advance(by: .milliseconds(100))
    await eventually { deliveries.times.count == 3 }
    #expect(deliveries.times == [0, 150, 250].map { .milliseconds($0) })
  }

  /// A command that commits twice (its record, then the screen it shows) at a person's
  /// pace: each command's first change comes at once; only its second waits.
  @Test func changesAtAPersonsPaceComeAtOnceThoughEachCommitsTwice() async {
    let deliveries = DeliveryTimes()
    let (clock, signal) = (deliveries.clock, deliveries.signal)
    for command in 0..<5 {
      let start = Duration.milliseconds(command * 150)
      signal.send(.changed(.chat))
      await eventually { deliveries.times.count == command * 2 + 1 }
      #expect(deliveries.times.last == start, "command \(command)'s record at once")
      clock.advance(by: .milliseconds(5))
      signal.send(.changed(.screens))
      await eventually { clock.sleepers == 1 }
      clock.advance(by: .milliseconds(145))
      await eventually { deliveries.times.count == command * 2 + 2 }
    }
    #expect(deliveries.times.count == 10)
  }

  /// 1,000 changes 2 ms apart: a handful of deliveries, the last one 100 ms after the last
  /// change.
  @Test func aThousandChangesInTwoSecondsAreAtMostFiveDeliveries() async {
    let deliveries = DeliveryTimes()
    let (clock, signal) = (deliveries.clock, deliveries.signal)
    for _ in 0..<1_000 {
      signal.send(.changed(.chat))
      await Task.yield()
      clock.advance(by: .milliseconds(2))
      await Task.yield()
    }
    let last = clock.now.offset
    for _ in 0..<40 {
      clock.advance(by: .milliseconds(100))
      await eventually(tries: 1_000) { false }
    }
    let times = deliveries.times
    #expect(times.count <= 5, "\(times)")
    #expect((times.last ?? .zero) >= last, "the burst's end is delivered: \(times)")
    #expect((times.last ?? .zero) <= last + .milliseconds(100), "\(times)")
  }
}

/// What a task records, read by the test.
private final class Recorder<Entry: Sendable>: Sendable {
  private let entries = Mutex<[Entry]>([])

  func withLock<Result: Sendable>(_ body: (inout [Entry]) -> Result) -> Result {
    entries.withLock { body(&$0) }
  }
}

/// A subscriber of a signal on a manual clock, on a thread of its own, that keeps when each
/// delivery came; it stops with the test.
private final class DeliveryTimes: Sendable {
  let clock = ManualClock()
  let signal: StoreChangeSignal
  private let log = Recorder<Duration>()
  private let consumer: Task<Void, Never>

  init() {
    signal = StoreChangeSignal(clock: clock)
    let (changes, clock, log) = (signal.subscribe(), clock, log)
    consumer = Task(executorPreference: Blocking.oneThread) {
      for await _ in changes { log.withLock { $0.append(clock.now.offset) } }
    }
  }

  deinit { consumer.cancel() }

  /// When each delivery came, on the clock.
  var times: [Duration] { log.withLock { $0 } }
}
