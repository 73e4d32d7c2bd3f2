import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pocket never writes over its own store: `export` refuses (exit 1) a path that is one of
/// the store's files or its folder, however it is spelled and through a hard link, as
/// `cp a a` does; `import` refuses to read one. The store keeps its data. (Every spelling of
/// every name with `POCKET_SOAK=1`; in the quick run each name one way, the ways in turn,
/// and each test on one store, the stores in turn.)
@Suite(
  "Pocket never writes over its own store", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct OwnStoreFileTests {
  /// Every name a store gives a file in its folder, of both kinds (a sqlite and a json
  /// store may share a folder), with names of the temporary files each makes.
  static let storeFileNames = [
    "pocket.sqlite", "pocket.sqlite-wal", "pocket.sqlite-shm", "pocket.sqlite-journal",
    ".pocket.sqlite.new-5D4C3B2A-0000-4000-8000-000000000000", "pocket.json", "pocket.journal",
    "pocket.json.lock", ".pocket.json.tmp-5D4C3B2A-0000-4000-8000-000000000000",
  ]

  /// A store of `kind` holding two messages, and a folder elsewhere holding `linked`, a
  /// symbolic link to the store's folder.
  struct Store {
    let pocket: PocketProcess
    let elsewhere: URL
    /// The store's export before anything was tried.
    let exported: Foundation.Data

    init(_ kind: String) throws {
      pocket = try PocketProcess(store: kind)
      elsewhere = try Fixtures.temporaryDirectory()
      for text in ["one", "two"] {
        #expect(try pocket.run(["say", text]).status == 0)
      }
      try FileManager.default.createSymbolicLink(
        at: elsewhere.appendingPathComponent("linked"), withDestinationURL: pocket.directory)
      exported = try Self.export(pocket, to: elsewhere)
    }

    static func export(_ pocket: PocketProcess, to folder: URL) throws -> Foundation.Data {
      let file = folder.appendingPathComponent("check-\(UUID().uuidString).json")
      defer { try? FileManager.default.removeItem(at: file) }
      let run = try pocket.run(["export", file.path])
      #expect(run.status == 0, "\(run.stderr)")
      return try Foundation.Data(contentsOf: file)
    }

    var folder: URL { pocket.directory }

    /// The ways to name `name` in the store's folder: its path; `./name` and
    /// `../FOLDER/name` from the folder; through `..` from elsewhere; through a linked
    /// folder. Each with the folder to run in.
    func spellings(of name: String) -> [(path: String, in: URL?)] {
      let folderName = folder.lastPathComponent
      return [
        (folder.path + "/" + name, nil), ("./" + name, folder),
        ("../\(folderName)/\(name)", folder),
        (elsewhere.path + "/../\(folderName)/\(name)", nil),
        (elsewhere.path + "/linked/" + name, nil),
      ]
    }

    /// The store opens, and exports what it held before.
    func expectUnchanged(_ context: String, sourceLocation: SourceLocation = #_sourceLocation)
      throws
    {
      #expect(
        try Self.export(pocket, to: elsewhere) == exported, "the store's data after \(context)",
        sourceLocation: sourceLocation)
    }

    func remove() {
      pocket.remove()
      try? FileManager.default.removeItem(at: elsewhere)
    }
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  static func refusal(_ path: String, exporting: Bool) -> String {
    exporting
      ? "pocket: \(path) is one of this store's own files; export to another path\n"
      : "pocket: \(path) is one of this store's own files, not an export; "
        + "import a file export wrote\n"
  }

  @Test(arguments: Soak.all(["sqlite", "json"], quick: "sqlite"))
  func exportRefusesEveryStoreFileHoweverItIsSpelled(kind: String) throws {
    let store = try Store(kind)
    defer { store.remove() }
    for (index, name) in Self.storeFileNames.enumerated() {
      let present = Self.exists(store.folder.appendingPathComponent(name).path)
      let spellings = store.spellings(of: name)
      for (path, folder) in Soak.everyCase ? spellings : [spellings[index % spellings.count]] {
        let run = try store.pocket.run(["export", path], currentDirectory: folder)
        #expect(run.status == 1, "\(kind): export \(path)")
        #expect(run.stderr == Self.refusal(path, exporting: true))
        #expect(
          Self.exists(store.folder.appendingPathComponent(name).path) == present,
          "\(kind): export \(path) made no file")
      }
    }
    // The folder itself.
    for (path, folder) in store.spellings(of: ".") + [
      (store.folder.path, nil), (store.folder.path + "/", nil),
      (store.elsewhere.appendingPathComponent("linked").path, nil),
    ] {
      let run = try store.pocket.run(["export", path], currentDirectory: folder)
      #expect(run.status == 1, "\(kind): export \(path)")
      #expect(run.stderr == Self.refusal(path, exporting: true))
    }
    try store.expectUnchanged("exports over its files")

    // Other names in the store's folder are files like any other.
    let beside = store.folder.appendingPathComponent("pocket.sqlite.backup")
    #expect(try store.pocket.run(["export", beside.path]).status == 0)
    #expect(try Foundation.Data(contentsOf: beside) == store.exported)
  }

  /// The store's regular files as they are between runs (the sqlite log and side files
  /// are gone once the last connection closes).
  static func presentFiles(_ kind: String) -> [String] {
    kind == "sqlite" ? ["pocket.sqlite"] : ["pocket.json", "pocket.journal", "pocket.json.lock"]
  }

  @Test(arguments: Soak.all(["sqlite", "json"], quick: "json"))
  func exportRefusesAHardLinkToAStoreFile(kind: String) throws {
    let store = try Store(kind)
    defer { store.remove() }
    for name in Self.presentFiles(kind) {
      let file = store.folder.appendingPathComponent(name).path
      let hardLink = store.elsewhere.appendingPathComponent("link-\(name)").path
      #expect(link(file, hardLink) == 0, "\(name): \(String(cString: strerror(errno)))")
      let inode = StoreSafetyTests.inode(file)
      let run = try store.pocket.run(["export", hardLink])
      #expect(run.status == 1, "\(kind): export over a link to \(name)")
      #expect(run.stderr == Self.refusal(hardLink, exporting: true))
      #expect(StoreSafetyTests.inode(hardLink) == inode, "the link still names the store's \(name)")
      #expect(StoreSafetyTests.inode(file) == inode)
    }
    try store.expectUnchanged("exports over hard links")
  }

  @Test(arguments: Soak.all(["sqlite", "json"], quick: "sqlite"))
  func importOfAStoreFileIsRefusedAndReadsNothing(kind: String) throws {
    let store = try Store(kind)
    defer { store.remove() }
    for name in Self.presentFiles(kind) {
      let file = store.folder.appendingPathComponent(name).path
      let hardLink = store.elsewhere.appendingPathComponent("link-\(name)").path
      #expect(link(file, hardLink) == 0)
      for path in [file, hardLink, store.elsewhere.path + "/linked/" + name] {
        for replace in [true, false] {
          let run = try store.pocket.run(["import", path] + (replace ? ["--replace"] : []))
          #expect(run.status == 1, "\(kind): import \(path)")
          #expect(run.stderr == Self.refusal(path, exporting: false))
        }
      }
    }
    try store.expectUnchanged("imports of its files")
  }
}
