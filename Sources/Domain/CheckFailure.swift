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
  /// A check with no case of its own yet (an archive's lap sequence, a declared kind's
  /// record), worded in English by Pocket; a front end shows it as it is.
  case english(String)
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
