import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// Nothing acknowledged is ever lost: writers killed at random moments, writers racing
/// each other, and stores that cannot be used. Each test on both stores with
/// `POCKET_SOAK=1`; the quick run spreads the stores over them.
@Suite("Faults", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct FaultTests {
  static let persistentStores = ["sqlite", "json"]

  /// Both stores with `POCKET_SOAK=1`; else `quick`, the tests taking the stores in turn, so
  /// the quick run still meets each store.
  static func persistentStores(quick: String) -> [String] {
    Soak.all(persistentStores, quick: quick)
  }

  /// The records an export of the store holds, read with the real `pocket`.
  func exported(_ pocket: PocketProcess) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: try pocket.export()) as? [String: Any] ?? [:]
  }

  func chatContents(_ archive: [String: Any]) -> Set<String> {
    let messages = (archive["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []
    return Set(messages.compactMap { $0["content"] as? String })
  }

  func mindLogNotes(_ archive: [String: Any]) -> Set<String> {
    let entries = (archive["mindLog"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    return Set(entries.compactMap { $0["note"] as? String })
  }

  func lapNumbers(_ archive: [String: Any]) -> Set<Int> {
    Set((archive["laps"] as? [[String: Any]] ?? []).compactMap { $0["number"] as? Int })
  }

  @Test(arguments: persistentStores(quick: "sqlite"))
  func writersKilledAtRandomMomentsLoseNothingAcknowledged(store: String) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    #expect(try pocket.run(["start"]).status == 0)
    // How long one write takes here, so kills land before, during and after the write.
    let clock = ContinuousClock()
    let typical =
      try (0..<2).map { _ in
        try clock.measure { try pocket.run(["say", "warm-up"]) }
      }.min() ?? .milliseconds(50)
    var generator = SystemRandomNumberGenerator()
    var acknowledged = (messages: Set<String>(), notes: Set<String>(), laps: Set<Int>())
    var killed = 0
    // 60 writers with `POCKET_SOAK=1`.
    for round in 0..<Soak.size(16, full: 60) {
      // Every fourth writer is left to finish, so acknowledged writes sit between killed
      // ones even when a loaded machine makes every write slower than the warm-up was;
      // every fourth is killed 1 ms in, before any write can end, so some are killed even
      // when the warm-up was slower than the writes (a machine that was busy, then not).
      let killAfter: Duration? =
        switch round % 4 {
        case 3: nil
        case 0: .milliseconds(1)
        default: typical * Double.random(in: 0.05...1.2, using: &generator)
        }
      let (arguments, tag): ([String], String) =
        switch round % 3 {
        case 0: (["say", "message-\(round)"], "message-\(round)")
        case 1: (["add", "5", "note-\(round)"], "note-\(round)")
        default: (["lap"], "")
        }
      let run = try pocket.run(arguments, killAfter: killAfter)
      if run.wasKilled {
        killed += 1
        continue
      }
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      switch round % 3 {
      case 0: acknowledged.messages.insert(tag)
      case 1: acknowledged.notes.insert(tag)
      default:
        // The stopwatch runs, so the first lap row is the lap being timed and the second
        // is the newest lap stored.
        let lapLine = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Lap ") }
          .dropFirst().first
        if let number = lapLine?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
          acknowledged.laps.insert(number)
        }
      }
    }
    let archive = try exported(pocket)
    #expect(acknowledged.messages.isSubset(of: chatContents(archive)))
    #expect(acknowledged.notes.isSubset(of: mindLogNotes(archive)))
    #expect(acknowledged.laps.isSubset(of: lapNumbers(archive)))
    #expect(killed > 0, "some writers were killed")
    #expect(acknowledged.messages.count + acknowledged.notes.count > 0, "some writes finished")
    // No temporary files pile up as stores; the store still takes writes.
    #expect(try pocket.run(["say", "after the storm"]).status == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: pocket.directory.path)
      .filter { $0.contains(".tmp-") || $0.contains(".new-") }
    #expect(leftovers.isEmpty, "temporary files of killed writers are removed: \(leftovers)")
  }

  @Test(arguments: persistentStores(quick: "json"))
  func twoProcessesWritingAtOnceLoseNothing(store: String) async throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    let count = 40
    try await withThrowingTaskGroup(of: PocketProcess.Run.self) { group in
      for writer in ["a", "b"] {
        group.addTask {
          let script = (0..<count).map { "say \(writer)-\($0)" }.joined(separator: "\n")
          return try pocket.run([], input: script + "\n")
        }
      }
      for try await run in group {
        #expect(run.status == 0, "\(run.stderr)")
      }
    }
    // One-shot writers racing too.
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for writer in ["c", "d"] {
        group.addTask {
          var status: Int32 = 0
          for index in 0..<10 {
            status |= try pocket.run(["add", "3", "\(writer)-\(index)"]).status
          }
          return status
        }
      }
      for try await status in group { #expect(status == 0) }
    }
    let archive = try exported(pocket)
    let expected = Set(["a", "b"].flatMap { writer in (0..<count).map { "\(writer)-\($0)" } })
    #expect(chatContents(archive) == expected)
    #expect(mindLogNotes(archive).count == 20)
  }
}

/// A store that cannot be used gives exit status 3 and one clear line naming the path and
/// the cause, and is left byte for byte as it was.
@Suite("Unusable stores", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct UnusableStoreTests {
  enum Damage: String, CaseIterable, CustomStringConvertible {
    case truncated, randomBytes, zeroBytes, directory, newerVersion
    var description: String { rawValue }
  }

  static func fileName(_ store: String) -> String {
    store == "sqlite" ? "pocket.sqlite" : "pocket.json"
  }

  /// Damages the store file at `url` the way `damage` says.
  static func apply(_ damage: Damage, to url: URL, store: String) throws {
    let bytes = try Foundation.Data(contentsOf: url)
    switch damage {
    case .truncated:
      try bytes.prefix(bytes.count / 2).write(to: url)
    case .randomBytes:
      var generator = SystemRandomNumberGenerator()
      try Foundation.Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        .write(to: url)
    case .zeroBytes:
      try Foundation.Data().write(to: url)
    case .directory:
      try FileManager.default.removeItem(at: url)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    case .newerVersion:
      if store == "sqlite" {
        // The header's user_version: 4 big-endian bytes at offset 60.
        var patched = bytes
        patched.replaceSubrange(60..<64, with: [0, 0, 0, 99])
        try patched.write(to: url)
      } else {
        let text = String(decoding: bytes, as: UTF8.self)
          .replacingOccurrences(
            of: #""version" : \d+"#, with: "\"version\" : 99", options: .regularExpression)
        try Foundation.Data(text.utf8).write(to: url)
      }
    }
  }

  /// The file's bytes, or the names in it when it is a directory.
  static func snapshot(_ url: URL) throws -> [String] {
    var isDirectory: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
    if isDirectory.boolValue {
      return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
    return [try Foundation.Data(contentsOf: url).base64EncodedString()]
  }

  /// Each damage on one store, the stores taken in turn; every damage on both with
  /// `POCKET_SOAK=1`.
  @Test(arguments: Soak.spread(Damage.allCases, over: FaultTests.persistentStores))
  func anUnusableStoreExitsThreeAndIsLeftAlone(store: String, damage: Damage) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    // The store is made by one session and a command (the arrangement, not what is tested):
    // a session may end with the sqlite log still beside the file, which a damaged file's
    // first opening would fold into it; the command's closing folds it first.
    let made = try pocket.run([], input: "say hello\nadd 7 fine\nstart\n")
    #expect(made.status == 0 && made.stderr.isEmpty, "\(made.stderr)")
    #expect(try pocket.run(["lap"]).status == 0)
    let file = pocket.directory.appendingPathComponent(Self.fileName(store))
    try Self.apply(damage, to: file, store: store)
    let before = try Self.snapshot(file)
    // Never /dev/null: should the store open after all, an export must not replace a device.
    let export = pocket.directory.appendingPathComponent("export.json").path
    for command in [["say", "more"], ["show"], ["export", export]] {
      let run = try pocket.run(command)
      #expect(run.status == 3, "\(command) on a \(damage) store")
      #expect(run.stdout.isEmpty)
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.count == 1, "one line: \(run.stderr)")
      #expect(run.stderr.contains(file.path), "names the path: \(run.stderr)")
      #expect(!run.stderr.contains("Fatal error"))
    }
    #expect(try Self.snapshot(file) == before, "the \(damage) store is left as it was")
  }

  @Test(arguments: FaultTests.persistentStores(quick: "json"))
  func anUnreadableStoreExitsThreeAndIsLeftAlone(store: String) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    #expect(try pocket.run(["say", "private"]).status == 0)
    let file = pocket.directory.appendingPathComponent(Self.fileName(store))
    // Read before the file is made unreadable (a test not run as root cannot read it after).
    let before = try Self.snapshot(file)
    let isRoot = geteuid() == 0
    if isRoot {
      // Root reads anything, so the reader is `nobody`: it may enter the folder, and the
      // store file stays readable by its owner (root) only.
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: pocket.directory.path)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    } else {
      try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
    }
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }
    let run = try pocket.run(["say", "more"], asNobody: isRoot)
    #expect(run.status == 3, "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(run.stderr.contains(file.path) || run.stderr.contains(pocket.directory.path))
    #expect(run.stderr.contains("ermission denied"), "\(run.stderr)")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    #expect(try Self.snapshot(file) == before)
  }
}
