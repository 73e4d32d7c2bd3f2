import Foundation

/// The notices of the board, each marked when it is bookmarked.
public struct ListNotices: Sendable {
  private let catalog: [Notice]
  private let bookmarks: any BookmarkRepository
  /// - Parameter catalog: the notices on the board, in display order.
  /// - Parameter bookmarks: where the bookmarks are kept.
  public init(catalog: [Notice], bookmarks: any BookmarkRepository) {
    self.catalog = catalog
    self.bookmarks = bookmarks
  }

  public func callAsFunction() async throws -> [NoticeItem] {
    let marked = try await bookmarks.bookmarkedURLs(among: catalog.map(\.url))
    return catalog.map { NoticeItem(notice: $0, isBookmarked: marked.contains($0.url)) }
  }
}

/// Bookmarks a notice, or removes its bookmark when it has one (the url is the identity).
public struct ToggleBookmark: Sendable {
  private let bookmarks: any BookmarkRepository
  private let now: @Sendable () -> Date
  public init(bookmarks: any BookmarkRepository, now: @escaping @Sendable () -> Date) {
    self.bookmarks = bookmarks
    self.now = now
  }

  @discardableResult
  /// - Parameter condition: checked on whether the notice is bookmarked, in the write.
  public func callAsFunction(_ notice: Notice, if condition: WriteCondition<Bool> = .always)
    async throws -> BookmarkState
  {
    try await bookmarks.toggle(
      Bookmark(url: notice.url, title: notice.title, noticeDate: notice.date, bookmarkedAt: now()),
      if: condition)
  }
}

/// Gives a bookmark a new title (trimmed; an empty title, or one over 200 characters, is
/// refused). The title it has already writes nothing (`Edited.changed` is false).
public struct RenameBookmark: Sendable {
  private let bookmarks: any BookmarkRepository
  public init(bookmarks: any BookmarkRepository) { self.bookmarks = bookmarks }

  @discardableResult
  public func callAsFunction(
    _ bookmark: Bookmark, to title: String, if condition: WriteCondition<Bookmark> = .always
  ) async throws -> Edited<Bookmark> {
    let trimmed = try InputField.title.check(title.trimmingCharacters(in: .whitespacesAndNewlines))
    guard !trimmed.isEmpty else { throw DomainError.invalidInput(.emptyText) }
    guard trimmed != bookmark.title else { return Edited(bookmark, changed: false) }
    try await bookmarks.rename(url: bookmark.url, to: trimmed, if: condition)
    var renamed = bookmark
    renamed.title = trimmed
    return Edited(renamed, changed: true)
  }
}
