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

/// Replaces a message's text and marks it edited. Blank text is refused.
public struct EditMessage: Sendable {
  private let chat: any ChatRepository
  public init(chat: any ChatRepository) { self.chat = chat }

  @discardableResult
  public func callAsFunction(_ message: ChatMessage, content: String) async throws
    -> ChatMessage
  {
    let text = try InputField.message.check(content.trimmed)
    guard !text.isEmpty else { throw DomainError.invalidInput(.emptyText) }
    var edited = message
    edited.content = text
    edited.isEdited = true
    try await chat.update(edited)
    return edited
  }
}
