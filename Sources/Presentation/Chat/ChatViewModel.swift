import Domain
import Foundation
import Observation

/// The chat: messages oldest first (the newest page shown), send, edit, delete.
@MainActor @Observable
public final class ChatViewModel: MessageReporting {
  public struct State: Equatable, Sendable {
    public var page = Page<ChatMessage>(items: [], offset: 0, total: 0)
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
  private let paging: ListPaging
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

  /// Reads the newest page (oldest first within it).
  public func load() async {
    state.message = nil
    let size = paging.size
    let page = await attempt {
      let total = try await listMessages(limit: 0).total
      return try await listMessages(
        offset: paging.tailOffset(total: total), limit: size)
    }
    if let page { state.page = page }
  }

  public func send(_ text: String) async {
    await run {
      _ = try await self.sendMessage(text); return nil
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
