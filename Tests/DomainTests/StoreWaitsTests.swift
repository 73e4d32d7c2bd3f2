import PocketDomain
import Synchronization
import Testing

/// Where a store reports its waits for another program's lock: every observer gets every
/// report, in order, until it cancels or is released.
@Suite struct StoreWaitsTests {
  @Test func everyObserverHearsEveryReportUntilItStops() {
    let waits = StoreWaits()
    let first = Mutex<[StoreWait]>([])
    let second = Mutex<[StoreWait]>([])
    let one = waits.observe { wait in first.withLock { $0.append(wait) } }
    var two: StoreWaitObservation? = waits.observe { wait in second.withLock { $0.append(wait) } }
    waits.report(.waiting(store: "/s/pocket.sqlite"))
    waits.report(.ended)
    #expect(first.withLock { $0 } == [.waiting(store: "/s/pocket.sqlite"), .ended])
    #expect(second.withLock { $0 } == first.withLock { $0 })
    // Released: no more reports; cancelled: none either, and cancelling again does nothing.
    two = nil
    one.cancel()
    one.cancel()
    waits.report(.waiting(store: "/s"))
    #expect(first.withLock { $0 }.count == 2)
    #expect(second.withLock { $0 }.count == 2)
    #expect(two == nil)
  }

  @Test func aWaitIsShownOnlyAfterAMoment() {
    #expect(StoreWaits.shownAfter == .milliseconds(300))
  }
}
