import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// The mood picture following a day (the live view's selection) without moving the list.
@Suite("The mood picture ending on a chosen day")
@MainActor
struct MoodSpanViewModelTests {
  let clock = ManualClock()  // starts at Fixtures.referenceDate, 2026-11-29 01:32 UTC
  let store = InMemoryStore().repositories
  let utc = TimeZone(identifier: "UTC") ?? .gmt
  static let nov20 = CalendarDay(year: 2026, month: 11, day: 20)
  static let nov29 = CalendarDay(year: 2026, month: 11, day: 29)

  func viewModel() -> MindLogViewModel {
    let timeline = Timeline.manual(clock)
    return MindLogViewModel(
      mindLogs: store.mindLogs, now: { timeline.now() }, language: .en, pageSize: 5,
      timeZone: utc)
  }

  /// A view model over 11 entries, one a day from 2026-11-19 to 2026-11-29 (score: the
  /// day of the month minus 19, so 11-20 scores 1 and today 10), showing page 2 of 3.
  func onPageTwo() async -> MindLogViewModel {
    let viewModel = viewModel()
    for day in 19...29 {
      await viewModel.add(
        score: "\(day - 19)", note: "",
        day: .day(CalendarDay(year: 2026, month: 11, day: day)))
    }
    await viewModel.showPage(2)
    #expect(viewModel.state.page.total == 11)
    return viewModel
  }

  @Test func thePictureEndsOnTheDayGivenAndThePageShownStays() async {
    let viewModel = await onPageTwo()
    let page = viewModel.state.page
    await viewModel.showMood(days: nil, endingOn: .day(Self.nov20))
    #expect(viewModel.state.message == nil)
    #expect(viewModel.state.pageNumber == 2)
    #expect(viewModel.state.page == page)
    #expect(viewModel.state.mood.lastDay == Self.nov20)
    #expect(!viewModel.state.mood.endsToday)
    #expect(viewModel.state.mood.days.count == 30)
    #expect(viewModel.state.mood.days.suffix(4) == [nil, nil, 0, 1])
    #expect(viewModel.state.mood.lastWeekMean == 0.5)
  }

  @Test func aLengthGivenChangesTheSpanAndNilKeepsIt() async {
    let viewModel = await onPageTwo()
    await viewModel.showMood(days: 7, endingOn: .day(Self.nov20))
    #expect(viewModel.state.mood.days == [nil, nil, nil, nil, nil, 0, 1])
    #expect(viewModel.state.pageNumber == 2)
    await viewModel.showMood(days: nil, endingOn: .yesterday)
    #expect(viewModel.state.mood.days.count == 7)
    #expect(viewModel.state.mood.lastDay == CalendarDay(year: 2026, month: 11, day: 28))
    await viewModel.showMood(days: nil, endingOn: nil)
    #expect(viewModel.state.mood.lastDay == Self.nov29)
    #expect(viewModel.state.mood.endsToday)
    #expect(viewModel.state.pageNumber == 2)
  }

  @Test func todayGivenAsADayIsThePictureOfTheLastDays() async {
    let viewModel = await onPageTwo()
    await viewModel.showMood(days: nil, endingOn: .day(Self.nov29))
    #expect(viewModel.state.mood.endsToday)
    #expect(viewModel.state.mood.days.last == 10)
  }

  @Test func theDayStaysWhenTheListChangesAndShowDaysGoesBackToToday() async {
    let viewModel = await onPageTwo()
    await viewModel.showMood(days: nil, endingOn: .day(Self.nov20))
    await viewModel.add(score: "10", note: "", day: .day(Self.nov20))
    #expect(viewModel.state.mood.lastDay == Self.nov20)
    #expect(viewModel.state.mood.days.last == 5.5)
    await viewModel.show(days: 30)
    #expect(viewModel.state.pageNumber == 1)
    #expect(viewModel.state.mood.endsToday)
    #expect(viewModel.state.mood.lastDay == Self.nov29)
  }

  @Test func showDaysWithADayShowsPageOneAndEndsThere() async {
    let viewModel = await onPageTwo()
    await viewModel.show(days: 3, endingOn: .day(Self.nov20))
    #expect(viewModel.state.pageNumber == 1)
    #expect(viewModel.state.mood.days == [nil, 0, 1])
    #expect(viewModel.state.mood.lastDay == Self.nov20)
  }

  @Test func aFutureDayIsRefusedAndThePictureAndPageStay() async {
    let viewModel = await onPageTwo()
    await viewModel.showMood(days: 7, endingOn: .day(Self.nov20))
    let before = viewModel.state.mood
    let future = CalendarDay(year: 2026, month: 11, day: 30)
    await viewModel.showMood(days: 90, endingOn: .day(future))
    #expect(viewModel.state.message == .input(.futureDate("2026-11-30")))
    #expect(viewModel.state.mood == before)
    await viewModel.show(days: 90, endingOn: .day(future))
    #expect(viewModel.state.message == .input(.futureDate("2026-11-30")))
    #expect(viewModel.state.mood == before)
    #expect(viewModel.state.pageNumber == 2)
    // The refused length was not kept either.
    await viewModel.showMood(days: nil, endingOn: .day(Self.nov20))
    #expect(viewModel.state.mood.days.count == 7)
  }

  @Test func aStoreFailureIsReportedAndThePictureStays() async {
    let failing = FailingStore(base: store)
    let timeline = Timeline.manual(clock)
    let viewModel = MindLogViewModel(
      mindLogs: failing.repositories.mindLogs, now: { timeline.now() }, language: .en,
      timeZone: utc)
    await viewModel.add(score: "5", note: "", day: .day(Self.nov20))
    let before = viewModel.state.mood
    failing.fail()
    await viewModel.showMood(days: 7, endingOn: .day(Self.nov20))
    #expect(
      viewModel.state.message
        == .storageFailed(path: "/store/pocket.sqlite", reason: .system("disk I/O error")))
    #expect(viewModel.state.mood == before)
    failing.recover()
    await viewModel.showMood(days: nil, endingOn: .day(Self.nov20))
    #expect(viewModel.state.mood.days.count == 30)  // the failed length was not kept
  }
}
