import Foundation
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

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
    // The Korean long date the chat's day lines print, its weekday after it or not.
    ("add --date 2026년 11월 28일 7 walk", nov28), ("add --date 2026년11월28일 7 walk", nov28),
    ("add --date 2026년 11월 28일 토요일 7 walk", nov28),
    ("add --date \"2026년 11월 28일 (토)\" 7 walk", nov28),
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
    ("add --date tomorrow 7", "tomorrow"), ("add --date 2026/11/28 7", "2026/11/28"),
    ("add --date 2026.. 11. 28. 7", "2026.."), ("add --date", ""),
    ("edit 1 --date 모레 7", "모레"), ("add --date 26-11-28 7", "26-11-28"),
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

  /// Each form as one word (one quoted shell argument) and as the words it may be typed in,
  /// on the command line and typed in a session, quoted as a shell would be or not.
  @Test(arguments: [
    ["2026. 11. 28."], ["2026.", "11.", "28."], ["2026.11.28."], ["2026.11.28"],
    ["2026. 11. 28"], ["2026.", "11.", "28"], ["2026-11-28"], ["11/28/2026"],
    ["2026.11.", "28."],
  ])
  func everyFormIsReadAsOneArgumentAndAsWords(date: [String]) throws {
    let expected = Command.add(score: "5", note: "x", date: Self.nov28)
    #expect(try CommandParser.parse(words: ["add", "--date"] + date + ["5", "x"]) == expected)
    let typed = date.joined(separator: " ")
    #expect(try CommandParser.parse("add --date \(typed) 5 x") == expected)
    #expect(try CommandParser.parse("add --date \"\(typed)\" 5 x") == expected)
    #expect(
      try CommandParser.parse(words: ["edit", "2", "--date"] + date + ["8"])
        == .edit(number: 2, text: "8", score: "8", note: nil, date: Self.nov28))
    #expect(
      try CommandParser.parse(words: ["mindlog", "--to"] + date)
        == .mindLogSpan(days: nil, through: Self.nov28))
  }

  /// A date written right that the calendar does not have is named as such, at every door
  /// a date comes in by, in both languages.
  @Test(arguments: [
    (
      "add --date 2026-11-31 7 x", "add", "2026-11-31", "November 2026 has 30 days",
      "2026년 11월은 30일까지"
    ),
    (
      "edit 1 --date 2026-02-29 7", "edit", "2026-02-29", "February 2026 has 28 days",
      "2026년 2월은 28일까지"
    ),
    (
      "mindlog --to 2026. 4. 31.", "mindlog", "2026. 4. 31.", "April 2026 has 30 days",
      "2026년 4월은 30일까지"
    ),
    (
      "add --date 11/31/2026 7", "add", "11/31/2026", "November 2026 has 30 days",
      "2026년 11월은 30일까지"
    ),
    ("add --date 28/11/2026 7", "add", "28/11/2026", "there is no month 28", "28월은 없습니다"),
    ("edit 1 --date 2026. 13. 1. 7", "edit", "2026. 13. 1.", "there is no month 13", "13월은 없습니다"),
    ("mindlog --to 0000-01-01", "mindlog", "0000-01-01", "years run from 1 to 9999", "1부터 9999까지"),
  ])
  func aDayNotOnTheCalendarIsNamedSo(
    line: String, command: String, typed: String, english: String, korean: String
  ) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(line) }
    guard case .noSuchDay(let named, let text, _)? = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(named == command && text == typed)
    let englishText = error?.text(.en) ?? ""
    let koreanText = error?.text(.ko) ?? ""
    #expect(englishText.hasPrefix("'\(typed)' is not a day on the calendar: \(english)"))
    #expect(!englishText.contains("today or before"))
    #expect(koreanText.hasPrefix("'\(typed)'"))
    #expect(koreanText.contains("달력에 없는 날짜입니다: "))
    #expect(koreanText.contains(korean))
  }

  /// The one-shot command of the issue: one quoted argument, in Korean, adds the entry.
  @Test func aQuotedKoreanDateAddsTheEntry() throws {
    let pocket = try PocketProcess(store: "memory")
    defer { pocket.remove() }
    let run = try pocket.run(["add", "--date", "2026. 11. 28.", "5", "x"], lang: "ko")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("2026. 11. 28."))
    let session = try pocket.run(
      [], input: "add --date \"2026. 11. 27.\" 6 y\nadd --date 2026. 11. 26 4 z\n",
      lang: "ko")
    #expect(session.status == 0, "\(session.stderr)")
    #expect(session.stdout.contains("2026. 11. 27.") && session.stdout.contains("2026. 11. 26."))
    let missing = try pocket.run(["add", "--date", "2026-11-31", "5", "x"], lang: "ko")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("'2026-11-31'은 달력에 없는 날짜입니다"))
  }

  /// One kind of mistake, one status: a date written right that the calendar does not have
  /// is refused (exit 1) as a day after today is, through every command that takes a date
  /// and in every form, one-shot and in a session; only text that writes no date is a usage
  /// error (exit 2). The statuses and reasons are written out by hand.
  @Test func aDayNotOnTheCalendarIsRefusedAsAFutureDayIs() throws {
    let pocket = try PocketProcess(store: "memory")
    defer { pocket.remove() }
    let cases: [(arguments: [String], lang: String, status: Int32, says: String)] = [
      (["add", "--date", "2026-02-29", "5", "x"], "en", 1, "February 2026 has 28 days"),
      (["add", "--date", "2026-11-31", "5", "x"], "en", 1, "November 2026 has 30 days"),
      (["add", "--date", "2026-13-01", "5", "x"], "en", 1, "there is no month 13"),
      (["add", "--date", "0000-01-01", "5", "x"], "en", 1, "years run from 1 to 9999"),
      (["add", "--date", "02/30/2026", "5", "x"], "en", 1, "February 2026 has 28 days"),
      (["add", "--date", "2026. 2. 30.", "5", "x"], "ko", 1, "2026년 2월은 28일까지"),
      (["add", "--date", "2026.", "4.", "31", "5", "x"], "ko", 1, "2026년 4월은 30일까지"),
      (["edit", "1", "--date", "2026-02-29", "5"], "en", 1, "February 2026 has 28 days"),
      (["mindlog", "--to", "2026-11-31"], "en", 1, "November 2026 has 30 days"),
      (["mindlog", "--to", "2026. 13. 1."], "ko", 1, "13월은 없습니다"),
      // The other days out of range, for comparison: the same status.
      (["add", "--date", "2028-02-29", "5", "x"], "en", 1, "in the future"),
      (["add", "--date", "9999-12-31", "5", "x"], "en", 1, "in the future"),
      // A text that writes no date is the usage error.
      (["add", "--date", "abc", "5", "x"], "en", 2, "'abc'"),
      (["add", "--date", "2026-2-299", "5", "x"], "en", 2, "'2026-2-299'"),
    ]
    for (arguments, lang, status, says) in cases {
      let run = try pocket.run(arguments, lang: lang)
      #expect(run.status == status, "\(arguments): \(run.stderr)")
      #expect(run.stderr.contains(says), "\(arguments): \(run.stderr)")
      #expect(run.stdout.isEmpty, "\(arguments)")
    }
    // In a session: the first command not done gives the status, with --bail too.
    let session = try pocket.run(["--bail"], input: "add --date 2026-02-29 5 x\nadd 5 y\n")
    #expect(session.status == 1, "\(session.stderr)")
    #expect(session.stderr.contains("'2026-02-29' is not a day on the calendar"))
  }

  @Test func mindlogTakesASpanOfDays() throws {
    #expect(try CommandParser.parse("mindlog --days 90") == .mindLogSpan(days: 90, through: nil))
    #expect(try CommandParser.parse("mindlog") == .mindLog)
    for line in ["mindlog --days 0", "mindlog --days x", "mindlog --days", "mindlog 90"] {
      #expect(throws: UsageError.self) { try CommandParser.parse(line) }
    }
  }
}
