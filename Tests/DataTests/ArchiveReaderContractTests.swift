import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// Every store's `ArchiveRepository.read` hands its lists a page at a time, in the canonical
/// orders, from one snapshot: pages of two records put together are the archive imported.
@Suite struct ArchiveReaderContractTests {
  /// An archive whose lists each span several pages of two, with mind-log entries and chat
  /// messages whose dates do not follow their ids.
  static func archive() -> StoreArchive {
    let laps = (1...5).map { number in
      Lap(
        number: number, lapTime: .milliseconds(100 * number),
        total: .milliseconds(50 * number * (number + 1)))
    }
    return StoreArchive(
      stopwatch: Stopwatch(accumulated: .milliseconds(1_500)), laps: laps,
      bookmarks: (0..<5).map { index in
        Bookmark(
          url: "https://example.com/\(index)", title: "Notice \(index)",
          noticeDate: Fixtures.date(Int64(index)), bookmarkedAt: Fixtures.date(Int64(index % 3)))
      }.sorted { ($0.bookmarkedAt, $0.url) < ($1.bookmarkedAt, $1.url) },
      favoriteCurrencies: ["AUD", "KRW"],
      mindLogs: (1...5).map { id in
        MindLog(id: Int64(id), date: Fixtures.date(Int64(10 - id)), score: 3, note: "entry \(id)")
      }, lastMindLogID: 7,
      messages: (1...5).map { id in
        ChatMessage(id: Int64(id), content: "message \(id)", date: Fixtures.date(Int64(10 - id)))
      }, lastMessageID: 9)
  }

  @Test(arguments: StoreKind.available)
  func pagesOfTwoMakeTheArchiveInItsOrders(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let archive = Self.archive()
    try await store.repositories.archive.replaceAll(with: archive)
    let (read, pageSizes) = try await store.repositories.archive.read { reader in
      var sizes: [Int] = []
      var read = try reader.head()
      try reader.laps(pageSize: 2) {
        sizes.append($0.count)
        read.laps += $0
      }
      try reader.bookmarks(pageSize: 2) {
        sizes.append($0.count)
        read.bookmarks += $0
      }
      try reader.mindLogs(pageSize: 2) {
        sizes.append($0.count)
        read.mindLogs += $0
      }
      try reader.messages(pageSize: 2) {
        sizes.append($0.count)
        read.messages += $0
      }
      return (read, sizes)
    }
    #expect(read == archive)
    #expect(pageSizes == Array(repeating: [2, 2, 1], count: 4).flatMap { $0 })
    let counts = try await store.repositories.archive.read { try $0.recordCounts() }
    #expect(counts == archive.counts)
  }
}
