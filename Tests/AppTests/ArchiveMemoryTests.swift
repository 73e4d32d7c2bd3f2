import Foundation
import TestSupport
import TestTraits
import Testing

/// `pocket export` holds a large store a page at a time, never whole, and `pocket import`
/// reads the file through a window and writes every list a chunk at a time, never holding
/// the file or its records whole: an archive of 50,000 records of one kind (the bookmarks;
/// 250,000 of each kind in turn with `POCKET_SOAK=1`; the bound is in
/// tenths of the file, so it holds at any size), and of every kind
/// together (25,000 of each, 100,000 in all; 250,000 of each, a million in all, with
/// `POCKET_SOAK=1`: the debug build takes minutes over it) is imported into the sqlite
/// store, the mixed one exported again, each measured with GNU time above the process's own
/// peak (`pocket help` on the same store). The export is the imported file byte for byte.
@Suite(
  "Archive memory", .enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly)), .blocking,
  .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ArchiveMemoryTests {
  /// The most an export may hold above the process itself, at any size.
  static let exportBoundKiB = 64 * 1024
  /// The most an import may hold above the process itself, in tenths of the file's size.
  static let importBoundTenths = 15

  static func sizeKiB(_ file: URL) throws -> Int {
    try #require(
      (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue)
      / 1024
  }

  /// `bytes` without the `rates` member, which holds the rates a store caches.
  static func withoutRates(_ bytes: Foundation.Data) throws -> Foundation.Data {
    let start = try #require(bytes.range(of: Foundation.Data("\n  \"rates\" : {".utf8)))
    let end = try #require(bytes.range(of: Foundation.Data("\n  \"stopwatch\" : {".utf8)))
    return bytes[..<start.lowerBound] + bytes[end.lowerBound...]
  }

  /// Imports `archive` into a new sqlite store and checks its peak memory above the
  /// process's own (`pocket help` on the same store) is at most 1.5 times the file.
  /// - Returns: the store, the file and the process's own peak, in KiB.
  static func importBounded(_ archive: LargeArchiveText, label: String) throws
    -> (pocket: PocketProcess, file: URL, base: Int)
  {
    let pocket = try PocketProcess(store: "sqlite")
    let file = pocket.directory.appendingPathComponent("\(label).json")
    try Foundation.Data(archive.text.utf8).write(to: file)
    let fileKiB = try Self.sizeKiB(file)
    let itself = try pocket.runBounded(["help"])
    #expect(itself.run.status == 0)
    let base = try #require(itself.peakKiB, "GNU time gave no peak memory")
    let imported = try pocket.runBounded(["import", file.path])
    #expect(imported.run.status == 0, "\(label): \(imported.run.stderr)")
    let records = archive.count * archive.kinds.count
    #expect(imported.run.stdout.contains("Imported \(records) records"), "\(label)")
    let importPeak = try #require(imported.peakKiB, "GNU time gave no peak memory")
    print("import of \(label) (\(fileKiB) KiB): \(importPeak - base) KiB above the process")
    #expect(
      (importPeak - base) * 10 <= Self.importBoundTenths * fileKiB,
      "\(label): import peak \(importPeak) KiB, the process \(base) KiB, the file \(fileKiB) KiB")
    return (pocket, file, base)
  }

  /// The kinds imported alone: in the quick run the one that holds the most per record
  /// (the urls seen, to refuse a duplicate), every kind with `POCKET_SOAK=1`. The mixed
  /// archive below takes every kind in the quick run too, the messages' long text among
  /// them.
  static let aloneKinds: [LargeArchiveText.Kind] =
    Soak.isOn ? LargeArchiveText.Kind.allCases : [.bookmarks]

  @Test(
    .enabled(if: PocketProcess.hasTimeTool, "needs GNU time (/usr/bin/time) for peak memory"),
    arguments: aloneKinds)
  func anArchiveOfOneKindImportsAChunkAtATime(kind: LargeArchiveText.Kind) throws {
    let count = Soak.size(50_000, full: 250_000)
    let (pocket, _, _) = try Self.importBounded(
      LargeArchiveText(count: count, kinds: [kind]), label: kind.rawValue)
    pocket.remove()
  }

  @Test(.enabled(if: PocketProcess.hasTimeTool, "needs GNU time (/usr/bin/time) for peak memory"))
  func aMixedArchiveImportsAndExportsAPageAtATime() throws {
    let count = Soak.size(25_000, full: 250_000)
    let archive = LargeArchiveText(count: count, kinds: Set(LargeArchiveText.Kind.allCases))
    let (pocket, file, base) = try Self.importBounded(archive, label: "mixed")
    defer { pocket.remove() }

    let exported = pocket.directory.appendingPathComponent("exported.json")
    let export = try pocket.runBounded(["export", exported.path])
    #expect(export.run.status == 0, "\(export.run.stderr)")
    // The store holds the bundled rates besides (`pocket help` put them there).
    #expect(export.run.stdout.contains("Exported \(4 * count + 1) records"))
    let exportPeak = try #require(export.peakKiB, "GNU time gave no peak memory")
    print("export of \(count) records of each kind: \(exportPeak - base) KiB above the process")
    #expect(
      exportPeak - base <= Self.exportBoundKiB,
      "export peak \(exportPeak) KiB, the process \(base) KiB")
    let written = try Self.withoutRates(Foundation.Data(contentsOf: exported))
    let expected = try Self.withoutRates(Foundation.Data(contentsOf: file))
    #expect(written == expected, "the export is the imported file byte for byte, but the rates")
  }
}
