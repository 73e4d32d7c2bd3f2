import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// The lookups a numbered command resolves a shown row with: a chat message and a mind-log
/// entry by id, a bookmark by url. Each finds the item as stored now (after an edit, after
/// reopening), and gives `nil`, not an error, for an item never stored, deleted, or gone in
/// an import.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite struct ItemByIdentityContractTests {
  private static func bookmark(_ index: Int) -> Bookmark {
    Bookmark(
      url: "https://example.com/notice/\(index)", title: "공지 \(index)",
      noticeDate: Fixtures.date(Int64(index) * 1_000), bookmarkedAt: Fixtures.date(Int64(index)))
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func eachLookupFindsTheItemAsStoredNow(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var messages: [ChatMessage] = []
    for (index, content) in ["안녕", "second", "third"].enumerated() {
      messages.append(
        try await store.chat.insert(content: content, date: Fixtures.date(Int64(index) * 10)))
    }
    var entries: [MindLog] = []
    for (index, note) in ["기분 좋음", "", "tired"].enumerated() {
      entries.append(
        try await store.mindLogs.insert(
          date: Fixtures.date(Int64(index) * 86_400_000), score: Decimal(index + 3), note: note))
    }
    let bookmarks = (1...3).map(Self.bookmark)
    for bookmark in bookmarks { try await store.bookmarks.toggleOn(bookmark) }

    // An edit is what the lookup gives afterwards.
    messages[1].content = "second, edited"
    messages[1].isEdited = true
    try await store.chat.update(messages[1])
    entries[2].note = "rested"
    entries[2].score = 9
    try await store.mindLogs.update(replacing: entries[2])
    try await store.bookmarks.rename(url: bookmarks[0].url, to: "이름 바꿈")
    var renamed = bookmarks[0]
    renamed.title = "이름 바꿈"

    for _ in 0..<2 {
      for message in messages {
        #expect(try await store.chat.message(id: message.id) == message)
      }
      for entry in entries {
        #expect(try await store.mindLogs.entry(id: entry.id) == entry)
      }
      #expect(try await store.bookmarks.bookmark(url: bookmarks[0].url) == renamed)
      for bookmark in bookmarks.dropFirst() {
        #expect(try await store.bookmarks.bookmark(url: bookmark.url) == bookmark)
      }
      try await store.reopen()  // and again after reopening, for persistent kinds
    }
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func aMissingOrDeletedItemIsNil(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let kept = try await store.chat.insert(content: "kept", date: Fixtures.date())
    let deleted = try await store.chat.insert(content: "deleted", date: Fixtures.date(1))
    try await store.chat.delete(id: deleted.id)
    let entry = try await store.mindLogs.insert(date: Fixtures.date(), score: 5, note: "kept")
    let gone = try await store.mindLogs.insert(date: Fixtures.date(1), score: 6, note: "gone")
    try await store.mindLogs.delete(id: gone.id)
    try await store.bookmarks.toggleOn(Self.bookmark(1))
    try await store.bookmarks.toggleOn(Self.bookmark(2))
    try await store.bookmarks.delete(url: Self.bookmark(2).url)
    try await store.reopen()

    #expect(try await store.chat.message(id: deleted.id) == nil)
    #expect(try await store.chat.message(id: 99) == nil)
    #expect(try await store.chat.message(id: 0) == nil)
    #expect(try await store.chat.message(id: kept.id) == kept)
    #expect(try await store.mindLogs.entry(id: gone.id) == nil)
    #expect(try await store.mindLogs.entry(id: Int64.max) == nil)
    #expect(try await store.mindLogs.entry(id: entry.id) == entry)
    #expect(try await store.bookmarks.bookmark(url: Self.bookmark(2).url) == nil)
    #expect(try await store.bookmarks.bookmark(url: "https://example.com/never") == nil)
    #expect(try await store.bookmarks.bookmark(url: "") == nil)
    #expect(try await store.bookmarks.bookmark(url: Self.bookmark(1).url) == Self.bookmark(1))
    // Ids are per list: a message's id names no mind-log entry.
    #expect(try await store.mindLogs.entry(id: kept.id + 1) == nil)
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func anImportReplacesWhatTheIDsName(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let before = try await store.chat.insert(content: "before", date: Fixtures.date())
    try await store.bookmarks.toggleOn(Self.bookmark(1))
    let imported = ChatMessage(id: before.id, content: "imported", date: Fixtures.date(7))
    let entry = MindLog(id: 4, date: Fixtures.date(), score: 2, note: "imported")
    try await store.repositories.archive.replaceAll(
      with: StoreArchive(
        bookmarks: [Self.bookmark(5)], mindLogs: [entry], lastMindLogID: 4,
        messages: [imported], lastMessageID: 3),
      onlyIfEmpty: false)
    #expect(try await store.chat.message(id: before.id) == imported)
    #expect(try await store.mindLogs.entry(id: 4) == entry)
    #expect(try await store.bookmarks.bookmark(url: Self.bookmark(1).url) == nil)
    #expect(try await store.bookmarks.bookmark(url: Self.bookmark(5).url) == Self.bookmark(5))
  }
}
