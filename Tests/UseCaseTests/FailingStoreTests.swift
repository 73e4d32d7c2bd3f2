import Foundation
import PocketData
import PocketDomain
import PocketTesting
import TestSupport
import Testing

/// The failing fake does what the failure tests rely on: it is the store behind it until
/// told to fail, then fails the calls it was told to, then recovers.
@Suite("The failing fake store")
struct FailingStoreTests {
  @Test func itPassesCallsOnUntilToldToFailThenFailsOnlyWhatItWasTold() async throws {
    let failing = FailingStore(base: InMemoryStore().repositories)
    let store = failing.repositories
    let send = SendMessage(chat: store.chat, now: { Fixtures.referenceDate })
    let list = { (limit: Int) in try await store.chat.messages(offset: 0, limit: limit) }
    _ = try await send("before")
    #expect(try await list(20).items.map(\.content) == ["before"])

    failing.fail(with: FailingStore.unavailable, on: .writes)
    await #expect(throws: FailingStore.unavailable) { try await send("lost") }
    #expect(try await list(20).items.map(\.content) == ["before"])

    failing.fail(with: FailingStore.corrupt)
    await #expect(throws: FailingStore.corrupt) { try await list(20) }

    failing.recover()
    _ = try await send("after")
    #expect(try await list(20).items.map(\.content) == ["before", "after"])
  }

  @Test(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
  func aDelayedCallAnswersWhatItReadOnlyWhenItsClockReachesTheDelay() async throws {
    let clock = ManualClock()
    let failing = FailingStore.inMemory(clock: clock)
    let store = failing.repositories
    let send = SendMessage(chat: store.chat, now: { Fixtures.referenceDate })
    _ = try await send("first")
    failing.delay(.seconds(2), on: .reads)

    let slowRead = Task { try await store.chat.messages(offset: 0, limit: 20).items }
    try await clock.waitForSleepers()
    #expect(failing.calls(.reads) == 1)
    #expect(failing.calls(.writes) == 1, "the first send")
    // A write is not a read: it is not held, and the held read has not answered yet.
    _ = try await send("second")
    clock.advance(by: .seconds(1))
    #expect(clock.sleepers == 1)
    clock.advance(by: .seconds(1))
    // The read was made before the write and answers after it: what it read is older
    // than the store, as a slow server's answer can be.
    #expect(try await slowRead.value.map(\.content) == ["first"])

    failing.delay(.zero)
    #expect(try await store.chat.messages(offset: 0, limit: 20).items.count == 2)
    #expect(clock.sleepers == 0)
    #expect(failing.calls(.reads) == 2)
    #expect(failing.calls(.all) == 4, "two sends and two reads")
  }
}
