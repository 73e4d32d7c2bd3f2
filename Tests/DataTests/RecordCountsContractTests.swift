import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// `recordCounts()` (what `pocket store` shows) equals the counts of a full export, on every
/// store, through inserts, a batch, deletions, an import and a reopen.
@Suite struct RecordCountsContractTests {
  private func expectCounts(_ store: StoreUnderTest, _ expected: RecordCounts) async throws {
    let counts = try await store.repositories.archive.recordCounts()
    #expect(counts == expected)
    #expect(counts == (try await store.repositories.archive.export().counts))
  }

  private func snapshot(_ day: Int64) -> RateSnapshot {
    RateSnapshot(
      base: "USD", publishedAt: Fixtures.date(day * 86_400_000),
      nextUpdateAt: Fixtures.date((day + 1) * 86_400_000), rates: ["USD": 1, "KRW": 1_300])
  }

  @Test(arguments: StoreKind.available)
  func countsAreTheCountsOfTheExport(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await expectCounts(
      store,
      RecordCounts(
        laps: 0, bookmarks: 0, rateSnapshots: 0, favoriteCurrencies: 0, mindLogs: 0,
        chatMessages: 0))

    for index in 1...5 {
      try await store.stopwatch.update(
        appending:
          Lap(number: index, lapTime: .milliseconds(10), total: .milliseconds(Int64(index) * 10)))
      try await store.bookmarks.toggleOn(
        Bookmark(
          url: "u\(index)", title: "t", noticeDate: Fixtures.date(),
          bookmarkedAt: Fixtures.date(Int64(index))))
      _ = try await store.mindLogs.insert(date: Fixtures.date(), score: 3, note: "n")
      _ = try await store.chat.insert(content: "m\(index)", date: Fixtures.date())
    }
    _ = try await store.chat.insert(
      contentsOf: (0..<7).map { (content: "b\($0)", date: Fixtures.date()) })
    try await store.rates.storeNewer(snapshot(1))
    try await store.rates.storeNewer(snapshot(2))
    try await store.rates.storeNewer(snapshot(3))
    try await store.rates.toggleFavorite("KRW", to: true)
    try await store.rates.toggleFavorite("JPY", to: true)
    let messages = try await store.chat.messages(offset: 0, limit: 3).items
    for message in messages { try await store.chat.delete(id: message.id) }
    try await store.bookmarks.delete(url: "u2")
    try await store.mindLogs.delete(id: 1)
    let expected = RecordCounts(
      laps: 5, bookmarks: 4, rateSnapshots: 2, favoriteCurrencies: 2, mindLogs: 4,
      chatMessages: 9)
    try await expectCounts(store, expected)
    try await store.reopen()
    try await expectCounts(store, expected)

    let archive = try await store.repositories.archive.export()
    try await store.repositories.archive.replaceAll(with: StoreArchive())
    try await expectCounts(
      store,
      RecordCounts(
        laps: 0, bookmarks: 0, rateSnapshots: 0, favoriteCurrencies: 0, mindLogs: 0,
        chatMessages: 0))
    try await store.repositories.archive.replaceAll(with: archive)
    try await expectCounts(store, expected)
  }
}
