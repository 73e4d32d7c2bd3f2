import Domain
import Foundation
import Presentation

/// The bookmarks: `bookmarks`, `rename`, `remove`, `clear`.
final class BookmarksScreen: ScreenFeature {
  nonisolated static let help: [CommandHelp] = [
    .init(name: "bookmarks", usage: "bookmarks", summary: "Show the bookmarks"),
    .init(name: "rename", usage: "rename N TITLE...", summary: "Rename bookmark N"),
    .init(name: "remove", usage: "remove N", summary: "Remove bookmark N"),
    .init(
      name: "clear", usage: "clear [--yes]",
      summary: "Remove every bookmark (asks first; --yes does not ask)"),
  ]

  nonisolated static let screenCommands: Set<String> = [
    "more", "page", "rename", "remove", "clear",
  ]

  let viewModel: BookmarksViewModel

  init(_ dependencies: ScreenDependencies) {
    viewModel = BookmarksViewModel(bookmarks: dependencies.repositories.bookmarks)
  }

  nonisolated static let keys: [KeyHelp] = [
    .init("Enter", "rename", "이름 바꾸기"), .init("Del", "remove", "삭제"),
  ]

  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    guard let number = selected?.number else { return nil }
    switch key {
    case .enter:
      return .input(
        InputRequest(
          prompt: KeyText("Rename bookmark \(number)", "북마크 \(number) 이름"),
          words: "rename \(number) ", text: selected?.text ?? "",
          limit: InputField.title.limit))
    case .delete: return .run(.remove(number: number))
    default: return nil
    }
  }

  func shows(_ screen: Screen) -> Bool { screen == .bookmarks }
  func load(_ screen: Screen) async { await viewModel.load() }
  var message: Message? { viewModel.state.message }
  var content: ScreenContent { .bookmarks(viewModel.state) }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    if case .bookmarks = command {
      return .perform(.bookmarks) { await self.viewModel.showPage(1) }
    }
    // The numbers and the list are the ones on this screen: only while it shows.
    guard context.current == .bookmarks else { return nil }
    switch command {
    case .more: return .perform(.bookmarks) { await self.viewModel.nextPage() }
    case .page(let number):
      return .perform(.bookmarks) { await self.viewModel.showPage(number) }
    case .rename(let number, let title):
      return .perform(.bookmarks) { await self.viewModel.rename(number: number, to: title) }
    case .remove(let number):
      return .perform(.bookmarks) { await self.viewModel.remove(number: number) }
    case .clear(let confirmed):
      return .perform(.bookmarks) { await self.viewModel.clear(confirmed: confirmed) }
    default: return nil
    }
  }
}

extension BookmarksViewModel.State: PagedScreenState {
  var screen: Screen { .bookmarks }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.bookmarks(self) }
}

extension ScreenContent {
  static func bookmarks(_ state: BookmarksViewModel.State) -> ScreenContent {
    ScreenContent(state)
  }
}

extension Renderer {
  fileprivate func bookmarks(_ state: BookmarksViewModel.State) -> [ScreenLine] {
    guard state.page.total > 0 else { return [ScreenLine(strings.noBookmarksYet)] }
    return numbered(state.page, page: state.pageNumber, of: state.pageCount) { bookmark in
      [
        ScreenLine(
          "\(bookmark.title) · \(strings.day(bookmark.noticeDate))",
          item: ListItem(text: bookmark.title)),
        ScreenLine(bookmark.url),
      ]
    }
  }
}
