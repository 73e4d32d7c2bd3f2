import Foundation
import Observation
import PocketDomain

/// Bookmarked notices, newest first: rename, remove, clear all.
@MainActor @Observable
public final class BookmarksViewModel: ObservedViewModel, RecordList, ReloadsByLoading,
  SearchableRecordList
{
  /// What the bookmarks screen shows: the page of bookmarks, where it is, and a message.
  public struct State: MessageShowing, Equatable, Sendable, RecordSearchState {
    public var page = Page<Bookmark>(items: [], offset: 0, total: 0)
    /// The text searched for in the titles and addresses (`search(_:)`); empty: every
    /// bookmark shows.
    public var search = ""
    /// The page's rows as the screen numbers them: what a number typed next stands for.
    public var shownItems: [ShownItem] { page.shownItems }
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

  /// The state `state` reads (`message`, `page` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [.at(\.page)])
  var paging: ListPaging
  private let bookmarks: any BookmarkRepository
  private let renameBookmark: RenameBookmark

  public init(bookmarks: any BookmarkRepository, pageSize: Int = 20) {
    paging = ListPaging(size: pageSize)
    self.bookmarks = bookmarks
    renameBookmark = RenameBookmark(bookmarks: bookmarks)
  }

  nonisolated public static let records: RecordKinds = .bookmarks
  @ObservationIgnored var reads = ReadOrder()

  /// Reads the page shown (the last one when the list has shrunk below it): while a search
  /// is on (`search(_:)`, their title or address), of the bookmarks that match, read by
  /// scanning the list a chunk at a time (`MatchingItems`).
  public func load() async {
    let bookmarks = bookmarks
    await loadPage { search, offset, limit in
      try await search.newestFirst(skipping: offset, limit: limit, texts: { [$0.title, $0.url] }) {
        try await bookmarks.bookmarks(offset: $0, limit: $1)
      }
    }
  }

  /// Renames the bookmark shown as `number` on the page shown.
  public func rename(number: Int, to title: String) async {
    await run { try await self.rename(try self.state.row(number), to: title) }
  }

  /// Renames the bookmark `row` showed, when it is still what the row showed.
  public func rename(_ row: ShownItem, to title: String) async {
    await run { try await self.rename(row, to: title) }
  }

  /// Removes the bookmark shown as `number` on the page shown.
  public func remove(number: Int) async {
    await run { try await self.remove(try self.state.row(number)) }
  }

  /// Removes the bookmark `row` showed, when it is still what the row showed.
  public func remove(_ row: ShownItem) async {
    await run { try await self.remove(row) }
  }

  /// Renames `bookmark`, one of the page shown, when it is still as the front end showed it.
  public func rename(_ bookmark: Bookmark, to title: String) async {
    await run { try await self.rename(try self.state.row(showing: bookmark), to: title) }
  }

  /// Removes `bookmark`, one of the page shown, when it is still as the front end showed it.
  public func remove(_ bookmark: Bookmark) async {
    await run { try await self.remove(try self.state.row(showing: bookmark)) }
  }

  private func rename(_ row: ShownItem, to title: String) async throws -> Message {
    let renamed = try await renameBookmark(try await current(row), to: title, if: .shown(row))
    guard renamed.changed else { return .unchanged(.bookmark, number: row.number) }
    return .bookmarkRenamed(number: row.number, title: renamed.item.title)
  }

  private func remove(_ row: ShownItem) async throws -> Message {
    let bookmark = try await current(row)
    try await bookmarks.delete(url: bookmark.url, if: .shown(row))
    return .bookmarkRemoved(bookmark.title)
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

  /// The bookmark `row` showed, as stored now, when it still reads as shown.
  private func current(_ row: ShownItem) async throws -> Bookmark {
    try await row.unchanged(url: { try await bookmarks.bookmark(url: $0) })
  }
}
