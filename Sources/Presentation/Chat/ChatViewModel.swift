import Domain
import Foundation
import Observation

/// The chat: messages oldest first (the newest page shown), send, edit, delete.
@MainActor @Observable
public final class ChatViewModel: MessageReporting {
  public struct State: Equatable, Sendable {
    public var page = Page<ChatMessage>(items: [], offset: 0, total: 0)
    /// The page shown (from 1, the newest) and how many the list has.
    public var pageNumber = 1
    public var pageCount = 1
    public var message: Message?

    public init(
      page: Page<ChatMessage> = .init(items: [], offset: 0, total: 0), message: Message? = nil
    ) {
      self.page = page
      self.message = message
    }

    /// Nothing sent yet: the screen shows its empty state.
    public var isEmpty: Bool { page.total == 0 }
  }

  public private(set) var state = State()
  private var paging: ListPaging
  private let listMessages: ListMessages
  private let sendMessage: SendMessage
  private let editMessage: EditMessage
  private let deleteMessage: DeleteMessage

  public init(chat: any ChatRepository, now: @escaping @Sendable () -> Date, pageSize: Int = 20) {
    paging = ListPaging(size: pageSize)
    listMessages = ListMessages(chat: chat)
    sendMessage = SendMessage(chat: chat, now: now)
    editMessage = EditMessage(chat: chat)
    deleteMessage = DeleteMessage(chat: chat)
  }

  func report(_ message: Message?) { state.message = message }

  /// Reads the page shown, oldest first within it: page 1 is the newest messages (the last
  /// page when the list has shrunk below the one shown).
  public func load() async {
    state.message = nil
    let page = await attempt {
      let total = try await listMessages(limit: 0).total
      paging.clamp(total: total)
      let window = paging.oldestFirst(total: total)
      return try await listMessages(offset: window.offset, limit: window.limit)
    }
    guard let page else { return }
    state.page = page
    state.pageNumber = paging.number
    state.pageCount = paging.pageCount(total: page.total)
  }

  /// Shows page `number` of the list (1 is the newest); a page the list does not have is
  /// refused (`.noSuchPage`) and the page shown stays.
  public func showPage(_ number: Int) async {
    state.message = paging.show(number, total: state.page.total)
    if state.message == nil { await load() }
  }

  /// Shows the next (older) page; after the last, the first again.
  public func nextPage() async {
    paging.number = paging.next(total: state.page.total)
    await load()
  }

  public func send(_ text: String) async {
    await run {
      _ = try await self.sendMessage(text)
      self.paging.number = 1  // the new message is on the first page
      return nil
    }
  }

  public func edit(number: Int, to text: String) async {
    await run {
      let edited = try await self.editMessage(try await self.message(number), content: text)
      return .messageEdited(number: number, text: edited.content)
    }
  }

  public func delete(number: Int) async {
    await run {
      let message = try await self.message(number)
      try await self.deleteMessage(message)
      return .messageDeleted(number: number, text: message.content)
    }
  }

  /// Runs an intent; on success the screen loads again and shows the intent's confirmation.
  private func run(_ intent: () async throws -> Message?) async {
    state.message = nil
    guard let done = await attempt(intent) else { return }
    await load()
    if state.message == nil { state.message = done }
  }

  private func message(_ number: Int) async throws -> ChatMessage {
    try await paging.item(number, total: state.page.total) {
      try await listMessages(offset: $0, limit: 1)
    }
  }
}
