import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@MainActor
@Suite("Notices, bookmarks, mind log and chat screens")
struct ListViewModelTests {
  let clock = ManualClock()
  let store = InMemoryStore().repositories
  var now: @Sendable () -> Date {
    let timeline = Timeline.manual(clock)
    return { timeline.now() }
  }

  @Test func bookmarkingANoticeShowsOnBothScreens() async {
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks)
    await notices.load()
    await notices.toggleBookmark(number: 2)
    let second = SampleNotices.all[1]
    #expect(notices.state.message == .bookmarkAdded(second.title))
    #expect(notices.state.items.map(\.isBookmarked) == SampleNotices.all.indices.map { $0 == 1 })
    await bookmarks.load()
    #expect(bookmarks.state.page.items.map(\.url) == [second.url])
    await bookmarks.rename(number: 1, to: "Read later")
    #expect(bookmarks.state.page.items.map(\.title) == ["Read later"])
    await notices.toggleBookmark(number: 2)
    #expect(notices.state.message == .bookmarkRemoved(second.title))
    await bookmarks.load()
    #expect(bookmarks.state.page.total == 0)
  }

  @Test(arguments: [0, -1, 99])
  func aNumberNotOnTheListIsRefused(number: Int) async {
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.load()
    await notices.toggleBookmark(number: number)
    #expect(notices.state.message == .input(.noSuchItem(number, count: SampleNotices.all.count)))
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks)
    await bookmarks.load()
    await bookmarks.remove(number: number)
    #expect(bookmarks.state.message == .input(.noSuchItem(number, count: 0)))
  }

  @Test func clearRemovesEveryBookmark() async {
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.load()
    for number in 1...3 { await notices.toggleBookmark(number: number) }
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks)
    await bookmarks.load()
    #expect(bookmarks.state.page.total == 3)
    // Unconfirmed, it asks, naming how many and which, and removes nothing.
    await bookmarks.clear()
    let titles = SampleNotices.all.prefix(3).reversed().map(\.title)
    #expect(bookmarks.state.message == .confirmClear(count: 3, titles: Array(titles)))
    #expect(bookmarks.state.page.total == 3)
    await bookmarks.clear(confirmed: true)
    #expect(bookmarks.state == .init(message: .bookmarksCleared))
    // Nothing left: it says there was nothing to remove.
    await bookmarks.clear()
    #expect(bookmarks.state == .init(message: .noBookmarksToClear))
  }

  /// An edit to what an item holds already changes nothing, marks nothing edited and says
  /// so, on every screen that edits.
  @Test func anUnchangedEditSaysSoAndMarksNothing() async throws {
    let chat = ChatViewModel(chat: store.chat, now: now)
    await chat.send("hello")
    await chat.edit(number: 1, to: " hello ")
    #expect(chat.state.message == .unchanged(.message, number: 1))
    #expect(chat.state.page.items.map(\.isEdited) == [false])
    let mindLog = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await mindLog.add(score: "6", note: "rain")
    await mindLog.edit(number: 1, score: "6", note: "rain")
    #expect(mindLog.state.message == .unchanged(.entry, number: 1))
    await mindLog.edit(number: 1, score: "6.0", note: nil)
    #expect(mindLog.state.message == .unchanged(.entry, number: 1))
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks)
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.load()
    await notices.toggleBookmark(number: 1)
    await bookmarks.load()
    await bookmarks.rename(number: 1, to: SampleNotices.all[0].title)
    #expect(bookmarks.state.message == .unchanged(.bookmark, number: 1))
    #expect(
      Strings(language: .en, timeZone: .gmt).text(.unchanged(.message, number: 3))
        == "Message 3 is unchanged; nothing was written")
    #expect(
      Strings(language: .ko, timeZone: .gmt).text(.unchanged(.message, number: 3))
        == "3번 메시지는 그대로입니다. 바꾼 것이 없습니다")
    // The store was never written: its archive holds what the first writes made.
    let archive = try await store.archive.export()
    #expect(archive.messages.map(\.isEdited) == [false])
    #expect(archive.mindLogs.map(\.note) == ["rain"])
    #expect(archive.bookmarks.map(\.title) == [SampleNotices.all[0].title])
  }

  /// A confirmation names the item acted on, by its number and its text.
  @Test func confirmationsNameTheItem() async {
    let chat = ChatViewModel(chat: store.chat, now: now)
    await chat.send("hello")
    await chat.send("second")
    await chat.edit(number: 2, to: "  changed ")
    #expect(chat.state.message == .messageEdited(number: 2, text: "changed"))
    await chat.delete(number: 1)
    #expect(chat.state.message == .messageDeleted(number: 1, text: "hello"))
    #expect(
      Strings(language: .en, timeZone: .gmt).text(.messageDeleted(number: 1, text: "hello"))
        == "Deleted message 1: hello")
    let mindLog = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await mindLog.add(score: "7", note: "walk")
    await mindLog.edit(number: 1, score: "8", note: nil)
    #expect(mindLog.state.message == .entryEdited(number: 1, score: "8", note: "walk"))
    await mindLog.delete(number: 1)
    #expect(mindLog.state.message == .entryDeleted(number: 1, score: "8", note: "walk"))
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.load()
    await notices.toggleBookmark(number: 1)
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks)
    await bookmarks.load()
    await bookmarks.rename(number: 1, to: "Later")
    #expect(bookmarks.state.message == .bookmarkRenamed(number: 1, title: "Later"))
    await bookmarks.remove(number: 1)
    #expect(bookmarks.state.message == .bookmarkRemoved("Later"))
  }

  @Test func mindLogListsNewestFirst() async {
    let viewModel = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await viewModel.add(score: "3", note: "tired")
    clock.advance(by: .seconds(60))
    await viewModel.add(score: "8.5", note: "sunny walk")
    #expect(viewModel.state.page.items.map(\.note) == ["sunny walk", "tired"])
    await viewModel.edit(number: 2, score: "4", note: nil)
    #expect(viewModel.state.page.items.last?.score == 4)
    #expect(viewModel.state.page.items.last?.note == "tired")
    await viewModel.delete(number: 1)
    #expect(viewModel.state.page.items.map(\.note) == ["tired"])
  }

  @Test(arguments: [
    ("11", Message.input(.scoreOutOfRange)), ("-1", .input(.scoreOutOfRange)),
    ("x", .input(.invalidNumber)),
  ])
  func badScoresAreRefused(score: String, message: Message) async {
    let viewModel = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await viewModel.add(score: score, note: "")
    #expect(viewModel.state == .init(message: message))
  }

  @Test func chatShowsTheNewestPageOldestFirst() async throws {
    let viewModel = ChatViewModel(chat: store.chat, now: now, pageSize: 3)
    await viewModel.load()
    #expect(viewModel.state.isEmpty)
    for text in ["one", "two", "three", "four", "five"] {
      await viewModel.send(text)
      clock.advance(by: .seconds(1))
    }
    #expect(viewModel.state.page.items.map(\.content) == ["three", "four", "five"])
    #expect(viewModel.state.page.offset == 2)
    #expect(viewModel.state.page.total == 5)
    // Numbers are the whole list's: the page shows 3 to 5. A number of another page names
    // no message the user saw.
    await viewModel.edit(number: 1, to: "ONE")
    #expect(viewModel.state.message == .input(.notShown(1)))
    await viewModel.edit(number: 3, to: "THREE")
    await viewModel.delete(number: 5)
    #expect(viewModel.state.page.items.map(\.content) == ["two", "THREE", "four"])
    let third = try await store.chat.messages(offset: 2, limit: 1).items.first
    #expect(third?.content == "THREE")
    #expect(third?.isEdited == true)
  }

  @Test func blankMessagesAreRefused() async {
    let viewModel = ChatViewModel(chat: store.chat, now: now)
    await viewModel.send("   ")
    #expect(viewModel.state == .init(message: .input(.emptyText)))
  }
}
