import Domain
import Foundation
import Observation

/// Bookmarked notices, newest first: rename, remove, clear all.
@MainActor @Observable
public final class BookmarksViewModel: MessageReporting, PagedList {
  public struct State: Equatable, Sendable {
    public var page = Page<Bookmark>(items: [], offset: 0, total: 0)
    /// The page shown (from 1, the newest) and how many the list has.
    public var pageNumber = 1
    public var pageCount = 1
    public var message: Message?

    public init(
      page: Page<Bookmark> = .init(items: [], offset: 0, total: 0), message: Message? = nil
    ) {
      self.page = page
      self.message = message
    }
  }

  public private(set) var state = State()
  public var paging: ListPaging
  private let bookmarks: any BookmarkRepository
  private let renameBookmark: RenameBookmark

  public init(bookmarks: any BookmarkRepository, pageSize: Int = 20) {
    paging = ListPaging(size: pageSize)
    self.bookmarks = bookmarks
    renameBookmark = RenameBookmark(bookmarks: bookmarks)
  }

  public func report(_ message: Message?) { state.message = message }

  public var pagedTotal: Int { state.page.total }

  /// Reads the page shown (the last one when the list has shrunk below it).
  public func load() async {
    state.message = nil
    let read = await attempt {
      try await paging.readNewestFirst(total: \.total) {
        try await bookmarks.bookmarks(offset: $0, limit: $1)
      }
    }
    guard let (page, moved) = read else { return }
    paging = moved
    state.page = page
    state.pageNumber = paging.number
    state.pageCount = paging.pageCount(total: page.total)
  }

  public func rename(number: Int, to title: String) async {
    await change(number) {
      try await self.renameBookmark($0, to: title)
      return .bookmarkRenamed(
        number: number, title: title.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  public func remove(number: Int) async {
    await change(number) {
      try await self.bookmarks.delete(url: $0.url)
      return .bookmarkRemoved($0.title)
    }
  }

  /// Removes every bookmark. Unless `confirmed`, more than one bookmark is not removed:
  /// the message asks (`.confirmClear`, a refusal naming how many and which). The store
  /// counts them in the same step as it deletes, so bookmarks another process adds
  /// meanwhile are never removed unasked.
  public func clear(confirmed: Bool = false) async {
    state.message = nil
    let limit = confirmed ? Int.max : 1
    guard let outcome = await attempt({ try await bookmarks.deleteAll(ifAtMost: limit) }) else {
      return
    }
    await load()
    guard state.message == nil else { return }
    switch outcome {
    case .deleted:
      state.message = .bookmarksCleared
    case .empty:
      state.message = .noBookmarksToClear
    case .refused(let count):
      state.message = .confirmClear(count: count, titles: state.page.items.prefix(3).map(\.title))
    }
  }

  /// Acts on bookmark `number`; on success the screen loads again and shows what `body`
  /// says it did.
  private func change(_ number: Int, _ body: (Bookmark) async throws -> Message) async {
    state.message = nil
    let total = state.page.total
    let done = await attempt {
      let bookmark = try await paging.item(number, total: total) {
        try await bookmarks.bookmarks(offset: $0, limit: 1)
      }
      return try await body(bookmark)
    }
    guard let done else { return }
    await load()
    if state.message == nil { state.message = done }
  }
}
