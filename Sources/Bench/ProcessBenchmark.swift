import Foundation
import PocketApp
import PocketData
import PocketDomain
import TestSupport

/// Twelve goals (the `Goal N` marks below, the durable actions' in `DurableActionsGoal`, the
/// json store's in `ProcessBenchmarkStores`, export and import in `ArchiveGoal`, the live
/// view's in `LiveViewGoal`, `LiveKeysGoal`, `StoreFollowGoal` and `LiveScaleGoal`, the postgres store's in
/// `PostgresGoal`, the static build's in `InstalledBinaryGoal`), measured on whole `pocket`
/// processes (the release binary beside this one) against baselines in the same run,
/// interleaved: each round runs the baseline and the measured command one after the other,
/// so a load that comes and goes falls on both, and a goal whose rounds straddle its limit
/// runs more of them (`stableRounds`).
@MainActor
final class ProcessBenchmark {
  let sizes: ProcessSizes
  let scratch: Scratch
  let emit: (BenchResult) -> Void
  let pocket: String
  let hello: String
  /// Where the static build's `pocket` and `bench-floor` are (goal 11); `nil`: none.
  let staticFolder: URL?
  /// A running server goal 10 uses (the tests' own); `nil`: goal 10 starts one of its own,
  /// as a measured run does (fsync on).
  let postgres: PostgresServer?
  let clock = ContinuousClock()

  /// Runs the `pocket` and `bench-hello` found in `folder` (by default, beside this program),
  /// and for goal 11 the static build in `staticFolder`.
  init(
    sizes: ProcessSizes, scratch: Scratch,
    folder: URL = URL(fileURLWithPath: Probe.executablePath).deletingLastPathComponent(),
    staticFolder: URL? = ProcessBenchmark.defaultStaticFolder(), postgres: PostgresServer? = nil,
    emit: @escaping (BenchResult) -> Void
  ) throws(BenchError) {
    self.sizes = sizes
    self.scratch = scratch
    self.emit = emit
    self.staticFolder = staticFolder
    self.postgres = postgres
    pocket = folder.appendingPathComponent("pocket").path
    hello = folder.appendingPathComponent("bench-hello").path
    for (path, product) in [(pocket, "pocket"), (hello, "bench-hello")]
    where !FileManager.default.isExecutableFile(atPath: path) {
      throw .failed(
        "\(path) is missing: build it first (swift build -c release --product \(product))")
    }
  }

  func run() async throws {
    let goals = sizes.goals
    // The store of 100,000 messages goals 1, 2 and 5 start on.
    let startup = scratch.directory()
    defer { scratch.remove(startup) }
    if !goals.isDisjoint(with: [1, 2, 5]) {
      try await fill(.sqlite, startup, messages: sizes.startupMessages, screen: .chat)
    }
    // A goal waits for its child processes on this actor: between goals, whatever else
    // waits for the main actor (another test, in a test run) gets its turn.
    if goals.contains(1) { try startUp(startup) }
    await Task.yield()
    if goals.contains(2) { try againstSQLiteCLI(startup) }
    await Task.yield()
    if goals.contains(3) { try await durableActions() }
    if goals.contains(4) { try await flatAtAMillion() }
    await Task.yield()
    if goals.contains(5) { try await jsonStore(sqliteStore: startup) }
    await Task.yield()
    if goals.contains(6) { try await archiveAtScale() }
    if goals.contains(10) { try await postgresGoal() }
    await Task.yield()
    if goals.contains(11) { try await installedBinary() }
    await Task.yield()
    if goals.contains(7) {
      let live = scratch.directory()
      defer { scratch.remove(live) }
      for row in try LiveViewGoal(pocket: pocket, directory: live, seconds: sizes.liveSeconds)
        .measure()
      {
        emit(row)
      }
    }
    if goals.contains(9), sizes.liveKeys > 0 {
      let keys = scratch.directory()
      defer { scratch.remove(keys) }
      for row in try LiveKeysGoal(pocket: pocket, directory: keys, keys: sizes.liveKeys).measure() {
        emit(row)
      }
      let search = LiveSearchGoal(
        pocket: pocket, directory: keys, messages: sizes.flatLarge, rounds: sizes.searchRounds)
      for row in try await search.measure(filling: { folder, drafts in
        let opened = try Stack.open(.sqlite, folder)
        try await Fixtures.fill(opened.repositories)
        _ = try await opened.repositories.chat.insert(contentsOf: drafts)
        try await opened.repositories.screens.save(.chat)
      }) {
        emit(row)
      }
    }
    if goals.contains(12), sizes.liveScaleRows > 0 { try await liveAtScale() }
    guard goals.contains(8), sizes.followChanges > 0 else { return }
    let follow = scratch.directory()
    defer { scratch.remove(follow) }
    for row in StoreFollowGoal(pocket: pocket, folder: follow, sizes: sizes).measure() {
      emit(row)
    }
  }

  /// Goal 12: the live view's lists on a store of `liveScaleRows` messages and laps, and
  /// the same keys on one of `liveScaleSmall`, for its memory.
  func liveAtScale() async throws {
    try await scratch.withSmallAndLarge { small, large in
      for (directory, count) in [(large, sizes.liveScaleRows), (small, sizes.liveScaleSmall)] {
        let opened = try Stack.open(.sqlite, directory)
        try await Fixtures.fill(opened.repositories, laps: count)
        // The chat's messages, 10 of them holding the word the search looks for, 2,000 a
        // write: each write folds at most that many into the sqlite store's search index
        // (docs/storage.md), so the index is current, as for messages that came in over
        // time; one write of them all would leave the rest for later writes and searches.
        let drafts = LiveSearchGoal.drafts(count)
        var inserted = 0
        for start in stride(from: 0, to: drafts.count, by: 2_000) {
          let batch = Array(drafts[start..<min(start + 2_000, drafts.count)])
          inserted += try await opened.repositories.chat.insert(contentsOf: batch).count
        }
        guard inserted == count else {
          throw BenchError.failed("the store took \(inserted) of \(count) messages")
        }
        try await opened.repositories.screens.save(.rates)
      }
      let goal = LiveScaleGoal(
        pocket: pocket, large: large, smallStore: small, rows: sizes.liveScaleRows,
        small: sizes.liveScaleSmall)
      for row in try goal.measure() { emit(row) }
    }
  }

  // MARK: Helpers

  func pocketArguments(_ directory: URL, store: BenchStore = .sqlite, _ command: [String])
    -> [String]
  {
    ["--store", store.rawValue, "--store-path", directory.path, "--lang", "en"] + command
  }

  /// A store with `messages` chat messages (and what `bookmarks` and `mindLogs` add), the
  /// last screen `screen`, closed.
  func fill(
    _ store: BenchStore, _ directory: URL, messages: Int = 0, bookmarks: Int = 0,
    mindLogs: Int = 0, screen: Screen
  ) async throws {
    let opened = try Stack.open(store, directory)
    try await Fixtures.fill(
      opened.repositories, bookmarks: bookmarks, mindLogs: mindLogs, messages: messages)
    try await opened.repositories.screens.save(screen)
  }

  static func microseconds(_ values: [Double]) -> Samples {
    Samples(values.map { Duration.nanoseconds(Int64(($0 * 1_000).rounded())) })
  }

  func result(
    _ workload: String, store: String = "sqlite", rows: Int?, _ samples: Samples,
    baseline: Double?, baselineName: String?, ratio: Double?, goal: Goal?
  ) -> BenchResult {
    var result = BenchResult(
      workload: workload, store: store, rows: rows, samples: samples, ratio: ratio, goal: goal)
    result.baseline = baseline
    result.baselineName = baselineName
    return result
  }

  /// The row of a goal "the median of `samples` is at most `limit` times the median of
  /// `baseline`": the ratio of the medians judged against `limit`, its text
  /// `1.07× <against> ≤ <limit>×` with the spread of the per-round figures `rounds`.
  func ratioResult(
    _ workload: String, store: String = "sqlite", rows: Int?, _ samples: Samples,
    baseline: Samples, baselineName: String, against: String, limit: Double, rounds: [Double]
  ) -> BenchResult {
    let ratio = samples.median / max(baseline.median, 1)
    return result(
      workload, store: store, rows: rows, samples, baseline: baseline.median,
      baselineName: baselineName, ratio: ratio,
      goal: Goal(
        text: String(
          format: "%.2f× %@ ≤ %@×; %@", ratio, against, String(format: "%g", limit),
          StableRounds.describe(rounds)),
        met: ratio <= limit))
  }

  /// The `sqlite3` command-line tool and a chat file for it, made in `folder`: goal 2's
  /// baseline, and goal 11's; `nil` when there is no `sqlite3` on the PATH, and then the
  /// row `<workload> (skipped: no sqlite3 on PATH)` says so.
  func sqliteCLI(in folder: URL, skipping workload: String) throws -> SQLiteCLI? {
    guard let sqlite3 = Child.onPath("sqlite3") else {
      emit(.skipped(workload, "no sqlite3 on PATH"))
      return nil
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("cli.sqlite").path
    try RawSQLite.createChatFile(path: path)
    return SQLiteCLI(program: sqlite3, path: path)
  }

  // MARK: Goal 1: start-up

  /// `pocket chat` on the sqlite store against `bench-hello`, CPU and wall, interleaved.
  func startUp(_ directory: URL) throws {
    var pocketCPU: [Double] = []
    var helloCPU: [Double] = []
    var pocketWall: [Duration] = []
    var helloWall: [Duration] = []
    let arguments = pocketArguments(directory, ["chat"])
    let figures = try stableRounds(
      initial: sizes.startupRepeats, warmUp: sizes.warmUp, limits: [1.3, 1.3]
    ) { timed in
      let baseline = try Child.run(hello, [])
      let measured = try Child.run(pocket, arguments)
      guard timed else { return [] }
      helloCPU.append(baseline.cpuMicroseconds)
      pocketCPU.append(measured.cpuMicroseconds)
      helloWall.append(baseline.wall)
      pocketWall.append(measured.wall)
      return [
        Self.ratio(measured.cpuMicroseconds, baseline.cpuMicroseconds),
        Self.ratio(measured.wall.microseconds, baseline.wall.microseconds),
      ]
    }
    emit(
      ratioResult(
        "1 start-up: chat (CPU)", rows: sizes.startupMessages, Self.microseconds(pocketCPU),
        baseline: Self.microseconds(helloCPU), baselineName: "bench-hello CPU µs",
        against: "bench-hello CPU", limit: 1.3, rounds: figures[0]))
    emit(
      ratioResult(
        "1 start-up: chat (wall)", rows: sizes.startupMessages, Samples(pocketWall),
        baseline: Samples(helloWall), baselineName: "bench-hello wall µs",
        against: "bench-hello wall", limit: 1.3, rounds: figures[1]))
  }

  // MARK: Goal 2: against the sqlite3 command-line tool

  /// `pocket say hi` against `sqlite3 FILE "PRAGMA synchronous=FULL; INSERT …"` of the same
  /// row into a file with the same table, index and WAL journal.
  func againstSQLiteCLI(_ directory: URL) throws {
    let file = scratch.directory()
    defer { scratch.remove(file) }
    guard let sqlite3 = try sqliteCLI(in: file, skipping: "2 say vs sqlite3") else { return }
    var pocketWall: [Duration] = []
    var cliWall: [Duration] = []
    var helloWall: [Duration] = []
    var index = 0
    let figures = try stableRounds(
      initial: sizes.startupRepeats, warmUp: sizes.warmUp, limits: [2, 2]
    ) { timed in
      let baseline = try sqlite3.insert(Fixtures.date(sizes.startupMessages + index))
      index += 1
      let measured = try Child.run(pocket, pocketArguments(directory, ["say", "hi"]))
      let floor = try Child.run(hello, [])
      guard timed else { return [] }
      helloWall.append(floor.wall)
      cliWall.append(baseline.wall)
      pocketWall.append(measured.wall)
      return [
        Self.ratio(measured.wall.microseconds, baseline.wall.microseconds),
        Self.ratio(floor.wall.microseconds, baseline.wall.microseconds),
      ]
    }
    let cli = Samples(cliWall)
    emit(
      ratioResult(
        "2 say hi (wall)", rows: sizes.startupMessages, Samples(pocketWall), baseline: cli,
        baselineName: "sqlite3 CLI insert µs", against: "sqlite3", limit: 2, rounds: figures[0]))
    // The floor under goal 2: a Swift process that only imports Foundation, against the
    // same sqlite3 runs.
    let floor = Samples(helloWall)
    let floorRatio = floor.median / max(cli.median, 1)
    emit(
      result(
        "2 floor: bench-hello", rows: nil, floor, baseline: cli.median,
        baselineName: "sqlite3 CLI insert µs", ratio: floorRatio,
        goal: Goal(
          text: String(
            format: "%.2f× sqlite3 (the floor of any Swift process); %@", floorRatio,
            StableRounds.describe(figures[1])),
          met: floorRatio <= 2)))
  }

  // MARK: Goal 4: flat at a million

  /// Every command as a whole process on a store of `flatLarge` records against the same on
  /// `flatSmall`, interleaved; item N is in the middle of its list.
  func flatAtAMillion() async throws {
    try await scratch.withSmallAndLarge { small, large in
      for (directory, count) in [(small, sizes.flatSmall), (large, sizes.flatLarge)] {
        try await fill(.sqlite, directory, messages: count, bookmarks: count, screen: .chat)
      }
      let rows = try flatRows(
        "4", store: "sqlite", small: small, large: large,
        arguments: { self.pocketArguments($0, $1) })
      for row in rows { emit(row) }
    }
  }

  /// Every command of goal 4 run as a whole process on the store of `large` against the same
  /// on `small` (`flatLarge` and `flatSmall` records), interleaved, one row a command; item N
  /// is in the middle of its list. `arguments` gives `pocket`'s arguments for a store and a
  /// command.
  func flatRows(
    _ goal: String, store: String, small: URL, large: URL,
    arguments: (URL, [String]) -> [String]
  ) throws -> [BenchResult] {
    // Item N is the one a command printed: before each numbered command (untimed) a
    // one-shot `page K` prints the page that holds it.
    let chatPage: (Int) -> [String]? = { ["page", "\(Self.chatPage(of: $0 / 2, in: $0))"] }
    let bookmarksPage: (Int) -> [String]? = { ["page", "\(($0 / 2 - 1) / Self.pageSize + 1)"] }
    let commands:
      [(name: String, screen: String, before: (Int) -> [String]?, arguments: (Int) -> [String])] =
        [
          ("chat", "chat", { _ in nil }, { _ in ["chat"] }),
          ("store", "chat", { _ in nil }, { _ in ["store"] }),
          ("page N", "chat", { _ in nil }, { ["page", "\(Self.chatPage(of: $0 / 2, in: $0))"] }),
          ("edit N", "chat", chatPage, { ["edit", "\($0 / 2)", "edited"] }),
          ("delete N", "chat", chatPage, { ["delete", "\($0 / 2)"] }),
          ("bookmarks", "bookmarks", { _ in nil }, { _ in ["bookmarks"] }),
          ("rename N", "bookmarks", bookmarksPage, { ["rename", "\($0 / 2)", "renamed"] }),
          ("remove N", "bookmarks", bookmarksPage, { ["remove", "\($0 / 2)"] }),
        ]
    var rows: [BenchResult] = []
    for command in commands {
      var smallWall: [Duration] = []
      var largeWall: [Duration] = []
      var counts = [small: sizes.flatSmall, large: sizes.flatLarge]
      for directory in [small, large] {
        _ = try Child.run(pocket, arguments(directory, [command.screen]))
      }
      let figures = try stableRounds(
        initial: sizes.flatRepeats, warmUp: sizes.warmUp, limits: [1.2]
      ) { timed in
        var walls: [Duration] = []
        for directory in [small, large] {
          let count = counts[directory] ?? 0
          if let before = command.before(count) {
            _ = try Child.run(pocket, arguments(directory, before))
          }
          let run = try Child.run(pocket, arguments(directory, command.arguments(count)))
          if command.name.hasPrefix("delete") || command.name.hasPrefix("remove") {
            counts[directory] = count - 1
          }
          walls.append(run.wall)
        }
        guard timed else { return [] }
        smallWall.append(walls[0])
        largeWall.append(walls[1])
        return [Self.ratio(walls[1].microseconds, walls[0].microseconds)]
      }
      let smallRows = TableFormat.grouped(sizes.flatSmall)
      rows.append(
        ratioResult(
          "\(goal) \(command.name)", store: store, rows: sizes.flatLarge, Samples(largeWall),
          baseline: Samples(smallWall), baselineName: "the same at \(smallRows) rows, µs",
          against: "of \(smallRows) rows", limit: 1.2, rounds: figures[0]))
    }
    return rows
  }
}
