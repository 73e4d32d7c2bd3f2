import Foundation
import Observation
import PocketDomain

/// The notice board, with a bookmark toggle on each notice.
@MainActor @Observable
public final class NoticesViewModel: ObservedViewModel, OrderedReads, ReloadsByLoading,
  SearchableList
{
  /// What the notice board shows: its notices, each marked when bookmarked, and a message.
  public struct State: MessageShowing, Equatable, Sendable, SearchState {
    /// The notices shown: those whose title matches while a search is on.
    public var items: [NoticeItem] = []
    public var message: Message?
    /// The text searched for in the titles (`search(_:)`); empty: every notice shows.
    public var search = ""
    public var shownTotal: Int { items.count }

    /// The notices as the screen numbers them, from 1: what a number typed next stands for.
    public var shownItems: [ShownItem] {
      items.enumerated().map { ShownItem(number: $0.offset + 1, $0.element) }
    }

    public init(items: [NoticeItem] = [], message: Message? = nil) {
      self.items = items
      self.message = message
    }
  }

  /// The state `state` reads (`message`, `items` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [.at(\.items)])
  private let listNotices: ListNotices
  private let toggle: ToggleBookmark

  public init(
    catalog: [Notice], bookmarks: any BookmarkRepository, now: @escaping @Sendable () -> Date
  ) {
    listNotices = ListNotices(catalog: catalog, bookmarks: bookmarks)
    toggle = ToggleBookmark(bookmarks: bookmarks, now: now)
  }

  nonisolated public static let records: RecordKinds = .bookmarks
  @ObservationIgnored var reads = ReadOrder()

  /// Reads the notices; while a search is on, keeps those whose title matches (the board
  /// is a catalog held in memory, so it is filtered there).
  public func load() async {
    state.message = nil
    let search = TextSearch(state.search)
    if let items = await newest({ try await listNotices() }) {
      state.items = items.filter { search.matches($0.notice.title) }
    }
  }

  /// Shows the notices whose title holds `text` (`TextSearch`); an empty `text` shows them
  /// all again.
  public func search(_ text: String) async {
    state.message = nil
    state.search = TextSearch(text).query
    await load()
  }

  /// Bookmarks the notice shown as `number`, or removes its bookmark.
  public func toggleBookmark(number: Int) async {
    state.message = nil
    let rows = state.shownItems
    guard let row = await attempt({ try rows.row(number, total: rows.count) }) else { return }
    await toggleBookmark(row)
  }

  /// Bookmarks `notice`, one of those shown, or removes its bookmark, when it is still as
  /// the front end showed it (bookmarked or not).
  public func toggleBookmark(_ notice: NoticeItem) async {
    state.message = nil
    guard let row = await attempt({ try state.shownItems.row(showing: notice) }) else { return }
    await toggleBookmark(row)
  }

  /// Bookmarks the notice `row` showed, or removes its bookmark, when the notice still
  /// reads as shown (bookmarked or not).
  public func toggleBookmark(_ row: ShownItem) async {
    state.message = nil
    let done = await attempt {
      let items = try await listNotices()
      let item = try row.unchanged(items.first { $0.identity == row.identity })
      // Whether it is bookmarked is checked again in the write, against what the row showed.
      return (item.notice, try await toggle(item.notice, if: .shown(row, notice: item.notice)))
    }
    guard let (notice, result) = done else { return }
    await load()
    state.message =
      result == .bookmarked ? .bookmarkAdded(notice.title) : .bookmarkRemoved(notice.title)
  }
}
