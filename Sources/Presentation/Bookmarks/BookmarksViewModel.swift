import Domain
import Foundation
import Observation

/// Bookmarked notices, newest first: rename, remove, clear all.
@MainActor @Observable
public final class BookmarksViewModel: MessageReporting {
  public struct State: Equatable, Sendable {
    public var page = Page<Bookmark>(items: [], offset: 0, total: 0)
    public var message: Message?

    public init(
      page: Page<Bookmark> = .init(items: [], offset: 0, total: 0), message: Message? = nil
    ) {
      self.page = page
      self.message = message
    }
  }

  public private(set) var state = State()
  private let paging: ListPaging
  private let listBookmarks: ListBookmarks
  private let renameBookmark: RenameBookmark
  private let removeBookmark: RemoveBookmark
  private let clearBookmarks: ClearBookmarks

  public init(bookmarks: any BookmarkRepository, pageSize: Int = 20) {
    paging = ListPaging(size: pageSize)
    listBookmarks = ListBookmarks(bookmarks: bookmarks)
    renameBookmark = RenameBookmark(bookmarks: bookmarks)
    removeBookmark = RemoveBookmark(bookmarks: bookmarks)
    clearBookmarks = ClearBookmarks(bookmarks: bookmarks)
  }

  func report(_ message: Message?) { state.message = message }

  public func load() async {
    state.message = nil
    if let page = await attempt({ try await listBookmarks(limit: paging.size) }) {
      state.page = page
    }
  }

  public func rename(number: Int, to title: String) async {
    await change(number) { try await self.renameBookmark($0, to: title) }
  }

  public func remove(number: Int) async {
    await change(number) { try await self.removeBookmark($0) }
  }

  public func clear() async {
    state.message = nil
    guard await attempt({ try await clearBookmarks() }) != nil else { return }
    await load()
    state.message = .bookmarksCleared
  }

  private func change(_ number: Int, _ body: (Bookmark) async throws -> Void) async {
    state.message = nil
    let total = state.page.total
    let bookmark = await attempt {
      let bookmark = try await paging.item(number, total: total) {
        try await listBookmarks(offset: $0, limit: 1)
      }
      try await body(bookmark)
      return bookmark
    }
    if bookmark != nil { await load() }
  }
}
