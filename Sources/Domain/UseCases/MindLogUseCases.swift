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
    let note = try InputField.note.check(note.trimmed)
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
    updated.note = try InputField.note.check(note.trimmed)
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
