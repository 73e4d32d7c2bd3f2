import Foundation

/// A notice on the notice board. Its `url` is its identity.
public struct Notice: Equatable, Hashable, Sendable {
  public var title: String
  public var date: Date
  public var url: String

  public init(title: String, date: Date, url: String) {
    self.title = title
    self.date = date
    self.url = url
  }
}

/// A bookmarked notice. `url` is the identity; `title` starts as the notice's title and
/// can be renamed.
public struct Bookmark: Equatable, Hashable, Sendable {
  public var url: String
  public var title: String
  /// The notice's own time.
  public var noticeDate: Date
  /// When the bookmark was made; the list is ordered by it, newest first.
  public var bookmarkedAt: Date

  public init(url: String, title: String, noticeDate: Date, bookmarkedAt: Date) {
    self.url = url
    self.title = title
    self.noticeDate = noticeDate
    self.bookmarkedAt = bookmarkedAt
  }
}

/// A notice together with whether it is bookmarked.
public struct NoticeItem: Equatable, Sendable {
  public var notice: Notice
  public var isBookmarked: Bool

  public init(notice: Notice, isBookmarked: Bool) {
    self.notice = notice
    self.isBookmarked = isBookmarked
  }
}

/// What a bookmark toggle left behind.
public enum BookmarkState: Equatable, Sendable {
  case bookmarked
  case removed
}
