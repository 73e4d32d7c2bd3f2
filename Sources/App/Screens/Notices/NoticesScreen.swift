import Domain
import Foundation
import Presentation

/// The notice board: `notices`, `bookmark`.
final class NoticesScreen: ScreenFeature {
  nonisolated static let help: [CommandHelp] = [
    .init(name: "notices", usage: "notices", summary: "Show the notice board"),
    .init(
      name: "bookmark", usage: "bookmark N", summary: "Bookmark notice N, or remove its bookmark"),
  ]

  nonisolated static let screenCommands: Set<String> = ["bookmark"]

  let viewModel: NoticesViewModel

  init(_ dependencies: ScreenDependencies) {
    viewModel = NoticesViewModel(
      catalog: dependencies.notices, bookmarks: dependencies.repositories.bookmarks,
      now: dependencies.now)
  }

  nonisolated static let keys: [KeyHelp] = [.init("Enter", "bookmark", "북마크")]

  func liveAction(for key: Key, on screen: Screen, selected: ListItem?) -> LiveAction? {
    guard key == .enter, let number = selected?.number else { return nil }
    return .run(.bookmark(number: number))
  }

  func shows(_ screen: Screen) -> Bool { screen == .notices }
  func load(_ screen: Screen) async { await viewModel.load() }
  var message: Message? { viewModel.state.message }
  var content: ScreenContent { .notices(viewModel.state) }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    switch command {
    case .notices: .navigate(.notices)
    case .bookmark(let number) where context.current == .notices:
      .perform(.notices) { await self.viewModel.toggleBookmark(number: number) }
    default: nil
    }
  }
}

extension NoticesViewModel.State: ScreenState {
  var screen: Screen { .notices }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.notices(self) }
}

extension ScreenContent {
  static func notices(_ state: NoticesViewModel.State) -> ScreenContent { ScreenContent(state) }
}

extension Renderer {
  fileprivate func notices(_ state: NoticesViewModel.State) -> [ScreenLine] {
    let width = String(state.items.count).count
    return state.items.enumerated().flatMap { index, item -> [ScreenLine] in
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
