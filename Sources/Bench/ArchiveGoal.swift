import Foundation

/// Goal 6: export and import at scale, for each record kind (`ArchiveKind.all`), each
/// against its baseline in the same rounds, and peak memory above the process's own.
extension ProcessBenchmark {
  /// The most a `pocket export` may use above its process's own peak, in KiB.
  static let exportMemoryLimitKiB = 64 * 1_024
  /// The most a `pocket import` may use above its process's own peak, as a multiple of the
  /// file's size.
  static let importMemoryLimit = 1.5
  /// How much slower than its baseline an import may be.
  static let importTimeLimit = 1.5

  func archiveAtScale() async throws {
    for kind in ArchiveKind.all {
      let folder = scratch.directory()
      defer { scratch.remove(folder) }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let store = folder.appendingPathComponent("store")
      try await archiveFixture(kind, count: sizes.archiveRecords, in: store)
      let file = folder.appendingPathComponent("export.json").path
      await Task.yield()
      guard try exportRows(kind, store: store, file: file, folder: folder) else { continue }
      await Task.yield()
      try importRows(kind, file: file)
      await Task.yield()
    }
  }

  /// A store with `count` records of `kind` (and the bundled rates): made by `pocket`'s own
  /// code, then filled with raw inserts into its table in one transaction, its triggers
  /// keeping the row counts and list blocks.
  func archiveFixture(_ kind: ArchiveKind, count: Int, in store: URL) async throws {
    try await fill(.sqlite, store, screen: .chat)
    _ = try RawSQLite.insert(
      kind.rows(count), into: kind.table,
      path: store.appendingPathComponent("pocket.sqlite").path, creating: false,
      then: kind.then(count))
  }

  /// `pocket export FILE` against `sqlite3 -json` writing the same rows to a file: wall
  /// time, and peak memory above `pocket help` on the same store, in the same rounds.
  /// - Returns: false when the export could not be measured (the row says why).
  private func exportRows(_ kind: ArchiveKind, store: URL, file: String, folder: URL) throws
    -> Bool
  {
    let database = store.appendingPathComponent("pocket.sqlite").path
    let cliFile = folder.appendingPathComponent("sqlite3.json").path
    let sqlite3 = Child.onPath("sqlite3")
    var wall: [Duration] = []
    var cliWall: [Duration] = []
    var above: [Int] = []
    var baselinePeaks: [Int] = []
    var cliPeaks: [Int] = []
    var measuredPeak = true
    let limitMiB = Double(Self.exportMemoryLimitKiB) / 1_024
    let figures = try stableRounds(
      initial: sizes.archiveRepeats, warmUp: 0, limits: [nil, limitMiB]
    ) { _ in
      try? FileManager.default.removeItem(atPath: file)
      let help = try Child.runMeasuringPeak(
        pocket, pocketArguments(store, ["help"]), scratch: scratch.root)
      let arguments = pocketArguments(store, ["export", file])
      let run =
        try Child.runMeasuringPeak(pocket, arguments, scratch: scratch.root)
        ?? Child.run(pocket, arguments)
      var cli: ChildRun?
      if let sqlite3 {
        let cliArguments = ["-json", "-cmd", ".output \(cliFile)", database, kind.select]
        cli =
          try Child.runMeasuringPeak(sqlite3, cliArguments, scratch: scratch.root)
          ?? Child.run(sqlite3, cliArguments)
        try? FileManager.default.removeItem(atPath: cliFile)
      }
      wall.append(run.wall)
      if let cli { cliWall.append(cli.wall) }
      guard let help else {
        measuredPeak = false
        return [cli.map { Self.ratio(run.wall.microseconds, $0.wall.microseconds) } ?? 0, 0]
      }
      let kib = MemoryAboveBaseline.perRound(
        command: [run.peakRSSKilobytes], baseline: [help.peakRSSKilobytes])[0]
      above.append(kib)
      baselinePeaks.append(help.peakRSSKilobytes)
      if let cli { cliPeaks.append(cli.peakRSSKilobytes) }
      return [
        cli.map { Self.ratio(run.wall.microseconds, $0.wall.microseconds) } ?? 0,
        Double(kib) / 1_024,
      ]
    }
    let records = sizes.archiveRecords
    let samples = Samples(wall)
    if sqlite3 != nil {
      let cli = Samples(cliWall)
      let ratio = samples.median / max(cli.median, 1)
      var point = result(
        "6 export \(kind.name) (wall)", rows: records, samples, baseline: cli.median,
        baselineName: "sqlite3 -json µs", ratio: ratio, goal: nil)
      point.note = String(
        format: "%.2f× sqlite3 -json (no goal); %@", ratio,
        StableRounds.describe(figures[0]))
      point.p99Microseconds = nil
      emit(point)
    } else {
      var point = result(
        "6 export \(kind.name) (wall)", rows: records, samples, baseline: nil,
        baselineName: nil, ratio: nil, goal: nil)
      point.note = "no sqlite3 on PATH for the baseline"
      point.p99Microseconds = nil
      emit(point)
    }
    guard
      let peaks = medianPeaks(
        "6 export \(kind.name)", above: measuredPeak ? above : [], help: baselinePeaks)
    else {
      return FileManager.default.fileExists(atPath: file)
    }
    let (aboveKiB, helpKiB) = peaks
    let cliText = MemoryAboveBaseline.median(cliPeaks).map {
      "; sqlite3 -json's whole peak \(TableFormat.grouped($0)) KiB"
    }
    var memory = BenchResult(
      workload: "6 export \(kind.name) (peak above baseline)", store: "sqlite", rows: records,
      peakRSSKilobytes: aboveKiB, ratio: Double(aboveKiB) / Double(Self.exportMemoryLimitKiB),
      goal: Goal(
        text: String(
          format: "%.1f MiB above pocket help's %@ KiB ≤ 64 MiB; %@%@", Double(aboveKiB) / 1_024,
          TableFormat.grouped(helpKiB), StableRounds.describe(figures[1], unit: " MiB"),
          cliText ?? ""),
        met: Double(aboveKiB) / 1_024 <= limitMiB))
    memory.baseline = Double(Self.exportMemoryLimitKiB)
    memory.baselineName = "the goal, KiB"
    emit(memory)
    return FileManager.default.fileExists(atPath: file)
  }

  /// `pocket import FILE` into an empty store against `JSONDecoder` into plain structs plus
  /// one raw transaction of the rows (`ArchiveKind.decode`, `RawSQLite.insert`): wall time,
  /// and peak memory above `pocket help` on the same store, in the same rounds.
  private func importRows(_ kind: ArchiveKind, file: String) throws {
    let fileSize = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    let records = sizes.archiveRecords
    var wall: [Duration] = []
    var baselineWall: [Duration] = []
    var above: [Int] = []
    var helpPeaks: [Int] = []
    var refused: String?
    let figures = try stableRounds(
      initial: sizes.archiveRepeats, warmUp: 0,
      limits: [Self.importTimeLimit, Self.importMemoryLimit]
    ) { _ in
      guard refused == nil else { return [] }
      let start = clock.now
      let bytes = try Foundation.Data(contentsOf: URL(fileURLWithPath: file))
      let rows = try kind.decode(bytes)
      let target = scratch.directory()
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      _ = try RawSQLite.insert(
        rows, into: kind.table, path: target.appendingPathComponent("raw.sqlite").path)
      let baseline = start.duration(to: clock.now)
      scratch.remove(target)

      let store = scratch.directory()
      defer { scratch.remove(store) }
      let help = try Child.runMeasuringPeak(
        pocket, pocketArguments(store, ["help"]), scratch: scratch.root)
      let arguments = pocketArguments(store, ["import", file])
      let run: ChildRun
      do {
        run =
          try Child.runMeasuringPeak(pocket, arguments, scratch: scratch.root)
          ?? Child.run(pocket, arguments)
      } catch {
        refused = (error as? BenchError)?.reason ?? "\(error)"
        return []
      }
      wall.append(run.wall)
      baselineWall.append(baseline)
      var memory = 0.0
      if let help {
        let kib = max(run.peakRSSKilobytes - help.peakRSSKilobytes, 0)
        above.append(kib)
        helpPeaks.append(help.peakRSSKilobytes)
        memory = Double(kib) * 1_024 / Double(max(fileSize, 1))
      }
      return [Self.ratio(run.wall.microseconds, baseline.microseconds), memory]
    }
    if let refused {
      emit(
        BenchResult(
          workload: "6 import \(kind.name) (failed: \(refused))", store: "sqlite", rows: records))
      return
    }
    var point = ratioResult(
      "6 import \(kind.name) (wall)", rows: records, Samples(wall),
      baseline: Samples(baselineWall), baselineName: "JSONDecoder + raw SQLite insert µs",
      against: "decode + raw insert", limit: Self.importTimeLimit, rounds: figures[0])
    point.p99Microseconds = nil
    emit(point)
    guard let peaks = medianPeaks("6 import \(kind.name)", above: above, help: helpPeaks) else {
      return
    }
    let (aboveKiB, helpKiB) = peaks
    let memoryRatio = Double(aboveKiB) * 1_024 / Double(max(fileSize, 1))
    var memory = BenchResult(
      workload: "6 import \(kind.name) (peak above baseline)", store: "sqlite", rows: records,
      peakRSSKilobytes: aboveKiB, ratio: memoryRatio,
      goal: Goal(
        text: String(
          format: "%.2f× the file's %@ KiB ≤ %.1f× (%@ KiB above pocket help's %@); %@",
          memoryRatio, TableFormat.grouped(fileSize / 1_024), Self.importMemoryLimit,
          TableFormat.grouped(aboveKiB), TableFormat.grouped(helpKiB),
          StableRounds.describe(figures[1])),
        met: memoryRatio <= Self.importMemoryLimit))
    memory.baseline = Double(fileSize / 1_024)
    memory.baselineName = "archive file KiB"
    emit(memory)
  }

  /// The medians of a command's peaks above `pocket help`'s and of `pocket help`'s own, in
  /// KiB; `nil`, with a row saying the peak of `workload` was skipped, when they were not
  /// measured (no GNU `time`).
  private func medianPeaks(_ workload: String, above: [Int], help: [Int]) -> (
    above: Int, help: Int
  )? {
    guard let aboveKiB = MemoryAboveBaseline.median(above),
      let helpKiB = MemoryAboveBaseline.median(help)
    else {
      emit(
        BenchResult(
          workload: "\(workload) (peak above baseline; skipped: no GNU time)", store: "sqlite",
          rows: sizes.archiveRecords))
      return nil
    }
    return (aboveKiB, helpKiB)
  }
}

extension Duration {
  /// This duration in microseconds.
  var microseconds: Double { Samples.microseconds(self) }
}
