import Foundation
import Observation
import PocketDomain

/// The chat: messages oldest first (the newest page shown), send, edit, delete.
@MainActor @Observable
public final class ChatViewModel: ObservedViewModel, RecordList, ReloadsByLoading,
  SearchableRecordList
{
  /// What the chat shows: the page of messages, where it is, and a message.
  public struct State: MessageShowing, Equatable, Sendable, RecordSearchState {
    public var page = Page<ChatMessage>(items: [], offset: 0, total: 0)
    /// The text searched for (`search(_:)`); empty: every message shows.
    public var search = ""
    /// The page's rows as the screen numbers them: what a number typed next stands for.
    public var shownItems: [ShownItem] { page.shownItems }
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
    public var isEmpty: Bool { page.total == 0 && search.isEmpty }
  }

  /// The state `state` reads (`message`, `page` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [.at(\.page)])
  var paging: ListPaging
  private let chat: any ChatRepository
  private let sendMessage: SendMessage
  private let editMessage: EditMessage

  public init(chat: any ChatRepository, now: @escaping @Sendable () -> Date, pageSize: Int = 20) {
    paging = ListPaging(size: pageSize)
    self.chat = chat
    sendMessage = SendMessage(chat: chat, now: now)
    editMessage = EditMessage(chat: chat)
  }

  nonisolated public static let records: RecordKinds = .chat
  @ObservationIgnored var reads = ReadOrder()

  /// Reads the page shown, oldest first within it: page 1 is the newest messages (the last
  /// page when the list has shrunk below the one shown).
  /// While a search is on (`search(_:)`), the page is of the messages that match, as the
  /// store finds them (`ChatRepository.matchingMessages`).
  public func load() async {
    let chat = chat
    await loadPage { search, skip, limit in
      guard !search.isEmpty else {
        return try await chat.newestMessages(skipping: skip, limit: limit)
      }
      return try await chat.matchingMessages(search, skipping: skip, limit: limit)
    }
  }

  /// Sends a message; a search on is cleared, so the message sent shows.
  public func send(_ text: String) async {
    await run {
      _ = try await self.sendMessage(text)
      self.paging.number = 1  // the new message is on the first page
      self.state.search = ""
      return nil
    }
  }

  /// Edits the message shown as `number` on the page shown.
  public func edit(number: Int, to text: String) async {
    await run { try await self.edit(try self.state.row(number), to: text) }
  }

  /// Edits the message `row` showed, when it is still what the row showed.
  public func edit(_ row: ShownItem, to text: String) async {
    await run { try await self.edit(row, to: text) }
  }

  /// Deletes the message shown as `number` on the page shown.
  public func delete(number: Int) async {
    await run { try await self.delete(try self.state.row(number)) }
  }

  /// Deletes the message `row` showed, when it is still what the row showed.
  public func delete(_ row: ShownItem) async {
    await run { try await self.delete(row) }
  }

  /// Edits `message`, one of the page shown, when it is still as the front end showed it.
  public func edit(_ message: ChatMessage, to text: String) async {
    await run { try await self.edit(try self.state.row(showing: message), to: text) }
  }

  /// Deletes `message`, one of the page shown, when it is still as the front end showed it.
  public func delete(_ message: ChatMessage) async {
    await run { try await self.delete(try self.state.row(showing: message)) }
  }

  private func edit(_ row: ShownItem, to text: String) async throws -> Message {
    let edited = try await editMessage(try await current(row), content: text, if: .shown(row))
    guard edited.changed else { return .unchanged(.message, number: row.number) }
    return .messageEdited(number: row.number, text: edited.item.content)
  }

  private func delete(_ row: ShownItem) async throws -> Message {
    let message = try await current(row)
    try await chat.delete(id: message.id, if: .shown(row))
    return .messageDeleted(number: row.number, text: message.content)
  }

  /// The message `row` showed, as stored now, when it still reads as shown.
  private func current(_ row: ShownItem) async throws -> ChatMessage {
    try await row.unchanged(id: { try await chat.message(id: $0) })
  }
}
