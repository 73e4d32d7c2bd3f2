import Data
import Domain
import Foundation
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
}
