import Foundation

/// Why a value from outside (typed, imported, or read from a store file) is refused by the
/// range and text checks (`Limits`, `InputField`, `CheckedRecord`): the field as it is
/// named where it was read ("laps[3].number", "mind_logs.date_ms (id 3)"), the value as it
/// was written, and the range or limit it broke. A front end words each case; field names
/// and values are shown as they are.
public enum CheckFailure: Equatable, Sendable {
  /// `value` of `field` lies outside `range`.
  case outOfRange(field: String, value: String, range: CheckRange)
  /// `field` holds `value`, a number with more than `digits` significant digits, more than
  /// a decimal holds exactly.
  case tooManyDigits(field: String, value: String, digits: Int)
  /// `field` holds `value`, which is not a decimal number.
  case notADecimal(field: String, value: String)
  /// `field` holds no text where it needs some.
  case empty(field: String)
  /// `field` holds `count` characters, more than `limit`.
  case tooManyCharacters(field: String, count: Int, limit: Int)
  /// `field` holds `bytes` bytes of UTF-8, more than `limit`.
  case tooManyBytes(field: String, bytes: Int, limit: Int)
  /// `field` holds `code` (quoted and escaped, its first 40 characters when `characters`,
  /// its length, is given), which is not a currency code.
  case notACurrencyCode(field: String, code: String, characters: Int?)
  /// `field` names `name` (and a `currency`, for a conversion screen), which is no screen.
  case notAScreen(field: String, name: String, currency: String?)
  /// `field` holds `number`, which an earlier row of the same list shows too.
  case shownTwice(field: String, number: Int)
  /// Every id up to `last` is given: a new record would pass it.
  case idsEnd(last: Int64)
  /// The stopwatch holds lap `last`, the highest lap number there is.
  case lapNumbersEnd(last: Int64)
  /// An archive holds `identity` twice (a lap number, a bookmark url, an id of a list).
  case appearsTwice(ArchiveIdentity)
  /// An archive's record has an id below 1 or above the last id its list gave.
  case idNotGiven(ArchiveIdentity)
  /// `field` holds a character that is not printable ASCII.
  case notPrintableASCII(field: String)
  /// A declared kind's record cannot be kept (`DeclaredProblem`).
  case declared(DeclaredProblem)
  /// Lap `lap` (the `index`th, from 0) does not follow the laps before it as a stopwatch
  /// records them.
  case lapSequence(lap: Int, index: Int, LapSequenceBreak)
  /// The lap at `laps[index]` of an archive file (numbered `lap`) does not follow the laps
  /// before it, named by the file's fields.
  case lapSequenceInFile(lap: Int, index: Int, LapSequenceBreak)
  /// A publication time (of an archive's rates, or the stopwatch's start) that cannot have
  /// happened by now.
  case publication(PublicationProblem)
  /// A sentence in English that is not one of Pocket's checks: a declared kind's own
  /// `check()` may refuse a record with it (the test-only tally kind does); a front end
  /// shows it as it is. Every check Pocket makes has a case of its own.
  case english(String)
}

/// Why a declared kind's record cannot be kept (`CheckFailure.declared`); `kind` is the
/// kind's name, `key` the record's key.
public enum DeclaredProblem: Equatable, Sendable {
  /// The kind's name is not 1 to 40 of a-z, 0-9 and _.
  case badName(String)
  /// The records kept under the kind `kind` name another kind.
  case otherKind(String)
  /// The key is not 1 to 200 bytes without control characters.
  case badKey(kind: String, key: String)
  /// The record is longer than `limit` bytes.
  case tooLong(kind: String, key: String, limit: Int)
  /// The record is not a JSON object.
  case notAnObject(kind: String, key: String)
  /// The record could not be encoded: the encoder's words.
  case notEncoded(kind: String, error: String)
  /// The record stored as `key` decodes as a record of key `found`.
  case holdsAnotherKey(key: String, found: String)
  /// A change turned the record of `key` into one of key `became`.
  case keyChanged(kind: String, key: String, became: String)
}

/// How a lap breaks the sequence (`CheckFailure.lapSequence`; times in milliseconds).
public enum LapSequenceBreak: Equatable, Sendable {
  /// The lap before it (number `index`) is missing.
  case gap
  /// Its total `total` is less than the lap before's, `previous`.
  case totalGoesDown(total: Int64, previous: Int64)
  /// Its lap time `lapTime` is not its total minus the total before (`expected`).
  case notTheDifference(lapTime: Int64, expected: Int64)
}

extension LapSequenceBreak {
  /// How lap `lap`, the `index`th (from 0), breaks the sequence, in English: named as the
  /// domain names it ("lap 3's total 3499 ms"), or by the archive file's fields
  /// ("laps[2].totalMs 3499") when `inFile`, the rest of the sentence the same.
  func englishText(lap: Int, index: Int, inFile: Bool) -> String {
    // The lap's field `file` as the archive file names it, or as the domain does (`domain`
    // after "lap N"); the file's fields hold milliseconds without a unit.
    func named(_ domain: String, file: String) -> String {
      inFile ? "laps[\(index)].\(file)" : "lap \(lap)\(domain)"
    }
    let ms = inFile ? "" : " ms"
    return switch self {
    case .gap:
      "\(named("", file: "number \(lap)")) leaves a gap: lap \(index + 1) is missing"
    case .totalGoesDown(let total, let previous):
      "\(named("'s total", file: "totalMs")) \(total)\(ms) is less than lap \(index)'s total "
        + "\(previous)\(ms)"
    case .notTheDifference(let lapTime, let expected):
      "\(named("'s lap time", file: "lapTimeMs")) \(lapTime)\(ms) is not its total minus the "
        + "total before (\(expected)\(ms))"
    }
  }
}

/// What identifies a record of an archive's list (`CheckFailure.appearsTwice`).
public enum ArchiveIdentity: Equatable, Sendable, CaseIterable {
  case lapNumber, bookmarkURL, mindLogID, messageID
}

/// The range a checked number must lie in (`Limit.meaning`), as a front end words it.
public enum CheckRange: Equatable, Sendable {
  /// A date from 1970-01-01 to 9999-12-31.
  case dates
  /// From 0 to `years` years.
  case years(Int)
  /// From `low` to `high`, as written.
  case between(String, String)
  /// At most `high`, as written.
  case atMost(String)
}

extension CheckFailure {
  /// The failure in English: what Presentation shows in English, and the text the lists a
  /// salvaging read keeps as text (the rows and journal lines it left out) hold, so that
  /// both say the same.
  public var englishText: String {
    switch self {
    case .outOfRange(let field, let value, let range):
      "\(field) \(value) is out of range (\(range.englishText))"
    case .tooManyDigits(let field, let value, let digits):
      "\(field) \(value) has more than \(digits) significant digits, more than a decimal holds "
        + "exactly"
    case .notADecimal(let field, let value): "\(field) \"\(value)\" is not a decimal number"
    case .empty(let field): "\(field) is empty"
    case .tooManyCharacters(let field, let count, let limit):
      "\(field) is too long: \(count) characters (at most \(limit))"
    case .tooManyBytes(let field, let bytes, let limit):
      "\(field) is too long: \(bytes) bytes of UTF-8 (at most \(limit))"
    case .notACurrencyCode(let field, let code, let characters):
      "\(field) \(code)\(characters.map { "… (\($0) characters)" } ?? "") "
        + "is not a currency code (three capital letters A–Z)"
    case .notAScreen(let field, let name, let currency):
      "\(field) \"\(name)\" is not a screen's name" + (currency.map { " (currency \($0))" } ?? "")
    case .shownTwice(let field, let number): "\(field) \(number) is shown twice"
    case .idsEnd(let last): "ids end at \(last)"
    case .lapNumbersEnd(let last): "lap numbers end at \(last); reset the stopwatch"
    case .appearsTwice(let identity): "a \(identity.englishText) appears twice"
    case .idNotGiven(let identity):
      "a \(identity.englishText) is not between 1 and the last id given"
    case .notPrintableASCII(let field): "\(field) holds a character that is not printable ASCII"
    case .declared(let problem): problem.englishText
    case .lapSequence(let lap, let index, let problem):
      problem.englishText(lap: lap, index: index, inFile: false)
    case .lapSequenceInFile(let lap, let index, let problem):
      problem.englishText(lap: lap, index: index, inFile: true)
    case .publication(let problem): problem.englishText
    case .english(let text): text
    }
  }
}

extension ArchiveIdentity {
  /// The identity in English: "lap number", "chat-message id".
  public var englishText: String {
    switch self {
    case .lapNumber: "lap number"
    case .bookmarkURL: "bookmark url"
    case .mindLogID: "mind-log id"
    case .messageID: "chat-message id"
    }
  }
}

extension CheckRange {
  /// The range in English: "a date from 1970-01-01 to 9999-12-31".
  public var englishText: String {
    switch self {
    case .dates: "a date from 1970-01-01 to 9999-12-31"
    case .years(let years): "0 to \(years) years"
    case .between(let low, let high): "\(low) to \(high)"
    case .atMost(let high): "at most \(high)"
    }
  }
}

extension DeclaredProblem {
  /// The problem in English (`CheckFailure.englishText`).
  public var englishText: String {
    switch self {
    case .badName(let name): "the kind name \"\(name)\" is not 1 to 40 of a-z, 0-9 and _"
    case .otherKind(let name): "the records of \"\(name)\" name another kind"
    case .badKey(let kind, let key):
      "\(kind): the key \"\(key)\" is not 1 to 200 bytes without control characters"
    case .tooLong(let kind, let key, let limit):
      "\(kind) \(key): the record is longer than \(limit) bytes"
    case .notAnObject(let kind, let key): "\(kind) \(key): the record is not a JSON object"
    case .notEncoded(let kind, let error): "\(kind): \(error)"
    case .holdsAnotherKey(let key, let found): "\(key) holds \(found)"
    case .keyChanged(let kind, let key, let became): "\(kind): \(key) became \(became)"
    }
  }
}

extension CheckFailure {
  /// `lap`, the `index`th lap (from 0), breaking the sequence for `problem`
  /// (`Lap.sequenceProblem`).
  public static func brokenSequence(_ lap: Lap, index: Int, _ problem: Lap.SequenceProblem)
    -> CheckFailure
  {
    .lapSequence(lap: lap.number, index: index, LapSequenceBreak(lap, problem))
  }
}

extension LapSequenceBreak {
  /// How `lap` breaks the sequence for `problem` (`Lap.sequenceProblem`), in milliseconds.
  public init(_ lap: Lap, _ problem: Lap.SequenceProblem) {
    switch problem {
    case .gap: self = .gap
    case .totalGoesDown(let previousTotal):
      self = .totalGoesDown(total: lap.total.milliseconds, previous: previousTotal.milliseconds)
    case .notTheDifference(let expected):
      self = .notTheDifference(lapTime: lap.lapTime.milliseconds, expected: expected.milliseconds)
    }
  }
}

extension PublicationProblem {
  /// The problem in English: "time_last_update_unix 4102444800 (2100-01-01T00:00:00Z) is
  /// more than a day after this machine's clock (…)".
  public var englishText: String {
    func shown(_ time: PublicationTime) -> String {
      "\(time.field) \(time.number)" + (time.iso.map { " (\($0))" } ?? "")
    }
    return switch self {
    case .afterClock(let published, let clock):
      "\(shown(published)) is more than a day after this machine's clock (\(clock))"
    case .nextUpdateFirst(let next, let published): "\(shown(next)) is before \(shown(published))"
    }
  }
}
