import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketData

/// The examples with the real `pocket` binary: numbers near `Int64.max` from a
/// rates file, an archive or a store edited by hand never end Pocket with a trap; each is
/// refused with a message naming the field, and a store is left byte for byte as it was.
@Suite(
  "Numbers from outside, end to end", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct OutsideNumberProcessTests {
  static let int64Max = "9223372036854775807"

  func expectNoTrap(_ run: PocketProcess.Run, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!run.wasKilled, sourceLocation: sourceLocation)
    #expect([0, 1, 2, 3].contains(run.status), "\(run.status)", sourceLocation: sourceLocation)
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(!run.stdout.contains("NaN"), sourceLocation: sourceLocation)
  }

  @Test func refreshWithAPublicationTimeNearInt64MaxIsRefusedNamingIt() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    for value in [Self.int64Max, "-9223372036854775808"] {
      let file = try OutsideNumberTests.write(
        OutsideNumberTests.ratesBody(.published, value), in: pocket.directory, name: "rates.json")
      let run = try pocket.run(["--rates-file", file.path, "refresh"])
      expectNoTrap(run)
      #expect(run.status == 1)
      #expect(
        run.stderr
          == "pocket: Could not load data: \(file.path): time_last_update_unix \(value) is out of range (a date from 1970-01-01 to 9999-12-31)\n"
      )
      #expect(run.stdout.isEmpty, "a refusal prints only its reason")
    }
  }

  @Test func aRateOf1e100IsRefusedAndConvertNeverShowsNaN() throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let file = try OutsideNumberTests.write(
      OutsideNumberTests.ratesBody(.rate, "1e100"), in: pocket.directory, name: "rates.json")
    let refresh = try pocket.run(["--rates-file", file.path, "refresh"])
    expectNoTrap(refresh)
    #expect(refresh.status == 1)
    #expect(refresh.stderr.contains("the rate of KRW 1e100 is out of range"), "\(refresh.stderr)")
    #expect(try pocket.run(["calc", "KRW"]).status == 0)
    let convert = try pocket.run(["convert", "999,999,999,999,999.99"])
    expectNoTrap(convert)
    #expect(convert.status == 0)
    #expect(
      convert.stdout.contains("999,999,999,999,999.99 USD → 1,350,003,042,999,999,986.50 KRW"))
  }

  static let nearInt64MaxFields: [OutsideNumberTests.ArchiveField] = [
    .accumulatedMs, .lapNumber, .lapTotalMs, .chatLastID, .mindLogLastID, .messageDateMs,
    .startedAtMs,
  ]

  /// Archives whose stopwatch time, lap number or last id is near `Int64.max`: accepted,
  /// `start`, `lap`, `say` and `export` would overflow and trap. After the refusal, the
  /// store exports; with `Soak.everyCase` every command runs on it first, else after one
  /// field in three, the fields taken in turn (the refused import left the same new store).
  @Test(arguments: nearInt64MaxFields)
  func anArchiveWithANumberNearInt64MaxIsRefusedAndTheStoreStaysUsable(
    field: OutsideNumberTests.ArchiveField
  ) throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let file = try OutsideNumberTests.write(
      OutsideNumberTests.archive(field, Self.int64Max), in: pocket.directory, name: "a.json")
    let run = try pocket.run(["import", file.path])
    expectNoTrap(run)
    #expect(run.status == 1)
    #expect(
      run.stderr
        .hasPrefix(
          "pocket: Cannot use the file \(file.path): \(field) \(Self.int64Max) is out of range"),
      "\(run.stderr)")
    let turn = Self.nearInt64MaxFields.firstIndex(of: field) ?? 0
    let commands = [["start"], ["lap"], ["stop"], ["say", "hi"], ["add", "5", "ok"]]
    for command in Soak.everyCase || turn % 3 == 0 ? commands : [] {
      let after = try pocket.run(command)
      expectNoTrap(after)
      #expect(after.status == 0, "\(command): \(after.stderr)")
    }
    _ = try pocket.export()
  }

  // MARK: Stores edited by hand

  /// The store file's bytes.
  static func bytes(_ url: URL) throws -> Foundation.Data { try Foundation.Data(contentsOf: url) }

  /// Commands on a store edited by hand: each exits 3 with one line naming the store and
  /// `field`, and the file stays byte for byte as it was.
  func expectUnusable(
    _ pocket: PocketProcess, file: URL, naming field: String, commands: [[String]],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try Self.bytes(file)
    for command in commands {
      let run = try pocket.run(command)
      expectNoTrap(run, sourceLocation: sourceLocation)
      #expect(run.status == 3, "\(command): \(run.stderr)", sourceLocation: sourceLocation)
      #expect(
        run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)",
        sourceLocation: sourceLocation)
      #expect(run.stderr.contains(file.path), "\(run.stderr)", sourceLocation: sourceLocation)
      #expect(
        run.stderr.contains(field), "names \(field): \(run.stderr)", sourceLocation: sourceLocation)
    }
    #expect(try Self.bytes(file) == before, "left as it was", sourceLocation: sourceLocation)
  }

  static let handEdits: [(OutsideNumberTests.ArchiveField, String)] = [
    (.accumulatedMs, int64Max), (.lapNumber, int64Max), (.chatLastID, int64Max),
    (.latestRate, "1e100"), (.journalSeq, int64Max), (.noticeDateMs, "-1"),
    (.score, "11"), (.lapTimeMs, "-5"),
  ]

  /// Each edit refused by every command with `Soak.everyCase`, else by one, the edits taking
  /// the commands in turn.
  @Test(arguments: handEdits)
  func aJSONStoreEditedByHandOpensWithExitThreeNamingTheField(
    edit: (OutsideNumberTests.ArchiveField, String)
  ) throws {
    let turn = Self.handEdits.firstIndex { $0 == edit } ?? 0
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    // An export is a json store: written as the store's snapshot.
    let file = try OutsideNumberTests.write(
      OutsideNumberTests.archive(edit.0, edit.1), in: pocket.directory, name: "pocket.json")
    try expectUnusable(
      pocket, file: file, naming: edit.0.rawValue,
      commands: Soak.all(
        [["stopwatch"], ["say", "more"], ["export", "/dev/null"]], quickTurn: turn))
  }

  /// A column, the SQL that puts a value out of its range into it, what the message names,
  /// and a command that reads it.
  static let sqliteEdits: [(sql: String, field: String, command: String)] = [
    ("UPDATE stopwatch SET accumulated_ms = \(int64Max)", "stopwatch.accumulated_ms", "stopwatch"),
    ("UPDATE stopwatch SET started_at_ms = -1", "stopwatch.started_at_ms", "stopwatch"),
    ("UPDATE laps SET number = \(int64Max)", "laps.number", "stopwatch"),
    ("UPDATE laps SET total_ms = -1", "laps.total_ms", "stopwatch"),
    ("UPDATE chat_messages SET date_ms = \(int64Max)", "chat_messages.date_ms", "chat"),
    ("UPDATE mind_logs SET score = '1e100'", "mind_logs.score", "mindlog"),
    (
      "UPDATE counters SET value = \(int64Max) WHERE name = 'chat_messages'",
      "counters.value of chat_messages", "export"
    ),
    ("UPDATE rates SET rate = '1e100' WHERE code = 'KRW'", "rates.rate of KRW", "rates"),
    // A count kept by triggers, which no range trigger guards: past 2^53 − 1 the chat's
    // page count overflowed and `chat` trapped.
    (
      "UPDATE row_counts SET value = \(int64Max) WHERE name = 'chat_messages'",
      "row_counts.value of chat_messages", "chat"
    ),
    (
      "UPDATE rate_snapshots SET published_at_ms = \(int64Max)", "rate_snapshots.published_at_ms",
      "rates"
    ),
  ]

  /// A file edited by hand: since the `rangeChecks` migration the file refuses such an edit
  /// itself; a file before it took it, and then every command that reads the value refuses
  /// the store with exit 3 naming the column. (`export` rescues what can be read instead:
  /// `StoreRescueTests`.)
  @Test(arguments: sqliteEdits)
  func anSQLiteStoreEditedByHandOpensWithExitThreeNamingTheColumn(
    edit: (sql: String, field: String, command: String)
  ) throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    // The store is made by one session (the arrangement, not what is tested).
    let made = try pocket.run([], input: "say hello\nadd 7 fine\nstart\nlap\nrates\n")
    #expect(made.status == 0 && made.stderr.isEmpty, "\(made.stderr)")
    let file = pocket.directory.appendingPathComponent("pocket.sqlite")
    do {
      // SQLITE_OPEN_READWRITE; closed (and its WAL checkpointed) at the end of the scope.
      let connection = try SQLiteConnection(path: file.path, flags: 0x0000_0002)
      if SQLiteSchema.rangeCheckedTables.contains(where: { edit.sql.hasPrefix("UPDATE \($0) ") }) {
        #expect(throws: SQLiteError.self, "the file refuses it") {
          try connection.execute(edit.sql)
        }
      }
      for table in SQLiteSchema.rangeCheckedTables {
        try connection.execute("DROP TRIGGER \(table)_in_range_update")
      }
      try connection.execute(edit.sql)
    }
    let command = edit.command == "export" ? ["export", "/dev/null"] : [edit.command]
    try expectUnusable(pocket, file: file, naming: edit.field, commands: [command])
  }
}
