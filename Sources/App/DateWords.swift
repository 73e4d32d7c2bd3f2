import Domain
import Foundation

/// The forms `--date` reads, in either language (they cannot be mistaken for each
/// other): `2026-11-28`, `11/28/2026`, `2026. 11. 28.` (as three words), today and
/// yesterday (`TypedWords`). Whether the day is past is for the use case, which knows the clock.
enum DateWords {
  static func parse(_ words: [String]) -> EntryDay? {
    if words.count == 1 {
      let lowered = words[0].lowercased()
      if TypedWords.today.contains(lowered) { return .today }
      if TypedWords.yesterday.contains(lowered) { return .yesterday }
      let word = words[0]
      if let numbers = numbers(word, separator: "-"), word.count == 10 {
        return day(year: numbers[0], month: numbers[1], day: numbers[2])
      }
      if let numbers = numbers(word, separator: "/"), word.split(separator: "/")[2].count == 4 {
        return day(year: numbers[2], month: numbers[0], day: numbers[1])
      }
      return nil
    }
    guard words.count == 3, words.allSatisfy({ $0.hasSuffix(".") }) else { return nil }
    let parts = words.map { Int($0.dropLast()) }
    guard let year = parts[0], let month = parts[1], let day = parts[2],
      words[0].count == 5
    else { return nil }
    return Self.day(year: year, month: month, day: day)
  }

  private static func numbers(_ word: String, separator: Character) -> [Int]? {
    let parts = word.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    return numbers.count == 3 ? numbers : nil
  }

  /// A day the Gregorian calendar has (no February 30), from year 1 to 9999.
  private static func day(year: Int, month: Int, day: Int) -> EntryDay? {
    guard (1...9999).contains(year) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    let candidate = CalendarDay(year: year, month: month, day: day)
    return candidate.exists(in: calendar) ? .day(candidate) : nil
  }
}
