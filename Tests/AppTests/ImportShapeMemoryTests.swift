import Foundation
import TestSupport
import TestTraits
import Testing

/// `pocket import` holds at most 1.5 times the file above the process itself, whatever the
/// file holds, whether it is imported or refused (`ArchiveShape`: one long string in a
/// message, a url, a key, `format` or a member Pocket does not know, on one line or laid
/// out as export writes; many small values in a record or outside the lists; a layout read
/// whole; a cut file; a problem found in the last record; records of 4,000 characters;
/// with `POCKET_SOAK=1`, millions of short urls).
/// A refusal names the file and the limit, exits 1 and leaves the store as it was. Each
/// file is 8 MiB (16 MiB into json; 250 MiB with `POCKET_SOAK=1`; the quick run takes one
/// shape of each family, `sqliteShapes`), imported with
/// `--replace` into a sqlite store holding a mind-log entry, measured with GNU time above
/// the same command on a file that is not there; into a json store too, for the shapes it
/// takes into memory.
@Suite(
  "Import memory for any content",
  .enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly)), .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ImportShapeMemoryTests {
  /// The size of each file: 8 MiB into sqlite (twice the largest limit a shape crosses),
  /// 16 MiB into json, which holds its records in memory besides; 250 MiB with
  /// `POCKET_SOAK=1`.
  static func size(_ store: String) -> Int {
    Soak.size(store == "json" ? 16 << 20 : 8 << 20, full: 250 << 20)
  }

  /// The shapes imported into sqlite: with `everyCase` all of them (but `shortURLs`, below);
  /// in the quick run one of each family (a long string, many small values, a cut file, a
  /// problem found in the last of many large records), since each is a whole import.
  static var sqliteShapes: [ArchiveShape] {
    Soak.everyCase
      ? ArchiveShape.allCases.filter { $0 != .shortURLs }
      : [.longMessage, .manyValuesInAMessage, .truncatedExport, .largeMessagesBrokenAtTheEnd]
  }

  @Test(
    .enabled(if: PocketProcess.hasTimeTool, "needs GNU time (/usr/bin/time) for peak memory"),
    arguments: sqliteShapes)
  func anImportHoldsAtMostOneAndAHalfTimesTheFile(shape: ArchiveShape) throws {
    try Self.importBounded(shape)
  }

  /// The json store holds its records in memory, as it holds them anyway, and writes its
  /// new snapshot a part at a time: large records, imported or refused at the last, cost
  /// no more than on sqlite. (Millions of small records cost their values: docs/storage.md.)
  @Test(
    .enabled(if: PocketProcess.hasTimeTool, "needs GNU time (/usr/bin/time) for peak memory"),
    arguments: Soak.all(
      [ArchiveShape.largeMessages, .largeMessagesBrokenAtTheEnd], quick: .largeMessages))
  func aJSONStoreImportHoldsAtMostOneAndAHalfTimesTheFile(shape: ArchiveShape) throws {
    try Self.importBounded(shape, store: "json")
  }

  /// Millions of short urls (the set of urls seen is most of what an import holds): a
  /// debug build takes minutes over 250 MiB of them, and 16 MiB takes 9 s, too long for
  /// the quick run.
  @Test(
    .enabled(if: Soak.isOn, "3.4 million bookmarks only with POCKET_SOAK=1"),
    .enabled(if: PocketProcess.hasTimeTool, "needs GNU time (/usr/bin/time) for peak memory"))
  func millionsOfShortURLsHoldLessThanTheFile() throws {
    try Self.importBounded(.shortURLs)
  }

  static func importBounded(_ shape: ArchiveShape, store: String = "sqlite") throws {
    let size = Self.size(store)
    let pocket = try PocketProcess(store: store)
    defer { pocket.remove() }
    #expect(try pocket.run(["add", "5", "kept"]).status == 0)
    let before = try pocket.export()
    let file = pocket.directory.appendingPathComponent("\(shape).json")
    try shape.write(size: size, to: file)
    let fileKiB = try ArchiveMemoryTests.sizeKiB(file)
    defer { try? FileManager.default.removeItem(at: file) }

    let itself = try pocket.runBounded(["import", file.path + ".missing", "--replace"])
    #expect(itself.run.status == 1)
    let imported = try pocket.runBounded(["import", file.path, "--replace"])
    let peak = try #require(imported.peakKiB, "GNU time gave no peak memory")
    let base = try #require(itself.peakKiB, "GNU time gave no peak memory")
    print("import of \(shape) (\(fileKiB) KiB, \(store)): \(peak - base) KiB above the process")
    #expect(
      (peak - base) * 2 <= 3 * fileKiB,
      "\(shape): peak \(peak) KiB, the process \(base) KiB, the file \(fileKiB) KiB")

    guard let refusal = shape.refusal(size: size) else {
      #expect(imported.run.status == 0, "\(shape): \(imported.run.stderr)")
      let count = shape.messages(size: size)
      #expect(imported.run.stdout.contains("Imported \(count) records"), "\(shape)")
      return
    }
    #expect(imported.run.status == 1, "\(shape): \(imported.run.stderr.prefix(300))")
    let said = imported.run.stderr
    #expect(said.hasPrefix("pocket: Cannot use the file \(file.path): "), "\(said.prefix(300))")
    #expect(said.contains(refusal), "\(shape): \(said.prefix(300))")
    #expect(said.utf8.count < 1_000, "\(shape): the message is short")
    #expect(try pocket.export() == before, "\(shape): the store is as it was")
  }
}
