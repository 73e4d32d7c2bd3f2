import Foundation
import PocketApp
import PocketData
import PocketDomain

// Goal 5 of the whole-process run: the json store.
extension ProcessBenchmark {
  // MARK: Goal 5: the json store

  /// `pocket chat` on the json store against the sqlite store with as many messages: wall
  /// time (≤ 0.35 s) and peak memory above `pocket help` on the same store (≤ 3× the sqlite
  /// store's above its own), interleaved.
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
    var jsonAbove: [Int] = []
    var sqliteAbove: [Int] = []
    var jsonHelp: [Int] = []
    var sqliteHelp: [Int] = []
    var noGNUTime = false
    let figures = try stableRounds(
      initial: sizes.jsonRepeats, warmUp: min(sizes.warmUp, 1), limits: [350, 3]
    ) { timed in
      guard !noGNUTime else { return [] }
      let json = (
        help: pocketArguments(json, store: .json, ["help"]),
        chat: pocketArguments(json, store: .json, ["chat"])
      )
      let sqlite = (
        help: pocketArguments(sqlite, ["help"]), chat: pocketArguments(sqlite, ["chat"])
      )
      guard
        let jsonBase = try Child.runMeasuringPeak(pocket, json.help, scratch: scratch.root),
        let measured = try Child.runMeasuringPeak(pocket, json.chat, scratch: scratch.root),
        let sqliteBase = try Child.runMeasuringPeak(pocket, sqlite.help, scratch: scratch.root),
        let baseline = try Child.runMeasuringPeak(pocket, sqlite.chat, scratch: scratch.root)
      else {
        noGNUTime = true
        return []
      }
      guard timed else { return [] }
      let above = MemoryAboveBaseline.perRound(
        command: [measured.peakRSSKilobytes, baseline.peakRSSKilobytes],
        baseline: [jsonBase.peakRSSKilobytes, sqliteBase.peakRSSKilobytes])
      jsonWall.append(measured.wall)
      jsonAbove.append(above[0])
      sqliteAbove.append(above[1])
      jsonHelp.append(jsonBase.peakRSSKilobytes)
      sqliteHelp.append(sqliteBase.peakRSSKilobytes)
      return [
        measured.wall.microseconds / 1_000,
        Self.ratio(Double(above[0]), Double(max(above[1], Self.memoryFloorKiB))),
      ]
    }
    guard !noGNUTime else {
      emit(.skipped("5 json chat", "no GNU time", store: "json"))
      return
    }
    let samples = Samples(jsonWall)
    emit(
      result(
        "5 json chat (wall)", store: "json", rows: sizes.jsonMessages, samples, baseline: 350_000,
        baselineName: "the goal, µs", ratio: samples.median / 350_000,
        goal: Goal(
          text: String(
            format: "%.0f ms ≤ 350 ms; %@", samples.median / 1_000,
            StableRounds.describe(figures[0], unit: " ms")),
          met: samples.median <= 350_000)))
    let jsonPeak = MemoryAboveBaseline.median(jsonAbove) ?? 0
    let sqlitePeak = MemoryAboveBaseline.median(sqliteAbove) ?? 0
    let memoryRatio = Self.ratio(Double(jsonPeak), Double(max(sqlitePeak, Self.memoryFloorKiB)))
    var memory = BenchResult(
      workload: "5 json chat (peak above baseline)", store: "json", rows: sizes.jsonMessages,
      peakRSSKilobytes: jsonPeak, ratio: memoryRatio,
      goal: Goal(
        text: String(
          format:
            "%.2f× the sqlite store's %@ KiB ≤ 3× (above pocket help on each: json %@ KiB, "
            + "sqlite %@ KiB); %@",
          memoryRatio, TableFormat.grouped(sqlitePeak),
          TableFormat.grouped(MemoryAboveBaseline.median(jsonHelp) ?? 0),
          TableFormat.grouped(MemoryAboveBaseline.median(sqliteHelp) ?? 0),
          StableRounds.describe(figures[1])),
        met: memoryRatio <= 3))
    memory.baseline = Double(sqlitePeak)
    memory.baselineName = "sqlite chat peak above baseline KiB"
    emit(memory)
  }

  /// The smallest figure a memory ratio divides by (1 MiB): a peak above baseline can be
  /// near 0, and a ratio of two near-zero figures says nothing.
  static let memoryFloorKiB = 1_024
}
