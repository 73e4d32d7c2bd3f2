import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// When a commit of an `SQLiteStore` returns: on disk for a store of records; written to a
/// log kept between runs for this machine's screen state beside a store on a server.
@Suite struct SQLiteDurabilityTests {
  private let shown = ShownList(
    screen: .named("chat"),
    items: [ShownItem(number: 1, identity: .id(7), text: "hi", value: "")])

  private func files(_ directory: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
  }

  private func synchronous(_ store: SQLiteStore) async throws -> Int64? {
    try await store.database.read { try $0.integer("PRAGMA synchronous") }
  }

  @Test func aStoreOfRecordsSyncsEveryCommitAndFoldsItsLogInWhenClosed() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    do {
      let store = try SQLiteStore.open(path: path)
      #expect(try await synchronous(store) == 2, "FULL")
      try await store.repositories.screens.save(shown, for: .tests)
      #expect(try files(directory).contains("pocket.sqlite-wal"))
    }
    // The last connection closed: the log was copied into the file and removed.
    #expect(try files(directory) == ["pocket.sqlite"])
    let reopened = try SQLiteStore.open(path: path)
    #expect(try await reopened.repositories.screens.shownList(for: .tests) == shown)
  }

  @Test func localScreenStateKeepsItsLogBetweenRunsAndWaitsForNoDisk() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    do {
      let store = try SQLiteStore.open(path: path, durability: .localState)
      #expect(try await synchronous(store) == 1, "NORMAL")
      try await store.repositories.screens.save(shown, for: .tests)
    }
    // Closed without a checkpoint: the next run finds the log and makes no file.
    #expect(
      try files(directory) == ["pocket.sqlite", "pocket.sqlite-wal", "pocket.sqlite-shm"])
    let wal = directory.appendingPathComponent("pocket.sqlite-wal").path
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: wal)[.size] as? NSNumber)
    #expect(size.intValue > 0, "the saved screen is in the log")
    do {
      let local = try SQLiteStore.open(path: path, durability: .localState)
      #expect(try await local.repositories.screens.shownList(for: .tests) == shown)
    }
    // The same file opened as a store of records reads it, and folds the log in.
    do {
      let records = try SQLiteStore.open(path: path)
      #expect(try await records.repositories.screens.shownList(for: .tests) == shown)
    }
    #expect(try files(directory) == ["pocket.sqlite"])
  }

  /// Many runs, each opening the file, saving a screen and closing: the kept log stays short
  /// (it is folded in and emptied once it passes `keptLogFrames`), and every save is there.
  @Test func theKeptLogStaysShortOverManyRuns() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let wal = path + "-wal"
    var largest = 0
    var last = shown
    for run in 1...60 {
      last = ShownList(
        screen: .named("chat"),
        items: [ShownItem(number: run, identity: .id(Int64(run)), text: "run \(run)", value: "")])
      do {
        let store = try SQLiteStore.open(path: path, durability: .localState)
        try await store.repositories.screens.save(last, for: .tests)
      }
      let size = try FileManager.default.attributesOfItem(atPath: wal)[.size] as? NSNumber
      largest = max(largest, size?.intValue ?? 0)
    }
    // A log of more frames than are kept, and one save's, at most.
    let frame = 24 + 4_096
    #expect(largest <= 32 + (SQLiteConnection.keptLogFrames + 8) * frame, "\(largest) bytes")
    let store = try SQLiteStore.open(path: path, durability: .localState)
    #expect(try await store.repositories.screens.shownList(for: .tests) == last)
  }
}
