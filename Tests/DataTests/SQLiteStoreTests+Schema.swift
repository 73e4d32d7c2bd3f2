import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// The sqlite store's schema at work: the row counts its triggers keep, and the query plans
/// its statements get (part of `SQLiteStoreTests`).
extension SQLiteStoreTests {
  // MARK: - Row counts (the rowCounts migration)

  /// `row_counts` next to what `count(*)` says, for every counted table.
  private func counts(_ store: SQLiteStore) async throws -> (kept: [Int64], counted: [Int64]) {
    try await store.database.read { connection in
      var kept: [Int64] = []
      var counted: [Int64] = []
      for table in SQLiteSchema.countedTables {
        kept.append(try connection.integer(SharedSQL.rowCount.questionMarks, table) ?? -1)
        // Table names are constants of ours.
        counted.append(try connection.integer("SELECT count(*) FROM \(table)") ?? -1)
      }
      return (kept, counted)
    }
  }

  @Test func rowCountsStayExactThroughEveryWayRowsChange() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore.open(path: path)
    let repositories = store.repositories
    func expectExact(_ step: String) async throws {
      let (kept, counted) = try await counts(store)
      #expect(kept == counted, "\(step)")
    }
    try await expectExact("opened")
    _ = try await repositories.chat.insert(contentsOf: (0..<50).map { ("b\($0)", Fixtures.date()) })
    let entry = try await repositories.mindLogs.insert(date: Fixtures.date(), score: 1, note: "")
    try await repositories.stopwatch.update(
      appending:
        Lap(number: 9, lapTime: .seconds(1), total: .seconds(9)))
    try await expectExact("inserted")
    // Failed writes roll their counts back with their rows.
    await #expect(throws: DomainError.duplicate) {
      try await repositories.stopwatch.update(
        appending:
          Lap(number: 9, lapTime: .seconds(1), total: .seconds(9)))
    }
    await #expect(throws: DomainError.notFound) { try await repositories.chat.delete(id: 999) }
    try await expectExact("failed writes")
    try await repositories.chat.delete(id: 1)
    try await repositories.mindLogs.delete(id: entry.id)
    try await repositories.bookmarks.delete(url: "https://n.example/1")
    try await expectExact("deleted")
    try await repositories.bookmarks.deleteAll()
    try await repositories.stopwatch.reset()
    try await expectExact("emptied")
    try await repositories.archive.replaceAll(with: .sample())
    try await expectExact("replaced")
    #expect(try await counts(store).kept == [2, 2, 2, 2])
    #expect(try await repositories.chat.messages(offset: 0, limit: 0).total == 2)
  }

  @Test func aCurrentFileWithoutACountTriggerIsCorruptAndKept() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let connection = try connect(path)
      try connection.execute("DROP TRIGGER chat_messages_counted_delete")
    }
    try expectRefusedAndKept(path) {
      $0
        == .corruptStore(
          path: path,
          reason: StoreProblem(.missingSchemaObject(.trigger, name: "chat_messages_counted_delete"))
        )
    }
  }

  // MARK: - Query plans

  /// Every line of the plan of `sql` run with `values`.
  private func plan(_ sql: String, _ values: any SQLBindable..., in path: String) throws
    -> [String]
  {
    try connect(path).query("EXPLAIN QUERY PLAN " + sql, arguments: values, row: { $0.text(3) })
  }

  @Test func everyPagedQueryWalksAnIndexInOrder() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Each page is read forwards from the head, or backwards from the tail (reversed in
    // Swift): both walk the same index, neither sorts.
    let pages: [(sql: String, index: String)] = [
      (ListIndex.chat.page.questionMarks, "USING INDEX chat_messages_by_date"),
      (ListIndex.chat.pageReversed.questionMarks, "USING INDEX chat_messages_by_date"),
      (ListIndex.mindLogs.page.questionMarks, "USING INDEX mind_logs_by_date"),
      (ListIndex.mindLogs.pageReversed.questionMarks, "USING INDEX mind_logs_by_date"),
      (ListIndex.bookmarks.page.questionMarks, "USING INDEX bookmarks_by_date"),
      (ListIndex.bookmarks.pageReversed.questionMarks, "USING INDEX bookmarks_by_date"),
    ]
    for (sql, index) in pages {
      let lines = try plan(sql, 20, 40, in: path)
      #expect(lines.contains { $0.contains(index) }, "\(lines)")
      #expect(!lines.contains { $0.contains("TEMP B-TREE") }, "no sort: \(lines)")
    }
    // Laps are a rowid table keyed by `number`: the page walks that b-tree (backwards for
    // the newest first), which SQLite prints as a bare "SCAN laps", with no sort step.
    for sql in [StopwatchSQL.lapsPage.questionMarks, StopwatchSQL.lapsPageReversed.questionMarks] {
      #expect(try plan(sql, 20, 40, in: path) == ["SCAN laps"])
    }
    // The lap extremes are each one step down the index of shown lap times: its least (or
    // greatest) shown time, then the first lap that shows it, with no sort, however many
    // laps tie.
    for sql in [SQLiteConnection.fastestLap, SQLiteConnection.slowestLap] {
      #expect(
        try plan(sql, in: path) == [
          "SEARCH laps USING INDEX laps_by_shown_time (<expr>=?)", "SCALAR SUBQUERY 1",
          "SEARCH laps USING INDEX laps_by_shown_time",
        ])
    }
  }

  /// Every statement of a user action other than the pages above finds its rows by a key:
  /// its cost does not grow with the table.
  @Test func everyOtherStatementOfAnActionSearchesByAKey() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let statements: [(sql: String, values: [any SQLBindable])] = [
      (SharedSQL.rowCount.questionMarks, ["chat_messages"]),
      (SQLiteSharedSQL.addToRowCount, [50, "chat_messages"]),
      (SQLDialect.sqlite.nextID(table: "chat_messages"), ["chat_messages"]),
      (SQLDialect.sqlite.nextID(table: "mind_logs"), ["mind_logs"]),
      (ChatSQL.update.questionMarks, ["text", 1, true, 1]),
      (ListIndex.chat.deleteID.questionMarks, [1]),
      (MindLogSQL.update.questionMarks, [1, "1", "note", 1]),
      (ListIndex.mindLogs.deleteID.questionMarks, [1]),
      (SQLiteConnection.presentSQL(column: "url", table: "bookmarks"), ["u"]),
      (BookmarkSQL.deleteURL.questionMarks, ["u"]),
      (StopwatchRow.select, []),
      (ScreenStateRow.select, []),
      (RateSnapshotRow.select, ["latest"]),
      (RateSnapshotRow.selectRates, ["latest"]),
      // What the row-count triggers run.
      ("UPDATE row_counts SET value = value + 1 WHERE name = ?", ["laps"]),
    ]
    for (sql, values) in statements {
      let lines = try connect(path).query(
        "EXPLAIN QUERY PLAN " + sql, arguments: values, row: { $0.text(3) })
      #expect(!lines.isEmpty, "\(sql)")
      #expect(
        lines.allSatisfy { $0.hasPrefix("SEARCH") || $0.hasPrefix("SCALAR SUBQUERY") },
        "\(sql): \(lines)")
    }
  }
}
