import Foundation
import PocketDomain

/// The forms `--date` reads, in either language (they cannot be mistaken for each
/// other): `2026-11-28`, `11/28/2026`, `2026. 11. 28.` (the Korean short date: its last dot
/// may be left out, and blanks after the dots too), `2026년 12월 1일` (the Korean long date
/// the chat's day lines print, blanks anywhere, its weekday after it or not), today and
/// yesterday (`TypedWords`). A
/// form may come as one word (`"2026. 11. 28."`, quoted in a shell) or as several
/// (`2026. 11. 28.`), and inside a pair of quotes (a shell's quotes typed in a session).
/// Whether the day is past is for the use case, which knows the clock.
enum DateWords {
  /// What a text read as a date came to.
  enum Reading: Equatable {
    case day(EntryDay)
    /// Written as a date, but the calendar has no such day.
    case noSuchDay(UsageError.DayProblem)
  }

  /// The day `words` (joined by a blank) write; `nil` when they write no date.
  static func parse(_ words: [String]) -> Reading? {
    var text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote)
    {
      text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
    }
    let lowered = text.lowercased()
    if TypedWords.today.contains(lowered) { return .day(.today) }
    if TypedWords.yesterday.contains(lowered) { return .day(.yesterday) }
    if let numbers = numbers(text, separator: "-", widths: [4, 2, 2]) {
      return day(year: numbers[0], month: numbers[1], day: numbers[2])
    }
    if let numbers = numbers(text, separator: "/", widths: [2, 2, 4]) {
      return day(year: numbers[2], month: numbers[0], day: numbers[1])
    }
    let korean = text.hasSuffix(".") ? String(text.dropLast()) : text
    if let numbers = numbers(korean, separator: ".", widths: [4, 2, 2]) {
      return day(year: numbers[0], month: numbers[1], day: numbers[2])
    }
    if let numbers = koreanLong(text) {
      return day(year: numbers[0], month: numbers[1], day: numbers[2])
    }
    return nil
  }

  /// The year, month and day of `2026년 12월 1일` (blanks anywhere; a weekday after it,
  /// `월요일` or `(월)`, left out), as `numbers` reads them; `nil` for any other text.
  private static func koreanLong(_ text: String) -> [Int]? {
    var compact = text.filter { !$0.isWhitespace }
    if isKoreanWeekday(String(compact.suffix(3))) { compact = String(compact.dropLast(3)) }
    guard compact.hasSuffix("일"), let year = compact.firstIndex(of: "년"),
      let month = compact.firstIndex(of: "월"), year < month
    else { return nil }
    let parts = [
      compact[..<year], compact[compact.index(after: year)..<month],
      compact[compact.index(after: month)..<compact.index(before: compact.endIndex)],
    ]
    return numbers(parts.joined(separator: "."), separator: ".", widths: [4, 2, 2])
  }

  /// Three numbers of ASCII digits between `separator`s, blanks allowed around each; the
  /// year exactly 4 digits, a month or day 1 or 2 (`widths` gives each part's most digits,
  /// 4 meaning exactly 4).
  private static func numbers(_ text: String, separator: Character, widths: [Int]) -> [Int]? {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    for (part, width) in zip(parts, widths) {
      guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }),
        width == 4 ? part.count == 4 : part.count <= width, let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    return numbers
  }

  /// Whether `word` is a weekday as a Korean date writes it after the day: `월요일`, `(월)`.
  static func isKoreanWeekday(_ word: String) -> Bool {
    let letters = Array(word)
    guard letters.count == 3 else { return false }
    let named = "월화수목금토일".contains(letters[0]) && letters[1] == "요" && letters[2] == "일"
    let short = letters[0] == "(" && "월화수목금토일".contains(letters[1]) && letters[2] == ")"
    return named || short
  }

  /// A day the Gregorian calendar has (no February 30), from year 1 to 9999.
  private static func day(year: Int, month: Int, day: Int) -> Reading {
    guard (1...9999).contains(year) else { return .noSuchDay(.year(year)) }
    guard (1...12).contains(month) else { return .noSuchDay(.month(month)) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let candidate = CalendarDay(year: year, month: month, day: day)
    guard candidate.exists(in: calendar) else {
      let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))
      let days = first.flatMap { calendar.range(of: .day, in: .month, for: $0)?.count } ?? 31
      return .noSuchDay(.day(year: year, month: month, days: days))
    }
    return .day(.day(candidate))
  }
}
