import Foundation
import PocketApp
import PocketData
import PocketDomain

/// Runs the workloads `config` names and hands each measured point to `emit` as soon as it
/// is measured.
@MainActor
final class Benchmark {
  let config: BenchConfig
  private let scratch: Scratch
  /// This program, started again as a child for each peak-memory figure.
  private let executablePath: String
  private let emit: (BenchResult) -> Void
  private let clock = ContinuousClock()
  /// Median of each single action at the smallest size, by "action/store", for the scaling
  /// goal.
  private var smallestMedians: [String: Double] = [:]
  /// Characters rendered; read at the end so no rendering can be skipped.
  private(set) var renderedCharacters = 0

  init(
    config: BenchConfig, scratch: Scratch, executablePath: String,
    emit: @escaping (BenchResult) -> Void
  ) {
    self.config = config
    self.scratch = scratch
    self.executablePath = executablePath
    self.emit = emit
  }

  func run() async throws {
    for workload in config.workloads {
      switch workload {
      case .lap, .say, .bookmark, .add, .convert:
        for store in config.stores {
          for size in config.actionSizes {
            try await measureAction(workload, store, size: config.rows(size, for: store))
          }
        }
      case .bulk: try await measureBulk()
      case .launch:
        for store in config.stores { try await measureLaunch(store) }
      case .memory:
        for store in config.stores where store.isPersistent { try await measureMemory(store) }
      }
    }
  }

  // MARK: 1. Single user actions

  /// One user action through the whole stack: `Session.execute` (the dispatcher `pocket`
  /// runs) → view-model intent → use case → repository → the store's durable write, on a
  /// store holding `size` records of the action's kind. The action's screen is already
  /// showing, so no navigation is timed.
  private func measureAction(_ action: Workload, _ store: BenchStore, size: Int) async throws {
    let directory = scratch.directory()
    defer { scratch.remove(directory) }
    let samples: Samples
    do {
      let opened = try Stack.open(store, directory)
      try await Fixtures.fill(
        opened.repositories, laps: action == .lap ? size : 0,
        bookmarks: action == .bookmark ? size : 0, mindLogs: action == .add ? size : 0,
        messages: action == .say || action == .convert ? size : 0)
      let session = try await Stack.launch(opened)
      for command in Self.setUp(action) { try await Stack.perform(command, session) }
      var durations: [Duration] = []
      durations.reserveCapacity(config.actionRepeats)
      for index in 0..<(config.actionWarmUp + config.actionRepeats) {
        let command = Self.command(action, index)
        let start = clock.now
        let outcome = await session.execute(command)
        let elapsed = start.duration(to: clock.now)
        try Stack.check(outcome, of: command)
        if index >= config.actionWarmUp { durations.append(elapsed) }
      }
      samples = Samples(durations)
    }
    emit(
      BenchResult(
        workload: action.rawValue, store: store.rawValue, rows: size, samples: samples,
        goal: actionGoal(action, store, size: size, samples)))
  }

  /// Brings up the action's screen (and starts the stopwatch), untimed.
  private static func setUp(_ action: Workload) -> [Command] {
    switch action {
    case .lap: [.stopwatch, .start]
    case .say: [.chat]
    case .bookmark: [.notices]
    case .add: [.mindLog]
    case .convert: [.calc(code: "KRW")]
    case .bulk, .launch, .memory: []
    }
  }

  /// The `index`th action. The bookmark toggle walks the 16 sample notices, so it adds a
  /// bookmark 16 times, then removes those 16, and so on.
  private static func command(_ action: Workload, _ index: Int) -> Command {
    switch action {
    case .lap: .lap
    case .say: .say(text: "Timed message \(index)")
    case .bookmark: .bookmark(number: index % SampleNotices.all.count + 1)
    case .add: .add(score: "\(index % 11)", note: "Timed entry \(index)")
    case .convert: .convert(amount: "\(1_000 + index).25", from: nil)
    case .bulk, .launch, .memory: .show
    }
  }

  /// SQLite and json: the median at the largest size at most 1.5 times the median at the
  /// smallest. (How long one action takes against a raw durable commit in the same run is
  /// `--process`, goal 3.)
  private func actionGoal(_ action: Workload, _ store: BenchStore, size: Int, _ samples: Samples)
    -> Goal?
  {
    let key = "\(action.rawValue)/\(store.rawValue)"
    guard let smallest = config.actionSizes.first, let largest = config.actionSizes.last,
      smallest < largest
    else { return nil }
    if size == config.rows(smallest, for: store) {
      smallestMedians[key] = samples.median
      return nil
    }
    guard size == config.rows(largest, for: store) else { return nil }
    var goals: [Goal] = []
    if store.isPersistent, let base = smallestMedians[key], base > 0 {
      let ratio = samples.median / base
      goals.append(
        Goal(
          text: String(format: "%.2f× of %@ rows ≤ 1.5×", ratio, TableFormat.grouped(smallest)),
          met: ratio <= 1.5))
    }
    return Goal.all(goals)
  }

  // MARK: 2. Bulk insert

  /// `bulkRows` chat messages in one `ChatRepository.insert(contentsOf:)` into an empty
  /// store, against the same rows written with plain SQLite C calls. The figure is the time
  /// of the whole insert; ops/s are rows per second.
  private func measureBulk() async throws {
    var rawRowsPerSecond: Double?
    if config.stores.contains(.sqlite) {
      let drafts = Fixtures.messageDrafts(config.bulkRows)
      var durations: [Duration] = []
      for _ in 0..<config.bulkRepeats {
        let directory = scratch.directory()
        defer { scratch.remove(directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        durations.append(
          try RawSQLite.insertChatMessages(
            drafts, path: directory.appendingPathComponent("raw.sqlite").path))
      }
      let samples = Samples(durations)
      let rate = Double(drafts.count) / (samples.median / 1e6)
      rawRowsPerSecond = rate
      emit(bulkResult("sqlite-c", rows: drafts.count, samples, rate: rate, goal: nil))
    }
    for store in config.stores {
      let drafts = Fixtures.messageDrafts(config.rows(config.bulkRows, for: store))
      var durations: [Duration] = []
      for _ in 0..<config.bulkRepeats {
        let directory = scratch.directory()
        defer { scratch.remove(directory) }
        let opened = try Stack.open(store, directory)
        let start = clock.now
        let inserted = try await opened.repositories.chat.insert(contentsOf: drafts)
        durations.append(start.duration(to: clock.now))
        guard inserted.count == drafts.count else {
          throw BenchError.failed("the \(store) store took \(inserted.count) of \(drafts.count)")
        }
      }
      let samples = Samples(durations)
      let rate = Double(drafts.count) / (samples.median / 1e6)
      var goal: Goal?
      var ratio: Double?
      if store == .sqlite, let rawRowsPerSecond {
        let share = rate / rawRowsPerSecond
        ratio = share
        goal = Goal(text: String(format: "%.2f of raw SQLite ≥ 0.70", share), met: share >= 0.70)
      }
      var result = bulkResult(store.rawValue, rows: drafts.count, samples, rate: rate, goal: goal)
      result.ratio = ratio
      emit(result)
    }
  }

  private func bulkResult(
    _ store: String, rows: Int, _ samples: Samples, rate: Double, goal: Goal?
  ) -> BenchResult {
    var result = BenchResult(
      workload: "bulk", store: store, rows: rows, samples: samples, opsPerSecond: rate, goal: goal)
    // A handful of runs: the median is the figure, a 99th percentile would be the maximum.
    result.p99Microseconds = nil
    return result
  }

  // MARK: 3. Launch

  /// Every screen `pocket` can come back to.
  static let launchScreens: [Screen] = [
    .rates, .calculator(currency: "KRW"), .stopwatch, .notices, .bookmarks, .mindLog, .chat,
  ]

  /// The screen's name as the stores keep it, with the calculator's currency after a dash.
  static func name(_ screen: Screen) -> String {
    let text = ScreenText(screen)
    return text.currency.map { "\(text.name)-\($0)" } ?? text.name
  }

  /// What `pocket` does before its first screen: open the store, restore the last screen,
  /// load it and render it. A memory store cannot be reopened, so for it the one store is
  /// kept and only the session, launch and render are timed.
  private func measureLaunch(_ store: BenchStore) async throws {
    let mix = config.launchMix.capped(at: store == .json ? config.jsonMaxRows : nil)
    let directory = scratch.directory()
    defer { scratch.remove(directory) }
    var kept: OpenedStore?
    do {
      let filling = try Stack.open(store, directory)
      try await Fixtures.fill(
        filling.repositories, laps: mix.laps, bookmarks: mix.bookmarks, mindLogs: mix.mindLogs,
        messages: mix.messages)
      // A file store is closed here, as after the last `pocket` run.
      if !store.isPersistent { kept = filling }
    }
    for screen in Self.launchScreens {
      try await (kept ?? Stack.open(store, directory)).repositories.screens.save(screen)
      var durations: [Duration] = []
      for index in 0..<(config.launchWarmUp + config.launchRepeats) {
        let start = clock.now
        let opened = try kept ?? Stack.open(store, directory)
        let session = try await Stack.launch(opened)
        let text = Stack.renderer.render(session.content)
        let elapsed = start.duration(to: clock.now)
        renderedCharacters &+= text.utf8.count
        if index == 0, session.content.screen != screen {
          throw BenchError.failed(
            "the \(store) store came back to \(session.content.screen), not \(screen)")
        }
        if index >= config.launchWarmUp { durations.append(elapsed) }
      }
      let samples = Samples(durations)
      emit(
        BenchResult(
          workload: "launch:\(Self.name(screen))", store: store.rawValue, rows: mix.total,
          samples: samples,
          goal: store == .sqlite
            ? Goal(text: "median ≤ 5,000 µs", met: samples.median <= 5_000) : nil))
    }
  }

  // MARK: 4. Peak memory

  /// Peak RSS of a fresh process that opens the store, launches on the chat screen and
  /// renders it, with `memoryMessages` messages and with none.
  private func measureMemory(_ store: BenchStore) async throws {
    let messages = config.rows(config.memoryMessages, for: store)
    var emptyPeak: Int?
    for count in [0, messages] {
      let directory = scratch.directory()
      defer { scratch.remove(directory) }
      do {
        let opened = try Stack.open(store, directory)
        if count > 0 {
          _ = try await opened.repositories.chat.insert(
            contentsOf: Fixtures.messageDrafts(count))
        }
        try await opened.repositories.screens.save(.chat)
      }
      var peaks: [Int] = []
      for _ in 0..<config.memoryRepeats {
        peaks.append(try Probe.run(executablePath, store: store, directory: directory))
      }
      let peak = peaks.sorted()[peaks.count / 2]
      var result = BenchResult(
        workload: "memory:chat", store: store.rawValue, rows: count, peakRSSKilobytes: peak)
      if count > 0, let emptyPeak, emptyPeak > 0 {
        let ratio = Double(peak) / Double(emptyPeak)
        result.ratio = ratio
        if store == .sqlite {
          result.goal = Goal(
            text: String(format: "%.2f× of empty ≤ 1.2×", ratio), met: ratio <= 1.2)
        }
      }
      if count == 0 { emptyPeak = peak }
      emit(result)
    }
  }
}
