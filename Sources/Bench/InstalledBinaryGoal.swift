import Foundation

/// Goal 11: the installed binary, built as `make install` builds it
/// (`--static-swift-stdlib`), against the floor of the screens it prints, built the same way;
/// the default (dynamic) build measured beside it in the same rounds.
extension ProcessBenchmark {
  /// The folder `make static` builds into, found from this program's own path
  /// (`.build/release/pocket-bench` → `.build/static/release`), if this program is in a
  /// `.build` folder.
  static func defaultStaticFolder(executable: String = Probe.executablePath) -> URL? {
    var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    while folder.path != "/" {
      if folder.lastPathComponent == ".build" {
        return folder.appendingPathComponent("static/release")
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// The static `pocket` and `bench-floor` in `staticFolder`, or why they cannot be run.
  func staticBinaries() -> Result<(pocket: String, floor: String), BenchError> {
    guard let staticFolder else {
      return .failure(.failed("no static build folder: give --static-dir PATH"))
    }
    let pocket = staticFolder.appendingPathComponent("pocket").path
    let floor = staticFolder.appendingPathComponent("bench-floor").path
    for path in [pocket, floor] where !FileManager.default.isExecutableFile(atPath: path) {
      return .failure(.failed("no \(path): run make static, or give --static-dir PATH"))
    }
    return .success((pocket, floor))
  }

  /// The static `pocket chat` on a store of `flatLarge` messages against the static floor
  /// (one localized date and one time), CPU, goal ≤ 1.2×; the static `pocket say hi`
  /// against the `sqlite3` shell's insert of the same row with the same durability, CPU,
  /// goal ≤ 3×. The dynamic `pocket` runs in the same rounds and is held to the same goals.
  func installedBinary() async throws {
    let binaries: (pocket: String, floor: String)
    switch staticBinaries() {
    case .success(let found): binaries = found
    case .failure(let error):
      emit(
        BenchResult(
          workload: "11 installed binary (skipped: \(error.reason))", store: "sqlite", rows: nil))
      return
    }
    let directory = scratch.directory()
    defer { scratch.remove(directory) }
    try await fill(.sqlite, directory, messages: sizes.flatLarge, screen: .chat)
    let chat = pocketArguments(directory, ["chat"])
    var floorCPU: [Double] = []
    var staticCPU: [Double] = []
    var dynamicCPU: [Double] = []
    let figures = try stableRounds(
      initial: sizes.startupRepeats, warmUp: sizes.warmUp, limits: [1.2, 1.2]
    ) { timed in
      let floor = try Child.run(binaries.floor, [])
      let installed = try Child.run(binaries.pocket, chat)
      let dynamic = try Child.run(pocket, chat)
      guard timed else { return [] }
      floorCPU.append(floor.cpuMicroseconds)
      staticCPU.append(installed.cpuMicroseconds)
      dynamicCPU.append(dynamic.cpuMicroseconds)
      return [
        Self.ratio(installed.cpuMicroseconds, floor.cpuMicroseconds),
        Self.ratio(dynamic.cpuMicroseconds, floor.cpuMicroseconds),
      ]
    }
    let floor = Self.microseconds(floorCPU)
    for (name, cpu, rounds) in [
      ("static", staticCPU, figures[0]), ("dynamic", dynamicCPU, figures[1]),
    ] {
      let samples = Self.microseconds(cpu)
      let ratio = samples.median / max(floor.median, 1)
      emit(
        result(
          "11 chat, \(name) (CPU)", rows: sizes.flatLarge, samples, baseline: floor.median,
          baselineName: "static bench-floor CPU µs", ratio: ratio,
          goal: Goal(
            text: String(
              format: "%.2f× the floor's CPU ≤ 1.2×; %@", ratio, StableRounds.describe(rounds)),
            met: ratio <= 1.2)))
    }
    try installedSay(binaries.pocket, directory)
  }

  /// `say hi`, static and dynamic, against the `sqlite3` shell (goal 2's insert), CPU.
  private func installedSay(_ installed: String, _ directory: URL) throws {
    guard let sqlite3 = Child.onPath("sqlite3") else {
      emit(
        BenchResult(
          workload: "11 say hi (skipped: no sqlite3 on PATH)", store: "sqlite", rows: nil))
      return
    }
    let file = scratch.directory()
    defer { scratch.remove(file) }
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    let path = file.appendingPathComponent("cli.sqlite").path
    try RawSQLite.createChatFile(path: path)
    var cliCPU: [Double] = []
    var staticCPU: [Double] = []
    var dynamicCPU: [Double] = []
    let say = pocketArguments(directory, ["say", "hi"])
    var index = 0
    let figures = try stableRounds(
      initial: sizes.startupRepeats, warmUp: sizes.warmUp, limits: [3, 3]
    ) { timed in
      let date = Fixtures.date(sizes.flatLarge + index).epochMilliseconds
      index += 1
      let sql =
        "PRAGMA synchronous = FULL; INSERT INTO chat_messages (content, date_ms, edited) "
        + "VALUES ('hi', \(date), 0);"
      let cli = try Child.run(sqlite3, [path, sql])
      let installedRun = try Child.run(installed, say)
      let dynamic = try Child.run(pocket, say)
      guard timed else { return [] }
      cliCPU.append(cli.cpuMicroseconds)
      staticCPU.append(installedRun.cpuMicroseconds)
      dynamicCPU.append(dynamic.cpuMicroseconds)
      return [
        Self.ratio(installedRun.cpuMicroseconds, cli.cpuMicroseconds),
        Self.ratio(dynamic.cpuMicroseconds, cli.cpuMicroseconds),
      ]
    }
    let cli = Self.microseconds(cliCPU)
    for (name, cpu, rounds) in [
      ("static", staticCPU, figures[0]), ("dynamic", dynamicCPU, figures[1]),
    ] {
      let samples = Self.microseconds(cpu)
      let ratio = samples.median / max(cli.median, 1)
      emit(
        result(
          "11 say hi, \(name) (CPU)", rows: sizes.flatLarge, samples, baseline: cli.median,
          baselineName: "sqlite3 CLI insert CPU µs", ratio: ratio,
          goal: Goal(
            text: String(
              format: "%.2f× sqlite3's CPU ≤ 3×; %@", ratio, StableRounds.describe(rounds)),
            met: ratio <= 3)))
    }
  }
}

extension BenchError {
  /// The reason alone, without the program's name.
  var reason: String {
    switch self {
    case .help: "help"
    case .usage(let reason), .failed(let reason): reason
    }
  }
}
