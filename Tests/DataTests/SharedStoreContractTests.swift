import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@Suite struct SharedStoreContractTests {
  /// The kinds whose instances on one location share their data: every persistent one.
  static let sharing = StoreKind.persistent

  @Test(arguments: sharing)
  func twoStoreInstancesOnOnePathSeeEachOthersWrites(kind: StoreKind) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try await kind.makeStore(at: directory)
    let second = try await kind.makeStore(at: directory)

    let message = try await first.chat.insert(content: "from the first", date: Fixtures.date())
    #expect(try await second.chat.messages(offset: 0, limit: 10).items == [message])
    // Ids continue across instances: the counter lives in the store, not in the instance.
    let reply = try await second.chat.insert(content: "from the second", date: Fixtures.date(1))
    #expect(reply.id == message.id + 1)
    #expect(try await first.chat.messages(offset: 0, limit: 10).items == [message, reply])

    let bookmark = Bookmark(
      url: "https://notice.example.com/articles/1", title: "t", noticeDate: Fixtures.date(),
      bookmarkedAt: Fixtures.date())
    try await second.bookmarks.toggleOn(bookmark)
    #expect(try await first.bookmarks.bookmarkedURLs(among: [bookmark.url]) == [bookmark.url])
    try await first.screens.save(.calculator(currency: "KRW"))
    #expect(try await second.screens.lastScreen() == .calculator(currency: "KRW"))
    try await second.stopwatch.reset()
    try await first.rates.toggleFavorite("EUR", to: true)
    #expect(try await second.archive.export() == (try await first.archive.export()))
  }

  @Test(arguments: sharing)
  func concurrentWritersThroughTwoInstancesLoseNothing(kind: StoreKind) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let stores = [try await kind.makeStore(at: directory), try await kind.makeStore(at: directory)]
    let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
      for index in 0..<40 {
        let chat = stores[index % 2].chat
        group.addTask {
          try await chat.insert(content: "message \(index)", date: Fixtures.date(Int64(index))).id
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(ids.sorted() == Array(1...40))
    #expect(try await stores[0].chat.messages(offset: 0, limit: 100).total == 40)
  }
}
