import PocketDomain
import PocketPresentation

/// `/` and Esc on a list that can be searched (the chat, the mind log, the bookmarks, the
/// notices), declared once: `/` opens the search's line holding the search on, whose Enter
/// runs `search TEXT`; Esc clears a search on (`search` with no text).
enum SearchKeys {
  /// The key bar's entry of `/`.
  static let key = KeyHelp("/", "search", "검색", acts: .character("/"))
  /// The input line `/` opens.
  static let prompt = Wording("Search", "검색")
  /// The key that clears a search on, as the search line names it.
  static let clearKey = "Esc"

  /// What `key` does on a list searched for `search` (empty: none); `nil` for other keys.
  static func action(for key: Key, search: String) -> LiveAction? {
    switch key {
    case .character("/"):
      .input(
        InputRequest(
          prompt: prompt, words: "search ", text: search, limit: InputRequest.shortLimit))
    case .escape where !search.isEmpty: .run(.search(text: ""))
    default: nil
    }
  }
}

/// A screen whose list can be searched with `/`.
protocol SearchingScreen: ScreenFeature {
  /// The text searched for on the list; empty while no search is on.
  var searching: String { get }
}

extension SearchingScreen {
  func searchAction(for key: Key) -> LiveAction? {
    SearchKeys.action(for: key, search: searching)
  }
}

extension ScreenContext {
  /// `search TEXT` while `screen` shows: the list's search; `nil` for any other command, or
  /// while another screen shows.
  @MainActor func searchAction(
    for command: Command, of list: some SearchableList, on screen: Screen
  ) -> ScreenAction? {
    guard current == screen, case .search(let text) = command else { return nil }
    return .perform(screen) { await list.search(text) }
  }
}

extension Renderer {
  /// The line that says a search is on, how many items match, and (in the live view) the
  /// key that clears it; none while no search is on.
  func searchLine(_ state: some SearchState) -> [ScreenLine] {
    guard state.isSearching else { return [] }
    return [
      ScreenLine(
        strings.searchLine(
          state.search, matches: state.shownTotal, clearKey: isLive ? SearchKeys.clearKey : nil),
        as: .hint)
    ]
  }
}
