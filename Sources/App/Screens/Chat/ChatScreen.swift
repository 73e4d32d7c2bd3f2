import Foundation
import PocketDomain
import PocketPresentation

/// The chat: `chat`, `say`, and `edit` and `delete` while it shows (the mind log takes the
/// same words while it shows, read the same way: `Words.editArguments`).
final class ChatScreen: ViewModelFeature<ChatViewModel>, ViewModelScreen, RowEditingScreen {
  nonisolated static let commands: [CommandSpec] = [
    CommandSpec("chat", "Show the chat", "채팅을 보여줍니다", command: .chat),
    CommandSpec("say", usage: "say TEXT...", "Send a chat message", "채팅에 메시지를 보냅니다") {
      words throws(UsageError) in .say(text: words.textWithLineBreaks())
    }
    .detailed(
      "TEXT: the rest of the line; \\n in it is a line break (say one\\ntwo), \\\\ a backslash.",
      "TEXT: 줄의 나머지 전부; 그 안의 \\n은 줄 바꿈 (say 하나\\n둘), \\\\는 역슬래시."),
    CommandSpec(
      "edit", usage: "edit N TEXT...", "Edit chat message N", "채팅의 N번 메시지를 고칩니다",
      isScreenBound: true
    ) { words throws(UsageError) in try words.editArguments() },
    CommandSpec("delete", "Delete chat message N", "채팅의 N번 메시지를 지웁니다") { .delete(number: $0) },
  ]

  nonisolated static let tab: TabSpec? = TabSpec(
    .chat, title: Wording("Chat", "채팅"), opener: "chat",
    hint: "say TEXT · edit N TEXT · delete N · more · page N")

  nonisolated static let rowKeys = RowKeys(
    new: .init(does: Wording("write", "쓰기"), prompt: Wording("Message", "메시지"), words: "say "),
    edit: "edit", editDoes: Wording("edit", "고치기"),
    editPrompt: { Wording("Edit message \($0)", "메시지 \($0) 고치기") },
    limit: InputField.message.limit, deleteDoes: Wording("delete", "삭제"),
    delete: { .delete(number: $0) }, kind: Wording("message", "메시지"), particle: "를",
    lineBreaks: true)

  var searching: String { viewModel.state.search }

  func load(_ screen: Screen) async { await viewModel.load() }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    let total = viewModel.state.page.total
    switch command {
    case .chat: return .performFresh(.chat) { await self.viewModel.showPage(1) }
    case .say(let text): return .performFresh(.chat) { await self.viewModel.send(text) }
    case .edit(let number, let text, _, _, _) where context.current == .chat:
      return context.perform(row: number, on: .chat, of: total) {
        await self.viewModel.edit($0, to: text)
      }
    case .delete(let number) where context.current == .chat:
      return context.perform(row: number, on: .chat, of: total) { await self.viewModel.delete($0) }
    default:
      return context.pageAction(for: command, of: viewModel, on: .chat)
        ?? context.searchAction(for: command, of: viewModel, on: .chat)
    }
  }
}

extension ChatViewModel.State: PagedScreenState {
  var screen: Screen { .chat }
  /// The chat reads oldest first, as chat apps do: its newest message is at the bottom.
  var paging: ListPages? {
    ListPages(number: pageNumber, count: pageCount, olderIsAbove: true)
  }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.chat(self) }
}

extension Renderer {
  /// The count as a header, then the page's messages under a line naming their day (in the
  /// user's time zone) wherever the day changes. A page always starts with its first
  /// message's day line, even mid-day, so each page reads on its own.
  fileprivate func chat(_ state: ChatViewModel.State) -> [ScreenLine] {
    // While a search is on, its line takes the count's place: the total is of the matches.
    let count =
      state.isSearching ? searchLine(state) : [ScreenLine(strings.messageCount(state.page.total))]
    let header: [ScreenLine] = count + [""]
    guard !state.isEmpty else { return header + [ScreenLine(strings.noMessagesYet)] }
    guard state.page.total > 0 else { return header + [ScreenLine(strings.noResults)] }
    let page = state.page
    let width = String(page.offset + page.items.count).count
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = strings.timeZone
    // Times right-aligned ("1:32 AM" under "11:05 AM", "오전 1:32" under "오후 11:05"), so
    // the minutes line up and every message starts at one column.
    let times = page.items.map { strings.timeOfDay($0.date) }
    let timeWidth = times.map { self.width($0) }.max() ?? 0
    var lines: [ScreenLine] = []
    // The day of the line written last, from its midnight to the next (23 or 25 hours on
    // a day the clocks change): the calendar is asked once a day, not once a message.
    var day: (start: Date, end: Date)?
    for (index, message) in page.items.enumerated() {
      let sameDay = day.map { $0.start <= message.date && message.date < $0.end } ?? false
      if !sameDay {
        if day != nil { lines.append("") }
        lines.append(ScreenLine(strings.dayLine(message.date)))
        let interval = calendar.dateInterval(of: .day, for: message.date)
        day = (interval?.start ?? message.date, interval?.end ?? message.date)
      }
      let mark = message.isEdited ? " (\(strings.edited))" : ""
      let number = page.offset + index + 1
      // A message written over several lines shows them so, each under the first's text,
      // the mark after the last.
      var content = Self.lines(of: message.content)
      content[content.count - 1] += mark
      var item = ListItem(number: number, text: message.content, date: message.date)
      item.total = page.total
      lines.append(
        ScreenLine(
          "\(rightAligned(String(number), width))  \(rightAligned(times[index], timeWidth))  "
            + content[0], item: item))
      let indent = String(repeating: " ", count: width + 2 + timeWidth + 2)
      lines += content.dropFirst().map { ScreenLine(indent + $0) }
    }
    return header + lines
      + pageLine(
        state.pageNumber, of: state.pageCount, offset: page.offset, shown: page.items.count,
        total: page.total)
  }
}

extension Screen {
  /// The chat screen, by the name the stores keep it under.
  package static let chat = Screen.named("chat")
}
