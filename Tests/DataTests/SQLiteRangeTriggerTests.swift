import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// The SQLite file's own second line of defence (`rangeChecks`): a row written by
/// another program with a value out of range is refused by SQLite, and one in range is
/// taken, at the same bounds as Domain's checks. The oracle is the bounds written out by
/// hand: 1970-01-01 to 9999-12-31 in milliseconds, 0 to 100 years of 365.25 days, ids and
/// lap numbers 1 to 2^53 − 1, scores 0 to 10, rates 10^-12 to 10^12.
@Suite("SQLite range triggers")
struct SQLiteRangeTriggerTests {
  /// An insert with one value bound, and whether that value is in range.
  struct Row: Sendable, CustomStringConvertible {
    var sql: String
    var value: any SQLBindable & Sendable
    var inRange: Bool
    var description: String { "\(sql.prefix(40))… \(value) (\(inRange ? "in" : "out of") range)" }
  }

  static let rows: [Row] = {
    var rows: [Row] = []
    let dates: [(Int64, Bool)] = [
      (-1, false), (0, true), (253_402_300_799_999, true), (253_402_300_800_000, false),
    ]
    let durations: [(Int64, Bool)] = [
      (-1, false), (0, true), (3_155_760_000_000, true), (3_155_760_000_001, false),
    ]
    let ids: [(Int64, Bool)] = [
      (0, false), (1, true), (9_007_199_254_740_991, true), (9_007_199_254_740_992, false),
    ]
    for (value, inRange) in durations {
      rows.append(
        Row(
          sql: "INSERT INTO stopwatch (id, accumulated_ms) VALUES (1, ?)", value: value,
          inRange: inRange))
      rows.append(Row(sql: "INSERT INTO laps VALUES (1, ?, 5)", value: value, inRange: inRange))
      rows.append(Row(sql: "INSERT INTO laps VALUES (1, 5, ?)", value: value, inRange: inRange))
    }
    for (value, inRange) in dates {
      rows.append(
        Row(
          sql: "INSERT INTO stopwatch (id, accumulated_ms, started_at_ms) VALUES (1, 0, ?)",
          value: value, inRange: inRange))
      rows.append(
        Row(
          sql:
            "INSERT INTO bookmarks (url, title, notice_date_ms, bookmarked_at_ms) VALUES ('u', 't', ?, 0)",
          value: value, inRange: inRange))
      rows.append(
        Row(
          sql:
            "INSERT INTO bookmarks (url, title, notice_date_ms, bookmarked_at_ms) VALUES ('u', 't', 0, ?)",
          value: value, inRange: inRange))
      rows.append(
        Row(
          sql: "INSERT INTO rate_snapshots VALUES ('previous', 'USD', ?, 0)", value: value,
          inRange: inRange))
      rows.append(
        Row(
          sql: "INSERT INTO rate_snapshots VALUES ('previous', 'USD', 0, ?)", value: value,
          inRange: inRange))
      rows.append(
        Row(sql: "INSERT INTO mind_logs VALUES (1, ?, '5', 'n')", value: value, inRange: inRange))
      rows.append(
        Row(sql: "INSERT INTO chat_messages VALUES (1, 'hi', ?, 0)", value: value, inRange: inRange)
      )
    }
    for (value, inRange) in ids {
      rows.append(Row(sql: "INSERT INTO laps VALUES (?, 5, 5)", value: value, inRange: inRange))
      rows.append(
        Row(sql: "INSERT INTO mind_logs VALUES (?, 0, '5', 'n')", value: value, inRange: inRange))
      rows.append(
        Row(sql: "INSERT INTO chat_messages VALUES (?, 'hi', 0, 0)", value: value, inRange: inRange)
      )
    }
    for (value, inRange) in [("-0.001", false), ("0", true), ("10", true), ("10.001", false)] {
      rows.append(
        Row(sql: "INSERT INTO mind_logs VALUES (1, 0, ?, 'n')", value: value, inRange: inRange))
    }
    for (value, inRange) in [
      ("0.000000000000999", false), ("0.000000000001", true), ("1000000000000", true),
      ("1000000000000.01", false),
    ] {
      rows.append(
        Row(sql: "INSERT INTO rates VALUES ('latest', 'KRW', ?)", value: value, inRange: inRange))
    }
    return rows
  }()

  @Test func aRowOutOfRangeIsRefusedBySQLiteItselfAndOneInRangeIsTaken() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("pocket.sqlite").path
    _ = try SQLiteStore.open(path: path)
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)  // read-write
    for row in Self.rows {
      try connection.execute("BEGIN")
      // The rates need their snapshot.
      try connection.execute("INSERT OR IGNORE INTO rate_snapshots VALUES ('latest', 'USD', 0, 0)")
      var taken = true
      do {
        try connection.execute(row.sql, row.value)
      } catch {
        taken = false
        #expect("\(error)".contains("out of range"), "\(row): \(error)")
      }
      #expect(taken == row.inRange, "\(row)")
      try connection.execute("ROLLBACK")
    }
    // An update is checked as an insert is.
    try connection.execute("INSERT INTO chat_messages VALUES (1, 'hi', 0, 0)")
    #expect(throws: SQLiteError.self) {
      try connection.execute("UPDATE chat_messages SET date_ms = -1 WHERE id = 1")
    }
    #expect(try connection.integer("SELECT date_ms FROM chat_messages WHERE id = 1") == 0)
  }
}
