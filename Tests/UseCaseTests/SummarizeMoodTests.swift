import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// The mood picture's numbers: one bucket per local calendar day, means of the days.
@Suite("Summarizing the mood by day")
struct SummarizeMoodTests {
  static func calendar(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    guard let timeZone = TimeZone(identifier: zone) else {
      preconditionFailure("no time zone \(zone)")
    }
    calendar.timeZone = timeZone
    return calendar
  }

  /// A moment given as local wall time in `calendar`'s zone.
  static func at(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, in calendar: Calendar
  ) -> Date {
    guard
      let date = calendar.date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
    else { preconditionFailure("no such time") }
    return date
  }

  static func entry(_ score: Decimal, _ date: Date) -> MindLog {
    MindLog(id: 0, date: date, score: score, note: "")
  }

  let newYork = calendar("America/New_York")

  @Test func daysWithSeveralEntriesShowTheirMeanAndBlankDaysStayBlank() {
    let entries = [
      Self.entry(4, Self.at(2026, 11, 30, 8, in: newYork)),
      Self.entry(7, Self.at(2026, 11, 30, 21, in: newYork)),
      Self.entry(9, Self.at(2026, 11, 28, 0, 1, in: newYork)),
      Self.entry(1, Self.at(2026, 11, 20, 12, in: newYork)),  // before the span
    ]
    let summary = MoodSummary.of(
      entries, days: 4, endingAt: Self.at(2026, 11, 30, 23, 59, in: newYork), in: newYork)
    #expect(summary.days == [nil, 9, nil, 5.5])
    #expect(summary.daysLogged == 2)
    #expect(summary.mean == 7.25)
    #expect(summary.lastWeekMean == 7.25)
  }

  @Test func theSevenDayMeanTakesOnlyTheLastSevenDays() {
    let now = Self.at(2026, 11, 30, 12, in: newYork)
    let entries = [
      Self.entry(10, Self.at(2026, 11, 1, 12, in: newYork)),
      Self.entry(2, Self.at(2026, 11, 24, 12, in: newYork)),
      Self.entry(3, Self.at(2026, 11, 23, 12, in: newYork)),  // 8 days ago: not in the week
    ]
    let summary = MoodSummary.of(entries, days: 30, endingAt: now, in: newYork)
    #expect(summary.days.count == 30)
    #expect(summary.lastWeekMean == 2)
    #expect(summary.mean == 5)
    #expect(summary.daysLogged == 3)
  }

  @Test(arguments: [(2026, 3, 8), (2026, 11, 1)])
  func aDayOfADSTChangeIsOneBucketAndItsNeighboursStayApart(
    year: Int, month: Int, day: Int
  ) {
    // 23 or 25 hours long: the entries just after midnight and just before the next
    // midnight fall on the same day, the ones a minute outside on the days around it.
    let entries = [
      Self.entry(1, Self.at(year, month, day - 1, 23, 59, in: newYork)),
      Self.entry(4, Self.at(year, month, day, 0, 1, in: newYork)),
      Self.entry(6, Self.at(year, month, day, 23, 59, in: newYork)),
      Self.entry(8, Self.at(year, month, day + 1, 0, 1, in: newYork)),
    ]
    let summary = MoodSummary.of(
      entries, days: 3, endingAt: Self.at(year, month, day + 1, 12, in: newYork), in: newYork)
    #expect(summary.days == [1, 5, 8])
  }

  @Test func theSameEntriesFallOnTheDaysOfTheTimeZoneTheUserIsIn() {
    let seoul = Self.calendar("Asia/Seoul")
    // 2026-11-29 20:00 in New York is 2026-11-30 10:00 in Seoul; the user who moves
    // from one to the other sees it move a day.
    let entries = [Self.entry(6, Self.at(2026, 11, 29, 20, in: newYork))]
    let now = Self.at(2026, 11, 30, 8, in: newYork)  // 2026-11-30 22:00 in Seoul
    #expect(MoodSummary.of(entries, days: 2, endingAt: now, in: newYork).days == [6, nil])
    #expect(MoodSummary.of(entries, days: 2, endingAt: now, in: seoul).days == [nil, 6])
  }

  @Test func theUseCaseReadsThePagesItNeedsFromTheStore() async throws {
    let store = InMemoryStore().repositories
    let now = Self.at(2026, 11, 30, 12, in: newYork)
    for back in 0..<5 {
      _ = try await store.mindLogs.insert(
        date: now.addingTimeInterval(Double(-back) * 86_400), score: Decimal(back), note: "")
    }
    let summarize = SummarizeMood(mindLogs: store.mindLogs, now: { now }, calendar: newYork)
    let summary = try await summarize(days: 3)
    #expect(summary.days == [2, 1, 0])
    #expect(summary.daysLogged == 3)
  }

  @Test func addStoresAPastDayAtNoonTodayAtNowAndRefusesTheFuture() async throws {
    let store = InMemoryStore().repositories
    let now = Self.at(2026, 11, 30, 0, 30, in: newYork)
    let add = AddMindLog(mindLogs: store.mindLogs, now: { now }, calendar: newYork)
    let yesterday = try await add(score: 3, note: "", day: .yesterday)
    #expect(yesterday.date == Self.at(2026, 11, 29, 12, in: newYork))
    let today = try await add(score: 4, note: "", day: .today)
    #expect(today.date == now)
    let nov1 = try await add(
      score: 5, note: "", day: .day(CalendarDay(year: 2026, month: 11, day: 1)))
    #expect(nov1.date == Self.at(2026, 11, 1, 12, in: newYork))
    await #expect(throws: DomainError.invalidInput(.futureDate("2026-12-01"))) {
      try await add(score: 5, note: "", day: .day(CalendarDay(year: 2026, month: 12, day: 1)))
    }
    // Entries stay newest first by date, wherever the date puts them.
    let page = try await store.mindLogs.entries(offset: 0, limit: 10)
    #expect(page.items.map(\.score) == [4, 3, 5])
  }

  @Test func editMovesAnEntryToAnotherDayOrKeepsItsDate() async throws {
    let store = InMemoryStore().repositories
    let now = Self.at(2026, 11, 30, 9, in: newYork)
    let entry = try await AddMindLog(mindLogs: store.mindLogs, now: { now }, calendar: newYork)(
      score: 3, note: "a")
    let update = UpdateMindLog(mindLogs: store.mindLogs, now: { now }, calendar: newYork)
    #expect(try await update(entry, score: 4, note: "b").item.date == now)
    let moved = try await update(entry, score: 4, note: "b", day: .yesterday).item
    #expect(moved.date == Self.at(2026, 11, 29, 12, in: newYork))
    await #expect(throws: DomainError.invalidInput(.futureDate("2027-01-01"))) {
      try await update(
        entry, score: 4, note: "b", day: .day(CalendarDay(year: 2027, month: 1, day: 1)))
    }
  }
}
