import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// Item N of a long SQLite list is found through `list_blocks`, not by stepping over N rows:
/// the work SQLite does for an item in the middle (counted in VM instructions, not timed)
/// is the same for a list ten times longer.
@Suite struct SQLiteListIndexTests {
  /// A closed store file holding `count` chat messages (one batch) and `count` mind logs.
  private func file(count: Int) async throws -> (directory: URL, path: String) {
    let directory = try Fixtures.temporaryDirectory()
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let repositories = try SQLiteStore.open(path: path).repositories
    _ = try await repositories.chat.insert(
      contentsOf: (0..<count).map { (content: "m\($0)", date: Fixtures.date(Int64($0 / 3))) })
    try await repositories.archive.replaceAll(
      with: StoreArchive(
        mindLogs: (0..<count).map {
          MindLog(id: Int64($0 + 1), date: Fixtures.date(Int64($0 % 997)), score: 1, note: "")
        }, lastMindLogID: Int64(count),
        messages: try await repositories.archive.export().messages, lastMessageID: Int64(count)))
    return (directory, path)
  }

  /// Thousands of SQLite instructions to read item `position` of the chat and of the mind
  /// log, as the repositories read it.
  private func cost(path: String, position: Int) throws -> (chat: Int, mindLog: Int) {
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)
    func read(_ table: String, _ forward: SQLText, _ backward: SQLText, _ index: ListIndex)
      throws -> Int
    {
      let total = try rowCount(table, connection)
      let (items, instructions) = try connection.countingInstructions {
        try rows(
          (position, 1), total: total, forward: forward, backward: backward, index: index,
          connection
        ) { $0.int64(0) }
      }
      #expect(items.count == 1)
      return instructions
    }
    return (
      try read(
        "chat_messages", ListIndex.chat.page, ListIndex.chat.pageReversed, .chat),
      try read(
        "mind_logs", ListIndex.mindLogs.page, ListIndex.mindLogs.pageReversed,
        .mindLogs)
    )
  }

  /// The short list's length: 6,000 with `POCKET_SOAK=1`, else 3,000 (three blocks).
  static let shortList = Soak.size(3_000, full: 6_000)

  @Test func theMiddleOfATenTimesLongerListCostsTheSame() async throws {
    let count = Self.shortList
    let small = try await file(count: count)
    defer { try? FileManager.default.removeItem(at: small.directory) }
    let large = try await file(count: 10 * count)
    defer { try? FileManager.default.removeItem(at: large.directory) }
    let smallCost = try cost(path: small.path, position: count / 2)
    let largeCost = try cost(path: large.path, position: 5 * count)
    let nearEnd = try cost(path: large.path, position: 10 * count - 10)
    // Stepping over 10 × n/2 rows costs ten times what n/2 do; through the blocks the two
    // differ by the block rows more that are added up (27 at n = 6,000).
    #expect(largeCost.chat <= 2 * max(smallCost.chat, 1), "\(largeCost) vs \(smallCost)")
    #expect(largeCost.mindLog <= 2 * max(smallCost.mindLog, 1), "\(largeCost) vs \(smallCost)")
    #expect(largeCost.chat <= 4 * max(nearEnd.chat, 1), "\(largeCost) vs the end \(nearEnd)")
  }

  /// Every block of a list holds at most twice the block size after batches, single inserts
  /// and deletes, and the sizes add up to the list's row count.
  @Test func blocksStayBoundedAndAddUpToTheRowCount() async throws {
    let (directory, path) = try await file(count: 5_000)
    defer { try? FileManager.default.removeItem(at: directory) }
    let repositories = try SQLiteStore.open(path: path).repositories
    _ = try await repositories.chat.insert(
      contentsOf: (0..<3_000).map { (content: "late\($0)", date: Fixtures.date(10_000_000)) })
    for id in Int64(100)..<Int64(400) { try await repositories.chat.delete(id: id) }
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)
    for table in ["chat_messages", "mind_logs"] {
      let sizes = try connection.query(
        "SELECT size FROM list_blocks WHERE list = ? ORDER BY k1, k2", table
      ) { Int($0.int64(0)) }
      #expect(sizes.reduce(0, +) == (try rowCount(table, connection)), "\(table)")
      #expect(sizes.allSatisfy { $0 <= 2 * SQLiteListIndex.blockSize }, "\(table): \(sizes)")
      #expect(sizes.count >= 5, "\(table): \(sizes)")
    }
  }

  /// A block size no list holds (a file edited by hand: `list_blocks` guards only
  /// `size >= 0`) is blocks that disagree with the rows: a page is read by stepping with
  /// OFFSET, and a batch cuts the list into blocks again. Adding such a size to the rows
  /// before it overflowed, and the process trapped.
  @Test func aBlockSizePastAnyListIsReadAsBlocksThatDisagree() async throws {
    let (directory, path) = try await file(count: 6_000)
    defer { try? FileManager.default.removeItem(at: directory) }
    let repositories = try SQLiteStore.open(path: path).repositories
    let nearStart = try await repositories.chat.messages(offset: 2_500, limit: 20)
    let nearEnd = try await repositories.chat.messages(offset: 3_500, limit: 20)
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)
    let blocks = try connection.query(
      "SELECT k1, k2 FROM list_blocks WHERE list = 'chat_messages' ORDER BY k1, k2"
    ) { ($0.int64(0), $0.int64(1)) }
    #expect(blocks.count == 6)
    // The second block from each end: the walk from the start, and the one from the end,
    // each add it to a block before it.
    for (k1, k2) in [blocks[1], blocks[4]] {
      try connection.execute(
        "UPDATE list_blocks SET size = ? WHERE list = 'chat_messages' AND k1 = ? AND k2 = ?",
        Int64.max, k1, k2)
    }
    #expect(try await repositories.chat.messages(offset: 2_500, limit: 20) == nearStart)
    #expect(try await repositories.chat.messages(offset: 3_500, limit: 20) == nearEnd)
    // The last block as large: a batch of new messages cuts the list again.
    let (k1, k2) = try #require(blocks.last)
    try connection.execute(
      "UPDATE list_blocks SET size = ? WHERE list = 'chat_messages' AND k1 = ? AND k2 = ?",
      Int64.max, k1, k2)
    _ = try await repositories.chat.insert(
      contentsOf: (0..<10).map { (content: "late\($0)", date: Fixtures.date(10_000_000)) })
    let sizes = try connection.query(
      "SELECT size FROM list_blocks WHERE list = 'chat_messages' ORDER BY k1, k2"
    ) { Int($0.int64(0)) }
    #expect(sizes.reduce(0, +) == 6_010, "\(sizes)")
    #expect(sizes.allSatisfy { $0 <= 2 * SQLiteListIndex.blockSize }, "\(sizes)")
  }
}
