/// A record the shared store merges by identity: a chat message, a mind-log entry. Each of
/// its fields is its own last writer's (an edit sets only the fields it changes, so one
/// machine's new score and another's new note both stay), and **a delete wins over every
/// edit**, earlier or later: the one who deleted wanted it gone (a message said by
/// mistake, a private note), and bringing it back is worse than losing an edit of a thing
/// someone removed. An edit that loses to a delete is refused, so that the machine that made
/// it can say so (`Outcome.deletedElsewhere`).
///
/// A record's writes reach the store in an order that keeps cause before effect: its
/// insert before any edit or delete of it (a machine edits only what it has seen). Within
/// that, any order gives the same record.
public struct MergedRecord<Record: MergeableRecord>: Equatable, Sendable {
  /// What became of a write.
  public enum Outcome: Equatable, Sendable {
    /// It holds, for at least one of its fields.
    case applied
    /// Later writes hold every field it set: nothing of it shows, and nothing is wrong.
    case superseded
    /// The record was deleted (before or after the edit was made).
    case deletedElsewhere
  }

  /// The record with when each of its fields was last written, or when it was deleted:
  /// one state, so a deleted record has no fields left to edit.
  private enum State: Equatable, Sendable {
    case live(Record, fieldTimes: [Record.Field: HybridTime])
    case deleted(at: HybridTime)
  }
  private var state: State

  /// The record as its writes have made it; `nil` once deleted.
  public var record: Record? {
    guard case .live(let record, _) = state else { return nil }
    return record
  }
  /// When it was deleted (the earliest delete); `nil` while it is not.
  public var deletedAt: HybridTime? {
    guard case .deleted(let time) = state else { return nil }
    return time
  }

  /// The record as its insert made it at `time`.
  public init(inserted record: Record, at time: HybridTime) {
    state = .live(
      record,
      fieldTimes: Dictionary(uniqueKeysWithValues: Record.Field.allCases.map { ($0, time) }))
  }

  /// Sets `fields` to what `edited` holds for them, each unless a later write of that
  /// field holds; refused once the record is deleted.
  @discardableResult
  public mutating func edit(
    _ fields: Set<Record.Field>, as edited: Record, at time: HybridTime
  ) -> Outcome {
    guard case .live(var merged, var fieldTimes) = state else { return .deletedElsewhere }
    var took = false
    for field in fields where fieldTimes[field].map({ time > $0 }) ?? true {
      merged = merged.taking(field, from: edited)
      fieldTimes[field] = time
      took = true
    }
    guard took else { return .superseded }
    state = .live(merged, fieldTimes: fieldTimes)
    return .applied
  }

  /// Deletes the record at `time`: for good, whatever came before or comes after. The
  /// earliest delete's time is kept, so two deletes in either order give the same record.
  public mutating func delete(at time: HybridTime) {
    state = .deleted(at: min(deletedAt ?? time, time))
  }

  /// When `field` was last written; `nil` once the record is deleted.
  public func time(of field: Record.Field) -> HybridTime? {
    guard case .live(_, let fieldTimes) = state else { return nil }
    return fieldTimes[field]
  }
}

/// A record the shared store merges field by field (`MergedRecord`).
public protocol MergeableRecord: Equatable, Sendable {
  /// The fields an edit can set.
  associatedtype Field: Hashable, Sendable, CaseIterable
  /// `self` with `field` as `other` has it.
  func taking(_ field: Field, from other: Self) -> Self
}

extension ChatMessage: MergeableRecord {
  /// What an edit of a message sets: its text (and with it, that it was edited).
  public enum Field: Hashable, Sendable, CaseIterable {
    case content
  }

  public func taking(_ field: Field, from other: ChatMessage) -> ChatMessage {
    var taken = self
    switch field {
    case .content:
      taken.content = other.content
      taken.isEdited = other.isEdited
    }
    return taken
  }
}

extension MindLog: MergeableRecord {
  /// What an edit of an entry sets: its day, its score, its note, each on its own.
  public enum Field: Hashable, Sendable, CaseIterable {
    case date, score, note
  }

  public func taking(_ field: Field, from other: MindLog) -> MindLog {
    var taken = self
    switch field {
    case .date: taken.date = other.date
    case .score: taken.score = other.score
    case .note: taken.note = other.note
    }
    return taken
  }
}
