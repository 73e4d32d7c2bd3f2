import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// The mood picture can end on any day (the live view's selection): entries after it are
/// not counted, the 7-day mean is the week ending on it, and a day after today is today.
@Suite("A mood span that ends on a given day")
struct MoodSpanEndTests {
  let newYork = SummarizeMoodTests.calendar("America/New_York")

  func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
    SummarizeMoodTests.at(year, month, day, hour, minute, in: newYork)
  }

  /// A store holding `entries` (score, date) and the use case over it, its clock at `now`.
  func summarize(_ entries: [(Decimal, Date)], now: Date) async throws -> SummarizeMood {
    let store = InMemoryStore().repositories
    for (score, date) in entries {
      _ = try await store.mindLogs.insert(date: date, score: score, note: "")
    }
    return SummarizeMood(mindLogs: store.mindLogs, now: { now }, calendar: newYork)
  }

  @Test func aSpanEndingInThePastLeavesOutTheEntriesAfterIt() async throws {
    let now = at(2026, 11, 30, 9)
    var entries: [(Decimal, Date)] = [
      (2, at(2026, 11, 10, 8)),  // before the span
      (4, at(2026, 11, 11, 8)),  // the span's first day
      (6, at(2026, 11, 17, 7)),  // 8 days before its end: not in the week
      (8, at(2026, 11, 18, 12)), (3, at(2026, 11, 20, 0, 1)), (5, at(2026, 11, 20, 23, 59)),
      (10, at(2026, 11, 21, 0, 1)),  // the day after the span's end
    ]
    // Pages of entries after the span (60 a day), which must not count either.
    for day in 21...30 {
      for minute in 0..<60 { entries.append((9, at(2026, 11, day, 1, minute))) }
    }
    let summarize = try await summarize(entries, now: now)
    let mood = try await summarize(days: 10, endingOn: at(2026, 11, 20, 15))
    #expect(mood.lastDay == CalendarDay(year: 2026, month: 11, day: 20))
    #expect(!mood.endsToday)
    #expect(mood.days == [4, nil, nil, nil, nil, nil, 6, 8, nil, 4])
    #expect(mood.lastWeekMean == 6)  // 11-14 ... 11-20: the days 8 and 4
    #expect(mood.mean == 5.5)
    #expect(mood.daysLogged == 4)
  }

  @Test func aSpanEndingOnTheDayOfADSTChangeTakesThatWholeDayAndNotTheNext() async throws {
    // 2026-11-01 is 25 hours long in New York; the picture is read a month later.
    let summarize = try await summarize(
      [
        (1, at(2026, 10, 30, 12)), (4, at(2026, 11, 1, 0, 1)), (6, at(2026, 11, 1, 23, 59)),
        (9, at(2026, 11, 2, 0, 1)), (9, at(2026, 11, 20, 12)),
      ], now: at(2026, 11, 30, 12))
    let mood = try await summarize(days: 3, endingOn: at(2026, 11, 1, 23, 30))
    #expect(mood.days == [1, nil, 5])
    #expect(mood.lastDay == CalendarDay(year: 2026, month: 11, day: 1))
  }

  @Test func aWeekEndingAcrossTheSpringChangeHasSevenDays() async throws {
    // 2026-03-08 is 23 hours long; the week 03-04 ... 03-10 spans it, read in summer.
    let summarize = try await summarize(
      [
        (3, at(2026, 3, 3, 23, 59)),  // the day before the week
        (5, at(2026, 3, 4, 0, 1)), (7, at(2026, 3, 8, 3)), (9, at(2026, 3, 10, 23, 59)),
        (1, at(2026, 3, 11, 0, 1)),  // the day after it
      ], now: at(2026, 7, 1, 12))
    let mood = try await summarize(days: 7, endingOn: at(2026, 3, 10, 1))
    #expect(mood.days == [5, nil, nil, nil, 7, nil, 9])
    #expect(mood.lastWeekMean == 7)
    #expect(!mood.endsToday)
  }

  @Test func endingTodayOrLaterIsTheSpanOfTheLastDays() async throws {
    let now = at(2026, 11, 30, 9)
    let summarize = try await summarize(
      [(8, at(2026, 11, 30, 8)), (2, at(2026, 11, 28, 12))], now: now)
    let today = try await summarize(days: 3)
    #expect(today.days == [2, nil, 8])
    #expect(today.lastDay == CalendarDay(year: 2026, month: 11, day: 30))
    #expect(today.endsToday)
    #expect(try await summarize(days: 3, endingOn: now) == today)
    #expect(try await summarize(days: 3, endingOn: at(2026, 11, 30, 23, 59)) == today)
    // A day after today is clamped to today.
    #expect(try await summarize(days: 3, endingOn: at(2027, 1, 5, 12)) == today)
  }

  @Test func anEmptyStoreOrASpanBeforeEveryEntryHasNoDaysLogged() async throws {
    let empty = try await summarize([], now: at(2026, 11, 30, 9))
    let none = try await empty(days: 5, endingOn: at(2026, 11, 2, 9))
    #expect(none.days == [nil, nil, nil, nil, nil])
    #expect(none.lastWeekMean == nil)
    let later = try await summarize([(5, at(2026, 11, 29, 9))], now: at(2026, 11, 30, 9))
    #expect(try await later(days: 5, endingOn: at(2026, 11, 2, 9)).daysLogged == 0)
  }
}
