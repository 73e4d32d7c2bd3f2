import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// Every long list can be paged to its oldest item, and the stopwatch's marks are found
/// whatever page shows.
@MainActor
@Suite("Paging long lists")
struct ListPagingTests {
  let clock = ManualClock()
  let store = InMemoryStore().repositories
  var now: @Sendable () -> Date { { Fixtures.referenceDate } }

  @Test func everyLapIsReachableAndTheMarksAreNamed() async {
    let viewModel = StopwatchViewModel(
      stopwatch: store.stopwatch, timeline: .manual(clock), pageSize: 20)
    await viewModel.startTapped()
    // 45 laps; lap 3 is the slowest and lap 44 the fastest.
    for number in 1...45 {
      clock.advance(by: .seconds(number == 3 ? 9 : number == 44 ? 1 : 2))
      await viewModel.lapTapped()
    }
    #expect(viewModel.state.laps.map(\.lap.number) == Array((26...45).reversed()))
    #expect(viewModel.state.pageNumber == 1)
    #expect(viewModel.state.pageCount == 3)
    #expect(viewModel.state.slowest?.number == 3)
    #expect(viewModel.state.fastest?.number == 44)
    await viewModel.nextPage()
    #expect(viewModel.state.laps.map(\.lap.number) == Array((6...25).reversed()))
    await viewModel.showPage(3)
    #expect(viewModel.state.laps.map(\.lap.number) == [5, 4, 3, 2, 1])
    #expect(viewModel.state.laps.first { $0.lap.number == 3 }?.mark == .slowest)
    await viewModel.nextPage()
    #expect(viewModel.state.pageNumber == 3, "the last page stays")
    #expect(viewModel.state.message == .lastPage(count: 3))
    #expect(viewModel.state.laps.map(\.lap.number) == [5, 4, 3, 2, 1])
    await viewModel.showPage(4)
    #expect(viewModel.state.message == .noSuchPage(4, count: 3))
    #expect(viewModel.state.pageNumber == 3)
  }

  /// Laps apart by less than a centisecond show the same time: neither is marked.
  @Test func lapsThatShowTheSameTimeAreNotMarked() async {
    let viewModel = StopwatchViewModel(
      stopwatch: store.stopwatch, timeline: .manual(clock), pageSize: 20)
    await viewModel.startTapped()
    clock.advance(by: .milliseconds(1_001))
    await viewModel.lapTapped()
    clock.advance(by: .milliseconds(1_004))
    await viewModel.lapTapped()
    #expect(viewModel.state.laps.allSatisfy { $0.mark == nil })
    #expect(viewModel.state.fastest == nil)
  }

  @Test func theChatPagesBackToItsFirstMessage() async {
    let viewModel = ChatViewModel(chat: store.chat, now: now, pageSize: 20)
    for number in 1...45 { await viewModel.send("m\(number)") }
    #expect(viewModel.state.page.items.map(\.content).first == "m26")
    #expect(viewModel.state.pageCount == 3)
    await viewModel.showPage(3)
    #expect(viewModel.state.page.items.map(\.content) == ["m1", "m2", "m3", "m4", "m5"])
    // Numbers are over the whole list: message 2 is on this page.
    await viewModel.delete(number: 2)
    #expect(viewModel.state.message == .messageDeleted(number: 2, text: "m2"))
    #expect(viewModel.state.page.items.map(\.content) == ["m1", "m3", "m4", "m5"])
    // Sending shows the newest page again.
    await viewModel.send("last")
    #expect(viewModel.state.pageNumber == 1)
    #expect(viewModel.state.page.items.last?.content == "last")
  }

  @Test func theMindLogAndBookmarksPage() async {
    let mindLog = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, pageSize: 2, timeZone: .gmt)
    for score in 1...5 { await mindLog.add(score: "\(score)", note: "n\(score)") }
    #expect(mindLog.state.pageCount == 3)
    await mindLog.showPage(3)
    #expect(mindLog.state.page.items.count == 1)
    await mindLog.delete(number: 5)
    // The last page emptied: the page shown is the last there is.
    #expect(mindLog.state.pageNumber == 2)
    #expect(mindLog.state.page.items.count == 2)

    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.load()
    for number in 1...5 { await notices.toggleBookmark(number: number) }
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks, pageSize: 2)
    await bookmarks.load()
    await bookmarks.showPage(3)
    #expect(bookmarks.state.page.items.count == 1)
    #expect(bookmarks.state.page.offset == 4)
  }

  /// Only pages 1 to the page count exist: page 0 and the page after the last are refused,
  /// naming the count, and the page shown stays.
  @Test(arguments: [0, 4, -1])
  func aPageOutsideTheListIsRefused(page: Int) async {
    let chat = ChatViewModel(chat: store.chat, now: now, pageSize: 2)
    for number in 1...5 { await chat.send("m\(number)") }
    await chat.showPage(2)
    await chat.showPage(page)
    #expect(chat.state.message == .noSuchPage(page, count: 3))
    #expect(chat.state.pageNumber == 2)
    #expect(chat.state.page.items.map(\.content) == ["m2", "m3"])
  }

  /// Every newest-first list reads its last page when the page shown has emptied.
  @Test func anEmptiedLastPageShowsThePageBefore() async {
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.load()
    for number in 1...5 { await notices.toggleBookmark(number: number) }
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks, pageSize: 2)
    await bookmarks.load()
    await bookmarks.showPage(3)
    await bookmarks.remove(number: 5)
    #expect(bookmarks.state.pageNumber == 2)
    #expect(bookmarks.state.page.items.count == 2)

    let stopwatch = StopwatchViewModel(
      stopwatch: store.stopwatch, timeline: .manual(clock), pageSize: 2)
    await stopwatch.startTapped()
    for _ in 1...5 {
      clock.advance(by: .seconds(1))
      await stopwatch.lapTapped()
    }
    await stopwatch.showPage(3)
    #expect(stopwatch.state.laps.count == 1)
    await stopwatch.resetTapped(confirmed: true)
    #expect(stopwatch.state.pageNumber == 1)
    #expect(stopwatch.state.laps.isEmpty)
  }
}
