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
      emit(.skipped("11 installed binary", error.reason))
      return
    }
    let directory = scratch.directory()
    defer { scratch.remove(directory) }
    try await fill(.sqlite, directory, messages: sizes.flatLarge, screen: .chat)
    try staticAndDynamic(
      "chat", installed: binaries.pocket, pocketArguments(directory, ["chat"]), limit: 1.2,
      baselineName: "static bench-floor CPU µs", against: "the floor's CPU"
    ) { try Child.run(binaries.floor, []) }
    try installedSay(binaries.pocket, directory)
  }

  /// `say hi`, static and dynamic, against the `sqlite3` shell (goal 2's insert), CPU.
  private func installedSay(_ installed: String, _ directory: URL) throws {
    let file = scratch.directory()
    defer { scratch.remove(file) }
    guard let sqlite3 = try sqliteCLI(in: file, skipping: "11 say hi") else { return }
    var index = 0
    try staticAndDynamic(
      "say hi", installed: installed, pocketArguments(directory, ["say", "hi"]), limit: 3,
      baselineName: "sqlite3 CLI insert CPU µs", against: "sqlite3's CPU"
    ) {
      defer { index += 1 }
      return try sqlite3.insert(Fixtures.date(sizes.flatLarge + index))
    }
  }

  /// The static `installed` and the dynamic `pocket` running `arguments` against the run
  /// `baseline` makes in the same round (first), CPU, each held to `limit` times the
  /// baseline's: a row each, `11 <workload>, static (CPU)` and `…, dynamic (CPU)`.
  private func staticAndDynamic(
    _ workload: String, installed: String, _ arguments: [String], limit: Double,
    baselineName: String, against: String, baseline: () throws -> ChildRun
  ) throws {
    let programs = [(name: "static", path: installed), (name: "dynamic", path: pocket)]
    var baselineCPU: [Double] = []
    var cpu: [[Double]] = programs.map { _ in [] }
    let figures = try stableRounds(
      initial: sizes.startupRepeats, warmUp: sizes.warmUp, limits: programs.map { _ in limit }
    ) { timed in
      let base = try baseline()
      let runs = try programs.map { try Child.run($0.path, arguments) }
      guard timed else { return [] }
      baselineCPU.append(base.cpuMicroseconds)
      for (index, run) in runs.enumerated() { cpu[index].append(run.cpuMicroseconds) }
      return runs.map { Self.ratio($0.cpuMicroseconds, base.cpuMicroseconds) }
    }
    for (index, program) in programs.enumerated() {
      emit(
        ratioResult(
          "11 \(workload), \(program.name) (CPU)", rows: sizes.flatLarge,
          Self.microseconds(cpu[index]), baseline: Self.microseconds(baselineCPU),
          baselineName: baselineName, against: against, limit: limit, rounds: figures[index]))
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
