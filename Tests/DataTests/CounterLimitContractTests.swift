import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// Ids end at `Limits.maxCounter` in every store: the next insert is refused with a
/// message, never a trap or an id past the limit.
@Suite struct CounterLimitContractTests {
  @Test(arguments: StoreKind.available)
  func insertsPastTheLastIDAreRefused(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var archive = StoreArchive()
    archive.lastMessageID = Limits.maxCounter - 1
    archive.lastMindLogID = Limits.maxCounter - 1
    try await store.repositories.archive.replaceAll(with: archive)
    let last = try await store.chat.insert(content: "last", date: Fixtures.date())
    #expect(last.id == Limits.maxCounter)
    let refusal = DomainError.invalidInput(.outOfRange(.idsEnd(last: 9_007_199_254_740_991)))
    await #expect(throws: refusal) {
      try await store.chat.insert(content: "one too many", date: Fixtures.date())
    }
    await #expect(throws: refusal) {
      try await store.chat.insert(contentsOf: [(content: "batch", date: Fixtures.date())])
    }
    let entry = try await store.mindLogs.insert(date: Fixtures.date(), score: 5, note: "last")
    #expect(entry.id == Limits.maxCounter)
    await #expect(throws: refusal) {
      try await store.mindLogs.insert(date: Fixtures.date(), score: 5, note: "one too many")
    }
    let exported = try await store.repositories.archive.export()
    #expect(exported.messages.map(\.content) == ["last"])
    #expect(exported.lastMessageID == Limits.maxCounter)
  }
}
