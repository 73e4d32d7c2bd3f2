import Foundation

/// Sends a chat message dated now. Blank text is refused.
public struct SendMessage: Sendable {
  private let chat: any ChatRepository
  private let now: @Sendable () -> Date
  public init(chat: any ChatRepository, now: @escaping @Sendable () -> Date) {
    self.chat = chat
    self.now = now
  }

  @discardableResult
  public func callAsFunction(_ content: String) async throws -> ChatMessage {
    let text = try InputField.message.check(content.trimmed)
    guard !text.isEmpty else { throw DomainError.invalidInput(.emptyText) }
    return try await chat.insert(content: text, date: now())
  }
}

/// Replaces a message's text and marks it edited. Blank text is refused; the text it holds
/// already writes nothing and leaves it unmarked (`Edited.changed` is false).
public struct EditMessage: Sendable {
  private let chat: any ChatRepository
  public init(chat: any ChatRepository) { self.chat = chat }

  @discardableResult
  public func callAsFunction(
    _ message: ChatMessage, content: String, if condition: WriteCondition<ChatMessage> = .always
  ) async throws -> Edited<ChatMessage> {
    let text = try InputField.message.check(content.trimmed)
    guard !text.isEmpty else { throw DomainError.invalidInput(.emptyText) }
    guard text != message.content else { return Edited(message, changed: false) }
    var edited = message
    edited.content = text
    edited.isEdited = true
    try await chat.update(edited, if: condition)
    return Edited(edited, changed: true)
  }
}

/// What an edit came to: the item as it is after it, and whether it changed. An edit to
/// what an item holds already is done without writing: it neither marks the item edited
/// nor counts as another process's change.
public struct Edited<Item: Sendable>: Sendable {
  public var item: Item
  public var changed: Bool

  public init(_ item: Item, changed: Bool) {
    self.item = item
    self.changed = changed
  }
}

extension Edited: Equatable where Item: Equatable {}
