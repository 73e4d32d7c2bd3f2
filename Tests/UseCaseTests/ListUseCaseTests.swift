import Data
import Domain
import Foundation
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
    let list = ListBookmarks(bookmarks: store.bookmarks)
    let bookmark = try #require(try await list(limit: 10).items.first)
    try await RenameBookmark(bookmarks: store.bookmarks)(bookmark, to: "  Library  ")
    #expect(try await list(limit: 10).items.map(\.title) == ["Library"])
    await #expect(throws: DomainError.invalidInput(.emptyText)) {
      try await RenameBookmark(bookmarks: store.bookmarks)(bookmark, to: " ")
    }
    try await ClearBookmarks(bookmarks: store.bookmarks)()
    #expect(try await list(limit: 10).total == 0)
  }

  @Test func mindLogScoresStayWithinZeroToTen() async throws {
    let add = AddMindLog(mindLogs: store.mindLogs, now: now)
    let entry = try await add(score: Decimal(string: "7.5") ?? 0, note: " calm ")
    #expect(entry.note == "calm")
    await #expect(throws: DomainError.invalidInput(.scoreOutOfRange)) {
      try await add(score: 11, note: "")
    }
    await #expect(throws: DomainError.invalidInput(.scoreOutOfRange)) {
      try await UpdateMindLog(mindLogs: store.mindLogs)(entry, score: -1, note: "")
    }
    let updated = try await UpdateMindLog(mindLogs: store.mindLogs)(entry, score: 10, note: "great")
    #expect(try await ListMindLogs(mindLogs: store.mindLogs)(limit: 5).items == [updated])
    try await DeleteMindLog(mindLogs: store.mindLogs)(updated)
    #expect(try await ListMindLogs(mindLogs: store.mindLogs)(limit: 5).total == 0)
  }

  @Test func editingAMessageMarksItEdited() async throws {
    let sent = try await SendMessage(chat: store.chat, now: now)("hello")
    #expect(sent.isEdited == false)
    let edited = try await EditMessage(chat: store.chat)(sent, content: "hello there")
    #expect(
      edited == ChatMessage(id: sent.id, content: "hello there", date: sent.date, isEdited: true))
    #expect(try await ListMessages(chat: store.chat)(limit: 5).items == [edited])
    await #expect(throws: DomainError.invalidInput(.emptyText)) {
      try await SendMessage(chat: store.chat, now: now)("  \n ")
    }
    try await DeleteMessage(chat: store.chat)(edited)
    await #expect(throws: DomainError.notFound) {
      try await DeleteMessage(chat: store.chat)(edited)
    }
  }

  @Test func theLastScreenIsRestored() async throws {
    #expect(try await RestoreLastScreen(screens: store.screens)() == .rates)
    try await SaveLastScreen(screens: store.screens)(.calculator(currency: "KRW"))
    #expect(try await RestoreLastScreen(screens: store.screens)() == .calculator(currency: "KRW"))
  }
}

@Suite("Import")
struct ImportTests {
  @Test func importFillsAnEmptyStoreAndRefusesAFullOneWithoutReplace() async throws {
    let store = InMemoryStore().repositories
    let importStore = ImportStore(archive: store.archive)
    try await importStore(.sample(), replace: false)
    #expect(try await ExportStore(archive: store.archive)() == .sample())
    await #expect(throws: DomainError.invalidInput(.storeNotEmpty)) {
      try await importStore(StoreArchive(), replace: false)
    }
    try await importStore(StoreArchive(), replace: true)
    #expect(try await ExportStore(archive: store.archive)() == StoreArchive())
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
      (duplicateLap, "a lap number appears twice"),
      (idAboveLast, "a chat-message id is not between 1 and the last id given"),
      (badScore, "mind-log entry 2: score 11 is out of range (0 to 10)"),
    ] {
      await #expect(throws: DomainError.invalidInput(.invalidArchive(reason))) {
        try await ImportStore(archive: store.archive)(archive, replace: true)
      }
    }
    #expect(try await store.archive.export() == before)
  }
}
