import PocketDomain

/// A view model of a list that can be searched (the chat, the mind log, the bookmarks, the
/// notices): while a search is on, the list shows only the items that hold its text
/// (`TextSearch`: case, width and accents aside), paged as the whole list is, and its
/// total is how many match.
@MainActor
public protocol SearchableList: AnyObject {
  /// Shows page 1 of the items that hold `text`; an empty `text` shows every item again.
  func search(_ text: String) async
}

/// The state of a list that can be searched.
public protocol SearchState {
  /// The text searched for, trimmed; empty while no search is on.
  var search: String { get }
  /// How many items the list shows in all: the matches, while a search is on.
  var shownTotal: Int { get }
}

extension SearchState {
  /// Whether a search is on.
  public var isSearching: Bool { !search.isEmpty }
}

extension MatchingItems {
  /// The window of matches of a list stored oldest first that `newestFirst(skipping:limit:
  /// read:)` reads newest first, given back oldest first with its offset from the oldest
  /// match, as the chat shows a page.
  func oldestFirst(
    skipping: Int, limit: Int,
    read: @Sendable (_ skip: Int, _ limit: Int) async throws -> Page<Item>
  ) async throws -> Page<Item> {
    let newest = try await newestFirst(skipping: skipping, limit: limit, read: read)
    let offset = max(0, newest.total - skipping - newest.items.count)
    return Page(items: newest.items.reversed(), offset: offset, total: newest.total)
  }
}
