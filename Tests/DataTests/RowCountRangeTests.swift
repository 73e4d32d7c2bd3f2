import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// The row counts the sqlite and postgres stores keep by triggers (`row_counts`) are read
/// as a list's total, and every page count and window is worked out from them. A count no
/// list can hold (past 2^53 − 1, as a store edited by hand may say) is refused where it is
/// read, naming it, as every other stored number is: a total near `Int.max` overflowed
/// the page count of the screen showing the list, and the process trapped.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite struct RowCountRangeTests {
  static let kinds = StoreKind.available.filter { $0 == .sqlite || $0 == .postgres }

  /// Sets the row count of `table` in the store `store` keeps its rows in, as an edit by
  /// hand would (no trigger guards it beyond `value >= 0`).
  func setRowCount(_ table: String, to value: Int64, in store: StoreUnderTest) throws {
    let sql = "UPDATE row_counts SET value = \(value) WHERE name = '\(table)'"
    switch store.kind {
    case .sqlite:
      let path = store.directory.appendingPathComponent(SQLiteStore.fileName).path
      // SQLITE_OPEN_READWRITE.
      try SQLiteConnection(path: path, flags: 0x0000_0002).execute(sql)
    case .postgres:
      let server = try #require(PostgresServer.shared)
      let schema = StoreKind.postgresTarget(for: store.directory).schema
      try server.psql("SET search_path TO \(schema); \(sql)")
    case .memory, .json:
      Issue.record("\(store.kind) keeps no row counts")
    }
  }

  /// Each list's page read, with the table whose count gives its total (the chat's two
  /// reads: the newest page is one statement on postgres, which reads the count itself).
  static let reads: [(table: String, read: @Sendable (Repositories) async throws -> Void)] = [
    ("laps", { _ = try await $0.stopwatch.laps(offset: 0, limit: 20) }),
    ("bookmarks", { _ = try await $0.bookmarks.bookmarks(offset: 0, limit: 20) }),
    ("mind_logs", { _ = try await $0.mindLogs.entries(offset: 0, limit: 20) }),
    ("chat_messages", { _ = try await $0.chat.newestMessages(skipping: 0, limit: 20) }),
    ("chat_messages", { _ = try await $0.chat.messages(offset: 0, limit: 20) }),
  ]

  @Test(arguments: Soak.spread([Int64.max, Limits.maxCounter + 1], over: kinds))
  func aRowCountPastTheLastIDIsRefusedNamingIt(kind: StoreKind, value: Int64) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    _ = try await store.chat.insert(content: "hello", date: Fixtures.date())
    for (table, read) in Self.reads {
      try setRowCount(table, to: value, in: store)
      let error = await #expect(throws: DomainError.self, "\(table)") {
        try await read(store.repositories)
      }
      guard case .corruptStore(_, let reason)? = error else {
        Issue.record("\(table): \(String(describing: error))")
        continue
      }
      #expect(
        reason.english
          == "row_counts.value of \(table) \(value) is out of range (0 to 9007199254740991)")
      await #expect(throws: DomainError.self, "the archive's counts, \(table)") {
        _ = try await store.repositories.archive.recordCounts()
      }
      try setRowCount(table, to: table == "chat_messages" ? 1 : 0, in: store)
    }
    // Counts in range read as they are.
    let page = try await store.chat.newestMessages(skipping: 0, limit: 20)
    #expect(page.total == 1)
    #expect(page.items.map(\.content) == ["hello"])
    // An import that replaces everything replaces the counts too: the store is whole again
    // (the rows it deletes and inserts would otherwise move a count edited by hand).
    for (table, _) in Self.reads { try setRowCount(table, to: value, in: store) }
    let message = ChatMessage(id: 1, content: "again", date: Fixtures.date())
    try await store.repositories.archive.replaceAll(
      with: StoreArchive(messages: [message], lastMessageID: 1))
    #expect(try await store.chat.newestMessages(skipping: 0, limit: 20).items == [message])
    #expect(try await store.chat.messages(offset: 0, limit: 20).total == 1)
    #expect(try await store.stopwatch.laps(offset: 0, limit: 20).total == 0)
    #expect(try await store.repositories.archive.recordCounts().chatMessages == 1)
  }
}
