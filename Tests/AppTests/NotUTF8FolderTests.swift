import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The doors `NotUTF8PathTests` does not cover: a current folder whose path is not UTF-8,
/// a store folder whose real path is not (a link to it), and libpq's `PG*` variables. Each
/// is refused, showing the bytes as `\xHH`, or kept byte for byte, never repaired.
@Suite("Folders and variables that are not UTF-8", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct NotUTF8FolderTests {
  let root: URL

  init() throws {
    root = try Fixtures.temporaryDirectory()
    guard mkdir(cString(folder), 0o700) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
  }

  /// Removes the test's folder: `FileManager` cannot name what it holds.
  func remove() {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/rm")
    process.arguments = ["-rf", root.path]
    guard (try? SpawnedDescriptors.run(process)) != nil else { return }
    process.waitUntilExit()
  }

  /// `<root>/caf\xFF`, a folder whose name is not UTF-8.
  var folder: [UInt8] { Array((root.path + "/caf").utf8) + [0xFF] }
  /// `folder` as messages show it.
  var shownFolder: String { root.path + "/caf\\xFF" }

  func cString(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

  /// The names in the folder `path` (bytes).
  func names(in path: [UInt8]) -> [[UInt8]] {
    guard let directory = opendir(cString(path)) else { return [] }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
    }
    return names
  }

  var environment: [[UInt8]] {
    [Array("HOME=\(root.path)/home".utf8), Array("TZ=UTC".utf8), Array("PATH=/usr/bin:/bin".utf8)]
  }

  func words(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }

  /// What a relative path refused at `door` says.
  func refusal(_ door: String) -> String {
    "pocket: \(door) is a relative path, and the current folder it is resolved against is not "
      + "UTF-8 text: '\(shownFolder)' (a byte that is not is shown as \\xHH). Pocket keeps a "
      + "path byte for byte or refuses it: give an absolute path, or run Pocket from another "
      + "folder.\n"
  }

  @Test func aRelativeStorePathInAFolderThatIsNotUTF8IsRefused() throws {
    defer { remove() }
    let run = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", "store", "chat"), environment: environment,
      currentFolder: folder)
    #expect(run.status == 2)
    #expect(run.stderr == refusal("--store-path's value"))
    #expect(names(in: folder).isEmpty, "no store folder made")
  }

  @Test func aRelativeExportPathThereIsRefusedOneShotAndTyped() throws {
    defer { remove() }
    let store = root.path + "/store"
    let oneShot = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", store, "export", "out.json"),
      environment: environment, currentFolder: folder)
    #expect(oneShot.status == 2)
    #expect(oneShot.stderr == refusal("An argument of 'export'"))
    // Typed in line mode: a usage error, and the session goes on.
    let session = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", store), environment: environment,
      input: Array("export out.json\nstore\n".utf8), currentFolder: folder)
    #expect(session.status == 2)
    #expect(session.stderr == String(refusal("An argument of 'export'").dropFirst(8)))
    #expect(session.stdout.contains("Store: sqlite"), "the next line ran")
    #expect(names(in: folder).isEmpty, "no out.json, under any name")
    // An absolute path needs no current folder: the store is used as usual.
    let chat = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", store, "say", "hi"), environment: environment,
      currentFolder: folder)
    #expect(chat.status == 0, "\(chat.stderr)")
  }

  /// `import` opens its path as given: the system resolves it against the folder byte for
  /// byte, so a relative path there is kept, not refused.
  @Test func aRelativeImportPathThereIsReadByteForByte() throws {
    defer { remove() }
    let exported = root.path + "/x.json"
    let first = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/one", "say", "kept"),
      environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let export = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/one", "export", exported),
      environment: environment)
    #expect(export.status == 0, "\(export.stderr)")
    try #require(rename(exported, cString(folder + Array("/in.json".utf8))) == 0)
    let imported = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/two", "import", "in.json"),
      environment: environment, currentFolder: folder)
    #expect(imported.status == 0, "\(imported.stderr)")
    let chat = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/two", "chat"), environment: environment)
    #expect(chat.stdout.contains("kept"))
  }

  /// A store folder reached through a link whose real path is not UTF-8. The sqlite store
  /// opens its file by its real path (so that no link on the way is followed to it): it
  /// refuses (exit 3) naming the bytes, never opening a repaired path. The json store opens
  /// its files by the path given, which the system resolves byte for byte: kept.
  @Test func aStoreFolderWhoseRealPathIsNotUTF8IsRefusedOrKept() throws {
    defer { remove() }
    let link = root.path + "/link"
    try #require(symlink(cString(folder), link) == 0)
    let sqlite = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", link, "say", "x"), environment: environment)
    #expect(sqlite.status == 3)
    #expect(
      sqlite.stderr.contains("real path is not UTF-8 text: '\(shownFolder)'"), "\(sqlite.stderr)")
    #expect(names(in: folder).isEmpty, "nothing written there")
    #expect(!FileManager.default.fileExists(atPath: root.path + "/caf\u{FFFD}"), "nor repaired")
    let json = try BytePocketProcess.run(
      words("--lang", "en", "--store", "json", "--store-path", link, "say", "x"),
      environment: environment)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(names(in: folder).contains(Array("pocket.json".utf8)))
  }

  @Test func aPGVariableThatIsNotUTF8IsRefusedForAPostgresStore() throws {
    defer { remove() }
    let options = words(
      "--lang", "en", "--store", "postgres", "--store-path", root.path + "/store", "chat")
    let host = try BytePocketProcess.run(
      options, environment: environment + [Array("PGHOST=h".utf8) + [0xFF] + Array("st".utf8)])
    #expect(host.status == 2)
    #expect(
      host.stderr
        == "pocket: PGHOST is not UTF-8 text: 'h\\xFFst'" + NotUTF8PathTests.because)
    // A password is refused without being shown.
    let password = try BytePocketProcess.run(
      options,
      environment: environment + [Array("PGPASSWORD=secret".utf8) + [0xFF]])
    #expect(password.status == 2)
    #expect(
      password.stderr
        == "pocket: PGPASSWORD is not UTF-8 text (its value is not shown). Pocket keeps a "
        + "variable byte for byte or refuses it: set it again.\n")
    // Another store reads no PG variable: nothing stops it.
    let sqlite = try BytePocketProcess.run(
      words("--lang", "en", "--store-path", root.path + "/store", "store"),
      environment: environment + [Array("PGHOST=h".utf8) + [0xFF]])
    #expect(sqlite.status == 0, "\(sqlite.stderr)")
  }
}
