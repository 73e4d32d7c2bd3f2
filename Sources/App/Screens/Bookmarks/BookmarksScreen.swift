import Foundation
import PocketDomain
import PocketPresentation

/// The bookmarks: `bookmarks`, `rename`, `remove`, `clear`.
final class BookmarksScreen: ViewModelFeature<BookmarksViewModel>, ViewModelScreen, RowEditingScreen
{
  nonisolated static let commands: [CommandSpec] = [
    CommandSpec("bookmarks", "Show the bookmarks", "북마크를 보여줍니다", command: .bookmarks),
    CommandSpec(
      "rename", usage: "rename N TITLE...", "Rename bookmark N", "N번 북마크의 제목을 바꿉니다",
      isScreenBound: true
    ) { words throws(UsageError) in .rename(number: try words.number(), title: words.rest()) },
    CommandSpec("remove", "Remove bookmark N", "N번 북마크를 지웁니다") { .remove(number: $0) },
    CommandSpec(
      "clear", usage: "clear [--yes]", "Remove every bookmark (asks first; --yes does not ask)",
      "북마크를 모두 지웁니다 (먼저 묻습니다; --yes는 묻지 않습니다)", isScreenBound: true
    ) { words throws(UsageError) in .clear(confirmed: try words.yes()) },
  ]

  nonisolated static let tab: TabSpec? = TabSpec(
    .bookmarks, title: Wording("Bookmarks", "북마크"), opener: "bookmarks",
    hint: "rename N TITLE · remove N · clear · more · page N")

  nonisolated static let rowKeys = RowKeys(
    edit: "rename", editDoes: Wording("rename", "이름 바꾸기"),
    editPrompt: { Wording("Rename bookmark \($0)", "북마크 \($0) 이름") },
    limit: InputField.title.limit, deleteDoes: Wording("remove", "삭제"),
    delete: { .remove(number: $0) }, kind: Wording("bookmark", "북마크"), particle: "를")

  func confirmed(_ question: Message) -> (command: Command, typed: String)? {
    guard case .confirmClear = question else { return nil }
    return (.clear(confirmed: true), "clear --yes")
  }
  var searching: String { viewModel.state.search }

  func load(_ screen: Screen) async { await viewModel.load() }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    if case .bookmarks = command {
      return .performFresh(.bookmarks) { await self.viewModel.showPage(1) }
    }
    // The numbers and the list are the ones on this screen: only while it shows.
    guard context.current == .bookmarks else { return nil }
    let total = viewModel.state.page.total
    switch command {
    case .rename(let number, let title):
      return context.perform(row: number, on: .bookmarks, of: total) {
        await self.viewModel.rename($0, to: title)
      }
    case .remove(let number):
      return context.perform(row: number, on: .bookmarks, of: total) {
        await self.viewModel.remove($0)
      }
    case .clear(let confirmed):
      return .perform(.bookmarks) { await self.viewModel.clear(confirmed: confirmed) }
    default:
      return context.pageAction(for: command, of: viewModel, on: .bookmarks)
        ?? context.searchAction(for: command, of: viewModel, on: .bookmarks)
    }
  }
}

extension BookmarksViewModel.State: PagedScreenState {
  var screen: Screen { .bookmarks }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.bookmarks(self) }
}

extension Renderer {
  fileprivate func bookmarks(_ state: BookmarksViewModel.State) -> [ScreenLine] {
    let search = searchLine(state)
    guard state.page.total > 0 else {
      return search + [ScreenLine(state.isSearching ? strings.noResults : strings.noBookmarksYet)]
    }
    return search
      + numbered(state.page, page: state.pageNumber, of: state.pageCount) { bookmark in
        [
          ScreenLine(
            "\(bookmark.title) · \(strings.day(bookmark.noticeDate))",
            item: ListItem(text: bookmark.title)),
          ScreenLine(bookmark.url),
        ]
      }
  }
}

extension Screen {
  /// The bookmarks screen, by the name the stores keep it under.
  package static let bookmarks = Screen.named("bookmarks")
}
