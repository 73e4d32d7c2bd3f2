import Foundation
import PocketDomain
import PocketPresentation

/// The notice board: `notices`, `bookmark`.
final class NoticesScreen: ViewModelFeature<NoticesViewModel>, ViewModelScreen, SearchingScreen {
  nonisolated static let commands: [CommandSpec] = [
    CommandSpec("notices", "Show the notice board", "공지 게시판을 보여줍니다", command: .notices),
    CommandSpec(
      "bookmark", "Bookmark notice N, or remove its bookmark", "N번 공지를 북마크하거나 북마크를 해제합니다"
    ) { .bookmark(number: $0) },
  ]

  nonisolated static let tab: TabSpec? = TabSpec(
    .notices, title: Wording("Notices", "공지"), opener: "notices",
    hint: "bookmark N · bookmarks")

  nonisolated static let keys: [KeyHelp] = [
    .init("Enter", "bookmark", "북마크", acts: .enter), SearchKeys.key,
  ]

  var searching: String { viewModel.state.search }

  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    guard key == .enter, let number = selected?.number else { return searchAction(for: key) }
    return .run(.bookmark(number: number))
  }

  func load(_ screen: Screen) async { await viewModel.load() }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    switch command {
    case .notices: .navigate(.notices)
    case .bookmark(let number) where context.current == .notices:
      context.perform(row: number, on: .notices, of: viewModel.state.items.count) {
        await self.viewModel.toggleBookmark($0)
      }
    default: context.searchAction(for: command, of: viewModel, on: .notices)
    }
  }
}

extension NoticesViewModel.State: ScreenState {
  var screen: Screen { .notices }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.notices(self) }
}

extension Renderer {
  fileprivate func notices(_ state: NoticesViewModel.State) -> [ScreenLine] {
    let width = String(state.items.count).count
    let search = searchLine(state)
    if state.isSearching, state.items.isEmpty { return search + [ScreenLine(strings.noResults)] }
    return search
      + state.items.enumerated().flatMap { index, item -> [ScreenLine] in
        let first: ScreenLine =
          "\(rightAligned(String(index + 1), width)) \(star(item.isBookmarked)) "
          + "\(item.notice.title) · \(strings.day(item.notice.date))"
        return [
          first.showing(ListItem(number: index + 1, text: item.notice.title)),
          ScreenLine(
            String(repeating: " ", count: width + 2 + self.width(star(false).text))
              + item.notice.url),
        ]
      }
  }
}

extension Screen {
  /// The notices screen, by the name the stores keep it under.
  package static let notices = Screen.named("notices")
}
