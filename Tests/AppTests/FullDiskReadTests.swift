import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// A sqlite store on a full disk (issue 41): its file was closed cleanly, so opening it
/// must make the write-ahead log's index, and there is no room for it. Every command that
/// only reads still works and shows what it showed before the disk filled; a change is
/// refused with exit 3 naming the full disk, and nothing is changed or lost.
extension DiskFaultTests {
  /// The commands that only read, each run once before the disk fills and once after.
  static let readCommands: [[String]] = [
    ["chat"], ["mindlog"], ["rates"], ["bookmarks"], ["stopwatch"], ["store"], ["help"],
  ]

  /// An export of `pocket`'s store into a new file outside the small disk: its bytes, and
  /// the run.
  static func exportOutside(_ pocket: PocketProcess) throws -> (
    bytes: Foundation.Data?, run: PocketProcess.Run
  ) {
    let outside = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: outside) }
    let file = outside.appendingPathComponent("export.json")
    let run = try pocket.run(["export", file.path])
    return (try? Foundation.Data(contentsOf: file), run)
  }

  @Test(.enabled(if: SmallDisk.canMount, "needs root and tmpfs to mount a small disk"))
  func aSQLiteStoreOnAFullDiskIsReadByEveryReadingCommandAndRefusesChanges() async throws {
    guard let disk = try SmallDisk.mount(kibibytes: 2_048) else {
      Issue.record("cannot mount a tmpfs of 2 MiB")
      return
    }
    defer { disk.unmount() }
    let pocket = PocketProcess(store: "sqlite", directory: disk.folder)
    for arguments in [
      ["say", "first words"], ["say", "second words"], ["add", "7.5", "sunny walk"],
      ["start"], ["lap"], ["stop"], ["notices"], ["bookmark", "1"],
    ] {
      let run = try pocket.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    var before: [[String]: String] = [:]
    for arguments in Self.readCommands {
      let run = try pocket.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      before[arguments] = run.stdout
    }
    let exported = try Self.exportOutside(pocket)
    #expect(exported.run.status == 0, "\(exported.run.stderr)")
    let database = disk.folder.appendingPathComponent("pocket.sqlite")
    let file = try Foundation.Data(contentsOf: database)
    // Closed cleanly: the file alone, no log and no index beside it.
    let sideFiles = ["pocket.sqlite-wal", "pocket.sqlite-shm"].filter {
      FileManager.default.fileExists(atPath: disk.folder.appendingPathComponent($0).path)
    }
    #expect(sideFiles.isEmpty, "\(sideFiles)")

    try Self.fillDisk(disk.folder, leaving: 0)
    // Twice: the second run finds what the first one's failed open left beside the file.
    for round in 1...2 {
      for arguments in Self.readCommands {
        let run = try pocket.run(arguments)
        #expect(run.status == 0, "\(arguments), round \(round): \(run.stderr)")
        #expect(run.stdout == before[arguments], "\(arguments), round \(round)")
        let warnings = run.stderr.split(separator: "\n")
        #expect(
          warnings.allSatisfy { $0.hasPrefix("pocket: warning: ") && $0.contains("disk is full") },
          "\(arguments), round \(round): \(run.stderr)")
      }
      let export = try Self.exportOutside(pocket)
      #expect(export.run.status == 0, "export, round \(round): \(export.run.stderr)")
      #expect(export.bytes != nil && export.bytes == exported.bytes, "the same export")
      for arguments in [["say", "on a full disk"], ["lap"], ["add", "3", "full"]] {
        let run = try pocket.run(arguments)
        #expect(run.status == 3, "\(arguments): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("disk is full"), "\(run.stderr)")
        #expect(run.stderr.contains("ENOSPC"), "\(run.stderr)")
      }
      #expect(try Foundation.Data(contentsOf: database) == file, "the file is unchanged")
    }

    // With room again, nothing was lost and the store takes changes.
    try FileManager.default.removeItem(at: disk.folder.appendingPathComponent("filler"))
    let after = try Self.exportOutside(pocket)
    #expect(after.bytes == exported.bytes, "nothing changed or lost")
    let change = try pocket.run(["say", "room again"])
    #expect(change.status == 0, "\(change.stderr)")
    #expect(change.stderr.isEmpty, "\(change.stderr)")
    let messages = try Self.messages(pocket)
    #expect(messages == ["first words", "second words", "room again"])
  }

  @Test(.enabled(if: SmallDisk.canMount, "needs root and tmpfs to mount a small disk"))
  func aStoreReadOnAFullDiskSaysSoOnceAnotherProcessChangesIt() async throws {
    guard let disk = try SmallDisk.mount(kibibytes: 2_048) else {
      Issue.record("cannot mount a tmpfs of 2 MiB")
      return
    }
    defer { disk.unmount() }
    let pocket = PocketProcess(store: "sqlite", directory: disk.folder)
    #expect(try pocket.run(["say", "before the disk filled"]).status == 0)
    try Self.fillDisk(disk.folder, leaving: 0)
    let store = try SQLiteStore.open(
      path: disk.folder.appendingPathComponent(SQLiteStore.fileName).path)
    #expect(store.refusesWrites != nil, "opened for reading only")
    let counts = try await store.repositories.archive.recordCounts()
    let messages = try await store.repositories.chat.messages(offset: 0, limit: 10)
    #expect(messages.items.map(\.content) == ["before the disk filled"])
    await #expect(throws: DomainError.self) {
      try await store.repositories.chat.insert(content: "refused", date: Fixtures.date())
    }
    #expect(try await store.repositories.archive.recordCounts() == counts, "nothing written")

    // Room again, and another process changes the store: the reader that saw the file
    // alone says so instead of showing an old picture.
    try FileManager.default.removeItem(at: disk.folder.appendingPathComponent("filler"))
    #expect(try pocket.run(["say", "with room again"]).status == 0)
    do {
      _ = try await store.repositories.chat.messages(offset: 0, limit: 10)
      Issue.record("a read after another process changed the file succeeded")
    } catch DomainError.storageUnavailable(_, let reason) {
      #expect(reason.english.contains("run the command again"), "\(reason)")
    }
    let again = try pocket.run(["chat"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("with room again"))
  }

  /// A postgres store whose local folder (this machine's screen and rows, in a sqlite
  /// file) is on a full disk: the records are on the server, so every command works,
  /// changes included; only the screen shown is not kept, and one warning says so. Before,
  /// every command exited 3.
  @Test(
    .enabled(if: SmallDisk.canMount, "needs root and tmpfs to mount a small disk"),
    .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"))
  func aPostgresStoreWhoseLocalFolderIsOnAFullDiskStillWorks() async throws {
    guard let disk = try SmallDisk.mount(kibibytes: 2_048) else {
      Issue.record("cannot mount a tmpfs of 2 MiB")
      return
    }
    defer { disk.unmount() }
    let pocket = PocketProcess(store: "postgres", directory: disk.folder)
    for arguments in [
      ["say", "first words"], ["add", "7.5", "sunny walk"], ["notices"], ["bookmark", "1"],
    ] {
      let run = try pocket.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    var before: [[String]: String] = [:]
    for arguments in Self.readCommands where arguments != ["store"] {
      let run = try pocket.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      before[arguments] = run.stdout
    }
    let local = disk.folder.appendingPathComponent("pocket.sqlite")
    let file = try Foundation.Data(contentsOf: local)

    try Self.fillDisk(disk.folder, leaving: 0)
    for arguments in Self.readCommands where arguments != ["store"] {
      let run = try pocket.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(run.stdout == before[arguments], "\(arguments)")
      let warnings = run.stderr.split(separator: "\n")
      #expect(
        warnings.allSatisfy { $0.hasPrefix("pocket: warning: ") && $0.contains("disk is full") },
        "\(arguments): \(run.stderr)")
    }
    let said = try pocket.run(["say", "on a full disk"])
    #expect(said.status == 0, "\(said.stderr)")
    #expect(try Self.messages(pocket) == ["first words", "on a full disk"])
    #expect(try Foundation.Data(contentsOf: local) == file, "the local file is unchanged")
  }

  /// A json store on a full disk: showing one screen after another needs a journal line
  /// each, which does not fit; every reading command still works and shows what it showed,
  /// with one warning each, and a change is refused naming the full disk. Before, the
  /// tenth screen or so exited 3 ("No space left on device").
  @Test(.enabled(if: SmallDisk.canMount, "needs root and tmpfs to mount a small disk"))
  func aJSONStoreOnAFullDiskShowsEveryScreenAndRefusesChanges() async throws {
    guard let disk = try SmallDisk.mount(kibibytes: 1_024) else {
      Issue.record("cannot mount a tmpfs of 1 MiB")
      return
    }
    defer { disk.unmount() }
    let pocket = PocketProcess(store: "json", directory: disk.folder)
    for arguments in [["say", "first words"], ["add", "7.5", "sunny walk"]] {
      let run = try pocket.run(arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    var before: [[String]: String] = [:]
    for arguments in Self.readCommands {
      before[arguments] = try pocket.run(arguments).stdout
    }
    try Self.fillDisk(disk.folder, leaving: 0)
    // The journal's last page may have room for a few lines: enough rounds to fill it.
    for round in 1...6 {
      for arguments in Self.readCommands {
        let run = try pocket.run(arguments)
        #expect(run.status == 0, "\(arguments), round \(round): \(run.stderr)")
        #expect(run.stdout == before[arguments], "\(arguments), round \(round)")
        #expect(
          run.stderr.split(separator: "\n").allSatisfy {
            $0.hasPrefix("pocket: warning: ") && $0.contains("disk is full")
          }, "\(arguments), round \(round): \(run.stderr)")
      }
    }
    let said = try pocket.run(["say", "on a full disk"])
    #expect(said.status == 3, "\(said.stdout) \(said.stderr)")
    #expect(
      said.stderr.contains("disk is full") && said.stderr.contains("ENOSPC"), "\(said.stderr)")
    try FileManager.default.removeItem(at: disk.folder.appendingPathComponent("filler"))
    #expect(try Self.messages(pocket) == ["first words"], "nothing changed or lost")
    #expect(try pocket.run(["mindlog"]).stdout == before[["mindlog"]])
  }
}
