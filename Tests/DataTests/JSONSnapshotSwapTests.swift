import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// A json store's snapshot replaced by hand (`mv b/pocket.json a/pocket.json`, or an older
/// copy of the same store put back) is told from a rewrite of its own: a store that read
/// the old snapshot refuses every later read and change, and a store opened afterwards
/// reads the newcomer alone, never the old journal's lines over it (issue 41). Rewrites by
/// another store on the same folder (compactions, an import that replaces everything) are
/// still read as such.
@Suite struct JSONSnapshotSwapTests {
  /// A json store folder whose chat holds `texts`, each said through its own store.
  static func folder(saying texts: [String], journalLimit: JournalLimit = .pocket) async throws
    -> URL
  {
    let directory = try Fixtures.temporaryDirectory()
    let store = try JSONFileStore.open(directory: directory, journalLimit: journalLimit)
    for text in texts {
      _ = try await store.repositories.chat.insert(content: text, date: Self.date)
    }
    return directory
  }

  static let date = Date(timeIntervalSince1970: 1_795_000_000)

  static func chat(_ directory: URL) async throws -> [String] {
    try await texts(JSONFileStore.open(directory: directory).repositories.chat)
  }

  static func texts(_ chat: any ChatRepository) async throws -> [String] {
    try await chat.messages(offset: 0, limit: 100).items.map(\.content)
  }

  static func snapshot(_ directory: URL) -> URL {
    directory.appendingPathComponent(JSONFileStore.fileName)
  }

  static func journal(_ directory: URL) -> URL {
    directory.appendingPathComponent(JSONFileStore.journalName)
  }

  static func isReplaced(_ error: any Error) -> Bool {
    guard case .storageUnavailable(_, let reason) = error as? DomainError else { return false }
    return reason.english.contains("another file was put in its place")
  }

  @Test func anotherStoresSnapshotMovedInIsReadAloneAndEndsTheStoreThatHadItOpen()
    async throws
  {
    // `a`: its first message in the snapshot, the next two in its journal.
    let a = try await Self.folder(saying: ["a-1", "a-2", "a-3"])
    defer { try? FileManager.default.removeItem(at: a) }
    // `b`: one message, in its snapshot alone.
    let b = try await Self.folder(saying: ["b-1"])
    defer { try? FileManager.default.removeItem(at: b) }
    let open = try JSONFileStore.open(directory: a)
    #expect(try await Self.texts(open.repositories.chat) == ["a-1", "a-2", "a-3"])
    let newcomer = try Foundation.Data(contentsOf: Self.snapshot(b))
    #expect(rename(Self.snapshot(b).path, Self.snapshot(a).path) == 0)

    // The store that had `a` open: every read and change refused, the newcomer untouched.
    await #expect(throws: (any Error).self) { try await Self.texts(open.repositories.chat) }
    do {
      _ = try await open.repositories.chat.insert(content: "after-swap", date: Self.date)
      Issue.record("a change after the swap was acknowledged")
    } catch {
      #expect(Self.isReplaced(error), "\(error)")
    }
    #expect(try Foundation.Data(contentsOf: Self.snapshot(a)) == newcomer)

    // A store opened now reads the newcomer alone: `a`'s journal lines (changes 2 and 3,
    // past the newcomer's 1) name the snapshot moved away.
    #expect(try await Self.chat(a) == ["b-1"])
    // Its first change empties the old journal before its own line, which names the
    // newcomer; the newcomer's own file is still as it came.
    let writer = try JSONFileStore.open(directory: a)
    _ = try await writer.repositories.chat.insert(content: "a-after", date: Self.date)
    #expect(try Foundation.Data(contentsOf: Self.snapshot(a)) == newcomer)
    let lines = try String(contentsOf: Self.journal(a), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count == 1, "\(lines)")
    let marks = try #require(
      ArchiveDecoding.snapshot(Array(newcomer))?.marks, "the newcomer reads as a snapshot")
    let snapshotID = try #require(marks.snapshotID)
    #expect(lines.first?.contains("\"snapshot\":\"\(snapshotID)\"") == true, "\(lines)")
    #expect(try await Self.chat(a) == ["b-1", "a-after"])
  }

  @Test func anOlderCopyOfTheSameStorePutBackEndsTheStoreThatReadPastIt() async throws {
    let a = try await Self.folder(saying: ["kept-1"])
    defer { try? FileManager.default.removeItem(at: a) }
    let copy = try Foundation.Data(contentsOf: Self.snapshot(a))
    let open = try JSONFileStore.open(directory: a, journalLimit: .bytes(1))
    // Each change rewrites the snapshot (a journal limit of one byte).
    _ = try await open.repositories.chat.insert(content: "later-2", date: Self.date)
    _ = try await open.repositories.chat.insert(content: "later-3", date: Self.date)
    let reader = try JSONFileStore.open(directory: a)
    #expect(try await Self.texts(reader.repositories.chat).count == 3)
    try JSONFileStoreLockingTests.overwrite(Self.snapshot(a).path, with: copy)
    do {
      _ = try await Self.texts(reader.repositories.chat)
      Issue.record("the older copy was read as the store")
    } catch {
      #expect(Self.isReplaced(error), "\(error)")
    }
    #expect(try Foundation.Data(contentsOf: Self.snapshot(a)) == copy)
  }

  @Test func rewritesByAnotherStoreOnTheFolderAreNotTakenForAReplacement() async throws {
    let a = try await Self.folder(saying: ["one"])
    defer { try? FileManager.default.removeItem(at: a) }
    let reader = try JSONFileStore.open(directory: a)
    let compactor = try JSONFileStore.open(directory: a, journalLimit: .bytes(1))
    var expected = ["one"]
    for index in 0..<5 {
      // Two rewrites between reads, then a replacement of everything.
      _ = try await compactor.repositories.chat.insert(content: "x\(index)", date: Self.date)
      _ = try await compactor.repositories.chat.insert(content: "y\(index)", date: Self.date)
      expected += ["x\(index)", "y\(index)"]
      #expect(try await Self.texts(reader.repositories.chat) == expected)
    }
    let archive = try await compactor.repositories.archive.export()
    try await compactor.repositories.archive.replaceAll(with: archive)
    #expect(try await Self.texts(reader.repositories.chat) == expected)
    _ = try await reader.repositories.chat.insert(content: "reader", date: Self.date)
    #expect(try await Self.chat(a) == expected + ["reader"])
  }

  @Test(arguments: [
    "", "ABC", "12345678901234567890123456789012345678901234567890123456789012345", "0x1",
  ])
  func aSnapshotWhoseIdentityIsNotOnePocketMakesIsRefused(identity: String) async throws {
    let a = try await Self.folder(saying: ["one"])
    defer { try? FileManager.default.removeItem(at: a) }
    let path = Self.snapshot(a).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let marks = try #require(ArchiveDecoding.snapshot(Array(text.utf8))?.marks)
    let storeID = try #require(marks.storeID)
    try JSONFileStoreLockingTests.overwrite(
      path,
      with: Foundation.Data(text.replacingOccurrences(of: storeID, with: identity).utf8))
    do {
      _ = try JSONFileStore.open(directory: a)
      Issue.record("opened a snapshot whose storeID is \(identity.debugDescription)")
    } catch {
      guard case .corruptStore(_, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(reason.english.contains("storeID is not an identity Pocket makes"), "\(reason)")
    }
  }
}
