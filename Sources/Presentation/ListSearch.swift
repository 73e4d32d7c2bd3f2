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

/// The state of a list of records that can be searched (the chat, the mind log, the
/// bookmarks): its view model sets the search.
protocol RecordSearchState: PageState, SearchState {
  var search: String { get set }
}

extension RecordSearchState {
  /// How many records the list shows in all: the page's total (the matches', while a search
  /// is on).
  public var shownTotal: Int { page.total }
}

/// A view model of a list of records that can be searched: the search and the reading of a
/// page, written here once for the chat, the mind log and the bookmarks.
@MainActor
protocol SearchableRecordList: RecordList, SearchableList where State: RecordSearchState {}

extension SearchableRecordList {
  /// Shows page 1 of the records that hold `text` (`TextSearch`); an empty `text` shows
  /// every record again.
  public func search(_ text: String) async {
    state.message = nil
    state.search = TextSearch(text).query
    await showPage(1)
  }

  /// Reads the page shown with `read`, given the search on (empty while none is), and shows
  /// it: the last page when the list has shrunk below the one shown (`readPage`). On a
  /// failure the message says why and the page shown stays.
  func loadPage(
    _ read: (_ search: TextSearch, _ offset: Int, _ limit: Int) async throws -> Page<State.Item>
  ) async {
    state.message = nil
    let search = TextSearch(state.search)
    guard let page = await readPage({ try await read(search, $0, $1) }) else { return }
    state.show(page, at: paging)
  }
}

extension TextSearch {
  /// The window of a newest-first list read with `read` that leaves out the `skipping`
  /// newest and holds at most `limit`: the list's own window while this search is empty,
  /// else that of its items whose `texts` hold the search, found by scanning the list a
  /// chunk at a time (`MatchingItems`).
  func newestFirst<Item: Equatable & Sendable>(
    skipping: Int, limit: Int, texts: @escaping @Sendable (Item) -> [String],
    read: @Sendable (_ skip: Int, _ limit: Int) async throws -> Page<Item>
  ) async throws -> Page<Item> {
    guard !isEmpty else { return try await read(skipping, limit) }
    return try await MatchingItems(self, texts: texts).newestFirst(
      skipping: skipping, limit: limit, read: read)
  }
}
