import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.
@Suite struct BookmarkRepositoryContractTests {
  private func bookmark(_ article: Int, at milliseconds: Int64, title: String? = nil) -> Bookmark {
    Bookmark(
      url: "https://notice.example.com/articles/\(article)", title: title ?? "Notice \(article)",
      noticeDate: Fixtures.date(-86_400_000 + Int64(article)),
      bookmarkedAt: Fixtures.date(milliseconds))
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func anEmptyStoreHasNoBookmarks(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    #expect(
      try await store.bookmarks.bookmarks(offset: 0, limit: 10)
        == Page(items: [], offset: 0, total: 0))
    #expect(
      try await store.bookmarks.bookmarkedURLs(among: ["https://notice.example.com/articles/1"])
        .isEmpty)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func bookmarksComeNewestFirstAndTiesLaterInsertFirst(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let inserted = [
      bookmark(1, at: 1_000), bookmark(2, at: 3_000), bookmark(3, at: 2_000),
      bookmark(4, at: 2_000),
      bookmark(5, at: 2_000),
    ]
    for item in inserted { try await store.bookmarks.toggleOn(item) }
    let expected = [inserted[1], inserted[4], inserted[3], inserted[2], inserted[0]]
    #expect(
      try await store.bookmarks.bookmarks(offset: 0, limit: 10)
        == Page(items: expected, offset: 0, total: 5))
    #expect(
      try await store.bookmarks.bookmarks(offset: 2, limit: 2)
        == Page(items: Array(expected[2..<4]), offset: 2, total: 5))
    #expect(
      try await store.bookmarks.bookmarks(offset: 5, limit: 2)
        == Page(items: [], offset: 5, total: 5))
    try await store.reopen()  // survival is checked for persistent kinds
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 10).items == expected)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func bookmarkedURLsIsTheStoredSubset(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.bookmarks.toggleOn(bookmark(1, at: 0))
    try await store.bookmarks.toggleOn(bookmark(3, at: 0))
    let urls = (1...4).map { "https://notice.example.com/articles/\($0)" }
    #expect(try await store.bookmarks.bookmarkedURLs(among: urls) == [urls[0], urls[2]])
    #expect(try await store.bookmarks.bookmarkedURLs(among: []).isEmpty)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func toggleRemovesABookmarkedURLWhateverItsTitleAndAddsItBack(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let kept = bookmark(2, at: 0)
    #expect(try await store.bookmarks.toggle(bookmark(1, at: 0)) == .bookmarked)
    #expect(try await store.bookmarks.toggle(kept) == .bookmarked)
    let other = bookmark(1, at: 5_000, title: "Other title")
    #expect(try await store.bookmarks.toggle(other) == .removed)
    try await store.reopen()
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 10).items == [kept])
    #expect(try await store.bookmarks.toggle(other) == .bookmarked)
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 10).items == [other, kept])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func renameChangesOnlyTheTitle(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let first = bookmark(1, at: 1_000)
    let second = bookmark(2, at: 1_000)
    try await store.bookmarks.toggleOn(first)
    try await store.bookmarks.toggleOn(second)
    try await store.bookmarks.rename(url: first.url, to: "기말고사 안내 (보관)")
    var renamed = first
    renamed.title = "기말고사 안내 (보관)"
    try await store.reopen()
    // The tie on date still puts the later insert first: renaming keeps insertion order.
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 10).items == [second, renamed])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 5))
  func missingURLsThrowNotFound(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.bookmarks.toggleOn(bookmark(1, at: 0))
    await #expect(throws: DomainError.notFound) {
      try await store.bookmarks.rename(url: "https://notice.example.com/articles/9", to: "x")
    }
    await #expect(throws: DomainError.notFound) {
      try await store.bookmarks.delete(url: "https://notice.example.com/articles/9")
    }
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 10).items == [bookmark(1, at: 0)])
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 6))
  func deleteAndDeleteAll(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.bookmarks.deleteAll()
    for article in 1...3 {
      try await store.bookmarks.toggleOn(bookmark(article, at: Int64(article)))
    }
    try await store.bookmarks.delete(url: bookmark(2, at: 0).url)
    try await store.reopen()
    #expect(
      try await store.bookmarks.bookmarks(offset: 0, limit: 10).items.map(\.url) == [
        bookmark(3, at: 0).url, bookmark(1, at: 0).url,
      ])
    try await store.bookmarks.deleteAll()
    try await store.reopen()
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 10).total == 0)
    // A deleted url can be bookmarked again.
    try await store.bookmarks.toggleOn(bookmark(2, at: 0))
    #expect(try await store.bookmarks.bookmarks(offset: 0, limit: 10).total == 1)
  }
}
