import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// The mind log's view model: entries for another day, the mood of the last days.
@Suite("The mind log's days and mood")
@MainActor
struct MoodViewModelTests {
  let clock = ManualClock()  // starts at Fixtures.referenceDate, 2026-11-29 01:32 UTC
  let store = InMemoryStore().repositories
  let utc = TimeZone(identifier: "UTC") ?? .gmt

  func viewModel() -> MindLogViewModel {
    let timeline = Timeline.manual(clock)
    return MindLogViewModel(
      mindLogs: store.mindLogs, now: { timeline.now() }, language: .en, timeZone: utc)
  }

  @Test func anEntryForYesterdayGoesBelowTodaysAndIntoYesterdaysColumn() async {
    let viewModel = viewModel()
    await viewModel.add(score: "8", note: "today")
    await viewModel.add(score: "4", note: "yesterday", day: .yesterday)
    #expect(viewModel.state.page.items.map(\.note) == ["today", "yesterday"])
    #expect(viewModel.state.mood.days.count == 30)
    #expect(viewModel.state.mood.days.suffix(2) == [4, 8])
    #expect(viewModel.state.mood.daysLogged == 2)
  }

  @Test func aFutureDayIsRefusedAndNothingIsAdded() async {
    let viewModel = viewModel()
    await viewModel.add(
      score: "8", note: "", day: .day(CalendarDay(year: 2026, month: 11, day: 30)))
    #expect(viewModel.state.message == .input(.futureDate("2026-11-30")))
    #expect(viewModel.state.page.total == 0)
  }

  @Test func editMovesAnEntryToAnotherDay() async {
    let viewModel = viewModel()
    await viewModel.add(score: "8", note: "walk")
    await viewModel.edit(
      number: 1, score: "8", note: nil, day: .day(CalendarDay(year: 2026, month: 11, day: 20)))
    #expect(viewModel.state.mood.days.last == .some(nil))
    #expect(viewModel.state.mood.days[20] == 8)  // 2026-10-31 ... 2026-11-29: day 21 is 11-20
  }

  @Test func aLongerSpanShowsMoreDays() async {
    let viewModel = viewModel()
    await viewModel.add(score: "6", note: "", day: .day(CalendarDay(year: 2026, month: 9, day: 1)))
    await viewModel.show(days: 90)
    #expect(viewModel.state.mood.days.count == 90)
    #expect(viewModel.state.mood.daysLogged == 1)
    await viewModel.show(days: 30)
    #expect(viewModel.state.mood.daysLogged == 0)
  }
}
