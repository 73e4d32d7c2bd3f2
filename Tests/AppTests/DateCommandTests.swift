import Domain
import Foundation
import Presentation
import Testing

@testable import App

/// `add --date`, `edit N --date` and `mindlog --days` as typed.
@Suite("Dates and spans on the mind log's commands")
struct DateCommandTests {
  static let nov28 = EntryDay.day(CalendarDay(year: 2026, month: 11, day: 28))

  @Test(arguments: [
    ("add --date 2026-11-28 7 walk", nov28),
    ("add --date 11/28/2026 7 walk", nov28),
    ("add --date 2026. 11. 28. 7 walk", nov28),
    ("add --date yesterday 7 walk", .yesterday),
    ("add --date 어제 7 walk", .yesterday),
    ("add --date today 7 walk", .today),
    ("add --date 오늘 7 walk", .today),
    ("add --date Yesterday 7 walk", .yesterday),
  ])
  func addReadsEveryDateForm(line: String, day: EntryDay) throws {
    #expect(try CommandParser.parse(line) == .add(score: "7", note: "walk", date: day))
  }

  @Test func oneShotWordsReadTheKoreanShortDateToo() throws {
    #expect(
      try CommandParser.parse(words: ["add", "--date", "2026.", "11.", "28.", "5", "비", "옴"])
        == .add(score: "5", note: "비 옴", date: Self.nov28))
  }

  @Test func withoutDateAddIsForToday() throws {
    #expect(try CommandParser.parse("add 7 walk") == .add(score: "7", note: "walk", date: nil))
  }

  @Test func editReadsTheDateBeforeTheScore() throws {
    #expect(
      try CommandParser.parse("edit 2 --date 2026. 11. 28. 8 long walk")
        == .edit(number: 2, text: "8 long walk", score: "8", note: "long walk", date: Self.nov28))
    #expect(
      try CommandParser.parse("edit 2 --date 어제 8")
        == .edit(number: 2, text: "8", score: "8", note: nil, date: .yesterday))
  }

  @Test(arguments: [
    ("add --date tomorrow 7", "tomorrow"), ("add --date 2026-02-30 7", "2026-02-30"),
    ("add --date 28/11/2026 7", "28/11/2026"), ("add --date 2026/11/28 7", "2026/11/28"),
    ("add --date 2026. 13. 1. 7", "2026."), ("add --date", ""),
    ("edit 1 --date 모레 7", "모레"),
  ])
  func unreadableDatesAreRefusedWithTheFormsInBothLanguages(line: String, typed: String) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(line) }
    let english = error?.text(.en) ?? ""
    let korean = error?.text(.ko) ?? ""
    #expect(english.contains("'\(typed)'"))
    for form in ["2026-11-28", "11/28/2026", "2026. 11. 28.", "yesterday"] {
      #expect(english.contains(form))
    }
    for form in ["2026-11-28", "2026. 11. 28.", "어제", "오늘"] { #expect(korean.contains(form)) }
  }

  @Test func mindlogTakesASpanOfDays() throws {
    #expect(try CommandParser.parse("mindlog --days 90") == .mindLogSpan(days: 90, through: nil))
    #expect(try CommandParser.parse("mindlog") == .mindLog)
    for line in ["mindlog --days 0", "mindlog --days x", "mindlog --days", "mindlog 90"] {
      #expect(throws: UsageError.self) { try CommandParser.parse(line) }
    }
  }
}
