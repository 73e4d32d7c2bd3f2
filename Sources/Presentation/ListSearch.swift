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
