import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `StoreFiles` knows a store's files by device and inode, as `cp a a` does, and only
/// them: another spelling or a hard link is one of them; a copy, or a file of the same
/// name in another folder, is not. `DiskArchiveFileRepository` refuses them.
@Suite struct StoreFilesTests {
  /// A store folder holding a json store's files, and a folder beside it.
  struct Folders {
    let store: URL
    let other: URL

    init() throws {
      store = try Fixtures.temporaryDirectory()
      other = try Fixtures.temporaryDirectory()
      for name in ["pocket.json", "pocket.journal", "pocket.json.lock"] {
        try Foundation.Data("\(name)\n".utf8).write(to: store.appendingPathComponent(name))
      }
    }

    func remove() {
      try? FileManager.default.removeItem(at: store)
      try? FileManager.default.removeItem(at: other)
    }
  }

  @Test func theStoresFilesAndFolderAreKnownHoweverTheyAreNamed() throws {
    let folders = try Folders()
    defer { folders.remove() }
    let files = StoreFiles(folder: folders.store.path)
    let linked = folders.other.appendingPathComponent("linked")
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: folders.store)
    let store = folders.store.path
    let name = folders.store.lastPathComponent
    // Present files, absent ones (the SQLite log, a temporary file) and the folder.
    // This machine's copy of a postgres store, its log, and the file it is made as.
    let copy = PostgresStore.copyFileName(
      PostgresTarget(url: "postgresql://me@db.example/pocket", schema: "pocket"),
      environment: [:])
    for file in [
      "pocket.json", "pocket.journal", "pocket.sqlite-wal", ".pocket.json.tmp-x", ".", copy,
      copy + "-wal", ".\(copy).new-x",
    ] {
      for path in [
        "\(store)/\(file)", "\(folders.other.path)/../\(name)/\(file)", "\(linked.path)/\(file)",
      ] {
        #expect(files.contains(path), "\(path)")
      }
    }
    #expect(files.contains(store))
    #expect(files.contains(linked.path))
    let hardLink = folders.other.appendingPathComponent("elsewhere.json").path
    #expect(link("\(store)/pocket.journal", hardLink) == 0)
    #expect(files.contains(hardLink))
  }

  @Test func otherFilesAreNotTheStores() throws {
    let folders = try Folders()
    defer { folders.remove() }
    let files = StoreFiles(folder: folders.store.path)
    let copy = folders.other.appendingPathComponent("pocket.json")
    try FileManager.default.copyItem(
      at: folders.store.appendingPathComponent("pocket.json"), to: copy)
    for path in [
      copy.path, folders.other.appendingPathComponent("pocket.sqlite").path,
      folders.store.appendingPathComponent("export.json").path,
      folders.store.appendingPathComponent("pocket.json.bak").path, folders.other.path, "",
      folders.store.appendingPathComponent("replica-notes.sqlite").path,
      folders.store.appendingPathComponent("replica-0123456789abcdef.sqlite.bak").path,
    ] {
      #expect(!files.contains(path), "\(path)")
    }
    // A store folder that is gone protects nothing, and never traps.
    #expect(!StoreFiles(folder: folders.store.path + "/missing").contains("pocket.json"))
  }

  @Test func theDiskRepositoryRefusesAStoreFileAndTouchesNothing() async throws {
    let folders = try Folders()
    defer { folders.remove() }
    let repository = DiskArchiveFileRepository(protecting: StoreFiles(folder: folders.store.path))
    let snapshot = folders.store.appendingPathComponent("pocket.json")
    let before = try Foundation.Data(contentsOf: snapshot)
    await #expect(
      throws: DomainError.invalidInput(.ownStoreFile(path: snapshot.path, writing: true))
    ) {
      try await repository.write(from: InMemoryStore().repositories.archive, to: snapshot.path)
    }
    await #expect(
      throws: DomainError.invalidInput(.ownStoreFile(path: snapshot.path, writing: false))
    ) {
      try await repository.read(snapshot.path)
    }
    #expect(try Foundation.Data(contentsOf: snapshot) == before)
    // Beside the store, an archive is written and read as anywhere else.
    let beside = folders.store.appendingPathComponent("export.json").path
    _ = try await repository.write(from: InMemoryStore().repositories.archive, to: beside)
    #expect(try StoreArchive(reading: try await repository.read(beside)) == StoreArchive())
  }
}
