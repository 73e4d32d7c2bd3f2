import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct ChatRepositoryContractTests {
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func insertGivesIDsFromOneUneditedMessages(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(
      try await store.chat.messages(offset: 0, limit: 10) == Page(items: [], offset: 0, total: 0))
    let first = try await store.chat.insert(content: "안녕하세요", date: Fixtures.date())
    let second = try await store.chat.insert(content: "Hello", date: Fixtures.date(5))
    #expect(first == ChatMessage(id: 1, content: "안녕하세요", date: Fixtures.date(), isEdited: false))
    #expect(second.id == 2)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func messagesComeOldestFirstAndTiesLowerIDFirst(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var inserted: [ChatMessage] = []
    for offset: Int64 in [2_000, 1_000, 3_000, 1_000, 0] {
      inserted.append(
        try await store.chat.insert(content: "at \(offset)", date: Fixtures.date(offset)))
    }
    let expected = [inserted[4], inserted[1], inserted[3], inserted[0], inserted[2]]
    #expect(
      try await store.chat.messages(offset: 0, limit: 10)
        == Page(items: expected, offset: 0, total: 5))
    #expect(
      try await store.chat.messages(offset: 1, limit: 3)
        == Page(items: Array(expected[1..<4]), offset: 1, total: 5))
    #expect(
      try await store.chat.messages(offset: 9, limit: 3) == Page(items: [], offset: 9, total: 5))
    try await store.reopen()  // survival is checked for persistent kinds
    #expect(try await store.chat.messages(offset: 0, limit: 10).items == expected)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func updateReplacesTheMessage(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var message = try await store.chat.insert(content: "typo", date: Fixtures.date())
    let other = try await store.chat.insert(content: "other", date: Fixtures.date(1))
    message.content = "fixed 😀"
    message.isEdited = true
    try await store.chat.update(message)
    try await store.reopen()
    #expect(try await store.chat.messages(offset: 0, limit: 10).items == [message, other])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func missingIDsThrowNotFoundAndChangeNothing(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let message = try await store.chat.insert(content: "kept", date: Fixtures.date())
    await #expect(throws: DomainError.notFound) {
      try await store.chat.update(ChatMessage(id: 42, content: "x", date: Fixtures.date()))
    }
    await #expect(throws: DomainError.notFound) { try await store.chat.delete(id: 42) }
    #expect(try await store.chat.messages(offset: 0, limit: 10).items == [message])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func deletedIDsAreNeverGivenAgain(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let first = try await store.chat.insert(content: "one", date: Fixtures.date())
    let second = try await store.chat.insert(content: "two", date: Fixtures.date())
    try await store.chat.delete(id: second.id)
    try await store.chat.delete(id: first.id)
    try await store.reopen()
    #expect(try await store.chat.messages(offset: 0, limit: 10).total == 0)
    let third = try await store.chat.insert(content: "three", date: Fixtures.date())
    #expect(third.id == 3)
  }
}

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct ChatBatchContractTests {
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 5))
  func aBatchInsertGivesIDsInOrderAndSurvivesReopen(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    _ = try await store.chat.insert(content: "first", date: Fixtures.date())
    let drafts = (1...500).map { (content: "batch \($0)", date: Fixtures.date(Int64($0))) }
    let inserted = try await store.chat.insert(contentsOf: drafts)
    #expect(inserted.map(\.id) == Array(2...501))
    #expect(inserted.last == ChatMessage(id: 501, content: "batch 500", date: Fixtures.date(500)))
    try await store.reopen()
    let page = try await store.chat.messages(offset: 499, limit: 10)
    #expect(page.total == 501)
    #expect(page.items.map(\.content) == ["batch 499", "batch 500"])
    #expect(try await store.chat.insert(contentsOf: []).isEmpty)
  }
}
