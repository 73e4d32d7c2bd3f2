import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// A front end that shows records, not numbers (a SwiftUI list's rows), acts on a record
/// itself: the view model finds its row on the page shown by its identity, and acts on the
/// item as the front end showed it. Two view models on one store, as two screens or two
/// machines, one changing the list after the other loaded it.
@MainActor
@Suite("View models act on a record shown")
struct RecordIntentTests {
  /// What the tests do to one list, by record: the records shown, and the intents that take
  /// one.
  @MainActor
  struct RecordList {
    var records: () -> [any ListedRecord]
    var message: () -> Message?
    var delete: (any ListedRecord) async -> Void
    var change: (any ListedRecord, String) async -> Void
    var load: () async -> Void

    /// A list of `Record`s: `delete` and `change` take one of them.
    init<Record: ListedRecord>(
      records: @escaping () -> [Record], message: @escaping () -> Message?,
      delete: @escaping (Record) async -> Void, change: @escaping (Record, String) async -> Void,
      load: @escaping () async -> Void
    ) {
      self.records = records
      self.message = message
      self.load = load
      self.delete = { record in
        guard let record = record as? Record else {
          Issue.record("not a \(Record.self)")
          return
        }
        await delete(record)
      }
      self.change = { record, text in
        guard let record = record as? Record else {
          Issue.record("not a \(Record.self)")
          return
        }
        await change(record, text)
      }
    }

    func texts() -> [String] { records().map(\.shownText) }
  }

  struct ListUnderTest: CustomTestStringConvertible, Sendable {
    var base: ShownItemViewModelTests.ListUnderTest
    var open: @MainActor @Sendable (Repositories) async -> RecordList
    var testDescription: String { base.name }
  }

  nonisolated static let now = ShownItemViewModelTests.now

  nonisolated static let lists: [ListUnderTest] = [
    ListUnderTest(base: ShownItemViewModelTests.lists[0]) { store in
      let model = ChatViewModel(chat: store.chat, now: now)
      await model.load()
      return RecordList(
        records: { model.state.page.items }, message: { model.state.message },
        delete: { await model.delete($0) }, change: { await model.edit($0, to: $1) },
        load: { await model.load() })
    },
    ListUnderTest(base: ShownItemViewModelTests.lists[1]) { store in
      let model = MindLogViewModel(
        mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
      await model.load()
      return RecordList(
        records: { model.state.page.items }, message: { model.state.message },
        delete: { await model.delete($0) }, change: { await model.edit($0, score: 7, note: $1) },
        load: { await model.load() })
    },
    ListUnderTest(base: ShownItemViewModelTests.lists[2]) { store in
      let model = BookmarksViewModel(bookmarks: store.bookmarks)
      await model.load()
      return RecordList(
        records: { model.state.page.items }, message: { model.state.message },
        delete: { await model.remove($0) }, change: { await model.rename($0, to: $1) },
        load: { await model.load() })
    },
  ]

  private func opened(_ list: ListUnderTest) async throws -> (Repositories, RecordList) {
    let store = InMemoryStore().repositories
    try await list.base.seed(store, ["A-first", "B-second", "C-third"])
    let shown = await list.open(store)
    #expect(shown.texts() == ["A-first", "B-second", "C-third"])
    return (store, shown)
  }

  @Test(arguments: lists)
  func aRecordActsOnItsItemAfterAnItemAboveItWasDeleted(list: ListUnderTest) async throws {
    let (store, shown) = try await opened(list)
    let second = shown.records()[1]
    let other = await list.open(store)
    await other.delete(other.records()[0])
    #expect(other.texts() == ["B-second", "C-third"])

    await shown.delete(second)
    #expect(shown.message()?.isRefusal == false, "\(String(describing: shown.message()))")
    #expect(shown.texts() == ["C-third"])

    await shown.change(shown.records()[0], "C-changed")
    #expect(shown.texts() == ["C-changed"])
  }

  @Test(arguments: lists)
  func aRecordChangedElsewhereIsRefusedAndNothingChanges(list: ListUnderTest) async throws {
    let (store, shown) = try await opened(list)
    let second = shown.records()[1]
    let other = await list.open(store)
    await other.change(other.records()[1], "B-changed")

    await shown.delete(second)
    #expect(
      shown.message() == .input(.shownItemChanged(list.base.kind, number: 2, text: "B-second")))
    // Read again, the screen shows the change; a front end that kept the record it showed
    // before and acts on it is refused the same way.
    await shown.load()
    #expect(shown.texts() == ["A-first", "B-changed", "C-third"])
    await shown.change(second, "mine")
    #expect(
      shown.message() == .input(.shownItemChanged(list.base.kind, number: 2, text: "B-second")))
    #expect(await list.open(store).texts() == ["A-first", "B-changed", "C-third"])
  }

  @Test(arguments: lists)
  func aRecordNoRowShowsIsRefusedAndNothingChanges(list: ListUnderTest) async throws {
    let store = InMemoryStore().repositories
    let shown = await list.open(store)
    #expect(shown.records().isEmpty)
    try await list.base.seed(store, ["A-first", "B-second", "C-third"])
    let other = await list.open(store)
    let second = other.records()[1]

    await shown.delete(second)
    #expect(shown.message() == .input(.notOnPage(list.base.kind, text: "B-second")))
    await shown.change(second, "mine")
    #expect(shown.message() == .input(.notOnPage(list.base.kind, text: "B-second")))
    #expect(await list.open(store).texts() == ["A-first", "B-second", "C-third"])
  }

  /// The notice board's toggle by notice: on the notice as shown, bookmarked or not.
  @Test func aNoticeShownIsToggledAndOneBookmarkedElsewhereIsNot() async throws {
    let store = InMemoryStore().repositories
    let shown = NoticesViewModel(
      catalog: SampleNotices.all, bookmarks: store.bookmarks, now: Self.now)
    await shown.load()
    let first = try #require(shown.state.items.first)
    await shown.toggleBookmark(first)
    #expect(shown.state.message == .bookmarkAdded(first.notice.title))
    #expect(shown.state.items.first?.isBookmarked == true)

    let other = NoticesViewModel(
      catalog: SampleNotices.all, bookmarks: store.bookmarks, now: Self.now)
    await other.load()
    let second = shown.state.items[1]
    await other.toggleBookmark(number: 2)
    await shown.toggleBookmark(second)
    #expect(
      shown.state.message
        == .input(.shownItemChanged(.notice, number: 2, text: second.notice.title)))
    await other.load()
    #expect(other.state.items[1].isBookmarked, "the bookmark made elsewhere stays")
  }
}
