import Foundation
import TestSupport
import Testing

@testable import Bench

@Suite("pocket-bench")
struct BenchTests {
  /// Every workload but the memory probe (it starts this program as a child, and a test
  /// runner is not this program) on tiny stores, against every store.
  @Test(.enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly))) @MainActor
  func tinyRunMeasuresEveryPoint() async throws {
    var config = BenchConfig.quick
    config.workloads = Workload.allCases.filter { $0 != .memory }
    config.actionSizes = [10, 100]
    config.actionWarmUp = 2
    config.actionRepeats = 5
    config.bulkRows = 100
    config.launchMix = LaunchMix(messages: 100, laps: 10, mindLogs: 10, bookmarks: 5)
    config.launchWarmUp = 1
    config.launchRepeats = 2
    let scratch = try Scratch()
    defer { scratch.removeAll() }
    var results: [BenchResult] = []
    let benchmark = Benchmark(config: config, scratch: scratch, executablePath: "") {
      results.append($0)
    }
    try await benchmark.run()

    let actions = Workload.actions.count * BenchStore.allCases.count * config.actionSizes.count
    let bulk = 1 + BenchStore.allCases.count
    let launches = Benchmark.launchScreens.count * BenchStore.allCases.count
    #expect(results.count == actions + bulk + launches)
    #expect(results.allSatisfy { ($0.medianMicroseconds ?? 0) > 0 })
    #expect(benchmark.renderedCharacters > 0)
    let lapAt100 = results.first { $0.workload == "lap" && $0.store == "sqlite" && $0.rows == 100 }
    #expect(lapAt100?.goal != nil)
    #expect(results.first { $0.workload == "bulk" && $0.store == "sqlite" }?.ratio != nil)
    // Every point's store folder is removed once the point is measured.
    let handedOut = Int(scratch.directory().lastPathComponent.dropFirst("store-".count)) ?? 0
    #expect(handedOut > launches, "the sqlite and json points had store folders")
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.root.path)
    #expect(left.isEmpty, "store folders left behind: \(left)")
  }

  /// The whole-process mode on tiny stores, with the debug `pocket` and `bench-hello` built
  /// beside the tests: every goal of `ProcessBenchmark` gives a point with its ratio, its baseline
  /// and pass or fail (shape only: no figure is judged).
  /// Whether `pocket`, `bench-hello` and `bench-floor` are built beside the test bundle
  /// (`swift test` builds them: this target depends on all three).
  static let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  static let binariesAreBeside: Bool = {
    ["pocket", "bench-hello", "bench-floor"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent($0).path)
    }
  }()

  @Test(
    .enabled(
      if: binariesAreBeside, "no pocket, bench-hello and bench-floor beside the test bundle"),
    .enabled(if: Soak.isOn, "every goal's processes, with POCKET_SOAK=1 (CI runs it)")
  )
  @MainActor func tinyProcessRunReportsEveryGoal() async throws {
    let sizes = ProcessSizes(
      warmUp: 0, startupMessages: 10, startupRepeats: 1, actionRows: 10, actionWarmUp: 0,
      actionRepeats: 2, flatSmall: 6, flatLarge: 12, flatRepeats: 1, jsonMessages: 10,
      jsonRepeats: 1, archiveRecords: 10, archiveRepeats: 1, liveSeconds: 0.2, liveKeys: 0,
      followChanges: 0, liveScaleRows: 0)
    let scratch = try Scratch()
    defer { scratch.removeAll() }
    var results: [BenchResult] = []
    // The debug binaries stand in for the static build: the shape of goal 11 is the same.
    // Goal 10 runs on the tests' server (starting one of its own costs a second of CPU).
    try await ProcessBenchmark(
      sizes: sizes, scratch: scratch, folder: Self.folder, staticFolder: Self.folder,
      postgres: PostgresServer.shared
    ) {
      results.append($0)
    }.run()
    let goals = Set(results.compactMap { Int($0.workload.prefix { $0.isNumber }) })
    // Goals 8 and 9 run in their own tests (below), beside this one; goal 12 needs lists
    // longer than ten screenfuls, run by pocket-bench only.
    #expect(goals == [1, 2, 3, 4, 5, 6, 7, 10, 11])
    let judged = results.filter { $0.goal != nil }
    #expect(judged.count >= 20)
    let installed: [String] = judged.map(\.workload).filter { $0.hasPrefix("11 ") }
    // `say hi` is measured against the sqlite3 shell, when there is one.
    let says =
      Child.onPath("sqlite3") == nil ? [] : ["11 say hi, dynamic (CPU)", "11 say hi, static (CPU)"]
    #expect(installed.sorted() == ["11 chat, dynamic (CPU)", "11 chat, static (CPU)"] + says)
    // Goal 10 on a server of its own: `say` against psql, the 8 flat commands and a
    // screen's open against the sqlite store, online and with the server stopped; without
    // a server it says why in one row instead.
    let postgres = results.filter { $0.store == "postgres" }
    if PostgresServer.isAvailable {
      #expect(
        postgres.filter { $0.goal != nil }.map(\.workload).sorted() == [
          "10 bookmarks", "10 chat", "10 chat open, shared store offline vs sqlite (wall)",
          "10 chat open, shared store online vs sqlite (wall)", "10 delete N", "10 edit N",
          "10 page N", "10 remove N",
          "10 rename N", "10 say hi vs psql (wall, dynamic)",
          "10 say hi vs psql (wall, installed static)", "10 store",
        ])
    } else {
      // The bench's own report of a skip: one row naming why, judged by nothing.
      #expect(postgres.map(\.workload).allSatisfy { $0.contains("skipped") })
      #expect(postgres.count == 1)
    }
    #expect(judged.allSatisfy { $0.ratio != nil && $0.baseline != nil }, "\(judged)")
    let line = try #require(judged.first).jsonLine
    for field in [
      "workload", "store", "rows", "median_us", "p99_us", "ratio", "baseline", "goal", "pass",
    ] {
      #expect(line.contains("\"\(field)\":"), "\(field) in \(line)")
    }
  }

  /// Goal 8 on tiny sizes with the debug `pocket`: one change of each of the 7 kinds, the
  /// idle viewer and a burst of 20, on both stores, each a row with its ratio, its baseline
  /// and pass or fail (shape only: no figure is judged).
  @Test(
    .enabled(if: binariesAreBeside, "no pocket, bench-hello and bench-floor beside the test bundle")
  )
  func tinyFollowRunReportsBothStores() async throws {
    let sizes = ProcessSizes(
      followChanges: 7, followRounds: 1, followIdleSeconds: 0.2, followBurst: 20)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-follow-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let goal = StoreFollowGoal(
      pocket: Self.folder.appendingPathComponent("pocket").path, folder: folder, sizes: sizes)
    // It blocks while it waits on the processes: off the cooperative pool, so the other
    // tests run meanwhile.
    let results = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: goal.measure()) }
    }
    let expected: Set<String> = [
      "8 followed: latency", "8 followed idle (CPU)", "8 followed burst (frames)",
    ]
    for store in ["sqlite", "json"] {
      let rows = results.filter { $0.store == store }
      #expect(Set(rows.map(\.workload)).isSuperset(of: expected), "\(rows)")
      let judged = rows.filter { $0.goal != nil }
      #expect(judged.count == 3, "\(rows)")
      #expect(judged.allSatisfy { $0.ratio != nil && $0.baseline != nil }, "\(judged)")
      let latency = rows.first { $0.workload == "8 followed: latency" }
      #expect(latency?.rows == 7, "\(String(describing: latency))")
      #expect((latency?.medianMicroseconds ?? 0) > 0)
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    #expect(left.isEmpty, "store folders left behind: \(left)")
  }

  /// Goal 9 on the debug `pocket`: each of the five tasks is done in the live view and in
  /// line mode (each run checks its outcome, or the goal throws), with fewer keys live; and
  /// 12 keys timed from key to frame.
  @Test(
    .enabled(
      if: binariesAreBeside, "no pocket, bench-hello and bench-floor beside the test bundle"),
    .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
  func tinyKeysRunDoesEveryTask() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-keys-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let goal = LiveKeysGoal(
      pocket: Self.folder.appendingPathComponent("pocket").path, directory: folder, keys: 12)
    let results = try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try goal.measure() }) }
    }
    let tasks = results.filter { $0.workload.hasPrefix("9 keys: ") }
    #expect(tasks.count == LiveKeysGoal.tasks.count, "\(results)")
    for task in tasks {
      let ratio = try #require(task.ratio)
      #expect(ratio > 0 && ratio < 1, "\(task.workload): \(ratio)× line mode's keys")
    }
    let latency = try #require(results.first { $0.workload == "9 live view key to frame" })
    #expect((latency.medianMicroseconds ?? 0) > 0)
    #expect(latency.goal != nil && latency.baseline == 16_000)
  }

  @Test func jsonLineLeavesOutWhatDoesNotApply() {
    let result = BenchResult(
      workload: "memory:chat", store: "sqlite", rows: 0, peakRSSKilobytes: 12_345)
    #expect(
      result.jsonLine
        == #"{"workload":"memory:chat","store":"sqlite","rows":0,"peak_rss_kb":12345}"#)
  }

  @Test func statisticsOfKnownSamples() {
    let samples = Samples((1...200).map { Duration.microseconds($0) })
    #expect(samples.median == 100.5)
    #expect(samples.p99 == 198)
    #expect(abs(samples.opsPerSecond - 1e6 / 100.5) < 1e-6)
  }

  @Test func optionsChooseStoresAndWorkloads() throws {
    let config = try BenchConfig.parse([
      "--quick", "--stores", "json,sqlite", "--workloads", "actions,bulk",
    ])
    #expect(config.stores == [.sqlite, .json])
    #expect(config.workloads == Workload.actions + [.bulk])
    #expect(config.actionSizes == [1_000, 10_000])
    #expect(throws: BenchError.self) { try BenchConfig.parse(["--stores", "disk"]) }
  }

  @Test func markdownOptionTakesAPath() throws {
    #expect(try BenchConfig.parse(["--markdown", "docs/b.md"]).markdownPath == "docs/b.md")
    #expect(try BenchConfig.parse([]).markdownPath == nil)
    #expect(throws: BenchError.self) { try BenchConfig.parse(["--markdown"]) }
    #expect(try BenchConfig.parse(["--process", "--goals", "9,7"]).processSizes.goals == [7, 9])
    #expect(try BenchConfig.parse(["--process", "--goals", "10"]).processSizes.goals == [10])
    #expect(try BenchConfig.parse(["--process"]).processSizes.goals == Set(1...12))
    #expect(throws: BenchError.self) { try BenchConfig.parse(["--goals", "13"]) }
    #expect(try BenchConfig.parse(["--static-dir", "/s"]).staticFolder == "/s")
    #expect(try BenchConfig.parse([]).staticFolder == nil)
    #expect(throws: BenchError.self) { try BenchConfig.parse(["--static-dir"]) }
  }

  /// Goal 11 finds the static build beside this program's `.build` folder, and without one
  /// reports a skipped row saying what to build, judged by nothing.
  @Test @MainActor func aMissingStaticBuildIsASkippedRow() async throws {
    #expect(
      ProcessBenchmark.defaultStaticFolder(executable: "/p/.build/release/pocket-bench")?.path
        == "/p/.build/static/release")
    #expect(ProcessBenchmark.defaultStaticFolder(executable: "/usr/bin/pocket-bench") == nil)
    let scratch = try Scratch()
    defer { scratch.removeAll() }
    var sizes = ProcessSizes()
    sizes.goals = [11]
    var results: [BenchResult] = []
    try await ProcessBenchmark(
      sizes: sizes, scratch: scratch, folder: Self.folder,
      staticFolder: scratch.root.appendingPathComponent("no-static-build")
    ) {
      results.append($0)
    }.run()
    #expect(results.count == 1)
    #expect(results.first?.workload.contains("skipped: no ") == true, "\(results)")
    #expect(results.first?.workload.contains("make static") == true)
    #expect(results.allSatisfy { $0.goal == nil })
  }

  /// The section replaces only what lies between its own markers: the prose around it and
  /// the other mode's section stay byte for byte.
  @Test func markdownSectionReplacesOnlyItsOwnSection() throws {
    var config = BenchConfig.quick
    let old = MarkdownReport(
      config: config, arguments: ["--quick"], date: Date(timeIntervalSince1970: 0),
      results: [BenchResult(workload: "lap", store: "sqlite", rows: 10)])
    config.process = true
    let other = MarkdownReport(
      config: config, arguments: ["--process"], date: Date(timeIntervalSince1970: 0),
      results: [BenchResult(workload: "1 start-up", store: "sqlite", rows: 10)])
    let prose = "# Benchmarks\n\nWritten by hand.\n"
    let tail = "\nMore prose.\n"
    let file = prose + old.section + "\n" + other.section + tail
    let goal = Goal(text: "a | b", met: true)
    let new = MarkdownReport(
      config: BenchConfig.quick, arguments: ["--quick", "--markdown", "my file.md"],
      date: Date(timeIntervalSince1970: 86_400),
      results: [
        BenchResult(
          workload: "say", store: "json", rows: 1_000,
          samples: Samples([.microseconds(150), .microseconds(250)]), goal: goal)
      ])
    let spliced = new.splice(into: file)
    #expect(spliced == prose + new.section + "\n" + other.section + tail)
    #expect(new.section.contains("pocket-bench --quick --markdown 'my file.md'"))
    #expect(new.section.contains("1970-01-02 00:00:00 UTC"))
    #expect(new.section.contains("| say | json | 1,000 | 200 | 250 | 5,000 |  | ✓ a \\| b |"))
    #expect(!spliced.contains("| lap |"))
    // A file without the markers gets the section at its end; no file gets the section.
    #expect(new.splice(into: prose) == prose + "\n" + new.section)
    #expect(new.splice(into: nil) == new.section)
  }

  @Test func markdownWriteCreatesThenReplacesTheFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-md-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("benchmarks.md").path
    let report = MarkdownReport(
      config: BenchConfig.quick, arguments: ["--quick"], date: Date(timeIntervalSince1970: 0),
      results: [BenchResult(workload: "lap", store: "sqlite", rows: 10)])
    try report.write(to: path)
    try Data(("# Title\n" + String(contentsOfFile: path, encoding: .utf8)).utf8)
      .write(to: URL(fileURLWithPath: path))
    try report.write(to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Title\n" + report.section)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["benchmarks.md"])
  }

  @Test func peakRSSIsReadable() {
    #expect((Stack.peakRSSKilobytes() ?? 0) > 0)
  }
}
