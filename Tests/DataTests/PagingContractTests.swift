import Domain
import Foundation
import TestSupport
import Testing

/// Every paged list reads `offset` and `limit` alike: negative values count as 0, and the
/// page reports the offset it used.
@Suite struct PagingContractTests {
  @Test(arguments: StoreKind.allCases)
  func negativeOffsetsAndLimitsCountAsZero(kind: StoreKind) async throws {
    let store = try StoreUnderTest(kind)
    defer { store.remove() }
    for index in 1...3 {
      _ = try await store.chat.insert(content: "\(index)", date: Fixtures.date(Int64(index)))
      _ = try await store.mindLogs.insert(date: Fixtures.date(Int64(index)), score: 1, note: "")
      try await store.stopwatch.append(
        Lap(number: index, lapTime: .milliseconds(10), total: .milliseconds(Int64(index) * 10)))
      try await store.bookmarks.insert(
        Bookmark(
          url: "u\(index)", title: "", noticeDate: Fixtures.date(),
          bookmarkedAt: Fixtures.date(Int64(index))))
    }
    let chat = try await store.chat.messages(offset: -2, limit: 2)
    #expect(chat.offset == 0)
    #expect(chat.total == 3)
    #expect(chat.items.map(\.content) == ["1", "2"])
    #expect(
      try await store.chat.messages(offset: 1, limit: -1) == Page(items: [], offset: 1, total: 3))
    #expect(try await store.mindLogs.entries(offset: -1, limit: 1).items.map(\.id) == [3])
    #expect(try await store.mindLogs.entries(offset: 0, limit: -5).items.isEmpty)
    #expect(try await store.stopwatch.laps(offset: -9, limit: 1).items.map(\.number) == [3])
    #expect(try await store.stopwatch.laps(offset: -9, limit: 1).offset == 0)
    #expect(try await store.bookmarks.bookmarks(offset: -1, limit: 1).items.map(\.url) == ["u3"])
    #expect(try await store.bookmarks.bookmarks(offset: 2, limit: .max).items.map(\.url) == ["u1"])
    #expect(try await store.chat.messages(offset: .max, limit: .max).items.isEmpty)
  }
}
