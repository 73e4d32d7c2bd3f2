import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pocket` never writes through a file it does not own: `export` writes regular files
/// only, and a store whose folder others can write to, or whose file is a link, is refused.
@Suite(
  "Files Pocket does not own", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang))
)
struct StoreSafetyTests {
  static let isRoot = geteuid() == 0

  /// The type bits of what is at `path` itself (a link's own); 0 when there is nothing.
  static func type(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  static func inode(_ path: String) -> UInt64 {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return UInt64(info.st_ino)
  }

  /// Names in `folder` that look like a temporary file of Pocket's.
  static func temporaryFiles(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
  }

  // MARK: Export

  @Test func exportWritesANewFileOrReplacesARegularOne() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    #expect(try pocket.run(["say", "hello"]).status == 0)
    let target = pocket.directory.appendingPathComponent("new.json")
    let first = try pocket.run(["export", target.path])
    #expect(first.status == 0, "\(first.stderr)")
    let exported = try Foundation.Data(contentsOf: target)
    #expect(String(decoding: exported, as: UTF8.self).contains("\"hello\""))

    let existing = pocket.directory.appendingPathComponent("existing.json")
    try Foundation.Data("an older export\n".utf8).write(to: existing)
    let before = Self.inode(existing.path)
    let replaced = try pocket.run(["export", existing.path])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(try Foundation.Data(contentsOf: existing) == exported)
    #expect(Self.inode(existing.path) != before, "replaced by a rename, not rewritten in place")
    #expect(try Self.temporaryFiles(pocket.directory).isEmpty)
  }

  /// What export must refuse, made in `folder`, with the word the refusal uses.
  enum NotARegularFile: String, CaseIterable, CustomStringConvertible {
    case fifo, directory, link, danglingLink
    var description: String { rawValue }

    func make(in folder: URL) throws -> (path: String, word: String) {
      let path = folder.appendingPathComponent("target-\(rawValue)").path
      switch self {
      case .fifo:
        #expect(mkfifo(path, 0o600) == 0)
        return (path, "a FIFO")
      case .directory:
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Foundation.Data("inside".utf8).write(to: URL(fileURLWithPath: path + "/kept"))
        return (path, "a directory")
      case .link:
        let victim = folder.appendingPathComponent("victim").path
        try Foundation.Data("someone else's file\n".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        return (path, "a symbolic link")
      case .danglingLink:
        let missing = folder.appendingPathComponent("not-there").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: missing)
        return (path, "a symbolic link")
      }
    }
  }

  /// What is at `path` and in the folder around it, to compare before and after.
  static func state(_ path: String) throws -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    var state = ["type \(type(path))", "inode \(inode(path))"]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
      let item = "\(folder)/\(name)"
      let bytes =
        type(item) == S_IFREG ? (try? Foundation.Data(contentsOf: URL(fileURLWithPath: item))) : nil
      state.append("\(name) \(type(item)) \(bytes?.base64EncodedString() ?? "")")
    }
    if type(path) == S_IFDIR { state += try FileManager.default.contentsOfDirectory(atPath: path) }
    return state
  }

  @Test(arguments: NotARegularFile.allCases)
  func exportRefusesWhatIsNotARegularFileAndLeavesItAsItWas(target: NotARegularFile) throws {
    let pocket = try PocketProcess(store: "json")
    let folder = try Fixtures.temporaryDirectory()
    defer {
      pocket.remove()
      try? FileManager.default.removeItem(at: folder)
    }
    #expect(try pocket.run(["say", "hello"]).status == 0)
    let (path, word) = try target.make(in: folder)
    let before = try Self.state(path)
    let run = try pocket.run(["export", path])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr
        == "pocket: Cannot use the file \(path): it is \(word); "
        + "export writes only a new file or over a regular file\n")
    #expect(try Self.state(path) == before, "\(target) is left as it was")
  }

  @Test(.enabled(if: isRoot, "needs root to make a device node"))
  func exportRefusesADeviceAndDevNullStaysADevice() throws {
    let pocket = try PocketProcess(store: "json")
    let folder = try Fixtures.temporaryDirectory()
    defer {
      pocket.remove()
      try? FileManager.default.removeItem(at: folder)
    }
    #expect(try pocket.run(["say", "hello"]).status == 0)
    // A node of our own like /dev/null (character device 1, 3) first: should export
    // replace it, /dev/null is not tried.
    let device = folder.appendingPathComponent("null").path
    #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    let before = try Self.state(device)
    let run = try pocket.run(["export", device])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("it is a device"), "\(run.stderr)")
    #expect(try Self.state(device) == before)
    guard Self.type(device) == S_IFCHR else {
      Issue.record("export replaced a device node: /dev/null is not tried")
      return
    }
    let devNull = try pocket.run(["export", "/dev/null"])
    #expect(devNull.status == 1)
    #expect(Self.type("/dev/null") == S_IFCHR, "/dev/null is still a device")
  }

  @Test(.disabled(if: isRoot, "root tries /dev/null in the test above, behind its guard"))
  func exportToDevNullIsRefused() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    let run = try pocket.run(["export", "/dev/null"])
    #expect(run.status == 1)
    #expect(run.stderr.contains("it is a device"), "\(run.stderr)")
    #expect(Self.type("/dev/null") == S_IFCHR)
  }

  // MARK: Store folders and store files

  @Test(arguments: FaultTests.persistentStores(quick: "sqlite"))
  func aStoreFolderOtherUsersCanWriteExitsThree(store: String) throws {
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    #expect(try pocket.run(["say", "mine"]).status == 0)
    #expect(chmod(pocket.directory.path, 0o777) == 0)
    let run = try pocket.run(["say", "more"])
    #expect(run.status == 3)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "pocket: Cannot use the store at \(pocket.directory.path): the folder is writable "
        + "by other users (mode 0777); run: chmod go-w \(pocket.directory.path)\n")
    #expect(chmod(pocket.directory.path, 0o700) == 0)
    #expect(try pocket.run(["chat"]).stdout.contains("mine"))
  }

  @Test func theJournalAsALinkToAPrivateFileExitsThreeAndTheFileIsKept() throws {
    // The report: `pocket.journal` links to root's private file (mode 0600); a change
    // truncated and overwrote it. Here the file is the test user's own.
    let pocket = try PocketProcess(store: "json")
    let elsewhere = try Fixtures.temporaryDirectory()
    defer {
      pocket.remove()
      try? FileManager.default.removeItem(at: elsewhere)
    }
    #expect(try pocket.run(["say", "one"]).status == 0)
    #expect(try pocket.run(["say", "two"]).status == 0)
    let secret = elsewhere.appendingPathComponent("root-only")
    let bytes = Foundation.Data("root's private file\n".utf8)
    try bytes.write(to: secret)
    #expect(chmod(secret.path, 0o600) == 0)
    let journal = pocket.directory.appendingPathComponent("pocket.journal")
    try FileManager.default.removeItem(at: journal)
    try FileManager.default.createSymbolicLink(at: journal, withDestinationURL: secret)
    let run = try pocket.run(["say", "three"])
    #expect(run.status == 3)
    #expect(run.stderr.split(separator: "\n").count == 1)
    #expect(
      run.stderr.contains(journal.path) && run.stderr.contains("symbolic link"), "\(run.stderr)")
    #expect(try Foundation.Data(contentsOf: secret) == bytes)
    #expect(Self.type(journal.path) == S_IFLNK)
  }

  @Test func anSQLiteStoreFileThatIsALinkExitsThree() throws {
    let pocket = try PocketProcess(store: "sqlite")
    let other = try PocketProcess(store: "sqlite")
    defer {
      pocket.remove()
      other.remove()
    }
    #expect(try other.run(["say", "theirs"]).status == 0)
    let theirs = other.directory.appendingPathComponent("pocket.sqlite")
    let before = try Foundation.Data(contentsOf: theirs)
    let file = pocket.directory.appendingPathComponent("pocket.sqlite")
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: theirs)
    let run = try pocket.run(["say", "into their store"])
    #expect(run.status == 3)
    #expect(run.stderr.contains(file.path) && run.stderr.contains("symbolic link"), "\(run.stderr)")
    #expect(try Foundation.Data(contentsOf: theirs) == before)
    #expect(!(try other.run(["chat"]).stdout.contains("into their store")))
  }
}
