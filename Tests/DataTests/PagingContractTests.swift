import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

/// Every paged list reads `offset` and `limit` alike: negative values count as 0, and the
/// page reports the offset it used.
@Suite struct PagingContractTests {
  @Test(arguments: StoreKind.available)
  func negativeOffsetsAndLimitsCountAsZero(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    for index in 1...3 {
      _ = try await store.chat.insert(content: "\(index)", date: Fixtures.date(Int64(index)))
      _ = try await store.mindLogs.insert(date: Fixtures.date(Int64(index)), score: 1, note: "")
      try await store.stopwatch.update(
        appending:
          Lap(number: index, lapTime: .milliseconds(10), total: .milliseconds(Int64(index) * 10)))
      try await store.bookmarks.toggleOn(
        Bookmark(
          url: "u\(index)", title: "", noticeDate: Fixtures.date(),
          bookmarkedAt: Fixtures.date(Int64(index))))
    }
    let chat = try await store.chat.messages(offset: -2, limit: 2)
    #expect(chat.offset == 0)
    #expect(chat.total == 3)
    #expect(chat.items.map(\.content) == ["1", "2"])
    #expect(
      try await store.chat.messages(offset: 1, limit: -1) == Page(items: [], offset: 1, total: 3))
    #expect(try await store.mindLogs.entries(offset: -1, limit: 1).items.map(\.id) == [3])
    #expect(try await store.mindLogs.entries(offset: 0, limit: -5).items.isEmpty)
    #expect(try await store.stopwatch.laps(offset: -9, limit: 1).items.map(\.number) == [3])
    #expect(try await store.stopwatch.laps(offset: -9, limit: 1).offset == 0)
    #expect(try await store.bookmarks.bookmarks(offset: -1, limit: 1).items.map(\.url) == ["u3"])
    #expect(try await store.bookmarks.bookmarks(offset: 2, limit: .max).items.map(\.url) == ["u1"])
    #expect(try await store.chat.messages(offset: .max, limit: .max).items.isEmpty)
  }
}

/// Every page of every list equals the same slice of the whole list, in the order its
/// repository documents: at the head, in the middle, at and past the end, with ties on the
/// date, and after deletes. (A store may read a page from either end; none may tell.) On
/// every store with `POCKET_SOAK=1`; the quick run gives each test one store, sqlite and
/// postgres (where a server runs), whose blocks the lists are long enough to cross.
@Suite struct PageSliceContractTests {
  /// The page `offset`/`limit` of `list` as the contract defines it.
  private func slice<Item: Equatable>(_ list: [Item], offset: Int, limit: Int) -> Page<Item> {
    let start = min(max(offset, 0), list.count)
    let count = min(max(limit, 0), list.count - start)
    return Page(
      items: Array(list[start..<(start + count)]), offset: max(offset, 0), total: list.count)
  }

  /// The page of `list` (oldest first) that leaves out its `skipping` newest items and holds
  /// at most `limit` before them.
  private func newest<Item: Equatable>(_ list: [Item], skipping: Int, limit: Int) -> Page<Item> {
    let kept = list.dropLast(min(max(skipping, 0), list.count))
    let items = kept.suffix(max(limit, 0))
    return Page(items: Array(items), offset: kept.count - items.count, total: list.count)
  }

  /// Offsets and limits around both ends of a list of `total` items, the middle, and beyond.
  private func windows(total: Int) -> [(offset: Int, limit: Int)] {
    let offsets = Set(
      [0, 1, 2, total / 2, total - 21, total - 20, total - 3, total - 2, total - 1]
        + [total, total + 1, .max]
    ).filter { $0 >= 0 }
    let limits = [0, 1, 2, 3, 7, 20, total - 1, total, total + 1, .max].filter { $0 >= 0 }
    return offsets.sorted().flatMap { offset in limits.map { (offset, $0) } }
  }

  private func expectSlices(_ store: StoreUnderTest, _ lists: Lists) async throws {
    for (offset, limit) in windows(total: lists.messages.count) {
      #expect(
        try await store.chat.messages(offset: offset, limit: limit)
          == slice(lists.messages, offset: offset, limit: limit), "chat \(offset) \(limit)")
    }
    for (skipping, limit) in windows(total: lists.messages.count) {
      #expect(
        try await store.chat.newestMessages(skipping: skipping, limit: limit)
          == newest(lists.messages, skipping: skipping, limit: limit),
        "chat newest \(skipping) \(limit)")
    }
    for (offset, limit) in windows(total: lists.entries.count) {
      #expect(
        try await store.mindLogs.entries(offset: offset, limit: limit)
          == slice(lists.entries, offset: offset, limit: limit), "mind log \(offset) \(limit)")
    }
    for (offset, limit) in windows(total: lists.bookmarks.count) {
      #expect(
        try await store.bookmarks.bookmarks(offset: offset, limit: limit)
          == slice(lists.bookmarks, offset: offset, limit: limit), "bookmark \(offset) \(limit)")
    }
    for (offset, limit) in windows(total: lists.laps.count) {
      #expect(
        try await store.stopwatch.laps(offset: offset, limit: limit)
          == slice(lists.laps, offset: offset, limit: limit), "laps \(offset) \(limit)")
    }
  }

  /// The lists as inserted, in their documented orders.
  private struct Lists {
    var messages: [ChatMessage] = []  // oldest first, then the lower id
    var entries: [MindLog] = []  // newest first, then the higher id
    var bookmarks: [Bookmark] = []  // newest first, then the later insert
    var laps: [Lap] = []  // highest number first

    mutating func sort(bookmarkOrder: [String: Int]) {
      messages.sort { ($0.date, $0.id) < ($1.date, $1.id) }
      entries.sort { ($0.date, $0.id) > ($1.date, $1.id) }
      bookmarks.sort {
        ($0.bookmarkedAt, bookmarkOrder[$0.url] ?? 0) > (
          $1.bookmarkedAt, bookmarkOrder[$1.url] ?? 0
        )
      }
      laps.sort { $0.number > $1.number }
    }
  }

  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 2))
  func everyPageIsTheSliceOfTheWholeList(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var lists = Lists()
    var bookmarkOrder: [String: Int] = [:]
    var inserted = 0
    // Dates repeat (ties), and go back and forth, so insertion order is not the list order.
    func date(_ index: Int) -> Date { Fixtures.date(Int64((index * 7) % 5) * 1_000) }
    for size in [0, 1, 3, 23, 47] {
      while inserted < size {
        let index = inserted
        lists.messages.append(try await store.chat.insert(content: "m\(index)", date: date(index)))
        lists.entries.append(
          try await store.mindLogs.insert(date: date(index), score: 1, note: "e\(index)"))
        let bookmark = Bookmark(
          url: "u\(index)", title: "", noticeDate: Fixtures.date(), bookmarkedAt: date(index))
        try await store.bookmarks.toggleOn(bookmark)
        lists.bookmarks.append(bookmark)
        bookmarkOrder[bookmark.url] = index
        // Lap numbers out of order: 2, 1, 4, 3, ...
        let lap = Lap(
          number: index.isMultiple(of: 2) ? index + 2 : index, lapTime: .milliseconds(10),
          total: .milliseconds(Int64(index) * 10))
        try await store.stopwatch.update(appending: lap)
        lists.laps.append(lap)
        inserted += 1
      }
      if size == 47 {
        // A batch too, with ties among its own dates and the earlier ones.
        let drafts = (0..<9).map { (content: "b\($0)", date: date($0)) }
        lists.messages += try await store.chat.insert(contentsOf: drafts)
      }
      lists.sort(bookmarkOrder: bookmarkOrder)
      try await expectSlices(store, lists)
    }

    // Deleting from both ends and the middle keeps every page a slice.
    for message in [lists.messages.first, lists.messages.last, lists.messages[20]] {
      guard let message else { continue }
      try await store.chat.delete(id: message.id)
      lists.messages.removeAll { $0.id == message.id }
    }
    for entry in [lists.entries[0], lists.entries[30]] {
      try await store.mindLogs.delete(id: entry.id)
      lists.entries.removeAll { $0.id == entry.id }
    }
    for bookmark in [lists.bookmarks[1], lists.bookmarks[40]] {
      try await store.bookmarks.delete(url: bookmark.url)
      lists.bookmarks.removeAll { $0.url == bookmark.url }
    }
    try await expectSlices(store, lists)
  }

  /// Far from the newest end (past the postgres store's two blocks, where it reads the count
  /// and the page apart), a page counted from the newest end is still the slice.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func pagesFarFromTheNewestEndAreSlicesToo(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    // Dates repeat, so the order is the date, then the id.
    let drafts = (0..<4_500).map { (content: "m\($0)", date: Fixtures.date(Int64($0 % 700))) }
    let messages = try await store.chat.insert(contentsOf: drafts).sorted {
      ($0.date, $0.id) < ($1.date, $1.id)
    }
    for skipping in [0, 20, 1_999, 2_000, 2_001, 2_020, 2_021, 3_333, 4_480, 4_499, 4_500, 9_000] {
      for limit in [0, 1, 20] {
        #expect(
          try await store.chat.newestMessages(skipping: skipping, limit: limit)
            == newest(messages, skipping: skipping, limit: limit), "\(skipping) \(limit)")
      }
    }
  }
}
