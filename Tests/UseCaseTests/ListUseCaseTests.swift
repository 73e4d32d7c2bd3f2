import Foundation
import PocketData
import PocketDomain
import PocketTesting
import TestSupport
import Testing

@Suite("Bookmark, mind log, chat and screen use cases")
struct ListUseCaseTests {
  let store = InMemoryStore().repositories
  let now: @Sendable () -> Date = { Fixtures.referenceDate }
  let notice = Notice(
    title: "Winter hours", date: Fixtures.referenceDate, url: "https://n.example/1")

  @Test func togglingABookmarkAddsThenRemovesIt() async throws {
    let toggle = ToggleBookmark(bookmarks: store.bookmarks, now: now)
    let list = ListNotices(catalog: [notice], bookmarks: store.bookmarks)
    #expect(try await toggle(notice) == .bookmarked)
    #expect(try await list() == [NoticeItem(notice: notice, isBookmarked: true)])
    #expect(try await toggle(notice) == .removed)
    #expect(try await list() == [NoticeItem(notice: notice, isBookmarked: false)])
  }

  @Test func renameChangesTheTitleAndClearRemovesAll() async throws {
    try await ToggleBookmark(bookmarks: store.bookmarks, now: now)(notice)
    let list = { try await store.bookmarks.bookmarks(offset: 0, limit: 10) }
    let bookmark = try #require(try await list().items.first)
    try await RenameBookmark(bookmarks: store.bookmarks)(bookmark, to: "  Library  ")
    #expect(try await list().items.map(\.title) == ["Library"])
    await #expect(throws: DomainError.invalidInput(.emptyText)) {
      try await RenameBookmark(bookmarks: store.bookmarks)(bookmark, to: " ")
    }
    #expect(try await store.bookmarks.deleteAll(ifAtMost: .max) == .deleted)
    #expect(try await list().total == 0)
  }

  @Test func mindLogScoresStayWithinZeroToTen() async throws {
    let add = AddMindLog(mindLogs: store.mindLogs, now: now, calendar: Fixtures.utcCalendar)
    let update = UpdateMindLog(mindLogs: store.mindLogs, now: now, calendar: Fixtures.utcCalendar)
    let entry = try await add(score: Decimal(string: "7.5") ?? 0, note: " calm ")
    #expect(entry.note == "calm")
    await #expect(throws: DomainError.invalidInput(.scoreOutOfRange)) {
      try await add(score: 11, note: "")
    }
    await #expect(throws: DomainError.invalidInput(.scoreOutOfRange)) {
      try await update(entry, score: -1, note: "")
    }
    let updated = try await update(entry, score: 10, note: "great").item
    #expect(try await store.mindLogs.entries(offset: 0, limit: 5).items == [updated])
  }

  @Test func editingAMessageMarksItEdited() async throws {
    let sent = try await SendMessage(chat: store.chat, now: now)("hello")
    #expect(sent.isEdited == false)
    let edited = try await EditMessage(chat: store.chat)(sent, content: "hello there").item
    #expect(
      edited == ChatMessage(id: sent.id, content: "hello there", date: sent.date, isEdited: true))
    #expect(try await store.chat.messages(offset: 0, limit: 5).items == [edited])
    await #expect(throws: DomainError.invalidInput(.emptyText)) {
      try await SendMessage(chat: store.chat, now: now)("  \n ")
    }
  }

  @Test func anEditToWhatAnItemHoldsAlreadyWritesNothing() async throws {
    // Behind a store whose writes fail: an edit that wrote would throw.
    let failing = FailingStore(base: store)
    let repositories = failing.repositories
    let sent = try await SendMessage(chat: store.chat, now: now)("hello")
    let entry = try await AddMindLog(
      mindLogs: store.mindLogs, now: now, calendar: Fixtures.utcCalendar)(score: 7, note: "calm")
    try await ToggleBookmark(bookmarks: store.bookmarks, now: now)(notice)
    let bookmark = try #require(
      try await store.bookmarks.bookmarks(offset: 0, limit: 1).items.first)
    failing.fail(on: .writes)
    let message = try await EditMessage(chat: repositories.chat)(sent, content: " hello ")
    #expect(message == Edited(sent, changed: false))
    let update = UpdateMindLog(
      mindLogs: repositories.mindLogs, now: now, calendar: Fixtures.utcCalendar)
    #expect(try await update(entry, score: 7, note: nil) == Edited(entry, changed: false))
    #expect(try await update(entry, score: 7, note: "calm ") == Edited(entry, changed: false))
    #expect(
      try await update(entry, score: 7, note: "calm", day: .today) == Edited(entry, changed: false))
    let renamed = try await RenameBookmark(bookmarks: repositories.bookmarks)(
      bookmark, to: "Winter hours")
    #expect(renamed == Edited(bookmark, changed: false))
    // A change does write (and so fails here).
    await #expect(throws: FailingStore.unavailable) {
      try await EditMessage(chat: repositories.chat)(sent, content: "hello!")
    }
    await #expect(throws: FailingStore.unavailable) {
      try await update(entry, score: 8, note: nil)
    }
    await #expect(throws: FailingStore.unavailable) {
      try await update(entry, score: 7, note: "calm", day: .yesterday)
    }
    await #expect(throws: FailingStore.unavailable) {
      try await RenameBookmark(bookmarks: repositories.bookmarks)(bookmark, to: "Library")
    }
    #expect(try await store.chat.messages(offset: 0, limit: 5).items == [sent])
  }

  @Test func theLastScreenIsRestored() async throws {
    #expect(try await RestoreLastScreen(screens: store.screens)() == .rates)
    try await store.screens.save(.calculator(currency: "KRW"))
    #expect(try await RestoreLastScreen(screens: store.screens)() == .calculator(currency: "KRW"))
  }
}

@Suite("Import")
struct ImportTests {
  @Test func importFillsAnEmptyStoreAndRefusesAFullOneWithoutReplace() async throws {
    let store = InMemoryStore().repositories
    let importStore = ImportStore(archive: store.archive, now: Date.init)
    try await importStore(StoreArchive.sample(), replace: false)
    #expect(try await store.archive.export() == .sample())
    await #expect(throws: DomainError.invalidInput(.storeNotEmpty)) {
      try await importStore(StoreArchive(), replace: false)
    }
    try await importStore(StoreArchive(), replace: true)
    #expect(try await store.archive.export() == StoreArchive())
  }

  @Test func inconsistentArchivesAreRefusedBeforeTouchingTheStore() async throws {
    let store = InMemoryStore().repositories
    _ = try await store.chat.insert(content: "keep", date: Fixtures.referenceDate)
    let before = try await store.archive.export()
    var duplicateLap = StoreArchive.sample()
    duplicateLap.laps.append(duplicateLap.laps[0])
    var idAboveLast = StoreArchive.sample()
    idAboveLast.lastMessageID = 2
    var badScore = StoreArchive.sample()
    badScore.mindLogs[0].score = 11
    for (archive, reason) in [
      (duplicateLap, CheckFailure.appearsTwice(.lapNumber)),
      (idAboveLast, .idNotGiven(.messageID)),
      (
        badScore,
        .outOfRange(field: "mind-log entry 2: score", value: "11", range: .between("0", "10"))
      ),
    ] {
      await #expect(throws: DomainError.invalidInput(.invalidArchive(reason))) {
        try await ImportStore(archive: store.archive, now: Date.init)(archive, replace: true)
      }
    }
    #expect(try await store.archive.export() == before)
  }
}
