import Foundation

/// The day an entry is for, as typed: resolved against the clock and the user's calendar.
public enum EntryDay: Equatable, Sendable {
  case today, yesterday
  case day(CalendarDay)

  /// The date stored for the day: now for today (the entry keeps its time of day), noon
  /// in the user's time zone for another day (noon exists on every day, DST or not, so
  /// the entry stays on that day).
  /// - Throws: `.invalidInput(.futureDate)` for a day after today, or one the calendar
  ///   does not have; `.invalidInput(.dayTooEarly)` for a day no store holds (before
  ///   1970-01-01, `Limits.epochMilliseconds`): a typing mistake, worded as one.
  public func date(now: Date, in calendar: Calendar) throws -> Date {
    let today = CalendarDay(now, in: calendar)
    let day: CalendarDay
    switch self {
    case .today: return now
    case .yesterday: day = today.adding(days: -1, in: calendar)
    case .day(let given): day = given
    }
    if day == today { return now }
    guard day < today, day.exists(in: calendar), let noon = day.noon(in: calendar) else {
      throw DomainError.invalidInput(.futureDate(day.description))
    }
    guard Limits.epochMilliseconds.contains(noon.epochMilliseconds) else {
      throw DomainError.invalidInput(.dayTooEarly(day.description))
    }
    return noon
  }
}

/// Writes a new mind-log entry for a day (today unless told), newest first by date.
/// - Throws: `.invalidInput(.scoreOutOfRange)` for a score outside 0...10.
public struct AddMindLog: Sendable {
  private let mindLogs: any MindLogRepository
  private let input: EntryInput
  public init(
    mindLogs: any MindLogRepository, now: @escaping @Sendable () -> Date, calendar: Calendar
  ) {
    self.mindLogs = mindLogs
    input = EntryInput(now: now, calendar: calendar)
  }

  @discardableResult
  public func callAsFunction(score: Decimal, note: String, day: EntryDay = .today) async throws
    -> MindLog
  {
    let score = try input.score(score)
    let note = try input.note(note)
    let date = try input.date(day)
    return try await mindLogs.insert(date: date, score: score, note: note)
  }
}

/// Changes an entry's score, and its note and day when they are given (else they stay as
/// stored: the store sets only what changes, so another process's edit of the rest stays).
/// The score, note and day the entry has already write nothing (`Edited.changed` is false);
/// a day given is the entry's day when it is the same calendar day.
public struct UpdateMindLog: Sendable {
  private let mindLogs: any MindLogRepository
  private let input: EntryInput
  public init(
    mindLogs: any MindLogRepository, now: @escaping @Sendable () -> Date, calendar: Calendar
  ) {
    self.mindLogs = mindLogs
    input = EntryInput(now: now, calendar: calendar)
  }

  @discardableResult
  public func callAsFunction(
    _ entry: MindLog, score: Decimal, note: String?, day: EntryDay? = nil,
    if condition: WriteCondition<MindLog> = .always
  ) async throws -> Edited<MindLog> {
    let score = try input.score(score)
    let note = try note.map(input.note)
    let date = try day.map(input.date)
    let sameDay = date.map { input.sameDay($0, entry.date) }
    if score == entry.score, note == nil || note == entry.note, sameDay ?? true {
      return Edited(entry, changed: false)
    }
    let updated = try await mindLogs.update(
      id: entry.id, score: score, note: note, date: date, if: condition)
    return Edited(updated, changed: true)
  }
}

/// What the writers of entries check of what they are given, in this order: the score
/// (0...10), the note (trimmed, within its limit), and the day, resolved against the clock
/// and the user's calendar (`EntryDay.date`).
private struct EntryInput: Sendable {
  let now: @Sendable () -> Date
  let calendar: Calendar

  func score(_ score: Decimal) throws -> Decimal {
    guard MindLog.scoreRange.contains(score) else {
      throw DomainError.invalidInput(.scoreOutOfRange)
    }
    return score
  }

  func note(_ note: String) throws -> String { try InputField.note.check(note.trimmed) }

  func date(_ day: EntryDay) throws -> Date { try day.date(now: now(), in: calendar) }

  /// Whether two dates fall on one day of the user's calendar.
  func sameDay(_ date: Date, _ other: Date) -> Bool {
    CalendarDay(date, in: calendar) == CalendarDay(other, in: calendar)
  }
}
