import Foundation

/// The stores the benchmark can measure, named as `pocket --store` names them.
enum BenchStore: String, CaseIterable, Sendable {
  case sqlite, json, memory

  /// Kept in files, so a launch reopens it and a child process can read it.
  var isPersistent: Bool { self != .memory }
}

/// What the benchmark can measure. The first five are single user actions.
enum Workload: String, CaseIterable, Sendable {
  case lap, say, bookmark, add, convert
  case bulk, launch, memory

  static let actions: [Workload] = [.lap, .say, .bookmark, .add, .convert]

  var isAction: Bool { Self.actions.contains(self) }
}

/// How many records the launch workload puts in the store.
struct LaunchMix: Equatable, Sendable {
  var messages: Int
  var laps: Int
  var mindLogs: Int
  var bookmarks: Int

  var total: Int { messages + laps + mindLogs + bookmarks }

  /// Each count at most `cap`.
  func capped(at cap: Int?) -> LaunchMix {
    guard let cap else { return self }
    return LaunchMix(
      messages: min(messages, cap), laps: min(laps, cap), mindLogs: min(mindLogs, cap),
      bookmarks: min(bookmarks, cap))
  }
}

/// Sizes and repetitions of one run.
struct BenchConfig: Equatable, Sendable {
  var stores: [BenchStore] = BenchStore.allCases
  var workloads: [Workload] = Workload.allCases
  /// Store sizes (records of the action's kind) for the single actions, smallest first.
  var actionSizes = [1_000, 100_000]
  var actionWarmUp = 20
  var actionRepeats = 200
  var bulkRows = 100_000
  var bulkRepeats = 3
  var launchMix = LaunchMix(messages: 100_000, laps: 10_000, mindLogs: 10_000, bookmarks: 1_000)
  var launchWarmUp = 3
  var launchRepeats = 30
  var memoryMessages = 100_000
  /// Child processes per memory figure; the median is reported.
  var memoryRepeats = 3
  /// The most records of one kind the json store is given (`--json-max-rows`); nil: no cap.
  var jsonMaxRows: Int?
  var json = false
  /// `--markdown PATH`: also write the results as a Markdown section into the file at PATH.
  var markdownPath: String?
  /// `--readme PATH`: with `--process --markdown`, the README whose summary block the run
  /// replaces; nil: README.md in the current folder, when there is one.
  var readmePath: String?
  /// `--process`: the goals measured on whole `pocket` processes, against baselines
  /// (`ProcessBenchmark`).
  var process = false
  var processSizes = ProcessSizes()
  /// `--static-dir PATH`: where the static build's `pocket` and `bench-floor` are (goal 11);
  /// nil: `.build/static/release` beside this program's `.build` folder.
  var staticFolder: String?

  /// `--quick`: sizes 1,000 and 10,000 and fewer repetitions, for a smoke run.
  static let quick = BenchConfig(
    actionSizes: [1_000, 10_000], actionWarmUp: 10, actionRepeats: 50, bulkRows: 10_000,
    bulkRepeats: 1,
    launchMix: LaunchMix(messages: 10_000, laps: 1_000, mindLogs: 1_000, bookmarks: 100),
    launchWarmUp: 2, launchRepeats: 10, memoryMessages: 10_000, memoryRepeats: 1)

  /// `size` for `store`, after the json cap.
  func rows(_ size: Int, for store: BenchStore) -> Int {
    guard store == .json, let jsonMaxRows else { return size }
    return min(size, jsonMaxRows)
  }

  static let usage = """
    usage: pocket-bench [--json] [--quick] [--process] [--stores sqlite,json,memory]
                        [--workloads lap,say,bookmark,add,convert,actions,bulk,launch,memory]
                        [--json-max-rows N] [--markdown PATH] [--goals 1,2,…,12]
                        [--static-dir PATH] [--readme PATH]

      --json            one JSON object per line instead of the table
      --quick           sizes 1,000 and 10,000 and fewer repetitions (a smoke run)
      --stores          the stores to measure (default: all three)
      --workloads       the workloads to run (default: all; `actions` = the five single actions)
      --json-max-rows   give the json store at most N records of a kind (it is slow at 100,000)
      --markdown PATH   also write the results as a Markdown section into PATH, in place
                        of the section an earlier run of the same mode wrote there; with
                        --process, also the summary block of README.md (see --readme)
      --readme PATH     with --process --markdown: the README whose block between
                        <!-- pocket-bench readme begin --> and its end marker is replaced
                        (default: README.md in the current folder, if there is one)
      --process         the goals measured on whole pocket processes (the release pocket
                        and bench-hello beside pocket-bench), each against its baseline
      --goals           with --process: only these goals (default: all twelve)
      --static-dir PATH with --process: the folder of the static pocket and bench-floor
                        (goal 11; default: .build/static/release, which make static builds)
    """

  /// Reads the command line (without the program name).
  static func parse(_ arguments: [String]) throws(BenchError) -> BenchConfig {
    var quick = false
    var json = false
    var stores: [BenchStore]?
    var workloads: [Workload]?
    var jsonMaxRows: Int?
    var process = false
    var markdownPath: String?
    var goals: Set<Int>?
    var staticFolder: String?
    var readmePath: String?
    var index = 0
    func value(_ option: String) throws(BenchError) -> String {
      index += 1
      guard index < arguments.count else { throw .usage("\(option) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--json": json = true
      case "--quick": quick = true
      case "--process": process = true
      case "--stores":
        stores = try list(try value(argument)) { name throws(BenchError) in
          guard let store = BenchStore(rawValue: name) else {
            throw .usage("unknown store '\(name)': use sqlite, json or memory")
          }
          return [store]
        }
      case "--workloads":
        workloads = try list(try value(argument)) { name throws(BenchError) in
          if name == "actions" { return Workload.actions }
          guard let workload = Workload(rawValue: name) else {
            throw .usage("unknown workload '\(name)'")
          }
          return [workload]
        }
      case "--json-max-rows":
        let text = try value(argument)
        guard let cap = Int(text), cap > 0 else {
          throw .usage("--json-max-rows needs a positive number, not '\(text)'")
        }
        jsonMaxRows = cap
      case "--markdown":
        let path = try value(argument)
        guard !path.isEmpty else { throw .usage("--markdown needs a file path") }
        markdownPath = path
      case "--goals":
        goals = Set(
          try list(try value(argument)) { name throws(BenchError) in
            guard let goal = Int(name), (1...12).contains(goal) else {
              throw .usage("unknown goal '\(name)': goals are 1 to 12")
            }
            return [goal]
          })
      case "--static-dir":
        let path = try value(argument)
        guard !path.isEmpty else { throw .usage("--static-dir needs a folder") }
        staticFolder = path
      case "--readme":
        let path = try value(argument)
        guard !path.isEmpty else { throw .usage("--readme needs a file path") }
        readmePath = path
      case "--help", "-h": throw .help
      default: throw .usage("unknown option '\(argument)'")
      }
      index += 1
    }
    var config = quick ? BenchConfig.quick : BenchConfig()
    config.json = json
    config.process = process
    if quick { config.processSizes = .quick }
    if let goals { config.processSizes.goals = goals }
    config.jsonMaxRows = jsonMaxRows
    config.markdownPath = markdownPath
    config.staticFolder = staticFolder
    config.readmePath = readmePath
    // Keep the canonical order whatever order the options gave.
    if let stores { config.stores = BenchStore.allCases.filter(stores.contains) }
    if let workloads { config.workloads = Workload.allCases.filter(workloads.contains) }
    return config
  }

  private static func list<Item>(
    _ text: String, _ item: (String) throws(BenchError) -> [Item]
  ) throws(BenchError) -> [Item] {
    var items: [Item] = []
    for name in text.split(separator: ",") {
      items += try item(name.trimmingCharacters(in: .whitespaces))
    }
    guard !items.isEmpty else { throw .usage("an empty list: '\(text)'") }
    return items
  }
}

/// Why a run stopped.
enum BenchError: Error, Equatable, CustomStringConvertible {
  case help
  case usage(String)
  /// A store refused what the benchmark asked of it.
  case failed(String)

  var description: String {
    switch self {
    case .help: BenchConfig.usage
    case .usage(let reason): "pocket-bench: \(reason)\n\(BenchConfig.usage)"
    case .failed(let reason): "pocket-bench: \(reason)"
    }
  }
}
