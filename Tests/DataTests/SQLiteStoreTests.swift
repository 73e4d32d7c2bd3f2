import Foundation
import PocketDomain
import PocketTesting
import TestSupport
import Testing

@testable import PocketData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SQLiteStoreTests {
  private static let isRoot = geteuid() == 0

  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
  }

  private func bytes(_ path: String) throws -> [UInt8] {
    Array(try Foundation.Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// A raw connection, for looking at a file the way the store does not.
  func connect(_ path: String, create: Bool = false) throws -> SQLiteConnection {
    // SQLITE_OPEN_READWRITE, and SQLITE_OPEN_CREATE
    try SQLiteConnection(path: path, flags: create ? 0x0000_0006 : 0x0000_0002)
  }

  /// A store file with data in it, closed cleanly (its WAL checkpointed away), in a fresh
  /// directory.
  /// Opening the store at `path` throws an error `matches` accepts, and leaves the file
  /// byte for byte as it was.
  func expectRefusedAndKept(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ matches: @escaping (DomainError) -> Bool
  ) throws {
    let before = try bytes(path)
    #expect(sourceLocation: sourceLocation) {
      try SQLiteStore.open(path: path)
    } throws: { error in
      (error as? DomainError).map(matches) ?? false
    }
    #expect(try bytes(path) == before, sourceLocation: sourceLocation)
  }

  func closedStoreFile(messages: Int = 3) async throws -> (directory: URL, path: String) {
    let directory = try Fixtures.temporaryDirectory()
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let repositories = try SQLiteStore.open(path: path).repositories
    try await repositories.archive.replaceAll(with: .sample())
    for index in 0..<messages {
      _ = try await repositories.chat.insert(
        content: String(repeating: "message \(index) ", count: 20), date: Fixtures.date())
    }
    return (directory, path)
  }

  // MARK: - A new file

  @Test func aNewStoreIsPrivateWALAtTheCurrentVersion() async throws {
    let parent = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("nested/pocket")
    let path = directory.appendingPathComponent("pocket.sqlite").path
    let store = try SQLiteStore.open(path: path)
    #expect(store.path == path)
    #expect(store.schemaVersion == SQLiteStore.currentSchemaVersion)
    #expect(try mode(directory.path) == 0o700)
    #expect(try mode(path) == 0o600)
    _ = try await store.repositories.chat.insert(content: "hello", date: Fixtures.date())
    // SQLite gives its side files the mode of the database file.
    #expect(
      try contents(of: directory) == ["pocket.sqlite", "pocket.sqlite-shm", "pocket.sqlite-wal"])
    #expect(try mode(path + "-wal") == 0o600)
    #expect(try mode(path + "-shm") == 0o600)

    let connection = try connect(path)
    #expect(try connection.text("PRAGMA journal_mode") == "wal")
    #expect(try connection.integer("PRAGMA user_version") == Int64(SQLiteSchema.migrations.count))
    #expect(try connection.integer("PRAGMA application_id") == SQLiteSchema.applicationID)
    #expect(SQLiteSchema.applicationID == 1_349_477_227, "the constant in the v1 migration")
  }

  @Test func storesOpeningOneNewFileAtOnceAllGetTheSameStore() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let stores = try await withThrowingTaskGroup(of: SQLiteStore.self) { group in
      for _ in 0..<4 {
        group.addTask { try SQLiteStore.open(path: path) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for (index, store) in stores.enumerated() {
      try await store.repositories.stopwatch.update(
        appending:
          Lap(number: index + 1, lapTime: .seconds(1), total: .seconds(index + 1)))
    }
    for store in stores {
      #expect(try await store.repositories.stopwatch.lapSummary().count == 4)
    }
    // Each new file was built aside and linked into place; no temporary one is left.
    #expect(try contents(of: directory).filter { !$0.hasPrefix("pocket.sqlite") }.isEmpty)
  }

  @Test func theStoreSynchronisesFullyAndEnforcesForeignKeys() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore.open(path: directory.appendingPathComponent("p.sqlite").path)
    let (synchronous, foreignKeys) = try await store.database.read { connection in
      (
        try connection.integer("PRAGMA synchronous"),
        try connection.integer("PRAGMA foreign_keys")
      )
    }
    #expect(synchronous == 2, "FULL")
    #expect(foreignKeys == 1)
  }

  @Test func reopeningAnUpToDateFileKeepsItsBytes() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try bytes(path)
    do {
      let store = try SQLiteStore.open(path: path)
      #expect(try await store.repositories.chat.messages(offset: 0, limit: 1).total == 5)
    }
    #expect(try bytes(path) == before)
    #expect(try contents(of: directory) == ["pocket.sqlite"])
  }

  // MARK: - Files Pocket refuses, untouched

  @Test func aNewerSchemaVersionIsRefusedAndTheFileKept() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let current = SQLiteStore.currentSchemaVersion
    do {
      let connection = try connect(path)
      try connection.execute("PRAGMA user_version = \(current + 3)")
    }
    try expectRefusedAndKept(path) {
      $0
        == .corruptStore(
          path: path,
          reason: StoreProblem(
            .schemaTooNew(version: current + 3, current: current), advice: .updatePocket))
    }
    #expect(try contents(of: directory) == ["pocket.sqlite"])
  }

  enum Damage: String, CaseIterable, Sendable {
    case randomBytes, text, truncated, empty, foreignDatabase
  }

  @Test(arguments: Damage.allCases)
  func aDamagedFileIsCorruptAndKeptByteForByte(damage: Damage) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("pocket.sqlite").path
    let expectedReason: String
    switch damage {
    case .randomBytes:
      var generator = SystemRandomNumberGenerator()
      let noise = (0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }
      try Foundation.Data(noise).write(to: URL(fileURLWithPath: path))
      expectedReason = "not a usable SQLite database"
    case .text:
      try Foundation.Data("pocket data, not SQLite\n".utf8).write(to: URL(fileURLWithPath: path))
      expectedReason = "not a usable SQLite database"
    case .truncated:
      let (source, sourcePath) = try await closedStoreFile(messages: 200)
      defer { try? FileManager.default.removeItem(at: source) }
      let whole = try bytes(sourcePath)
      #expect(whole.count >= 16 * 4_096, "big enough that half of it loses pages")
      try Foundation.Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: path))
      expectedReason = "not a usable SQLite database"
    case .empty:
      try Foundation.Data().write(to: URL(fileURLWithPath: path))
      expectedReason = "the file is empty (0 bytes)"
    case .foreignDatabase:
      do {
        let connection = try connect(path + ".tmp", create: true)
        try connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
      }
      try FileManager.default.moveItem(atPath: path + ".tmp", toPath: path)
      expectedReason = "not a Pocket database"
    }
    try expectRefusedAndKept(path) {
      guard case .corruptStore(let errorPath, let reason) = $0 else { return false }
      return errorPath == path && reason.english.contains(expectedReason)
    }
    #expect(try contents(of: directory) == ["pocket.sqlite"])
  }

  @Test func aDirectoryInPlaceOfTheFileIsStorageUnavailable() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("pocket.sqlite").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect {
      try SQLiteStore.open(path: path)
    } throws: { error in
      guard case .storageUnavailable(let errorPath, let reason) = error as? DomainError else {
        return false
      }
      return errorPath == path && reason.english.contains("directory")
    }
    #expect(try contents(of: URL(fileURLWithPath: path)).isEmpty)
  }

  @Test func aFileInPlaceOfTheDirectoryIsStorageUnavailable() throws {
    let parent = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let notADirectory = parent.appendingPathComponent("store")
    try Foundation.Data("x".utf8).write(to: notADirectory)
    #expect {
      try SQLiteStore.open(path: notADirectory.appendingPathComponent("pocket.sqlite").path)
    } throws: { error in
      guard case .storageUnavailable(let path, _) = error as? DomainError else { return false }
      return path == notADirectory.path
    }
    #expect(try bytes(notADirectory.path) == Array("x".utf8))
  }

  @Test(.disabled(if: isRoot, "root reads every file"))
  func anUnreadableFileIsStorageUnavailableAndKept() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try bytes(path)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
    #expect {
      try SQLiteStore.open(path: path)
    } throws: { error in
      guard case .storageUnavailable(let errorPath, _) = error as? DomainError else {
        return false
      }
      return errorPath == path
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    #expect(try bytes(path) == before)
  }

  // MARK: - Errors

  @Test func anSQLiteErrorNamesTheSQLButNoBoundValue() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let connection = try connect(path)
    let secret = "https://private.example/diary?token=s3cr3t"
    let insert = BookmarkSQL.insert.questionMarks
    try connection.execute(insert, secret, "title", Int64(1), Int64(2))
    #expect {
      try connection.execute(insert, secret, "other", Int64(3), Int64(4))
    } throws: { error in
      guard let error = error as? SQLiteError else { return false }
      let text = "\(error)"
      return error.code == SQLiteError.constraintUnique && error.isUniquenessViolation
        && text.contains(insert) && text.contains("UNIQUE constraint failed: bookmarks.url")
        && !text.contains(secret) && !text.contains("s3cr3t") && !text.contains("other")
    }
  }

  @Test func aDuplicateThroughTheStoreChangesNothingOnDisk() async throws {
    let (directory, path) = try await closedStoreFile()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore.open(path: path)
    let archive = try await store.repositories.archive.export()
    await #expect(throws: DomainError.duplicate) {
      try await store.repositories.bookmarks.toggleOn(archive.bookmarks[0])
    }
    var doubled = archive
    doubled.laps.append(archive.laps[0])
    await #expect(throws: DomainError.duplicate) {
      try await store.repositories.archive.replaceAll(with: doubled)
    }
    let reopened = try SQLiteStore.open(path: path)
    #expect(try await reopened.repositories.archive.export() == archive)
  }
}
