import Foundation
import TestSupport
import TestTraits
import Testing

/// A million chat messages (150 MB) imported into the sqlite store through the file's
/// window, a chunk at a time: its peak memory is the process's own plus at most 1.5 times
/// the file's size. Only with `POCKET_SOAK=1`: the default run imports 100,000 of each kind
/// (`ArchiveMemoryTests`).
@Suite("Import memory", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ImportMemoryTests {
  /// An export of `count` chat messages, written as `pocket export` writes it.
  static func archiveText(messages count: Int) -> String {
    var text = """
      {
        "chat" : {
          "lastID" : \(count),
          "messages" : [

      """
    text.reserveCapacity(count * 160)
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text += """
              {
                "content" : "Benchmark message \(index)",
                "dateMs" : \(1_704_067_200_000 + Int64(index) * 1_000),
                "id" : \(index + 1),
                "isEdited" : false
              }
        """
    }
    text += """

          ]
        },
        "format" : "pocket-json",
        "version" : 1
      }

      """
    return text
  }

  @Test(
    .enabled(if: Soak.isOn, "a million messages only with POCKET_SOAK=1"),
    .enabled(if: PocketProcess.hasTimeTool, "needs GNU time (/usr/bin/time) for peak memory"))
  func aMillionMessagesPeakUnderOneAndAHalfTimesTheFileAboveTheProcessItself() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let count = 1_000_000
    let file = pocket.directory.appendingPathComponent("large.json")
    try Foundation.Data(Self.archiveText(messages: count).utf8).write(to: file)
    let fileKiB =
      try #require(
        (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue)
      / 1024
    // The process itself: the same command on a file that is not there.
    let itself = try pocket.runBounded(["import", file.path + ".missing"])
    #expect(itself.run.status == 1)
    let bounded = try pocket.runBounded(["import", file.path])
    #expect(bounded.run.status == 0, "\(bounded.run.stderr)")
    #expect(bounded.run.stdout.contains("Imported \(count) records"))
    let peak = try #require(bounded.peakKiB, "GNU time gave no peak memory")
    let base = try #require(itself.peakKiB, "GNU time gave no peak memory")
    print("import of \(count) messages (\(fileKiB) KiB): peak \(peak) KiB, the process \(base) KiB")
    #expect(
      (peak - base) * 2 <= 3 * fileKiB,
      "peak \(peak) KiB, process \(base) KiB, file \(fileKiB) KiB")
  }
}
