import Domain
import Synchronization
import TestSupport
import Testing

/// A store's changes made elsewhere as a subscriber takes them: merged while it is busy,
/// paced in a burst, ended when the store is gone or the subscriber stops; the watch runs
/// only while someone subscribes.
// The cooperative pool is shared with the whole test run, which can hold it for seconds:
// the limit only bounds a hang.
@Suite("Store changes", .timeLimit(.minutes(3)))
struct StoreChangesTests {
  /// Waits (yielding, with no clock) until `condition` holds.
  private func eventually(tries: Int = 20_000, _ condition: () -> Bool) async {
    for _ in 0..<tries where !condition() { await Task.yield() }
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
    let gone = StoreEvent.gone(.storageUnavailable(path: "/s", reason: "deleted"))
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
    let taken = Task {
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
    let taken = Task {
      var iterator = changes.makeAsyncIterator()
      return await iterator.next()
    }
    await eventually { false }
    taken.cancel()
    #expect(await taken.value == nil)
  }

  /// A change after a quiet spell comes at once; one inside a burst waits out a gap of
  /// 100 ms, then 400 ms, 1.6 s and 2 s at most, taking in what comes meanwhile; 100 ms of
  /// quiet ends the burst.
  @Test func aBurstIsPacedAndAQuietChangeComesAtOnce() async {
    let clock = ManualClock()
    let signal = StoreChangeSignal(clock: clock)
    let changes = signal.subscribe()
    let log = Recorder<(event: StoreEvent, at: Duration)>()
    let consumer = Task {
      for await event in changes { log.withLock { $0.append((event, clock.now.offset)) } }
    }
    defer { consumer.cancel() }
    var delivered = 0
    /// Waits for the next delivery, and for the consumer to ask again.
    func next() async -> (event: StoreEvent, at: Duration)? {
      await eventually { log.withLock { $0.count } > delivered }
      delivered += 1
      await eventually { false }
      return log.withLock { $0.count >= delivered ? $0[delivered - 1] : nil }
    }

    signal.send(.changed(.chat))
    #expect(await next()?.at == .zero, "the first change comes at once")
    var now = 0
    for (gap, kind) in [
      (100, RecordKinds.stopwatch), (400, .rates), (1_600, .mindLog), (2_000, .bookmarks),
    ] {
      signal.send(.changed(.chat))
      await eventually { clock.sleepers == 1 }
      signal.send(.changed(kind))
      clock.advance(by: .milliseconds(gap - 1))
      await eventually { false }
      #expect(log.withLock { $0.count } == delivered, "nothing before \(gap) ms")
      clock.advance(by: .milliseconds(1))
      now += gap
      let taken = await next()
      #expect(taken?.event == .changed([.chat, kind]), "both, after \(gap) ms")
      #expect(taken?.at == .milliseconds(now))
    }

    clock.advance(by: .milliseconds(150))
    signal.send(.changed(.chat))
    #expect(await next()?.at == .milliseconds(now + 150), "after quiet, at once")
    signal.send(.changed(.chat))
    await eventually { clock.sleepers == 1 }
    clock.advance(by: .milliseconds(100))
    #expect(await next()?.at == .milliseconds(now + 250), "a new burst starts at 100 ms")
  }

  /// A command that commits twice (its record, then the screen it shows) at a person's
  /// pace: each command's first change comes at once; only its second waits.
  @Test func changesAtAPersonsPaceComeAtOnceThoughEachCommitsTwice() async {
    let clock = ManualClock()
    let signal = StoreChangeSignal(clock: clock)
    let changes = signal.subscribe()
    let log = Recorder<Duration>()
    let consumer = Task {
      for await _ in changes { log.withLock { $0.append(clock.now.offset) } }
    }
    defer { consumer.cancel() }
    for command in 0..<5 {
      let start = Duration.milliseconds(command * 150)
      signal.send(.changed(.chat))
      await eventually { log.withLock { $0.count } == command * 2 + 1 }
      #expect(log.withLock { $0.last } == start, "command \(command)'s record at once")
      clock.advance(by: .milliseconds(5))
      signal.send(.changed(.screens))
      await eventually { clock.sleepers == 1 }
      clock.advance(by: .milliseconds(145))
      await eventually { log.withLock { $0.count } == command * 2 + 2 }
    }
    #expect(log.withLock { $0.count } == 10)
  }

  /// 1,000 changes 2 ms apart: a handful of deliveries, the last one after the last change.
  @Test func aThousandChangesInTwoSecondsAreAtMostFiveDeliveries() async {
    let clock = ManualClock()
    let signal = StoreChangeSignal(clock: clock)
    let changes = signal.subscribe()
    let log = Recorder<Duration>()
    let consumer = Task {
      for await _ in changes { log.withLock { $0.append(clock.now.offset) } }
    }
    defer { consumer.cancel() }
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
    let deliveries = log.withLock { $0 }
    #expect(deliveries.count <= 5, "\(deliveries)")
    #expect((deliveries.last ?? .zero) >= last, "the burst's end is delivered: \(deliveries)")
  }
}

/// What a task records, read by the test.
private final class Recorder<Entry: Sendable>: Sendable {
  private let entries = Mutex<[Entry]>([])

  func withLock<Result: Sendable>(_ body: (inout [Entry]) -> Result) -> Result {
    entries.withLock { body(&$0) }
  }
}
