import App
import Data
import Domain
import Foundation

// Goals 5 and 6 of the whole-process run: the json store, and import at scale.
extension ProcessBenchmark {
  // MARK: Goal 5: the json store

  /// `pocket chat` on the json store against the sqlite store with as many messages: wall
  /// time (≤ 0.35 s) and peak memory (≤ 3×), interleaved.
  func jsonStore(sqliteStore: URL) async throws {
    let json = scratch.directory()
    let sqlite = scratch.directory()
    defer {
      scratch.remove(json)
      scratch.remove(sqlite)
    }
    try await fill(.json, json, messages: sizes.jsonMessages, screen: .chat)
    try await fill(.sqlite, sqlite, messages: sizes.jsonMessages, screen: .chat)
    var jsonWall: [Duration] = []
    var jsonPeaks: [Int] = []
    var sqlitePeaks: [Int] = []
    for index in 0..<(sizes.jsonRepeats + min(sizes.warmUp, 1)) {
      guard
        let measured = try Child.runMeasuringPeak(
          pocket, pocketArguments(json, store: .json, ["chat"]), scratch: scratch.root),
        let baseline = try Child.runMeasuringPeak(
          pocket, pocketArguments(sqlite, ["chat"]), scratch: scratch.root)
      else {
        emit(BenchResult(workload: "5 json chat (skipped: no GNU time)", store: "json", rows: nil))
        return
      }
      guard index >= min(sizes.warmUp, 1) else { continue }
      jsonWall.append(measured.wall)
      jsonPeaks.append(measured.peakRSSKilobytes)
      sqlitePeaks.append(baseline.peakRSSKilobytes)
    }
    let samples = Samples(jsonWall)
    let jsonPeak = jsonPeaks.sorted()[jsonPeaks.count / 2]
    let sqlitePeak = sqlitePeaks.sorted()[sqlitePeaks.count / 2]
    let memoryRatio = Double(jsonPeak) / Double(max(sqlitePeak, 1))
    emit(
      result(
        "5 json chat (wall)", store: "json", rows: sizes.jsonMessages, samples, baseline: 350_000,
        baselineName: "the goal, µs", ratio: samples.median / 350_000,
        goal: Goal(
          text: String(format: "%.0f ms ≤ 350 ms", samples.median / 1_000),
          met: samples.median <= 350_000)))
    var memory = BenchResult(
      workload: "5 json chat (peak RSS)", store: "json", rows: sizes.jsonMessages,
      peakRSSKilobytes: jsonPeak, ratio: memoryRatio,
      goal: Goal(
        text: String(
          format: "%.2f× the sqlite store's %@ KiB ≤ 3×", memoryRatio,
          TableFormat.grouped(sqlitePeak)),
        met: memoryRatio <= 3))
    memory.baseline = Double(sqlitePeak)
    memory.baselineName = "sqlite chat peak RSS KiB"
    emit(memory)
  }

  // MARK: Goal 6: import at scale

  /// The file an export of these messages gives, as `JSONDecoder` alone reads it.
  private struct ArchiveMessages: Decodable {
    struct Chat: Decodable {
      struct Message: Decodable {
        var id: Int64
        var content: String
        var dateMs: Int64
        var isEdited: Bool
      }
      var messages: [Message]
    }
    var chat: Chat
  }

  /// An export of `count` messages at `path`; its size in bytes.
  private func writeArchive(messages count: Int, to path: String) throws -> Int {
    let messages = Fixtures.messageDrafts(count).enumerated().map {
      ChatMessage(id: Int64($0.offset + 1), content: $0.element.content, date: $0.element.date)
    }
    try ArchiveFile.write(
      StoreArchive(messages: messages, lastMessageID: Int64(messages.count)), to: path)
    return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }

  /// `pocket import FILE` of `importMessages` messages into an empty sqlite store (a whole
  /// process, its peak memory from GNU time) against decoding the file with `JSONDecoder`
  /// alone plus inserting the rows with raw SQLite, interleaved.
  func importAtScale() async throws {
    let folder = scratch.directory()
    defer { scratch.remove(folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("archive.json").path
    var count = sizes.importMessages
    var fileSize = try writeArchive(messages: count, to: file)
    if fileSize > ArchiveFile.sizeLimit {
      // `pocket import` refuses a file past the archive size limit: say so, and measure the
      // largest export that fits.
      emit(
        BenchResult(
          workload: "6 import: \(TableFormat.grouped(count)) messages are "
            + "\(fileSize >> 20) MiB, past the \(ArchiveFile.sizeLimit >> 20) MiB archive limit",
          store: "sqlite", rows: count))
      count = Int(Double(count) * 0.95 * Double(ArchiveFile.sizeLimit) / Double(fileSize))
      fileSize = try writeArchive(messages: count, to: file)
    }
    var importWall: [Duration] = []
    var baselineWall: [Duration] = []
    var peaks: [Int] = []
    for _ in 0..<sizes.importRepeats {
      // The baseline: read and decode the file, then one raw transaction of the rows.
      let start = clock.now
      let bytes = try Foundation.Data(contentsOf: URL(fileURLWithPath: file))
      let decoded = try JSONDecoder().decode(ArchiveMessages.self, from: bytes)
      let drafts = decoded.chat.messages.map {
        (content: $0.content, date: Date(epochMilliseconds: $0.dateMs))
      }
      let target = scratch.directory()
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      _ = try RawSQLite.insertChatMessages(
        drafts, path: target.appendingPathComponent("raw.sqlite").path)
      baselineWall.append(start.duration(to: clock.now))
      scratch.remove(target)

      let store = scratch.directory()
      defer { scratch.remove(store) }
      let arguments = pocketArguments(store, ["import", file])
      if let run = try Child.runMeasuringPeak(pocket, arguments, scratch: scratch.root) {
        importWall.append(run.wall)
        peaks.append(run.peakRSSKilobytes)
      } else {
        importWall.append(try Child.run(pocket, arguments).wall)
      }
    }
    let samples = Samples(importWall)
    let baseline = Samples(baselineWall)
    let ratio = samples.median / max(baseline.median, 1)
    var point = result(
      "6 import", rows: count, samples, baseline: baseline.median,
      baselineName: "JSONDecoder + raw SQLite insert µs", ratio: ratio,
      goal: Goal(text: String(format: "%.2f× decode + raw insert ≤ 1.5×", ratio), met: ratio <= 1.5)
    )
    point.p99Microseconds = nil
    emit(point)
    if !peaks.isEmpty {
      let peak = peaks.sorted()[peaks.count / 2]
      let memoryRatio = Double(peak) * 1_024 / Double(max(fileSize, 1))
      var memory = BenchResult(
        workload: "6 import (peak RSS)", store: "sqlite", rows: count,
        peakRSSKilobytes: peak, ratio: memoryRatio,
        goal: Goal(
          text: String(
            format: "%.2f× the file's %@ KiB ≤ 3×", memoryRatio,
            TableFormat.grouped(fileSize / 1_024)),
          met: memoryRatio <= 3))
      memory.baseline = Double(fileSize / 1_024)
      memory.baselineName = "archive file KiB"
      emit(memory)
    }
  }
}
