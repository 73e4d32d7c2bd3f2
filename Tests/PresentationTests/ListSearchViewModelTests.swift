import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// `search(_:)` on the chat, the mind log, the bookmarks and the notices: only the items
/// that hold the text show, paged and numbered among themselves; case, width and accents
/// aside; Korean by its letters; an empty text shows every item again.
@MainActor
@Suite("Searching a list")
struct ListSearchViewModelTests {
  let clock = ManualClock()
  let store = InMemoryStore().repositories
  var now: @Sendable () -> Date {
    let timeline = Timeline.manual(clock)
    return { timeline.now() }
  }

  /// Sends `contents` in order, a second apart, before the clock's now.
  func chat(_ contents: [String], pageSize: Int = 20) async throws -> ChatViewModel {
    let start = now().addingTimeInterval(-Double(contents.count) - 10)
    _ = try await store.chat.insert(
      contentsOf: contents.enumerated().map { ($1, start.addingTimeInterval(Double($0))) })
    return ChatViewModel(chat: store.chat, now: now, pageSize: pageSize)
  }

  @Test func theChatShowsOnlyTheMessagesThatHoldTheText() async throws {
    let chat = try await chat([
      "Kim says hi", "lee", "KIM again", "ｋｉｍ in full width", "김철수", "kimchi", "Café",
    ])
    await chat.search("  kim ")
    #expect(chat.state.search == "kim")
    #expect(
      chat.state.page.items.map(\.content) == [
        "Kim says hi", "KIM again", "ｋｉｍ in full width", "kimchi",
      ])
    #expect(chat.state.page.total == 4)
    #expect(chat.state.page.offset == 0)
    await chat.search("")
    #expect(chat.state.search == "")
    #expect(chat.state.page.total == 7)
  }

  @Test(arguments: [
    ("ＫＩＭ", ["Kim says hi", "kimchi"]),
    ("cafe", ["Café"]),
    ("CAFÉ", ["Café"]),
    ("김", ["김철수"]),
    ("기", ["김철수"]),
    ("ㄱ", ["김철수"]),
    ("철수", ["김철수"]),
    ("ﾊﾟﾝ", ["パン"]),
    ("nothing", []),
  ])
  func matchingIgnoresCaseWidthAndAccents(query: String, found: [String]) async throws {
    let chat = try await chat(["Kim says hi", "김철수", "kimchi", "Café", "パン", "lee"])
    await chat.search(query)
    #expect(chat.state.page.items.map(\.content) == found)
    #expect(chat.state.page.total == found.count)
  }

  /// The matches page as the list does, newest first by page, and each is numbered among
  /// the matches: `delete 1` deletes the first match shown.
  @Test func matchesArePagedAndNumberedAmongThemselves() async throws {
    let contents = (1...9).map { $0 % 3 == 0 ? "match \($0)" : "other \($0)" }
    let chat = try await chat(contents, pageSize: 2)
    await chat.search("MATCH")
    #expect(chat.state.page.items.map(\.content) == ["match 6", "match 9"])
    #expect(chat.state.page.offset == 1)
    #expect(chat.state.page.total == 3)
    #expect(chat.state.pageCount == 2)
    await chat.showPage(2)
    #expect(chat.state.page.items.map(\.content) == ["match 3"])
    #expect(chat.state.page.offset == 0)
    await chat.delete(number: 1)
    #expect(chat.state.message == .messageDeleted(number: 1, text: "match 3"))
    #expect(chat.state.page.items.map(\.content) == ["match 6", "match 9"])
    #expect(try await store.chat.messages(offset: 0, limit: 20).total == 8)
  }

  /// A chat longer than one read of the scan (`MatchingItems.chunk`) is searched whole.
  @Test func aSearchReadsPastOneChunk() async throws {
    let count = MatchingItems<ChatMessage>.chunk * 2 + 7
    let contents = (0..<count).map {
      [3, 600, count - 1].contains($0) ? "needle \($0)" : "hay \($0)"
    }
    let chat = try await chat(contents)
    await chat.search("Needle")
    #expect(
      chat.state.page.items.map(\.content) == ["needle 3", "needle 600", "needle \(count - 1)"])
    #expect(chat.state.page.total == 3)
  }

  @Test func sendingClearsTheSearchSoTheMessageShows() async throws {
    let chat = try await chat(["kim", "lee"])
    await chat.search("kim")
    await chat.send("park")
    #expect(chat.state.search == "")
    #expect(chat.state.page.items.map(\.content) == ["kim", "lee", "park"])
  }

  @Test func theMindLogSearchesTheNotes() async throws {
    let mindLog = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    for note in ["Rainy day", "sunny", "RAIN again", "비 오는 날"] {
      await mindLog.add(score: "5", note: note)
      clock.advance(by: .seconds(1))
    }
    await mindLog.search("rain")
    #expect(mindLog.state.page.items.map(\.note) == ["RAIN again", "Rainy day"])
    #expect(mindLog.state.page.total == 2)
    await mindLog.search("ㅂ")
    #expect(mindLog.state.page.items.map(\.note) == ["비 오는 날"])
    await mindLog.search("")
    #expect(mindLog.state.page.total == 4)
  }

  @Test func theBookmarksSearchTheTitlesAndAddresses() async throws {
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.load()
    for number in 1...4 { await notices.toggleBookmark(number: number) }
    let bookmarks = BookmarksViewModel(bookmarks: store.bookmarks)
    await bookmarks.search("LIBRARY")
    #expect(bookmarks.state.page.items.map(\.title) == ["Library hours during the winter break"])
    await bookmarks.search(String(SampleNotices.all[2].url.suffix(4)))
    #expect(bookmarks.state.page.items.map(\.url) == [SampleNotices.all[2].url])
    await bookmarks.search("")
    #expect(bookmarks.state.page.total == 4)
  }

  @Test func theNoticesShowOnlyTheTitlesThatHoldTheText() async throws {
    let notices = NoticesViewModel(catalog: SampleNotices.all, bookmarks: store.bookmarks, now: now)
    await notices.search("기말")
    #expect(
      notices.state.items.map(\.notice.title) == [
        "기말고사 기간 열람실 24시간 개방 안내", "2026학년도 2학기 기말 강의평가 실시 안내",
      ])
    #expect(notices.state.shownTotal == 2)
    // Numbered among the matches: 2 is the second match.
    await notices.toggleBookmark(number: 2)
    #expect(notices.state.message == .bookmarkAdded("2026학년도 2학기 기말 강의평가 실시 안내"))
    await notices.search("ＷＩＮＴＥＲ")
    #expect(notices.state.items.map(\.notice.title) == ["Library hours during the winter break"])
    await notices.search("")
    #expect(notices.state.items.count == SampleNotices.all.count)
  }
}
