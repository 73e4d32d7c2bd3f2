import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// `mindlog [--days N] [--to DATE]`: the mood picture ending on any day, as typed, through
/// the session (the live view's selection runs the same command) and on screen.
@Suite("The mood picture ending on a chosen day, as a command")
@MainActor
struct MoodSpanCommandTests {
  nonisolated static let nov28 = EntryDay.day(CalendarDay(year: 2026, month: 11, day: 28))
  let utc = TimeZone(identifier: "UTC") ?? .gmt

  // MARK: Parsing

  @Test(
    arguments: [
      ("mindlog --to 2026-11-28", nil, nov28),
      ("mindlog --to 11/28/2026", nil, nov28),
      ("mindlog --to 2026. 11. 28.", nil, nov28),
      ("mindlog --to yesterday", nil, .yesterday),
      ("mindlog --to 어제", nil, .yesterday),
      ("mindlog --to Today", nil, .today),
      ("mindlog --to 오늘", nil, .today),
      ("mindlog --days 90 --to 2026. 11. 28.", 90, nov28),
      ("mindlog --to 2026. 11. 28. --days 7", 7, nov28),
      ("mindlog --days 90", 90, nil),
    ] as [(String, Int?, EntryDay?)])
  func mindlogReadsADayInEveryFormOfDate(line: String, days: Int?, day: EntryDay?) throws {
    #expect(try CommandParser.parse(line) == .mindLogSpan(days: days, through: day))
  }

  @Test func oneShotWordsReadTheKoreanShortDateAfterTo() throws {
    #expect(
      try CommandParser.parse(words: ["mindlog", "--to", "2026.", "11.", "28.", "--days", "7"])
        == .mindLogSpan(days: 7, through: Self.nov28))
  }

  @Test(arguments: [
    ("mindlog --to tomorrow", "tomorrow"), ("mindlog --to 2026/11/28", "2026/11/28"),
    ("mindlog --to", ""),
    ("mindlog --days 7 --to 모레", "모레"),
  ])
  func anUnreadableDayIsRefusedWithTheFormsOfDate(line: String, typed: String) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(line) }
    #expect(error == .badDate(command: "mindlog", text: typed))
    let english = error?.text(.en) ?? ""
    let korean = error?.text(.ko) ?? ""
    #expect(english.hasPrefix("'--to' needs a day today or before, not '\(typed)'"))
    #expect(korean.hasPrefix("'--to' 뒤에는 오늘이나 그 전의 날짜가 와야 합니다."))
    for form in ["2026-11-28", "11/28/2026", "2026. 11. 28.", "yesterday"] {
      #expect(english.contains(form))
    }
    for form in ["2026-11-28", "2026. 11. 28.", "어제", "오늘"] { #expect(korean.contains(form)) }
    #expect(english.hasSuffix("Usage: mindlog [--days N] [--to DATE]"))
    #expect(korean.hasSuffix("사용법: mindlog [--days N] [--to DATE]"))
  }

  @Test(arguments: [
    ("mindlog --days 7 --days 8", "--days"), ("mindlog --to today --to yesterday", "--to"),
    ("mindlog --to today 7", "7"), ("mindlog --date today", "--date"),
    ("mindlog --days 1101", "1101"),
  ])
  func otherWordsOrAFlagTwiceAreRefused(line: String, typed: String) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(line) }
    #expect(error == .badDays(text: typed))
    #expect(
      error?.text(.en)
        == "'mindlog' takes only --days N, N a number of days from 1 to 1100, and --to DATE, "
        + "each once, not '\(typed)'. Usage: mindlog [--days N] [--to DATE]")
    // The placeholders are help's, in both languages.
    #expect(error?.text(.ko).contains("--days N(N은 1부터 1100까지의 일수)과 --to DATE만") == true)
  }

  @Test func helpNamesToInBothLanguages() {
    #expect(
      HelpText.text(for: "mindlog", language: .en, base: "USD") == """
        mindlog [--days N] [--to DATE]
          Show the mind log, its mood over N days (30 unless told) to DATE (today unless told)
          N: 1 to 1100 days (mindlog --days 7). DATE: as for add
          (2026-11-28, 2026년 11월 28일, yesterday); the picture ends on that day.

        """)
    #expect(
      HelpText.text(for: "mindlog", language: .ko, base: "USD") == """
        mindlog [--days N] [--to DATE]
          마음 일기와, DATE(기본 오늘)까지 N일(기본 30일)의 기분을 봅니다
          N: 1부터 1100일까지 (mindlog --days 7). DATE: add와 같은 꼴
          (2026-11-28, 2026년 11월 28일, 어제); 그림이 그날에서 끝납니다.

        """)
  }

  // MARK: Through the session

  /// A session whose clock reads 2026-11-29 01:32 UTC, in UTC, holding 25 entries, one a
  /// day from 2026-11-05 to 11-29 (score: the day of the month modulo 10), so the mind
  /// log has 2 pages of 20.
  func session(_ language: Language = .en) async -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: InMemoryStore().repositories)
    let session = Session(
      store: store,
      timeline: Timeline(clock: ContinuousClock(), now: { Fixtures.referenceDate }),
      strings: Strings(language: language, timeZone: utc), rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(), archiveFiles: InMemoryArchiveFileRepository(),
      notices: SampleNotices.all)
    #expect(await session.launch() == nil)
    for day in 5...29 {
      let entry = Command.add(
        score: "\(day % 10)", note: "", date: .day(CalendarDay(year: 2026, month: 11, day: day)))
      #expect(await session.execute(entry) == .done(nil))
    }
    return session
  }

  func screen(_ session: Session, _ language: Language = .en) -> String {
    Renderer(strings: Strings(language: language, timeZone: utc)).render(session.content)
  }

  func run(_ session: Session, _ line: String) async throws -> Outcome {
    guard let command = try CommandParser.parse(line) else {
      preconditionFailure("a blank line")
    }
    return await session.execute(command)
  }

  @Test func toMovesThePictureAndLeavesThePageShown() async throws {
    let session = await session()
    #expect(try await run(session, "page 2") == .done(nil))
    #expect(try await run(session, "mindlog --to 11/20/2026") == .done(nil))
    var shown = screen(session)
    // 10-22 ... 11-20: 11-05 ... 11-20 logged (16 days); the week 11-14 ... 11-20 scores
    // 4 5 6 7 8 9 0, mean 39 / 7 = 5.57; the 16 days sum to 80.
    #expect(shown.contains("(30 days to 11/20/2026)"))
    #expect(shown.contains("7-day mean 5.6 · 30-day mean 5.0 · 16 of 30 days logged"))
    #expect(shown.contains("Page 2 of 2 · 21–25 of 25"))
    // The live view's selection runs the same command with a day it built.
    let selected = Calendar(identifier: .gregorian).date(
      from: DateComponents(timeZone: utc, year: 2026, month: 11, day: 6, hour: 12))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    let day = try #require(selected.map { CalendarDay($0, in: calendar) })
    #expect(await session.execute(.mindLogSpan(days: nil, through: .day(day))) == .done(nil))
    shown = screen(session)
    #expect(shown.contains("(30 days to 11/6/2026)"))
    #expect(shown.contains("2 of 30 days logged"))
    #expect(shown.contains("Page 2 of 2 · 21–25 of 25"))
  }

  @Test func daysShowsPageOneAndPlainMindlogGoesBackToTheLast30Days() async throws {
    let session = await session()
    #expect(try await run(session, "page 2") == .done(nil))
    #expect(try await run(session, "mindlog --days 7 --to 2026-11-20") == .done(nil))
    var shown = screen(session)
    #expect(shown.contains("(7 days to 11/20/2026)"))
    #expect(shown.contains("7-day mean 5.6 · 7 of 7 days logged"))
    #expect(shown.contains("Page 1 of 2 · 1–20 of 25"))
    #expect(try await run(session, "page 2") == .done(nil))
    #expect(try await run(session, "mindlog --to today") == .done(nil))
    shown = screen(session)
    #expect(shown.contains("(last 7 days)"))
    #expect(shown.contains("Page 2 of 2"))
    #expect(try await run(session, "mindlog") == .done(nil))
    shown = screen(session)
    #expect(shown.contains("(last 30 days)"))
    #expect(shown.contains("25 of 30 days logged"))
    #expect(shown.contains("Page 1 of 2"))
  }

  @Test func aFutureDayIsRefusedAsAddRefusesItAndTheScreenStays() async throws {
    let session = await session()
    #expect(try await run(session, "mindlog --to 2026-11-20") == .done(nil))
    let before = screen(session)
    #expect(
      try await run(session, "mindlog --to 2026-11-30")
        == .refused(.input(.futureDate("2026-11-30"))))
    #expect(
      try await run(session, "add --date 2026-11-30 5")
        == .refused(.input(.futureDate("2026-11-30"))))
    #expect(screen(session) == before)
  }

  @Test func fromAnotherScreenToOpensTheMindLogEndingThere() async throws {
    let session = await session(.ko)
    #expect(try await run(session, "chat") == .done(nil))
    #expect(try await run(session, "mindlog --to 어제") == .done(nil))
    let shown = screen(session, .ko)
    #expect(shown.contains("[마음 일기]"))
    #expect(shown.contains("(2026. 11. 28.까지 30일)"))
    #expect(shown.contains("30일 중 24일 기록"))
  }

  // MARK: On screen

  /// The golden screen's state, its picture ending the day before.
  var pastState: MindLogViewModel.State {
    var state = MoodRendererTests().state
    state.mood = MoodSummary(
      days: state.mood.days, lastDay: CalendarDay(year: 2026, month: 11, day: 28),
      endsToday: false)
    return state
  }

  @Test(arguments: ScreenRegistry.underTest)
  func aPictureEndingOnAnotherDayNamesItInEnglish(registry: ScreenRegistry) {
    #expect(
      Renderer(strings: Strings(language: .en, timeZone: utc), registry: registry).render(
        ScreenContent(pastState)) == """
          \(registry.tabLine(current: .mindLog))

          Mood  ··········▁·▂·▃·▄·▅·▆·▇·█···▅▆  (30 days to 11/28/2026)
          7-day mean 7.8 · 30-day mean 5.5 · 10 of 30 days logged

          1  11/29/2026  7.5  sunny walk
          2  11/29/2026  7

          Commands: add [--date DATE] SCORE NOTE · edit N SCORE [NOTE] · delete N · more · page N · mindlog --days N · help

          """)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func aPictureEndingOnAnotherDayNamesItInKorean(registry: ScreenRegistry) {
    #expect(
      Renderer(strings: Strings(language: .ko, timeZone: utc), registry: registry).render(
        ScreenContent(pastState)) == """
          \(registry.tabLine(current: .mindLog, .ko))

          기분  ··········▁·▂·▃·▄·▅·▆·▇·█···▅▆  (2026. 11. 28.까지 30일)
          7일 평균 7.8 · 30일 평균 5.5 · 30일 중 10일 기록

          1  2026. 11. 29.  7.5  sunny walk
          2  2026. 11. 29.  7

          명령: add [--date DATE] SCORE NOTE · edit N SCORE [NOTE] · delete N · more · page N · mindlog --days N · 도움말 help

          """)
  }

  @Test func theDayIsTheCalendarDayInTheScreensTimeZone() {
    // 2026-11-28 named in Seoul is still 2026-11-28, not the UTC day of some instant.
    let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    let strings = Strings(language: .en, timeZone: seoul)
    #expect(strings.moodSpan(pastState.mood) == "(30 days to 11/28/2026)")
    let kiritimati = TimeZone(identifier: "Pacific/Kiritimati") ?? .gmt
    #expect(
      Strings(language: .ko, timeZone: kiritimati).moodSpan(pastState.mood)
        == "(2026. 11. 28.까지 30일)")
  }
}
