import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// The json store's crash state where the new snapshot already holds the journal's last
/// line: the writer renamed the snapshot into place and died before it emptied the journal.
/// The snapshot's `journalSeq` is that line's sequence number, so the line is skipped when
/// read, and nothing is applied twice.
@Suite struct JSONReplayBoundaryTests {
  let directory: URL
  /// The store the writer finished: its snapshot holds the last change, its journal is empty.
  var crashed: URL { directory.appendingPathComponent("crashed") }
  /// The same changes never folded: its journal holds every change after the first.
  var journalled: URL { directory.appendingPathComponent("journalled") }

  init() throws {
    directory = try Fixtures.temporaryDirectory()
  }

  /// Changes whose second application shows: one more message, one more entry, a favourite
  /// toggled back off.
  enum LastChange: String, CaseIterable, Sendable {
    case chatMessage, mindLog, favourite

    func make(in store: Repositories) async throws {
      switch self {
      case .chatMessage:
        _ = try await store.chat.insert(content: "last", date: Fixtures.date(9_000))
      case .mindLog:
        _ = try await store.mindLogs.insert(date: Fixtures.date(9_000), score: 4, note: "last")
      case .favourite:
        _ = try await store.rates.toggleFavorite("KRW")
      }
    }
  }

  /// `named`: the journal's lines name the snapshot they follow, as this Pocket writes
  /// them; else as a Pocket before that wrote them, where only `seq` tells.
  @Test(arguments: LastChange.allCases, [true, false])
  func aJournalLineTheSnapshotAlreadyHoldsIsNotAppliedAgain(last: LastChange, named: Bool)
    async throws
  {
    defer { try? FileManager.default.removeItem(at: directory) }
    let never = JournalLimit(floorBytes: .max, snapshotShare: .max)
    try FileManager.default.createDirectory(at: journalled, withIntermediateDirectories: true)
    let store = try JSONFileStore.open(directory: journalled, journalLimit: never).repositories
    _ = try await store.chat.insert(content: "first", date: Fixtures.date())  // the snapshot
    _ = try await store.chat.insert(content: "second", date: Fixtures.date(1_000))
    _ = try await store.mindLogs.insert(date: Fixtures.date(2_000), score: 2, note: "earlier")
    try FileManager.default.copyItem(at: journalled, to: crashed)

    // The last change: a journal line in one copy, folded into the snapshot in the other.
    try await last.make(in: store)
    let fold = JournalLimit(floorBytes: 1, snapshotShare: .max)
    try await last.make(
      in: try JSONFileStore.open(directory: crashed, journalLimit: fold).repositories)
    let crashedJournal = crashed.appendingPathComponent(JSONFileStore.journalName)
    try #require(try Foundation.Data(contentsOf: crashedJournal).isEmpty, "the journal was folded")
    let journal = try Foundation.Data(
      contentsOf: journalled.appendingPathComponent(JSONFileStore.journalName))
    let lines = journal.split(separator: UInt8(ascii: "\n"))
    try #require(lines.count == 3, "the journal holds every change after the first")
    let snapshot = try JSONSerialization.jsonObject(
      with: Foundation.Data(contentsOf: crashed.appendingPathComponent("pocket.json")))
    let lastLine = try JSONSerialization.jsonObject(with: Foundation.Data(try #require(lines.last)))
    let held = try #require((snapshot as? [String: Any])?["journalSeq"] as? Int)
    #expect((lastLine as? [String: Any])?["seq"] as? Int == held, "the snapshot holds the line")

    // As if the writer died after the rename, before emptying the journal.
    let written =
      named
      ? journal
      : Foundation.Data(
        String(decoding: journal, as: UTF8.self).replacingOccurrences(
          of: #",\"snapshot\":\"[0-9a-f]+\""#, with: "", options: .regularExpression
        ).utf8)
    #expect(named || !String(decoding: written, as: UTF8.self).contains("snapshot"))
    try written.write(to: crashedJournal)
    let reopened = try JSONFileStore.open(directory: crashed).repositories
    let expected = try await JSONFileStore.open(directory: journalled).repositories.archive
      .export()
    #expect(try await reopened.archive.export() == expected)
    #expect(
      try await reopened.chat.messages(offset: 0, limit: 10).items.count == 2
        + (last == .chatMessage ? 1 : 0))
    #expect(try await reopened.rates.favorites() == (last == .favourite ? ["KRW"] : []))

    // The next change follows the snapshot's last, and both copies agree again.
    _ = try await reopened.chat.insert(content: "after", date: Fixtures.date(10_000))
    _ = try await store.chat.insert(content: "after", date: Fixtures.date(10_000))
    #expect(
      try await JSONFileStore.open(directory: crashed).repositories.archive.export()
        == (try await JSONFileStore.open(directory: journalled).repositories.archive.export()))
  }
}
