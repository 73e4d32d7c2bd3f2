import Foundation
import PocketData
import PocketDomain
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exit status tells the truth when the disk is full or the folder read-only: a json
/// change whose journal line is on disk is stored (exit 0; a snapshot rewrite that fails
/// after it is a warning), and a change whose line could not be written is not (exit 3).
@Suite(
  "Full disks and read-only folders",
  .enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly)), .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct DiskFaultTests {
  static let isRoot = geteuid() == 0

  /// Runs `tool` with `arguments`; its status and what it printed.
  @discardableResult
  static func system(_ tool: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = SpawnedDescriptors.pipe()
    process.standardOutput = output
    process.standardError = output
    try SpawnedDescriptors.run(process)
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
  }

  /// A tmpfs of `kibibytes` (mode 0700) mounted for the test, unmounted by `unmount`.
  struct SmallDisk {
    let parent: URL
    var folder: URL { parent.appendingPathComponent("disk") }

    /// `nil` where no tmpfs can be mounted (tests that need one are enabled by `canMount`).
    static func mount(kibibytes: Int) throws -> SmallDisk? {
      #if os(Linux)
        let disk = SmallDisk(parent: try Fixtures.temporaryDirectory())
        try FileManager.default.createDirectory(
          at: disk.folder, withIntermediateDirectories: false,
          attributes: [.posixPermissions: 0o700])
        let (status, output) = try system(
          "/usr/bin/mount",
          ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0700", "tmpfs", disk.folder.path])
        guard status == 0 else {
          try? FileManager.default.removeItem(at: disk.parent)
          _ = output
          return nil
        }
        return disk
      #else
        return nil
      #endif
    }

    func remount(readOnly: Bool) throws {
      let options = readOnly ? "remount,ro" : "remount,rw"
      #expect(try system("/usr/bin/mount", ["-o", options, folder.path]).status == 0)
    }

    /// Gives the mounted tmpfs `kibibytes` of room, keeping what it holds.
    func resize(kibibytes: Int) throws {
      let run = try system("/usr/bin/mount", ["-o", "remount,size=\(kibibytes)k", folder.path])
      #expect(run.status == 0, "remount: \(run.output)")
    }

    /// Whether a small tmpfs can be mounted here (as root, on Linux), tried once.
    static let canMount: Bool = {
      guard isRoot, let disk = try? mount(kibibytes: 16) else { return false }
      disk.unmount()
      return true
    }()

    func unmount() {
      _ = try? system("/usr/bin/umount", [folder.path])
      try? FileManager.default.removeItem(at: parent)
    }
  }

  /// The journal size at which a change rewrites the snapshot of a small store (the json
  /// store's 32 KiB floor).
  static let journalFloor = 32 * 1024

  /// A json store in `folder` one change short of a snapshot rewrite: a snapshot, then
  /// journal lines (the last screen, then messages) up to just under the journal's
  /// 32 KiB floor, so the next change's line reaches it and the change rewrites the
  /// snapshot.
  /// - Returns: how many messages were journalled.
  @discardableResult
  static func fillStore(in folder: URL) async throws -> Int {
    let store = try JSONFileStore.open(directory: folder)
    let repositories = store.repositories
    _ = try await repositories.chat.insert(content: "seed", date: Fixtures.date())
    try await repositories.screens.save(.chat)
    var journalled = 0
    while true {
      let before = try journalSize(folder)
      let content = "message \(journalled + 1)"
      _ = try await repositories.chat.insert(
        content: content, date: Fixtures.date(Int64(journalled + 1)))
      journalled += 1
      let line = try journalSize(folder) - before
      let room = journalFloor - (before + line)
      guard room < 2 * line + 50 else { continue }
      // One last message sized to leave 60 bytes: less than any line of a change.
      let overhead = line - content.utf8.count
      _ = try await repositories.chat.insert(
        content: String(repeating: "m", count: room - 60 - overhead),
        date: Fixtures.date(Int64(journalled + 1)))
      journalled += 1
      let left = journalFloor - (try journalSize(folder))
      #expect((1...80).contains(left), "\(left) bytes short of a rewrite")
      return journalled
    }
  }

  /// Fills the file system of `folder` with a file, then frees `reserve` bytes of it.
  static func fillDisk(_ folder: URL, leaving reserve: Int) throws {
    let reserveFile = folder.appendingPathComponent("reserve")
    if reserve > 0 {
      try Foundation.Data(repeating: 1, count: reserve).write(to: reserveFile)
    }
    let descriptor = open(folder.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o600)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    for size in [64 * 1024, 4096, 1] {
      let chunk = [UInt8](repeating: 0, count: size)
      while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) == size {}
    }
    if reserve > 0 { try FileManager.default.removeItem(at: reserveFile) }
  }

  /// The chat messages an export of the store holds, read with the real `pocket` into a
  /// file outside the small disk.
  static func messages(_ pocket: PocketProcess) throws -> [String] {
    let outside = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: outside) }
    let file = outside.appendingPathComponent("export.json")
    let run = try pocket.run(["export", file.path])
    #expect(run.status == 0, "export: \(run.stderr)")
    let archive =
      try JSONSerialization.jsonObject(with: try Foundation.Data(contentsOf: file))
      as? [String: Any]
    let chat = archive?["chat"] as? [String: Any]
    return (chat?["messages"] as? [[String: Any]] ?? []).compactMap { $0["content"] as? String }
  }

  /// Whether the journal holds no record's change: at most the rows a command printed,
  /// which a one-shot command saves after its change (`saveTerminalShown`).
  static func journalHoldsNoChange(_ folder: URL) throws -> Bool {
    let journal = try String(
      contentsOf: folder.appendingPathComponent("pocket.journal"), encoding: .utf8)
    return journal.split(separator: "\n").allSatisfy { $0.contains("\"saveTerminalShown\"") }
  }

  static func journalSize(_ folder: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: folder.appendingPathComponent("pocket.journal").path)
    return (attributes[.size] as? NSNumber)?.intValue ?? -1
  }

  @Test(.enabled(if: SmallDisk.canMount, "needs root and tmpfs to mount a small disk"))
  func aChangeWhoseLineFitsOnAFullDiskIsStoredOnceAndItsFailedRewriteIsAWarning() async throws {
    guard let disk = try SmallDisk.mount(kibibytes: 1_024) else {
      Issue.record("cannot mount a tmpfs of 1 MiB")
      return
    }
    defer { disk.unmount() }
    let journaledMessages = try await Self.fillStore(in: disk.folder)
    // Room for a journal line, none for a new snapshot.
    try Self.fillDisk(disk.folder, leaving: 8 * 1024)
    let pocket = PocketProcess(store: "json", directory: disk.folder)
    let run = try pocket.run(["say", "written on a full disk"])
    #expect(run.status == 0, "the change is stored: \(run.stderr)")
    #expect(run.stdout.contains("written on a full disk"))
    #expect(run.stderr.hasPrefix("pocket: warning: the change is saved in "), "\(run.stderr)")
    #expect(run.stderr.contains("No space left on device"), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(try StoreSafetyTests.temporaryFiles(disk.folder).isEmpty, "no temporary file left")

    try FileManager.default.removeItem(at: disk.folder.appendingPathComponent("filler"))
    var messages = try Self.messages(pocket)
    #expect(messages.filter { $0 == "written on a full disk" }.count == 1, "stored exactly once")
    #expect(messages.count == journaledMessages + 2)
    // With room again, the next change rewrites the snapshot and empties the journal.
    let next = try pocket.run(["say", "room again"])
    #expect(next.status == 0)
    #expect(next.stderr.isEmpty, "\(next.stderr)")
    #expect(try Self.journalHoldsNoChange(disk.folder))
    messages = try Self.messages(pocket)
    #expect(messages.filter { $0 == "written on a full disk" }.count == 1)
    #expect(messages.last == "room again")
  }

  @Test(.enabled(if: SmallDisk.canMount, "needs root and tmpfs to mount a small disk"))
  func aChangeWhoseLineDoesNotFitOnAFullDiskExitsThreeAndStoresNothing() async throws {
    guard let disk = try SmallDisk.mount(kibibytes: 1_024) else {
      Issue.record("cannot mount a tmpfs of 1 MiB")
      return
    }
    defer { disk.unmount() }
    let journaledMessages = try await Self.fillStore(in: disk.folder)
    try Self.fillDisk(disk.folder, leaving: 0)
    let journal = disk.folder.appendingPathComponent("pocket.journal")
    let before = try Foundation.Data(contentsOf: journal)
    let pocket = PocketProcess(store: "json", directory: disk.folder)
    // 12,000 bytes: more than any room left in the journal's last page.
    let long = String(repeating: "가", count: 4_000)
    let run = try pocket.run(["say", long])
    #expect(run.status == 3)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("No space left on device"), "\(run.stderr)")
    #expect(try Foundation.Data(contentsOf: journal) == before, "no part of the line is left")

    try FileManager.default.removeItem(at: disk.folder.appendingPathComponent("filler"))
    let messages = try Self.messages(pocket)
    #expect(!messages.contains(long), "nothing is stored")
    #expect(messages.count == journaledMessages + 1)
  }

  @Test(.enabled(if: SmallDisk.canMount, "needs root and tmpfs to mount and remount a small disk"))
  func aChangeInAReadOnlyFileSystemExitsThreeAndTheStoreStillReads() async throws {
    guard let disk = try SmallDisk.mount(kibibytes: 1_024) else {
      Issue.record("cannot mount a tmpfs of 1 MiB")
      return
    }
    defer { disk.unmount() }
    let journaledMessages = try await Self.fillStore(in: disk.folder)
    let journal = disk.folder.appendingPathComponent("pocket.journal")
    let before = try Foundation.Data(contentsOf: journal)
    try disk.remount(readOnly: true)
    defer { try? disk.remount(readOnly: false) }
    let pocket = PocketProcess(store: "json", directory: disk.folder)
    let run = try pocket.run(["say", "on a read-only disk"])
    #expect(run.status == 3)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("Read-only file system"), "\(run.stderr)")
    // Readers take the lock read-only: the store still exports.
    let messages = try Self.messages(pocket)
    #expect(!messages.contains("on a read-only disk"))
    #expect(messages.count == journaledMessages + 1)
    #expect(try Foundation.Data(contentsOf: journal) == before)
  }

  @Test(.enabled(if: isRoot, "needs root to run pocket as another user (root ignores modes)"))
  func aFailedRewriteInAReadOnlyFolderIsAWarningAndTheChangeIsStoredOnce() async throws {
    let folder = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await Self.fillStore(in: folder)
    let pocket = PocketProcess(store: "json", directory: folder)
    // The folder and its files belong to `nobody`, who may write the files but not add
    // a new snapshot to the folder.
    #expect(try Self.system("/usr/bin/chown", ["-R", "65534:65534", folder.path]).status == 0)
    #expect(chmod(folder.path, 0o500) == 0)
    let run = try pocket.run(["say", "in a read-only folder"], asNobody: true)
    // In a session, each change that could not rewrite the snapshot warns after it.
    let session = try pocket.run(
      [], input: "say first of a session\nsay second of a session\nquit\n", asNobody: true)
    #expect(chmod(folder.path, 0o700) == 0)
    #expect(try Self.system("/usr/bin/chown", ["-R", "0:0", folder.path]).status == 0)
    #expect(run.status == 0, "the change is stored: \(run.stderr)")
    #expect(run.stderr.hasPrefix("pocket: warning: the change is saved in "), "\(run.stderr)")
    #expect(run.stderr.contains("Permission denied"), "\(run.stderr)")
    #expect(session.status == 0, "\(session.stderr)")
    let warnings = session.stderr.split(separator: "\n")
    #expect(warnings.count == 2, "\(session.stderr)")
    #expect(warnings.allSatisfy { $0.hasPrefix("pocket: warning: the change is saved in ") })
    let messages = try Self.messages(pocket)
    for message in ["in a read-only folder", "first of a session", "second of a session"] {
      #expect(messages.filter { $0 == message }.count == 1, "\(message) is stored exactly once")
    }
    #expect(try pocket.run(["say", "writable again"]).stderr.isEmpty)
    #expect(try Self.journalHoldsNoChange(folder), "the snapshot is rewritten at the next change")
  }
}
