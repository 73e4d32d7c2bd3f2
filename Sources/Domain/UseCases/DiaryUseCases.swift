import Foundation

/// Writes a new mind-log entry dated now.
/// - Throws: `.invalidInput(.scoreOutOfRange)` for a score outside 0...10.
public struct AddMindLog: Sendable {
  private let mindLogs: any MindLogRepository
  private let now: @Sendable () -> Date
  public init(mindLogs: any MindLogRepository, now: @escaping @Sendable () -> Date) {
    self.mindLogs = mindLogs
    self.now = now
  }

  @discardableResult
  public func callAsFunction(score: Decimal, note: String) async throws -> MindLog {
    guard MindLog.scoreRange.contains(score) else {
      throw DomainError.invalidInput(.scoreOutOfRange)
    }
    let note = try TextField.note.check(note.trimmed)
    return try await mindLogs.insert(date: now(), score: score, note: note)
  }
}

/// Changes an entry's score and note; its date stays.
public struct UpdateMindLog: Sendable {
  private let mindLogs: any MindLogRepository
  public init(mindLogs: any MindLogRepository) { self.mindLogs = mindLogs }

  @discardableResult
  public func callAsFunction(_ entry: MindLog, score: Decimal, note: String) async throws
    -> MindLog
  {
    guard MindLog.scoreRange.contains(score) else {
      throw DomainError.invalidInput(.scoreOutOfRange)
    }
    var updated = entry
    updated.score = score
    updated.note = try TextField.note.check(note.trimmed)
    try await mindLogs.update(updated)
    return updated
  }
}

/// Deletes an entry.
public struct DeleteMindLog: Sendable {
  private let mindLogs: any MindLogRepository
  public init(mindLogs: any MindLogRepository) { self.mindLogs = mindLogs }

  public func callAsFunction(_ entry: MindLog) async throws {
    try await mindLogs.delete(id: entry.id)
  }
}

/// A page of entries, newest first.
public struct ListMindLogs: Sendable {
  private let mindLogs: any MindLogRepository
  public init(mindLogs: any MindLogRepository) { self.mindLogs = mindLogs }

  public func callAsFunction(offset: Int = 0, limit: Int) async throws -> Page<MindLog> {
    try await mindLogs.entries(offset: offset, limit: limit)
  }
}

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
    let text = try TextField.message.check(content.trimmed)
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
    let text = try TextField.message.check(content.trimmed)
    guard !text.isEmpty else { throw DomainError.invalidInput(.emptyText) }
    var edited = message
    edited.content = text
    edited.isEdited = true
    try await chat.update(edited)
    return edited
  }
}

/// Deletes a message.
public struct DeleteMessage: Sendable {
  private let chat: any ChatRepository
  public init(chat: any ChatRepository) { self.chat = chat }

  public func callAsFunction(_ message: ChatMessage) async throws {
    try await chat.delete(id: message.id)
  }
}

/// A page of messages, oldest first.
public struct ListMessages: Sendable {
  private let chat: any ChatRepository
  public init(chat: any ChatRepository) { self.chat = chat }

  public func callAsFunction(offset: Int = 0, limit: Int) async throws -> Page<ChatMessage> {
    try await chat.messages(offset: offset, limit: limit)
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
