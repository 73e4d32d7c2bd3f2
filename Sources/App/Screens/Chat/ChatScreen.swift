import Domain
import Foundation
import Presentation

/// The chat: `chat`, `say`, and `edit` and `delete` while it shows (their help lines
/// name the mind log's forms too, which come after them on the same screen-bound words).
final class ChatScreen: ScreenFeature {
  nonisolated static let help: [CommandHelp] = [
    .init(name: "chat", usage: "chat", summary: "Show the chat"),
    .init(name: "say", usage: "say TEXT...", summary: "Send a chat message"),
    .init(
      name: "edit", usage: "edit N TEXT... | edit N [--date DATE] SCORE [NOTE...]",
      summary: "Edit chat message N, or mind-log entry N"),
    .init(name: "delete", usage: "delete N", summary: "Delete chat message N, or mind-log entry N"),
  ]

  nonisolated static let screenCommands: Set<String> = ["more", "page", "edit", "delete"]

  let viewModel: ChatViewModel

  init(_ dependencies: ScreenDependencies) {
    viewModel = ChatViewModel(chat: dependencies.repositories.chat, now: dependencies.now)
  }

  func shows(_ screen: Screen) -> Bool { screen == .chat }
  func load(_ screen: Screen) async { await viewModel.load() }
  var message: Message? { viewModel.state.message }
  var content: ScreenContent { .chat(viewModel.state) }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    switch command {
    case .chat: return .perform(.chat) { await self.viewModel.showPage(1) }
    case .more where context.current == .chat:
      return .perform(.chat) { await self.viewModel.nextPage() }
    case .page(let number) where context.current == .chat:
      return .perform(.chat) { await self.viewModel.showPage(number) }
    case .say(let text): return .perform(.chat) { await self.viewModel.send(text) }
    case .edit(let number, let text, _, _, _) where context.current == .chat:
      return .perform(.chat) { await self.viewModel.edit(number: number, to: text) }
    case .delete(let number) where context.current == .chat:
      return .perform(.chat) { await self.viewModel.delete(number: number) }
    default:
      return nil
    }
  }
}

extension ChatViewModel.State: ScreenState {
  var screen: Screen { .chat }
  func lines(_ renderer: Renderer) -> [String] { renderer.chat(self) }
}

extension ScreenContent {
  static func chat(_ state: ChatViewModel.State) -> ScreenContent { ScreenContent(state) }
}

extension Renderer {
  fileprivate func chat(_ state: ChatViewModel.State) -> [String] {
    guard !state.isEmpty else { return [strings.noMessagesYet, "", strings.messageCount(0)] }
    return numbered(state.page, page: state.pageNumber, of: state.pageCount) { message in
      let mark = message.isEdited ? " (\(strings.edited))" : ""
      return ["\(strings.timeOfDay(message.date))  \(message.content)\(mark)"]
    } + ["", strings.messageCount(state.page.total)]
  }
}
