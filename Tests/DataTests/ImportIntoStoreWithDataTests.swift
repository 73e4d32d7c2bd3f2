import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// An import that must not replace anything is refused by a store holding any user data
/// at all, one record of one kind, and taken by a store that was only looked at (a screen
/// and cached rates), in every store.
@Suite struct ImportIntoStoreWithDataTests {
  enum Data: String, CaseIterable, CustomStringConvertible {
    case stopwatch, lap, bookmark, favorite, mindLog, message
    var description: String { rawValue }

    func put(in store: StoreUnderTest) async throws {
      let repositories = store.repositories
      switch self {
      case .stopwatch:
        try await repositories.stopwatch.update(saving: Stopwatch(accumulated: .milliseconds(5)))
      case .lap:
        try await repositories.archive.replaceAll(
          with: StoreArchive(
            stopwatch: Stopwatch(), laps: [Lap(number: 1, lapTime: .seconds(1), total: .seconds(1))]
          ))
      case .bookmark:
        try await repositories.bookmarks.toggleOn(
          Bookmark(
            url: "https://n.example/1", title: "t", noticeDate: Fixtures.date(),
            bookmarkedAt: Fixtures.date()))
      case .favorite:
        try await repositories.archive.replaceAll(with: StoreArchive(favoriteCurrencies: ["KRW"]))
      case .mindLog:
        _ = try await repositories.mindLogs.insert(date: Fixtures.date(), score: 5, note: "")
      case .message:
        _ = try await repositories.chat.insert(content: "keep", date: Fixtures.date())
      }
    }
  }

  @Test(arguments: StoreKind.available, Data.allCases)
  func anyRecordMakesTheStoreRefuseAnImport(kind: StoreKind, data: Data) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await data.put(in: store)
    let before = try await store.repositories.archive.export()
    #expect(before.holdsUserData)
    await #expect(throws: DomainError.invalidInput(.storeNotEmpty)) {
      try await store.repositories.archive.replaceAll(with: .sample(), onlyIfEmpty: true)
    }
    #expect(try await store.repositories.archive.export() == before)
  }

  @Test(arguments: StoreKind.available)
  func aStoreOnlyLookedAtTakesAnImport(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.repositories.screens.save(.rates)
    try await store.repositories.rates.storeNewer(
      RateSnapshot(
        base: "USD", publishedAt: Fixtures.date(), nextUpdateAt: Fixtures.date(1),
        rates: ["KRW": 1350]))
    try await store.repositories.archive.replaceAll(with: .sample(), onlyIfEmpty: true)
    #expect(try await store.repositories.archive.export() == .sample())
  }
}
