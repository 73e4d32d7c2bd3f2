import Foundation
import Observation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import Synchronization
import TestSupport
import Testing

/// A view model tells an observer of a change only when a value the observer read changed:
/// a load that changes nothing tells no one, and a tick of a running stopwatch tells those
/// that read the time, not those that read the message or the laps. (A SwiftUI body is such
/// an observer: each callback is a redraw.)
@MainActor @Suite struct ObservationCountTests {
  /// Counts the changes `read` observes while `intent` runs: after each, it observes again.
  final class Counter: Sendable {
    let count = Mutex(0)
    let read: @MainActor () -> Void

    init(_ read: @escaping @MainActor () -> Void) { self.read = read }

    @MainActor func observe() {
      withObservationTracking {
        read()
      } onChange: { [self] in
        count.withLock { $0 += 1 }
        // Told on the mutating thread, the main actor here, before the change lands.
        MainActor.assumeIsolated { observe() }
      }
    }
  }

  func changes(
    of read: @escaping @MainActor () -> Void, during intent: () async -> Void
  ) async -> Int {
    let counter = Counter(read)
    counter.observe()
    await intent()
    return counter.count.withLock { $0 }
  }

  let now: @Sendable () -> Date = { Fixtures.referenceDate }

  @Test func aLoadThatChangesNothingTellsNoObserver() async {
    let store = InMemoryStore().repositories
    let chat = ChatViewModel(chat: store.chat, now: now)
    await chat.send("hello")
    #expect(await changes(of: { _ = chat.state }, during: { await chat.load() }) == 0)
    let mindLog = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await mindLog.add(score: "7", note: "walk")
    #expect(await changes(of: { _ = mindLog.state }, during: { await mindLog.load() }) == 0)
    let rates = RatesViewModel(rates: store.rates, seed: BundledRateSource(), source: nil, now: now)
    await rates.load()
    #expect(await changes(of: { _ = rates.state }, during: { await rates.load() }) == 0)
  }

  @Test func aChangeTellsTheObserversOfWhatChangedOnly() async {
    let chat = ChatViewModel(chat: InMemoryStore().repositories.chat, now: now)
    await chat.load()
    let whole = Counter { _ = chat.state }
    let message = Counter { _ = chat.message }
    let rows = Counter { _ = chat.part(\.page) }
    for counter in [whole, message, rows] { counter.observe() }
    await chat.send("hello")
    #expect(rows.count.withLock { $0 } == 1)
    #expect(message.count.withLock { $0 } == 0, "a send says nothing: the row is the news")
    #expect(whole.count.withLock { $0 } == 1)
  }

  @Test func aTickTellsOnlyThoseThatReadTheTime() async {
    let clock = ManualClock()
    let stopwatch = StopwatchViewModel(
      stopwatch: InMemoryStore().repositories.stopwatch, timeline: .manual(clock))
    await stopwatch.startTapped()
    await stopwatch.lapTapped()
    clock.advance(by: .milliseconds(1_500))
    let time = Counter { _ = stopwatch.part(\.elapsed) }
    let message = Counter { _ = stopwatch.message }
    let laps = Counter { _ = stopwatch.part(\.laps) }
    for counter in [time, message, laps] { counter.observe() }
    stopwatch.tick()
    clock.advance(by: .milliseconds(10))
    stopwatch.tick()
    #expect(time.count.withLock { $0 } == 2)
    #expect(message.count.withLock { $0 } == 0)
    #expect(laps.count.withLock { $0 } == 0)
    // A tick with no time passed changes nothing.
    #expect(await changes(of: { _ = stopwatch.state }, during: { stopwatch.tick() }) == 0)
  }
}
