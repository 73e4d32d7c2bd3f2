import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Item N of a long list (what `edit N`, `delete N`, `rename N`, `remove N` fetch: a page of
/// one at offset N − 1) is the Nth item of the documented order, at both ends and in the
/// middle, in lists long enough that the sqlite store finds it through its blocks
/// (`SQLiteListIndex`, more than two blocks of 1,000 rows from either end), and still after
/// deletions, batches in and out of order, and an import.
@Suite struct ItemLookupContractTests {
  /// Rows per list: more than four blocks, so the middle is read through the blocks.
  static let count = 4_600

  /// Dates with ties that go back and forth, so insertion order is not the list order.
  static func date(_ index: Int) -> Date { Fixtures.date(Int64((index * 7) % 1_303) * 1_000) }

  /// Positions at both ends, around block edges and in the middle of a list of `total`.
  static func positions(_ total: Int) -> [Int] {
    Set([0, 1, 999, 1_000, 2_001, 2_002, total / 2 - 1, total / 2, total - 2_003, total - 1])
      .filter { $0 >= 0 && $0 < total }.sorted()
  }

  private func expectItems(
    _ store: StoreUnderTest, messages: [ChatMessage], entries: [MindLog], bookmarks: [Bookmark],
    _ comment: String
  ) async throws {
    for position in Self.positions(messages.count) {
      let page = try await store.chat.messages(offset: position, limit: 1)
      #expect(page.items == [messages[position]], "chat item \(position + 1) \(comment)")
      #expect(page.total == messages.count)
    }
    for position in Self.positions(entries.count) {
      let page = try await store.mindLogs.entries(offset: position, limit: 1)
      #expect(page.items == [entries[position]], "mind log item \(position + 1) \(comment)")
    }
    for position in Self.positions(bookmarks.count) {
      let page = try await store.bookmarks.bookmarks(offset: position, limit: 1)
      #expect(page.items == [bookmarks[position]], "bookmark item \(position + 1) \(comment)")
    }
    // A page of 20 across the middle, as `page N` reads it.
    let middle = messages.count / 2 - 10
    #expect(
      try await store.chat.messages(offset: middle, limit: 20).items
        == Array(messages[middle..<(middle + 20)]), "chat middle page \(comment)")
    let entryMiddle = entries.count / 2 - 10
    #expect(
      try await store.mindLogs.entries(offset: entryMiddle, limit: 20).items
        == Array(entries[entryMiddle..<(entryMiddle + 20)]), "mind-log middle page \(comment)")
  }

  private static func sorted(_ messages: [ChatMessage]) -> [ChatMessage] {
    messages.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
  }

  private static func sorted(_ entries: [MindLog]) -> [MindLog] {
    entries.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
  }

  /// Newest first, then the later insert (the archive's order is the insert order).
  private static func sorted(_ bookmarks: [Bookmark], order: [Bookmark]) -> [Bookmark] {
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1.url, $0) })
    return bookmarks.sorted {
      ($0.bookmarkedAt, rank[$0.url] ?? 0) > ($1.bookmarkedAt, rank[$1.url] ?? 0)
    }
  }

  /// On every store with `POCKET_SOAK=1`; on sqlite, whose blocks the lists are long enough
  /// to cross, in the quick run.
  @Test(arguments: Soak.all(StoreKind.available, quick: .sqlite))
  func itemNIsTheNthItemAtBothEndsAndInTheMiddle(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    // An import: mind logs and bookmarks (and some messages) in one step.
    let archiveBookmarks = (0..<Self.count).map {
      Bookmark(
        url: "https://example.com/\($0)", title: "b\($0)", noticeDate: Fixtures.date(),
        bookmarkedAt: Self.date($0))
    }
    let archiveEntries = (0..<Self.count).map {
      MindLog(id: Int64($0 + 1), date: Self.date($0), score: 5, note: "e\($0)")
    }
    let archiveMessages = (0..<100).map {
      ChatMessage(id: Int64($0 + 1), content: "a\($0)", date: Self.date($0))
    }
    try await store.repositories.archive.replaceAll(
      with: StoreArchive(
        bookmarks: archiveBookmarks, mindLogs: archiveEntries, lastMindLogID: Int64(Self.count),
        messages: archiveMessages, lastMessageID: 100))
    // A batch out of order, then one after every date (it joins the last block).
    var messages = archiveMessages
    messages += try await store.chat.insert(
      contentsOf: (0..<Self.count).map { (content: "m\($0)", date: Self.date($0)) })
    messages += try await store.chat.insert(
      contentsOf: (0..<2_500).map {
        (content: "late\($0)", date: Fixtures.date(Int64(2_000_000 + $0)))
      })
    var entries = Self.sorted(archiveEntries)
    var bookmarks = Self.sorted(archiveBookmarks, order: archiveBookmarks)
    messages = Self.sorted(messages)
    try await expectItems(
      store, messages: messages, entries: entries, bookmarks: bookmarks, "after the inserts")

    // Deletions: a run of 400 in the middle (a block empties and merges), and both ends.
    let middle = messages.count / 2
    for message in messages[(middle - 200)..<(middle + 200)] + [
      messages[0], messages[messages.count - 1],
    ] {
      try await store.chat.delete(id: message.id)
    }
    messages = messages.enumerated().filter { index, _ in
      !((middle - 200)..<(middle + 200)).contains(index) && index != 0
        && index != messages.count - 1
    }.map(\.element)
    let entryMiddle = entries.count / 2
    for entry in entries[(entryMiddle - 300)..<entryMiddle] + [entries[0]] {
      try await store.mindLogs.delete(id: entry.id)
    }
    entries.removeSubrange((entryMiddle - 300)..<entryMiddle)
    entries.removeFirst()
    for bookmark in bookmarks[2_100..<2_400] + [bookmarks[bookmarks.count - 1]] {
      try await store.bookmarks.delete(url: bookmark.url)
    }
    bookmarks.removeLast()
    bookmarks.removeSubrange(2_100..<2_400)
    // An edit that moves an entry to another day moves it in the list.
    var moved = entries[10]
    moved.date = Self.date(700)
    try await store.mindLogs.update(replacing: moved)
    entries[10] = moved
    entries = Self.sorted(entries)
    // New single rows at the far end and in the middle.
    messages.append(try await store.chat.insert(content: "new", date: Fixtures.date(3_000_000)))
    messages.append(try await store.chat.insert(content: "old", date: Self.date(5)))
    messages = Self.sorted(messages)
    try await expectItems(
      store, messages: messages, entries: entries, bookmarks: bookmarks, "after the deletions")
  }
}
