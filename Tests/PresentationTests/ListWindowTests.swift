import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// A list that scrolls shows a window of pages that grows at either end: `showOlder()`
/// adds the page of older items, `showNewer()` the page of newer ones, each staying as it
/// is at its end of the list; turning to a page shows that page alone again; a reload keeps
/// the window, within the list's pages. Every paged list: the chat, the mind log, the
/// bookmarks and the laps, two items a page.
@MainActor
@Suite("A window of pages that grows at either end")
struct ListWindowTests {
  /// One paged list: how to add items, oldest first, named `item-1`, `item-2`, …, and a
  /// view model on it whose shown items are read back by those names.
  struct ListUnderTest: CustomTestStringConvertible, Sendable {
    var name: String
    var seed: @MainActor @Sendable (Repositories, ClosedRange<Int>) async throws -> Void
    var open: @MainActor @Sendable (Repositories) async -> Shown
    var testDescription: String { name }
  }

  @MainActor
  struct Shown {
    var list: any PagedList
    var names: () -> Set<String>
    var reload: () async -> Void
  }

  nonisolated static let clock = ManualClock()
  nonisolated static let now: @Sendable () -> Date = { Fixtures.referenceDate }
  nonisolated static func date(_ index: Int) -> Date {
    Fixtures.referenceDate.addingTimeInterval(Double(index * 86_400 - 100 * 86_400))
  }

  nonisolated static let lists: [ListUnderTest] = [
    ListUnderTest(
      name: "chat",
      seed: { store, range in
        for index in range {
          _ = try await store.chat.insert(content: "item-\(index)", date: date(index))
        }
      },
      open: { store in
        let model = ChatViewModel(chat: store.chat, now: now, pageSize: 2)
        await model.load()
        return Shown(
          list: model, names: { Set(model.state.page.items.map(\.content)) },
          reload: { await model.reload() })
      }),
    ListUnderTest(
      name: "mind log",
      seed: { store, range in
        for index in range {
          _ = try await store.mindLogs.insert(date: date(index), score: 5, note: "item-\(index)")
        }
      },
      open: { store in
        let model = MindLogViewModel(
          mindLogs: store.mindLogs, now: now, language: .en, pageSize: 2, timeZone: .gmt)
        await model.load()
        return Shown(
          list: model, names: { Set(model.state.page.items.map(\.note)) },
          reload: { await model.reload() })
      }),
    ListUnderTest(
      name: "bookmarks",
      seed: { store, range in
        for index in range {
          try await store.bookmarks.toggleOn(
            Bookmark(
              url: "https://n.example/\(index)", title: "item-\(index)", noticeDate: date(index),
              bookmarkedAt: date(index)))
        }
      },
      open: { store in
        let model = BookmarksViewModel(bookmarks: store.bookmarks, pageSize: 2)
        await model.load()
        return Shown(
          list: model, names: { Set(model.state.page.items.map(\.title)) },
          reload: { await model.reload() })
      }),
    ListUnderTest(
      name: "laps",
      seed: { store, range in
        let stopwatch = StopwatchViewModel(
          stopwatch: store.stopwatch, timeline: .manual(clock), pageSize: 2)
        await stopwatch.load()
        if stopwatch.state.status != .running { await stopwatch.startTapped() }
        for _ in range { await stopwatch.lapTapped() }
      },
      open: { store in
        let model = StopwatchViewModel(
          stopwatch: store.stopwatch, timeline: .manual(clock), pageSize: 2)
        await model.load()
        return Shown(
          list: model,
          names: {
            Set(model.state.laps.filter { !$0.inProgress }.map { "item-\($0.lap.number)" })
          },
          reload: { await model.reload() })
      }),
  ]

  /// `item-N` for each N of `numbers`.
  func items(_ numbers: ClosedRange<Int>) -> Set<String> { Set(numbers.map { "item-\($0)" }) }

  @Test(arguments: lists)
  func theWindowGrowsAtEitherEndAndStopsAtTheListsEnds(list: ListUnderTest) async throws {
    let store = InMemoryStore().repositories
    try await list.seed(store, 1...5)
    let shown = await list.open(store)
    #expect(shown.names() == items(4...5), "page 1: the newest two")

    await shown.list.showOlder()
    #expect(shown.names() == items(2...5))
    await shown.list.showOlder()
    #expect(shown.names() == items(1...5))
    await shown.list.showOlder()
    #expect(shown.names() == items(1...5), "at the oldest it stays")

    await shown.list.showPage(2)
    #expect(shown.names() == items(2...3), "a page turned to shows alone")
    await shown.list.showNewer()
    #expect(shown.names() == items(2...5))
    await shown.list.showNewer()
    #expect(shown.names() == items(2...5), "at the newest it stays")
    await shown.list.nextPage()
    #expect(shown.names() == items(2...3), "the next page after page 1, alone")
  }

  @Test(arguments: lists)
  func aReloadKeepsTheWindowOverWhatTheListHoldsNow(list: ListUnderTest) async throws {
    let store = InMemoryStore().repositories
    try await list.seed(store, 1...3)
    let shown = await list.open(store)
    await shown.list.showOlder()
    #expect(shown.names() == items(1...3))

    // Another view model or process adds two: the window of two pages shows the newest four.
    try await list.seed(store, 4...5)
    await shown.reload()
    #expect(shown.names() == items(2...5))
  }

  /// A window over pages that emptied shrinks to the pages the list still has.
  @Test func aWindowOverPagesThatEmptiedShrinks() async throws {
    let store = InMemoryStore().repositories
    try await Self.lists[0].seed(store, 1...5)
    let chat = ChatViewModel(chat: store.chat, now: Self.now, pageSize: 2)
    await chat.load()
    await chat.showPage(2)
    await chat.showOlder()
    #expect(Set(chat.state.page.items.map(\.content)) == items(1...3))
    let other = ChatViewModel(chat: store.chat, now: Self.now, pageSize: 2)
    await other.load()
    for _ in 1...3 {
      let newest = try #require(other.state.page.items.max { $0.id < $1.id })
      await other.delete(newest)
      #expect(other.state.message?.isRefusal == false)
    }
    await chat.reload()
    #expect(Set(chat.state.page.items.map(\.content)) == items(1...2))
    #expect(chat.state.message == nil)
  }
}
