import Domain
import Foundation
import Presentation

/// The mind log: `mindlog`, `add`, and `edit` and `delete` while it shows.
final class MindLogScreen: ScreenFeature {
  nonisolated static let help: [CommandHelp] = [
    .init(name: "mindlog", usage: "mindlog", summary: "Show the mind log"),
    .init(name: "add", usage: "add SCORE NOTE...", summary: "Add a mind-log entry (score 0 to 10)"),
  ]

  nonisolated static let screenCommands: Set<String> = ["more", "page", "edit", "delete"]

  let viewModel: MindLogViewModel

  init(_ dependencies: ScreenDependencies) {
    viewModel = MindLogViewModel(
      mindLogs: dependencies.repositories.mindLogs, now: dependencies.now,
      language: dependencies.language)
  }

  func shows(_ screen: Screen) -> Bool { screen == .mindLog }
  func load(_ screen: Screen) async { await viewModel.load() }
  var message: Message? { viewModel.state.message }
  var content: ScreenContent { .mindLog(viewModel.state) }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    switch command {
    case .mindLog: return .perform(.mindLog) { await self.viewModel.showPage(1) }
    case .more where context.current == .mindLog:
      return .perform(.mindLog) { await self.viewModel.nextPage() }
    case .page(let number) where context.current == .mindLog:
      return .perform(.mindLog) { await self.viewModel.showPage(number) }
    case .add(let score, let note):
      return .perform(.mindLog) { await self.viewModel.add(score: score, note: note) }
    case .edit(let number, _, let score, let note) where context.current == .mindLog:
      return .perform(.mindLog) {
        await self.viewModel.edit(number: number, score: score, note: note)
      }
    case .delete(let number) where context.current == .mindLog:
      return .perform(.mindLog) { await self.viewModel.delete(number: number) }
    default:
      return nil
    }
  }
}

extension MindLogViewModel.State: ScreenState {
  var screen: Screen { .mindLog }
  func lines(_ renderer: Renderer) -> [String] { renderer.mindLog(self) }
}

extension ScreenContent {
  static func mindLog(_ state: MindLogViewModel.State) -> ScreenContent { ScreenContent(state) }
}

extension Renderer {
  fileprivate func mindLog(_ state: MindLogViewModel.State) -> [String] {
    guard state.page.total > 0 else { return [strings.noEntriesYet] }
    let width = state.page.items.map { strings.score($0.score).count }.max() ?? 0
    return numbered(state.page, page: state.pageNumber, of: state.pageCount) { entry in
      let note = entry.note.isEmpty ? "" : "  \(entry.note)"
      return [
        "\(strings.day(entry.date))  \(rightAligned(strings.score(entry.score), width))\(note)"
      ]
    }
  }
}
