import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct ArchiveRepositoryContractTests {
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func aNewStoreExportsAnEmptyArchive(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let archive = try await store.repositories.archive.export()
    #expect(archive == StoreArchive())
    #expect(!archive.holdsUserData)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func replaceAllThenExportGivesTheSameArchiveAfterReopen(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    _ = try await store.chat.insert(content: "to be replaced", date: Fixtures.date())
    try await store.repositories.archive.replaceAll(with: .sample())
    try await store.reopen()
    #expect(try await store.repositories.archive.export() == .sample())
    // The repositories see the imported records, and new ids continue after the last.
    #expect(try await store.chat.messages(offset: 0, limit: 10).total == 2)
    #expect(try await store.chat.insert(content: "next", date: Fixtures.date()).id == 5)
    #expect(try await store.mindLogs.insert(date: Fixtures.date(), score: 1, note: "").id == 7)
    #expect(try await store.screens.lastCalculatorCurrency() == "KRW")
    #expect(try await store.stopwatch.lapSummary().count == 2)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func exportIsInCanonicalOrder(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    for (url, at) in [("b", 300), ("a", 100), ("c", 100)] as [(String, Int64)] {
      try await store.bookmarks.toggleOn(
        Bookmark(url: url, title: url, noticeDate: Fixtures.date(), bookmarkedAt: Fixtures.date(at))
      )
    }
    try await store.rates.toggleFavorite("KRW", to: true)
    try await store.rates.toggleFavorite("AUD", to: true)
    let archive = try await store.repositories.archive.export()
    #expect(archive.bookmarks.map(\.url) == ["a", "c", "b"])
    #expect(archive.favoriteCurrencies == ["AUD", "KRW"])
    #expect(archive.holdsUserData)
  }
}
