import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct MindLogRepositoryContractTests {
  private let posix = Locale(identifier: "en_US_POSIX")

  private func score(_ text: String) -> Decimal {
    Decimal(string: text, locale: posix) ?? -1
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func insertGivesIDsFromOneAndReturnsTheEntry(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(
      try await store.mindLogs.entries(offset: 0, limit: 10) == Page(items: [], offset: 0, total: 0)
    )
    let first = try await store.mindLogs.insert(
      date: Fixtures.date(), score: score("7.5"), note: "맑음")
    let second = try await store.mindLogs.insert(date: Fixtures.date(1), score: 3, note: "")
    #expect(first == MindLog(id: 1, date: Fixtures.date(), score: score("7.5"), note: "맑음"))
    #expect(second.id == 2)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func entriesComeNewestFirstAndTiesHigherIDFirst(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var inserted: [MindLog] = []
    for offset: Int64 in [1_000, 3_000, 2_000, 2_000, 0] {
      inserted.append(
        try await store.mindLogs.insert(date: Fixtures.date(offset), score: 5, note: "\(offset)"))
    }
    let expected = [inserted[1], inserted[3], inserted[2], inserted[0], inserted[4]]
    #expect(
      try await store.mindLogs.entries(offset: 0, limit: 10)
        == Page(items: expected, offset: 0, total: 5))
    #expect(
      try await store.mindLogs.entries(offset: 3, limit: 10)
        == Page(items: Array(expected[3...]), offset: 3, total: 5))
    #expect(try await store.mindLogs.entries(offset: 0, limit: 1).items == [expected[0]])
    try await store.reopen()  // survival is checked for persistent kinds
    #expect(try await store.mindLogs.entries(offset: 0, limit: 10).items == expected)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func updateReplacesTheEntryAndScoresStayExact(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var entry = try await store.mindLogs.insert(date: Fixtures.date(), score: 5, note: "before")
    entry.score = score("9.125")
    entry.note = "after, with \"quotes\" and a\nnew line"
    try await store.mindLogs.update(replacing: entry)
    try await store.reopen()
    let stored = try await store.mindLogs.entries(offset: 0, limit: 10).items
    #expect(stored == [entry])
    #expect(stored.first?.score.description == "9.125")
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func missingIDsThrowNotFoundAndChangeNothing(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let entry = try await store.mindLogs.insert(date: Fixtures.date(), score: 5, note: "kept")
    await #expect(throws: DomainError.notFound) {
      try await store.mindLogs.update(
        replacing: MindLog(id: 99, date: Fixtures.date(), score: 1, note: "x"))
    }
    await #expect(throws: DomainError.notFound) { try await store.mindLogs.delete(id: 99) }
    #expect(try await store.mindLogs.entries(offset: 0, limit: 10).items == [entry])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func deletedIDsAreNeverGivenAgain(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    _ = try await store.mindLogs.insert(date: Fixtures.date(), score: 1, note: "one")
    let second = try await store.mindLogs.insert(date: Fixtures.date(), score: 2, note: "two")
    try await store.mindLogs.delete(id: second.id)
    await #expect(throws: DomainError.notFound) { try await store.mindLogs.delete(id: second.id) }
    try await store.reopen()
    let third = try await store.mindLogs.insert(date: Fixtures.date(), score: 3, note: "three")
    #expect(third.id == 3)
    #expect(try await store.mindLogs.entries(offset: 0, limit: 10).items.map(\.id) == [3, 1])
  }
}
