import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// An archive larger than one statement of the postgres store's bulk inserts
/// (`PostgresConnection.rowsPerStatement`) in every list, imported into every store and
/// exported again, whole and in order; with `POCKET_SOAK=1`, 100,000 records a list.
@Suite(.timeLimit(.minutes(Soak.minutesBeforeAHang))) struct LargeArchiveContractTests {
  static let count = Soak.size(PostgresConnection.rowsPerStatement + 1, full: 100_000)

  static func archive() -> StoreArchive {
    let numbers = 1...count
    return StoreArchive(
      laps: numbers.map {
        Lap(number: $0, lapTime: .milliseconds(10), total: .milliseconds(Int64($0) * 10))
      },
      // Every tenth pair made at one time: the archive's order breaks the tie.
      bookmarks: numbers.map {
        Bookmark(
          url: "https://n.example/\($0)", title: "notice \($0)", noticeDate: Fixtures.date(),
          bookmarkedAt: Fixtures.date(Int64($0 / 10)))
      },
      mindLogs: numbers.map {
        MindLog(id: Int64($0) * 2, date: Fixtures.date(Int64($0)), score: 5, note: "note \($0)")
      }, lastMindLogID: Int64(count) * 2 + 1,
      messages: numbers.map {
        ChatMessage(
          id: Int64($0), content: "message \($0)", date: Fixtures.date(Int64(count - $0)),
          isEdited: $0 % 3 == 0)
      }, lastMessageID: Int64(count))
  }

  /// On every store with `POCKET_SOAK=1`; else on the postgres store, whose bulk inserts the
  /// count is chosen to pass, where a server runs, and on sqlite elsewhere.
  @Test(
    arguments: Soak.all(
      StoreKind.available, quick: PostgresServer.isAvailable ? .postgres : .sqlite))
  func aLargeArchiveRoundTripsWholeAndInOrder(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let archive = Self.archive()
    try archive.validate()
    try await store.repositories.archive.replaceAll(with: archive, onlyIfEmpty: true)
    try await store.reopen()
    #expect(try await store.repositories.archive.export() == archive)
    #expect(try await store.repositories.archive.recordCounts() == archive.counts)
    // The lists read as the repositories order them, at both ends.
    let newestMessages = try await store.chat.messages(offset: Self.count - 2, limit: 5)
    #expect(newestMessages.items.map(\.id) == [2, 1])
    #expect(
      try await store.mindLogs.entries(offset: 0, limit: 1).items.first?.id == Int64(Self.count) * 2
    )
    #expect(
      try await store.bookmarks.bookmarks(offset: 0, limit: 1).items.first?.url
        == "https://n.example/\(Self.count)")
    #expect(
      try await store.chat.insert(content: "next", date: Fixtures.date()).id == Int64(Self.count)
        + 1)
  }
}
