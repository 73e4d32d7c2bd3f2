import Foundation

/// The range a number from outside (a rates source, an archive, a store file edited by
/// hand) must lie in, and how to say that it does not. Inlinable, so that a check in
/// another module is specialized there: an unspecialized call makes the type's metadata at
/// run time, which costs a scan of every conformance in the binary on its first use.
public struct Limit<Value: Comparable & Sendable>: Sendable {
  public let range: ClosedRange<Value>
  /// The range as a front end words it (`.dates`: "a date from 1970-01-01 to 9999-12-31").
  public let meaning: CheckRange

  @inlinable
  public init(_ range: ClosedRange<Value>, meaning: CheckRange) {
    self.range = range
    self.meaning = meaning
  }

  @inlinable
  public func contains(_ value: Value) -> Bool { range.contains(value) }

  /// `nil` when `value` is in range, else why it is refused, naming `field` and showing
  /// `text` (the value as it was written; `value` itself when `nil`), which English words
  /// "laps[3].number 9223372036854775807 is out of range (1 to 9007199254740991)".
  /// (`field` is only built for a value out of range: checking stays cheap per record.)
  @inlinable
  public func problem(
    _ value: Value, field: @autoclosure () -> String, text: @autoclosure () -> String? = nil
  ) -> CheckFailure? {
    contains(value)
      ? nil : .outOfRange(field: field(), value: text() ?? "\(value)", range: meaning)
  }
}

/// Every range a number from outside is checked against where it enters, in one place, so
/// that the checks at the entries and the arithmetic of the use cases agree: whatever is
/// accepted can be used by every command afterwards without overflow, and every result
/// stays representable and printable.
public enum Limits {
  /// The highest id, lap number, id counter or journal sequence: 2^53 − 1, the largest
  /// integer that every JSON reader holds exactly.
  public static let maxCounter: Int64 = 9_007_199_254_740_991
  /// The longest record of a declared kind, as its JSON text (`DeclaredRecords.body`): 1 MiB.
  public static let maxDeclaredBodyBytes = 1 << 20

  /// Dates, in milliseconds since 1970: from 1970-01-01 to the end of 9999 (UTC).
  public static let epochMilliseconds = Limit<Int64>(
    0...253_402_300_799_999, meaning: .dates)

  /// Dates in whole seconds since 1970 (rates sources): the same window.
  public static let epochSeconds = Limit<Int64>(
    0...253_402_300_799, meaning: .dates)

  /// Stored durations (stopwatch time, lap times), in milliseconds: 0 to 100 years of
  /// 365.25 days. A running stopwatch stops counting there.
  public static let durationMilliseconds = Limit<Int64>(
    0...3_155_760_000_000, meaning: .years(100))

  /// The most bytes of UTF-8 a text may hold (a message, a note, a title, a url), besides
  /// its length in characters (`InputField`): 64 KiB, the most a typed line holds. One
  /// character may join any number of marks, so characters alone bound no size; this keeps
  /// every record under the 1 MiB an archive's record may be as written.
  public static let textBytes = 64 * 1024

  /// Why `text`, named `field`, holds more than `textBytes`; `nil` when it does not.
  public static func textBytesProblem(_ text: String, field: @autoclosure () -> String)
    -> CheckFailure?
  {
    let bytes = text.utf8.count
    guard bytes > textBytes else { return nil }
    return .tooManyBytes(field: field(), bytes: bytes, limit: textBytes)
  }

  /// Record ids (mind log, chat).
  public static let id = Limit<Int64>(1...maxCounter, meaning: .between("1", "\(maxCounter)"))

  /// The last id given (`lastID`), and a json store's `journalSeq`.
  public static let counter = Limit<Int64>(0...maxCounter, meaning: .between("0", "\(maxCounter)"))

  /// Lap numbers.
  public static let lapNumber = Limit<Int>(
    1...Int(maxCounter), meaning: .between("1", "\(maxCounter)"))

  /// Exchange rates: positive, from 10^-12 to 10^12 units per unit of the base. With
  /// amounts of at most 15 integer digits, every conversion stays far inside `Decimal`.
  public static let rate = Limit<Decimal>(
    Decimal(
      sign: .plus, exponent: -12, significand: 1)...Decimal(
        sign: .plus, exponent: 12, significand: 1),
    meaning: .between("0.000000000001", "1000000000000"))

  /// Mind-log scores.
  public static let score = Limit<Decimal>(MindLog.scoreRange, meaning: .between("0", "10"))

  /// The largest conversion result Pocket shows: 10^30, so that the result rounded
  /// to cents is exact within `Decimal`'s 38 digits and fits a line.
  public static let conversionResult = Limit<Decimal>(
    0...Decimal(sign: .plus, exponent: 30, significand: 1), meaning: .atMost("10^30"))
}
