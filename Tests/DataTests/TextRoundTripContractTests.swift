import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// Whatever text a record holds comes back exactly from every store, through every door
/// that writes it: U+0000 (which PostgreSQL's text cannot hold), a noncharacter, quotes,
/// backslashes, braces and commas (an array literal's syntax), the word NULL, spaces at the
/// ends, line breaks and clusters of scalars.
@Suite struct TextRoundTripContractTests {
  static let texts = [
    "a\u{0}b", "\u{0}",
    String(decoding: [0xEF, 0xB7, 0x90, 0x00, 0xEF, 0xB7, 0x91] as [UInt8], as: UTF8.self),
    "quote \" back \\ brace {a,b}", "NULL", "  spaced  ", "line\r\nbreak", "👩‍👩‍👧‍👦 e\u{301}",
  ]

  @Test(arguments: StoreKind.available)
  func everyTextRoundTripsThroughEveryDoor(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var messages: [ChatMessage] = []
    var entries: [MindLog] = []
    for (index, text) in Self.texts.enumerated() {
      messages.append(try await store.chat.insert(content: text, date: Fixtures.date(Int64(index))))
      entries.append(
        try await store.mindLogs.insert(date: Fixtures.date(Int64(index)), score: 1, note: text))
    }
    messages += try await store.chat.insert(
      contentsOf: Self.texts.map { (content: $0, date: Fixtures.date(100)) })
    var edited = messages[0]
    edited.content = Self.texts[2]
    edited.isEdited = true
    try await store.chat.update(edited)
    messages[0] = edited
    entries[1] = try await store.mindLogs.update(
      id: entries[1].id, score: 2, note: Self.texts[0], date: nil)
    try await store.reopen()
    #expect(try await store.chat.messages(offset: 0, limit: 100).items == messages)
    #expect(try await store.mindLogs.entries(offset: 0, limit: 100).items == entries.reversed())
    #expect(try await store.chat.message(id: messages[3].id)?.content == Self.texts[3])
    #expect(try await store.mindLogs.entry(id: entries[1].id)?.note == Self.texts[0])

    // An import, then an export, of records holding each text in every text field.
    var archive = StoreArchive()
    archive.bookmarks = Self.texts.enumerated().map { index, text in
      Bookmark(
        url: "https://n.example/\(index)/\(text)", title: text, noticeDate: Fixtures.date(),
        bookmarkedAt: Fixtures.date(Int64(index)))
    }
    archive.mindLogs = entries
    archive.lastMindLogID = entries.last?.id ?? 0
    archive.messages = messages
    archive.lastMessageID = messages.last?.id ?? 0
    try archive.validate()
    try await store.repositories.archive.replaceAll(with: archive)
    try await store.reopen()
    #expect(try await store.repositories.archive.export() == archive)
    for bookmark in archive.bookmarks {
      #expect(try await store.bookmarks.bookmark(url: bookmark.url) == bookmark)
    }
  }
}
