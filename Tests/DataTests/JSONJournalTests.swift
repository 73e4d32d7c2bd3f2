import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// The json store's journal: torn and damaged lines, compaction, and a crash between a
/// compaction's two steps.
@Suite struct JSONJournalTests {
  let directory: URL
  var journal: URL { directory.appendingPathComponent("pocket.journal") }
  var snapshot: URL { directory.appendingPathComponent("pocket.json") }

  init() throws {
    directory = try Fixtures.temporaryDirectory()
  }

  func open() throws -> Repositories {
    try JSONFileStore.open(directory: directory).repositories
  }

  func say(_ texts: String..., in store: Repositories) async throws {
    for text in texts { _ = try await store.chat.insert(content: text, date: Fixtures.date()) }
  }

  func contents(_ store: Repositories) async throws -> [String] {
    try await store.chat.messages(offset: 0, limit: 10_000).items.map(\.content)
  }

  @Test func aLapLineWithoutAStopwatchFromAnOlderPocketIsRead() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try await say("one", "two", in: try open())  // a snapshot, then one journal line
    let handle = try FileHandle(forWritingTo: journal)
    try handle.seekToEnd()
    let line = #"{"change":{"appendLap":{"lap":{"lapTimeMs":5,"number":1,"totalMs":5}}},"seq":3}"#
    try handle.write(contentsOf: Foundation.Data((line + "\n").utf8))
    try handle.close()
    let store = try open()
    #expect(
      try await store.stopwatch.laps(offset: 0, limit: 5).items == [
        Lap(number: 1, lapTime: .milliseconds(5), total: .milliseconds(5))
      ])
    #expect(try await store.stopwatch.load() == Stopwatch())
  }

  @Test func aTornLastLineWasNeverAcknowledgedAndIsSkipped() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try await say("one", "two", in: try open())
    // A writer killed in the middle of its append leaves half a line.
    let handle = try FileHandle(forWritingTo: journal)
    try handle.seekToEnd()
    try handle.write(contentsOf: Foundation.Data(#"{"change":{"insertMess"#.utf8))
    try handle.close()
    let store = try open()
    #expect(try await contents(store) == ["one", "two"])
    // The next change takes the torn line's place.
    try await say("three", in: store)
    #expect(try await contents(try open()) == ["one", "two", "three"])
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
  }

  @Test(arguments: [
    ("not json at all", "line 2 is not a Pocket change"),
    (#"{"change":{"deleteMessage":{"id":99}},"seq":3}"#, "line 2 cannot be applied"),
    (#"{"change":{"resetStopwatch":{}},"seq":7}"#, "line 2: change 7 follows change 2"),
    // Numbers out of range, or that no integer holds, are refused naming the field.
    (
      #"{"change":{"appendLap":{"lap":{"lapTimeMs":1,"number":9223372036854775807,"totalMs":1}}},"seq":2}"#,
      "line 2: lap.number 9223372036854775807 is out of range"
    ),
    (
      #"{"change":{"insertMessages":{"messages":[{"content":"x","dateMs":-1}]}},"seq":2}"#,
      "line 2: messages[0].dateMs -1 is out of range"
    ),
    (
      #"{"change":{"insertMindLog":{"dateMs":1,"note":"","score":"1e100"}},"seq":2}"#,
      "line 2: score 1e100 is out of range (0 to 10)"
    ),
    (
      #"{"change":{"deleteMessage":{"id":1e308}},"seq":2}"#,
      "line 2 is not a Pocket change: change.deleteMessage.id 1e308 is not a whole number"
    ),
  ])
  func aDamagedLineMakesTheStoreUnusableAndIsLeftAlone(line: String, reason: String) async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try await say("one", "two", in: try open())
    var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    lines.insert(Substring(line), at: 1)
    let damaged = Foundation.Data((lines.joined(separator: "\n") + "\n").utf8)
    try damaged.write(to: journal)
    #expect {
      _ = try open()
    } throws: { error in
      guard case .corruptStore(let path, let message) = error as? DomainError else { return false }
      return path == journal.path && message.english.contains(reason)
    }
    #expect(try Foundation.Data(contentsOf: journal) == damaged)
  }

  /// Appends `changes` to the journal as the lines after the ones there, numbered on from
  /// change 3 (the store's snapshot holds change 1, its journal change 2).
  func appendToJournal(_ changes: [String]) throws {
    let lines = changes.enumerated().map { #"{"change":"# + $1 + #","seq":\#($0 + 3)}"# + "\n" }
    let handle = try FileHandle(forWritingTo: journal)
    try handle.seekToEnd()
    try handle.write(contentsOf: Foundation.Data(lines.joined().utf8))
    try handle.close()
  }

  /// Laps that do not follow each other as a stopwatch records them make the store unusable,
  /// as an import refuses them: its export would not import (found by the json-store fuzz
  /// target).
  @Test(arguments: [
    (
      [#"{"lapTimeMs":0,"number":1,"totalMs":1}"#],
      "lap 1's lap time 0 ms is not its total minus the total before (1 ms)"
    ),
    ([#"{"lapTimeMs":2,"number":2,"totalMs":2}"#], "lap 2 leaves a gap: lap 1 is missing"),
    (
      [#"{"lapTimeMs":5,"number":1,"totalMs":5}"#, #"{"lapTimeMs":0,"number":2,"totalMs":3}"#],
      "lap 2's total 3 ms is less than lap 1's total 5 ms"
    ),
  ])
  func lapsThatBreakTheSequenceMakeTheStoreUnusable(laps: [String], reason: String) async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try await say("one", "two", in: try open())
    try appendToJournal(laps.map { #"{"appendLap":{"lap":"# + $0 + "}}" })
    let damaged = try Foundation.Data(contentsOf: journal)
    #expect {
      _ = try open()
    } throws: { error in
      guard case .corruptStore(let path, let message) = error as? DomainError else { return false }
      return path == snapshot.path && message.english == reason
    }
    #expect(try Foundation.Data(contentsOf: journal) == damaged)
  }

  /// Laps whose lines come in another order than their numbers are read when they end up
  /// following each other.
  @Test func lapsAppendedOutOfOrderAreReadWhenTheyFollowEachOther() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try await say("one", "two", in: try open())
    try appendToJournal([
      #"{"appendLap":{"lap":{"lapTimeMs":5,"number":2,"totalMs":10}}}"#,
      #"{"appendLap":{"lap":{"lapTimeMs":5,"number":1,"totalMs":5}}}"#,
    ])
    #expect(try await open().stopwatch.laps(offset: 0, limit: 5).items.map(\.number) == [2, 1])
  }

  /// The rescue skips a lap that does not follow the laps held, names its line, and applies
  /// the lines after it: what it exports can be imported.
  @Test func theRescueSkipsALapThatBreaksTheSequence() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try await say("one", "two", in: try open())
    try appendToJournal([
      #"{"appendLap":{"lap":{"lapTimeMs":0,"number":1,"totalMs":1}}}"#,
      #"{"insertMessages":{"messages":[{"content":"three","dateMs":1}]}}"#,
    ])
    let store = try JSONFileStore.openSalvaging(directory: directory)
    let skipped = await store.unreadable()
    #expect(skipped.count == 1)
    #expect(
      skipped.first?.english.contains("line 2: lap 1's lap time 0 ms is not its total") == true)
    let archive = try await store.repositories.archive.export()
    #expect(archive.laps.isEmpty)
    #expect(archive.messages.map(\.content) == ["one", "two", "three"])
    try archive.validate()
  }

  @Test func aLongJournalIsFoldedIntoTheSnapshot() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try open()
    for index in 0..<1_100 { try await say("m\(index)", in: store) }
    let journalLines = try String(contentsOf: journal, encoding: .utf8)
      .split(separator: "\n").count
    #expect(journalLines < 1_024, "the journal was folded into the snapshot")
    let reopened = try open()
    #expect(try await contents(reopened).count == 1_100)
    #expect(
      try await reopened.archive.export() == (try await store.archive.export()))
  }

  @Test func aCrashBetweenSnapshotAndJournalTruncationLosesAndRepeatsNothing() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try open()
    // The first change writes the snapshot; the next ones are journal lines until one
    // folds the journal into the snapshot.
    try await say("m0", "m1", in: store)
    var journalBefore = Foundation.Data()
    var said = 2
    while true {
      let journalNow = try Foundation.Data(contentsOf: journal)
      try await say("m\(said)", in: store)
      said += 1
      if try Foundation.Data(contentsOf: journal).isEmpty {
        journalBefore = journalNow
        break
      }
      try #require(said < 10_000, "the journal is never folded into the snapshot")
    }
    #expect(!journalBefore.isEmpty)
    // As if the process died after the new snapshot was in place, before the journal was
    // emptied: the old lines are still there.
    try journalBefore.write(to: journal)
    let reopened = try open()
    let texts = try await contents(reopened)
    #expect(texts.count == said)
    #expect(texts.last == "m\(said - 1)")
    try await say("after", in: reopened)
    #expect(try await contents(try open()).count == said + 1)
  }

  @Test func anExportIsTheSameWhetherChangesAreJournalledOrSnapshotted() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try open()
    try await store.archive.replaceAll(with: .sample())
    try await say("journalled", in: store)
    let journalled = try await store.archive.export()
    try await store.archive.replaceAll(with: journalled)
    #expect(try await open().archive.export() == journalled)
    #expect(
      try ArchiveFile.encode(try await open().archive.export())
        == (try ArchiveFile.encode(journalled)))
  }
}
