import Foundation

/// A record kind whose every field is checked here, once, against its range (`Limits`) and
/// its text limit (`InputField`).
///
/// Every door a value enters through runs this one check: the use cases before they write,
/// every store's writes (memory, json, sqlite) before anything is stored, every store's
/// reads (a json snapshot or journal line, a SQLite row), and an import (`StoreArchive.validate`).
/// So a value one door takes, every other door can read back: a typo can never make a store
/// that Pocket itself cannot open.
public protocol CheckedRecord: Sendable {
  /// The first field out of its range, as a failure naming it through `name`, which turns the
  /// field's name here, its property's ("date", "lapTime"), into the name a message shows
  /// (a store names it as it keeps it: "mindLog.entries[3].dateMs", "mind_logs.date_ms (id
  /// 3)"); `nil` when every field is in range.
  func problem(_ name: (String) -> String) -> CheckFailure?
}

extension CheckedRecord {
  /// `self`, when every field is in range.
  /// - Throws: `.invalidInput(.outOfRange(failure))` naming the first field that is not.
  @discardableResult
  public func checked(_ name: (String) -> String = { $0 }) throws(DomainError) -> Self {
    if let problem = problem(name) { throw .invalidInput(.outOfRange(problem)) }
    return self
  }
}

extension Limit<Int64> {
  /// `problem` for a date, in epoch milliseconds.
  func problem(_ date: Date, field: @autoclosure () -> String) -> CheckFailure? {
    problem(date.epochMilliseconds, field: field())
  }

  /// `problem` for a duration, in milliseconds.
  func problem(_ duration: Duration, field: @autoclosure () -> String) -> CheckFailure? {
    problem(duration.milliseconds, field: field())
  }
}

extension InputField {
  /// Why typing would refuse `text` in this field, naming it `field`: too long (in bytes,
  /// `Limits.textBytes`, or in characters), or empty where the field needs text; `nil`
  /// when it would take it.
  public func problem(_ text: String, field: @autoclosure () -> String, mayBeEmpty: Bool)
    -> CheckFailure?
  {
    if !mayBeEmpty, text.isEmpty { return .empty(field: field()) }
    if let problem = Limits.textBytesProblem(text, field: field()) { return problem }
    guard text.count > limit else { return nil }
    return .tooManyCharacters(field: field(), count: text.count, limit: limit)
  }
}

extension Stopwatch: CheckedRecord {
  public func problem(_ name: (String) -> String) -> CheckFailure? {
    Limits.durationMilliseconds.problem(accumulated, field: name("accumulated"))
      ?? startedAt.flatMap { Limits.epochMilliseconds.problem($0, field: name("startedAt")) }
  }
}

extension Lap: CheckedRecord {
  public func problem(_ name: (String) -> String) -> CheckFailure? {
    Limits.lapNumber.problem(number, field: name("number"))
      ?? Limits.durationMilliseconds.problem(lapTime, field: name("lapTime"))
      ?? Limits.durationMilliseconds.problem(total, field: name("total"))
  }
}

extension Bookmark: CheckedRecord {
  public func problem(_ name: (String) -> String) -> CheckFailure? {
    Limits.epochMilliseconds.problem(noticeDate, field: name("noticeDate"))
      ?? Limits.epochMilliseconds.problem(bookmarkedAt, field: name("bookmarkedAt"))
      ?? (url.isEmpty ? .empty(field: name("url")) : nil)
      ?? Limits.textBytesProblem(url, field: name("url"))
      // Typing refuses an empty title, but files of Pocket's first versions hold them.
      ?? InputField.title.problem(title, field: name("title"), mayBeEmpty: true)
  }
}

extension RateSnapshot: CheckedRecord {
  public func problem(_ name: (String) -> String) -> CheckFailure? {
    if let problem = Limits.epochMilliseconds.problem(publishedAt, field: name("publishedAt"))
      ?? Limits.epochMilliseconds.problem(nextUpdateAt, field: name("nextUpdateAt"))
    {
      return problem
    }
    if let problem = Self.codeProblem(base, field: name("base")) { return problem }
    for (code, rate) in rates.sorted(by: { $0.key < $1.key }) {
      if let problem = Self.codeProblem(code, field: name("rates")) { return problem }
      if let problem = Limits.rate.problem(rate, field: name("rates.\(code)")) { return problem }
    }
    return nil
  }
}

extension MindLog: CheckedRecord {
  public func problem(_ name: (String) -> String) -> CheckFailure? {
    Limits.id.problem(id, field: name("id"))
      ?? Limits.epochMilliseconds.problem(date, field: name("date"))
      ?? Limits.score.problem(score, field: name("score"))
      ?? InputField.note.problem(note, field: name("note"), mayBeEmpty: true)
  }
}

extension ChatMessage: CheckedRecord {
  public func problem(_ name: (String) -> String) -> CheckFailure? {
    Limits.id.problem(id, field: name("id"))
      ?? Limits.epochMilliseconds.problem(date, field: name("date"))
      ?? InputField.message.problem(content, field: name("content"), mayBeEmpty: false)
  }
}
