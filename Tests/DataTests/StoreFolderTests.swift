import Foundation
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pocket never writes through a file it does not own: store files that are links are
/// refused, folders other users can write to are refused, and its own leftovers are
/// cleaned up.
@Suite struct StoreFolderTests {
  private static let isRoot = geteuid() == 0
  /// The unprivileged user tests give folders to.
  private static let nobody: uid_t = 65534

  /// Every name in `directory` with its bytes (a link as its target's path).
  private func listing(_ directory: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let path = directory.appendingPathComponent(name).path
      if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        result[name] = "link to \(target)"
      } else {
        result[name] =
          (try? Foundation.Data(contentsOf: URL(fileURLWithPath: path)))?
          .base64EncodedString() ?? "folder"
      }
    }
    return result
  }

  private func isRefused(
    _ error: any Error, path: String, saying expected: String...
  ) -> Bool {
    guard case .storageUnavailable(let errorPath, let reason) = error as? DomainError else {
      return false
    }
    return errorPath == path && expected.allSatisfy { reason.english.contains($0) }
  }

  // MARK: Folders

  @Test(arguments: StoreKind.fileStores)
  func aFolderOtherUsersCanWriteIsRefusedAndLeftAlone(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    _ = try await store.chat.insert(content: "mine", date: Fixtures.date())
    _ = try await store.chat.insert(content: "mine too", date: Fixtures.date(1))
    let before = try listing(store.directory)
    for (mode, shown) in [(0o777, "0777"), (0o770, "0770"), (0o702, "0702"), (0o1777, "1777")] {
      #expect(chmod(store.directory.path, mode_t(mode)) == 0)
      await #expect {
        try await kind.makeStore(at: store.directory)
      } throws: { error in
        isRefused(
          error, path: store.directory.path,
          saying: "the folder is writable by other users (mode \(shown))",
          "chmod go-w \(store.directory.path)")
      }
      #expect(try listing(store.directory) == before, "mode \(shown): nothing changed")
    }
    #expect(chmod(store.directory.path, 0o700) == 0)
    let reopened = try await kind.makeStore(at: store.directory)
    #expect(try await reopened.chat.messages(offset: 0, limit: 5).total == 2)
  }

  @Test(
    .enabled(if: isRoot, "needs root to give the folder to another user"),
    arguments: StoreKind.fileStores)
  func aFolderOwnedByAnotherUserIsRefused(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    _ = try await store.chat.insert(content: "mine", date: Fixtures.date())
    let before = try listing(store.directory)
    #expect(chown(store.directory.path, Self.nobody, gid_t(Self.nobody)) == 0)
    await #expect {
      try await kind.makeStore(at: store.directory)
    } throws: { error in
      isRefused(
        error, path: store.directory.path, saying: "owned by another user (uid \(Self.nobody))")
    }
    #expect(try listing(store.directory) == before)
    // Root's own folder is fine, as ssh allows.
    #expect(chown(store.directory.path, 0, 0) == 0)
    #expect(
      try await kind.makeStore(at: store.directory).chat.messages(offset: 0, limit: 5).total == 1)
  }

  // MARK: Links

  enum LinkTarget: String, CaseIterable, CustomStringConvertible {
    /// Another user's private file.
    case existingFile
    /// A name that does not exist yet (the link dangles).
    case missingFile
    var description: String { rawValue }
  }

  @Test(
    arguments: ["pocket.journal", "pocket.json", "pocket.json.lock"], LinkTarget.allCases)
  func aJSONStoreFileThatIsALinkIsRefusedAndItsTargetKept(name: String, target: LinkTarget)
    async throws
  {
    let directory = try Fixtures.temporaryDirectory()
    let elsewhere = try Fixtures.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    let store = try JSONFileStore.open(directory: directory)
    _ = try await store.repositories.chat.insert(content: "one", date: Fixtures.date())
    _ = try await store.repositories.chat.insert(content: "two", date: Fixtures.date(1))
    let victim = elsewhere.appendingPathComponent("secret")
    let secret = Foundation.Data("another user's private file\n".utf8)
    if target == .existingFile {
      try secret.write(to: victim)
      #expect(chmod(victim.path, 0o600) == 0)
    }
    let link = directory.appendingPathComponent(name)
    try FileManager.default.removeItem(at: link)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
    let before = try listing(directory)

    #expect {
      try JSONFileStore.open(directory: directory)
    } throws: { error in
      isRefused(error, path: link.path, saying: "symbolic link")
    }
    // A store opened before the link appeared refuses its next change too.
    await #expect(throws: DomainError.self) {
      try await store.repositories.chat.insert(content: "three", date: Fixtures.date(2))
    }
    #expect(try listing(directory) == before, "the link is left as it was")
    switch target {
    case .existingFile:
      #expect(try Foundation.Data(contentsOf: victim) == secret, "the target is not written")
      let mode = try FileManager.default.attributesOfItem(atPath: victim.path)[.posixPermissions]
      #expect((mode as? NSNumber)?.intValue == 0o600)
    case .missingFile:
      #expect(!FileManager.default.fileExists(atPath: victim.path), "no file is made there")
    }
  }

  @Test(arguments: LinkTarget.allCases)
  func anSQLiteStoreFileThatIsALinkIsRefusedAndItsTargetKept(target: LinkTarget) async throws {
    let directory = try Fixtures.temporaryDirectory()
    let elsewhere = try Fixtures.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    // The target is another user's Pocket store, which SQLite would gladly open.
    let victim = elsewhere.appendingPathComponent(SQLiteStore.fileName)
    if target == .existingFile {
      let other = try SQLiteStore.open(path: victim.path)
      _ = try await other.repositories.chat.insert(content: "theirs", date: Fixtures.date())
    }
    let before = try listing(elsewhere)
    let link = directory.appendingPathComponent(SQLiteStore.fileName)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
    #expect {
      try SQLiteStore.open(path: link.path)
    } throws: { error in
      isRefused(error, path: link.path, saying: "symbolic link")
    }
    #expect(try listing(elsewhere) == before, "the target is not opened, made or written")
    #expect(try listing(directory) == [SQLiteStore.fileName: "link to \(victim.path)"])
  }

  @Test func anSQLiteStoreInAFolderReachedThroughALinkOpens() async throws {
    let parent = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let real = parent.appendingPathComponent("real")
    try FileManager.default.createDirectory(
      at: real, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let linked = parent.appendingPathComponent("linked")
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
    let store = try SQLiteStore.open(path: linked.appendingPathComponent(SQLiteStore.fileName).path)
    _ = try await store.repositories.chat.insert(content: "through a link", date: Fixtures.date())
    #expect(
      FileManager.default.fileExists(atPath: real.appendingPathComponent("pocket.sqlite").path))
  }

  // MARK: Leftovers

  @Test func leftoverTemporaryFilesOfTheJSONStoreAreRemovedOnOpen() async throws {
    let directory = try Fixtures.temporaryDirectory()
    let elsewhere = try Fixtures.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: elsewhere)
    }
    let store = try JSONFileStore.open(directory: directory)
    _ = try await store.repositories.chat.insert(content: "kept", date: Fixtures.date())
    let snapshot = try Foundation.Data(contentsOf: store.fileURL)
    // What a writer killed during a snapshot rewrite leaves: a full-size temporary file.
    for name in [".pocket.json.tmp-\(UUID().uuidString)", ".pocket.json.tmp-x"] {
      try snapshot.write(to: directory.appendingPathComponent(name))
    }
    // Not Pocket's, or not a plain file: left alone.
    let victim = elsewhere.appendingPathComponent("victim")
    try Foundation.Data("keep me".utf8).write(to: victim)
    let kept = [".pocket.json.tmp", "pocket.json.tmp-1", "notes.txt"]
    for name in kept {
      try Foundation.Data("mine".utf8).write(to: directory.appendingPathComponent(name))
    }
    try FileManager.default.createSymbolicLink(
      at: directory.appendingPathComponent(".pocket.json.tmp-link"), withDestinationURL: victim)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent(".pocket.json.tmp-folder"),
      withIntermediateDirectories: false)

    let reopened = try JSONFileStore.open(directory: directory)
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    let expected =
      kept + [
        "pocket.json", "pocket.json.lock", ".pocket.json.tmp-link", ".pocket.json.tmp-folder",
      ]
    #expect(names == Set(expected))
    #expect(try Foundation.Data(contentsOf: victim) == Foundation.Data("keep me".utf8))
    #expect(
      try await reopened.repositories.chat.messages(offset: 0, limit: 5).items.map(\.content) == [
        "kept"
      ])
  }

  @Test func leftoverNewDatabasesOfTheSQLiteStoreAreRemovedOnOpen() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let store = try SQLiteStore.open(path: path)
    _ = try await store.repositories.chat.insert(content: "kept", date: Fixtures.date())
    // What a process killed while making a new database leaves.
    let half = ".pocket.sqlite.new-\(UUID().uuidString)"
    for name in [half, half + "-wal", half + "-shm"] {
      try Foundation.Data(repeating: 7, count: 4096).write(
        to: directory.appendingPathComponent(name))
    }
    let kept = ["pocket.sqlite.new-1", ".pocket.sqlite.new", "other.sqlite"]
    for name in kept {
      try Foundation.Data("mine".utf8).write(to: directory.appendingPathComponent(name))
    }

    let reopened = try SQLiteStore.open(path: path)
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    #expect(names.isDisjoint(with: [half, half + "-wal", half + "-shm"]))
    #expect(names.isSuperset(of: kept))
    #expect(
      try await reopened.repositories.chat.messages(offset: 0, limit: 5).items.map(\.content) == [
        "kept"
      ])
  }

  // MARK: The commit point

  @Test(
    .disabled(if: isRoot, "root writes in a read-only folder (the end-to-end tests cover root)"))
  func aSnapshotRewriteThatFailsAfterTheJournalLineIsAWarningAndTheChangeIsStoredOnce()
    async throws
  {
    let directory = try Fixtures.temporaryDirectory()
    defer {
      chmod(directory.path, 0o700)
      try? FileManager.default.removeItem(at: directory)
    }
    let store = try JSONFileStore.open(directory: directory, journalLimit: .bytes(250))
    _ = try await store.repositories.chat.insert(content: "first", date: Fixtures.date())
    _ = try await store.repositories.chat.insert(content: "second", date: Fixtures.date(1))
    _ = try await store.repositories.chat.insert(content: "third", date: Fixtures.date(2))
    // The folder cannot take the new snapshot; the journal file can still be written.
    #expect(chmod(directory.path, 0o500) == 0)
    _ = try await store.repositories.chat.insert(content: "fourth", date: Fixtures.date(3))
    let warnings = await store.takeWarnings()
    #expect(warnings.count == 1)
    #expect(warnings.first?.english.contains("the change is saved") == true, "\(warnings)")
    #expect(await store.takeWarnings().isEmpty, "a warning is told once")
    #expect(chmod(directory.path, 0o700) == 0)
    let contents = ["first", "second", "third", "fourth"]
    #expect(
      try await store.repositories.chat.messages(offset: 0, limit: 9).items.map(\.content)
        == contents)
    let reopened = try JSONFileStore.open(directory: directory)
    #expect(
      try await reopened.repositories.chat.messages(offset: 0, limit: 9).items.map(\.content)
        == contents)
    // The next change rewrites the snapshot: the journal is emptied.
    _ = try await store.repositories.chat.insert(content: "fifth", date: Fixtures.date(4))
    #expect(await store.takeWarnings().isEmpty)
    let journal = try FileManager.default.attributesOfItem(
      atPath: directory.appendingPathComponent("pocket.journal").path)
    #expect((journal[.size] as? NSNumber)?.intValue == 0)
  }
}
