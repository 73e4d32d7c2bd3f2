import Foundation
import TestSupport
import TestTraits
import Testing

/// `export` and `import` take any path a user can type, relative to the folder they are
/// in: each one-character or odd relative path works or is refused with a message, and
/// exits 0, 1 or 2, never by a signal (swift-corelibs-foundation's path helpers trap on
/// some of these).
@Suite(
  "Odd relative paths to export and import", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct OddPathTests {
  static let paths = ["y", "x", ".", "..", "1", "\"", "\\", "-", "~", "a\nb", "z/", "./w", "--"]
  /// The paths that name a folder: `export` refuses them (exit 1) and writes nothing.
  static let folders: Set = [".", "..", "z/"]

  @Test(arguments: paths)
  func exportAndImportAnOddPathEndInAnAnswer(path: String) throws {
    let pocket = try PocketProcess()
    defer { pocket.remove() }
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try pocket.run(["say", "kept"]).status == 0)
    for command in ["export", "import"] {
      let run = try pocket.run([command, path], currentDirectory: folder)
      #expect(!run.wasKilled && [0, 1, 2].contains(run.status), "\(command) \(path): \(run)")
      #expect(
        run.status == 0 || !run.stderr.isEmpty, "\(command) \(path) refused without a word")
    }
    let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    if Self.folders.contains(path) {
      #expect(try pocket.run(["export", path], currentDirectory: folder).status == 1)
      #expect(written.isEmpty, "export \(path) wrote \(written)")
    } else {
      // The file has the very name typed, in the folder the command ran in.
      #expect(written == [name], "export \(path) wrote \(written)")
    }
    // An import of what was just exported adds nothing to a store that holds it already,
    // or is refused; either way the message is still there.
    let after = try pocket.run(["chat"])
    #expect(after.stdout.contains("kept"))
  }
}
