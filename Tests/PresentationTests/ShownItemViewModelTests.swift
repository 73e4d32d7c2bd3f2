import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// A number, or a row, means the item the view model's state showed with it: two view
/// models on one store, as two screens or two processes, one changing the list after the
/// other loaded it.
@MainActor
@Suite("View models act on the item shown")
struct ShownItemViewModelTests {
  /// One list view model, driven through what every numbered list has.
  struct ListUnderTest: CustomTestStringConvertible, Sendable {
    var name: String
    var kind: ItemKind
    /// Adds items named `texts`, so that they show in that order as 1, 2, 3.
    var seed: @MainActor @Sendable (Repositories, [String]) async throws -> Void
    /// A fresh view model on the store, loaded.
    var open: @MainActor @Sendable (Repositories) async -> AnyList

    var testDescription: String { name }
  }

  /// What the tests do to one list.
  @MainActor
  struct AnyList {
    var texts: () -> [String]
    var message: () -> Message?
    var shownItems: () -> [ShownItem]
    var delete: (Int) async -> Void
    var change: (Int, String) async -> Void
    var load: () async -> Void
  }

  nonisolated static let clock = ManualClock()
  nonisolated static var now: @Sendable () -> Date {
    let timeline = Timeline.manual(clock)
    return { timeline.now() }
  }

  nonisolated static let lists: [ListUnderTest] = [
    ListUnderTest(
      name: "chat", kind: .message,
      seed: { store, texts in
        for text in texts { _ = try await store.chat.insert(content: text, date: now()) }
      },
      open: { store in
        let model = ChatViewModel(chat: store.chat, now: now)
        await model.load()
        return AnyList(
          texts: { model.state.page.items.map(\.content) }, message: { model.state.message },
          shownItems: { model.state.shownItems }, delete: { await model.delete(number: $0) },
          change: { await model.edit(number: $0, to: $1) }, load: { await model.load() })
      }),
    ListUnderTest(
      name: "mind log", kind: .entry,
      seed: { store, texts in
        // Newest first: the first text is the latest day.
        for (days, text) in texts.enumerated().reversed() {
          _ = try await store.mindLogs.insert(
            date: now().addingTimeInterval(Double(-86_400 * (days + 1))), score: 5, note: text)
        }
      },
      open: { store in
        let model = MindLogViewModel(
          mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
        await model.load()
        return AnyList(
          texts: { model.state.page.items.map(\.note) }, message: { model.state.message },
          shownItems: { model.state.shownItems }, delete: { await model.delete(number: $0) },
          change: { await model.edit(number: $0, score: "7", note: $1) },
          load: { await model.load() })
      }),
    ListUnderTest(
      name: "bookmarks", kind: .bookmark,
      seed: { store, texts in
        // Newest first: the first text is bookmarked last.
        for (index, text) in texts.enumerated().reversed() {
          _ = try await store.bookmarks.toggle(
            Bookmark(
              url: "https://example.com/\(index)", title: text, noticeDate: now(),
              bookmarkedAt: now().addingTimeInterval(Double(-index))))
        }
      },
      open: { store in
        let model = BookmarksViewModel(bookmarks: store.bookmarks)
        await model.load()
        return AnyList(
          texts: { model.state.page.items.map(\.title) }, message: { model.state.message },
          shownItems: { model.state.shownItems }, delete: { await model.remove(number: $0) },
          change: { await model.rename(number: $0, to: $1) }, load: { await model.load() })
      }),
  ]

  private func opened(_ list: ListUnderTest) async throws -> (Repositories, AnyList) {
    let store = InMemoryStore().repositories
    try await list.seed(store, ["A-first", "B-second", "C-third"])
    let shown = await list.open(store)
    #expect(shown.texts() == ["A-first", "B-second", "C-third"])
    #expect(shown.shownItems().map(\.number) == [1, 2, 3])
    return (store, shown)
  }

  @Test(arguments: lists)
  func aNumberActsOnTheItemItShowedAfterAnItemAboveItWasDeleted(list: ListUnderTest) async throws {
    let (store, shown) = try await opened(list)
    let other = await list.open(store)
    await other.delete(1)
    #expect(other.texts() == ["B-second", "C-third"])

    await shown.delete(2)
    #expect(shown.message()?.isRefusal == false)
    #expect(shown.texts() == ["C-third"])
  }

  @Test(arguments: lists)
  func aChangeActsOnTheItemItShowed(list: ListUnderTest) async throws {
    let (store, shown) = try await opened(list)
    await list.open(store).delete(1)
    await shown.change(2, "B-changed")
    #expect(shown.texts() == ["B-changed", "C-third"])
  }

  @Test(arguments: lists)
  func anItemDeletedElsewhereIsNamedAndNothingChanges(list: ListUnderTest) async throws {
    let (store, shown) = try await opened(list)
    await list.open(store).delete(2)

    await shown.delete(2)
    #expect(shown.message() == .input(.shownItemGone(list.kind, number: 2, text: "B-second")))
    await shown.change(2, "X")
    #expect(shown.message() == .input(.shownItemGone(list.kind, number: 2, text: "B-second")))
    let check = await list.open(store)
    #expect(check.texts() == ["A-first", "C-third"])
  }

  @Test(arguments: lists)
  func anItemChangedElsewhereIsNamedAndNothingChanges(list: ListUnderTest) async throws {
    let (store, shown) = try await opened(list)
    await list.open(store).change(2, "B-changed")

    await shown.delete(2)
    #expect(shown.message() == .input(.shownItemChanged(list.kind, number: 2, text: "B-second")))
    let check = await list.open(store)
    #expect(check.texts() == ["A-first", "B-changed", "C-third"])
  }

  /// A number of the list that its page did not show is refused: it stands for no item the
  /// user saw.
  @Test func aNumberOfAnotherPageIsRefused() async throws {
    let store = InMemoryStore().repositories
    for index in 1...5 {
      _ = try await store.chat.insert(content: "m\(index)", date: Self.now())
    }
    let model = ChatViewModel(chat: store.chat, now: Self.now, pageSize: 2)
    await model.load()
    #expect(model.state.shownItems.map(\.number) == [4, 5])
    await model.delete(number: 1)
    #expect(model.state.message == .input(.notShown(1)))
    await model.delete(number: 6)
    #expect(model.state.message == .input(.noSuchItem(6, count: 5)))
    #expect(model.state.page.total == 5)
  }

  /// The notice board's toggle acts only on a notice still bookmarked (or not) as shown.
  @Test func aNoticeBookmarkedElsewhereIsNotToggledBack() async {
    let store = InMemoryStore().repositories
    let shown = NoticesViewModel(
      catalog: SampleNotices.all, bookmarks: store.bookmarks, now: Self.now)
    await shown.load()
    let other = NoticesViewModel(
      catalog: SampleNotices.all, bookmarks: store.bookmarks, now: Self.now)
    await other.load()
    await other.toggleBookmark(number: 2)

    await shown.toggleBookmark(number: 2)
    #expect(
      shown.state.message
        == .input(.shownItemChanged(.notice, number: 2, text: SampleNotices.all[1].title)))
    await other.load()
    #expect(other.state.items[1].isBookmarked)
  }
}
