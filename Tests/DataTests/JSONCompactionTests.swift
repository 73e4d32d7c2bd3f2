import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// The json store's journal is folded into the snapshot before it grows past a fiftieth of
/// the snapshot's bytes (or 32 KiB for a tiny store): a byte of journal costs about ten
/// bytes of snapshot to read, so a start never spends more than a fifth of the snapshot's
/// load on replay. Nothing is lost or repeated across the rewrites and a restart.
@Suite struct JSONCompactionTests {
  let directory: URL
  var journal: URL { directory.appendingPathComponent("pocket.journal") }
  var snapshot: URL { directory.appendingPathComponent("pocket.json") }

  init() throws {
    // In memory where the system has a tmpfs at hand: the many syncs cost nothing there.
    directory = try Fixtures.temporaryDirectory(preferringMemory: true)
  }

  func size(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.size] as? NSNumber)?.intValue ?? 0
  }

  /// A store of `count` messages of about `length` characters, written as one snapshot.
  func filledStore(messages count: Int, length: Int = 30) async throws -> JSONFileStore {
    let padding = String(repeating: "x", count: max(0, length - 30))
    let messages = (0..<count).map { index in
      ChatMessage(
        id: Int64(index + 1), content: "Stored message number \(index) \(padding)",
        date: Fixtures.date(Int64(index) * 1_000))
    }
    let store = try JSONFileStore.open(directory: directory)
    try await store.repositories.archive.replaceAll(
      with: StoreArchive(messages: messages, lastMessageID: Int64(count)))
    return store
  }

  @Test func theJournalStaysUnderAFiftiethOfTheSnapshotThroughManyChanges() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try await filledStore(messages: 4_000, length: 600)
    let chat = store.repositories.chat
    var rewrites = 0
    var previousJournal = 0
    var largestShare = 0.0
    for index in 0..<1_500 {
      let message = try await chat.insert(
        content: "Journalled message number \(index)", date: Fixtures.date(Int64(index)))
      if index % 3 == 0 {
        try await chat.update(
          ChatMessage(
            id: message.id, content: "Edited message number \(index)", date: message.date,
            isEdited: true))
      }
      if index % 5 == 0 { try await chat.delete(id: Int64(index + 1)) }
      let journalBytes = try size(journal)
      let snapshotBytes = try size(snapshot)
      // A rewrite empties the journal; the changes after it in this round start it again.
      if journalBytes < previousJournal { rewrites += 1 }
      previousJournal = journalBytes
      largestShare = max(largestShare, Double(journalBytes) / Double(snapshotBytes))
      let bound = max(32 * 1_024, snapshotBytes / 50)
      try #require(
        journalBytes < bound,
        "after change \(index): \(journalBytes) journal bytes, \(snapshotBytes) snapshot bytes")
    }
    #expect(rewrites >= 2, "the journal was folded into the snapshot more than once")
    #expect(largestShare > 0.01, "the journal is not folded much earlier than it must be")
  }

  @Test func nothingIsLostOrRepeatedAcrossRewritesAndARestart() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try await filledStore(messages: 1_000)
    var expected = try await store.repositories.chat.messages(offset: 0, limit: 10_000).items
    var rewrites = 0
    var previousJournal = 0
    for index in 0..<1_200 {
      let message = try await store.repositories.chat.insert(
        content: "Later message \(index)", date: Fixtures.date(2_000_000 + Int64(index)))
      expected.append(message)
      if index % 4 == 0 {
        let removed = expected.remove(at: index % expected.count)
        try await store.repositories.chat.delete(id: removed.id)
      }
      let journalBytes = try size(journal)
      if journalBytes < previousJournal { rewrites += 1 }
      previousJournal = journalBytes
    }
    #expect(rewrites >= 2)
    let stored = try await store.repositories.archive.export()
    let reopened = try JSONFileStore.open(directory: directory).repositories
    #expect(try await reopened.chat.messages(offset: 0, limit: 10_000).items == expected)
    #expect(try await reopened.archive.export() == stored)
    // The next id follows the last one given, across the rewrites.
    let next = try await reopened.chat.insert(content: "after", date: Fixtures.date(9))
    #expect(next.id == 2_201)
  }
}
