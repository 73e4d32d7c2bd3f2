import Domain
import Foundation
import Observation

/// The notice board, with a bookmark toggle on each notice.
@MainActor @Observable
public final class NoticesViewModel: MessageReporting {
  public struct State: Equatable, Sendable {
    public var items: [NoticeItem] = []
    public var message: Message?

    public init(items: [NoticeItem] = [], message: Message? = nil) {
      self.items = items
      self.message = message
    }
  }

  public private(set) var state = State()
  private let listNotices: ListNotices
  private let toggle: ToggleBookmark

  public init(
    catalog: [Notice], bookmarks: any BookmarkRepository, now: @escaping @Sendable () -> Date
  ) {
    listNotices = ListNotices(catalog: catalog, bookmarks: bookmarks)
    toggle = ToggleBookmark(bookmarks: bookmarks, now: now)
  }

  func report(_ message: Message?) { state.message = message }

  public func load() async {
    state.message = nil
    if let items = await attempt({ try await listNotices() }) {
      state.items = items
    }
  }

  /// Bookmarks the notice shown as `number`, or removes its bookmark.
  public func toggleBookmark(number: Int) async {
    state.message = nil
    guard state.items.indices.contains(number - 1) else {
      state.message = .noSuchItem(number, count: state.items.count)
      return
    }
    let notice = state.items[number - 1].notice
    guard let result = await attempt({ try await toggle(notice) }) else { return }
    await load()
    state.message =
      result == .bookmarked ? .bookmarkAdded(notice.title) : .bookmarkRemoved(notice.title)
  }
}
