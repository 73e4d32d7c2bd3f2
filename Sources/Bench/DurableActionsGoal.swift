import Foundation
import PocketApp
import PocketData
import PocketDomain

// Goal 3 of the whole-process run: each durable action against a raw one-row commit.
extension ProcessBenchmark {
  // MARK: Goal 3: durable actions at the physical floor

  /// Each action of `pocket` (in process, through `Session.execute`) against a raw one-row
  /// durable commit, alternating, at `actionRows` records; CPU per action from `getrusage`.
  func durableActions() async throws {
    let rows = sizes.actionRows
    let rawFolder = scratch.directory()
    defer { scratch.remove(rawFolder) }
    try FileManager.default.createDirectory(at: rawFolder, withIntermediateDirectories: true)
    let raw = try OneRowCommits(path: rawFolder.appendingPathComponent("raw.sqlite").path)
    // A number stands for a row the screen showed: before each `edit N` and `delete N`
    // (untimed) the chat shows the page that holds item N of the messages left.
    // Enough for every round `StableRounds` may run, as `delete` takes one a round.
    let messages = rows + sizes.actionWarmUp + StableRounds.capFactor * max(sizes.actionRepeats, 1)
    let middle = rows / 2
    let actions:
      [(
        name: String, setUp: [Command], fill: Workload, before: (Int) -> Command?,
        command: (Int) -> Command
      )] = [
        ("lap", [.stopwatch, .start], .lap, { _ in nil }, { _ in .lap }),
        ("say", [.chat], .say, { _ in nil }, { .say(text: "Timed message \($0)") }),
        (
          "bookmark", [.notices], .bookmark, { _ in nil },
          { .bookmark(number: $0 % SampleNotices.all.count + 1) }
        ),
        (
          "add", [.mindLog], .add, { _ in nil },
          { .add(score: "\($0 % 11)", note: "Timed entry \($0)") }
        ),
        (
          "edit", [.chat], .say, { _ in .page(number: Self.chatPage(of: middle, in: messages)) },
          { .edit(number: middle, text: "Edited \($0)", score: "Edited", note: "\($0)") }
        ),
        (
          "delete", [.chat], .say,
          { .page(number: Self.chatPage(of: middle, in: messages - $0)) },
          { _ in .delete(number: middle) }
        ),
        ("fav", [.rates(query: "")], .convert, { _ in nil }, { _ in .favorite(code: "KRW") }),
      ]
    for action in actions {
      let directory = scratch.directory()
      defer { scratch.remove(directory) }
      let opened = try Stack.open(.sqlite, directory)
      try await Fixtures.fill(
        opened.repositories, laps: action.fill == .lap ? rows : 0,
        bookmarks: action.fill == .bookmark ? rows : 0, mindLogs: action.fill == .add ? rows : 0,
        messages: action.fill == .say ? messages : 0)
      let session = try await Stack.launch(opened)
      for command in action.setUp { try await Stack.perform(command, session) }
      var durations: [Duration] = []
      var floors: [Duration] = []
      var cpu = 0.0
      var rawCPU = 0.0
      var index = -1
      let figures = try await stableRounds(
        initial: sizes.actionRepeats, warmUp: sizes.actionWarmUp, limits: [1.2, 150]
      ) { timed in
        index += 1
        let rawBefore = Child.ownCPUMicroseconds()
        let floor = try raw.commit()
        let rawAfter = Child.ownCPUMicroseconds()
        if let before = action.before(index) { try await Stack.perform(before, session) }
        let command = action.command(index)
        let cpuBefore = Child.ownCPUMicroseconds()
        let start = clock.now
        let outcome = await session.execute(command)
        let elapsed = start.duration(to: clock.now)
        let cpuAfter = Child.ownCPUMicroseconds()
        try Stack.check(outcome, of: command)
        guard timed else { return [] }
        durations.append(elapsed)
        floors.append(floor)
        cpu += cpuAfter - cpuBefore
        rawCPU += rawAfter - rawBefore
        return [Self.ratio(elapsed.microseconds, floor.microseconds), cpuAfter - cpuBefore]
      }
      let samples = Samples(durations)
      let floor = Samples(floors)
      let medianRatio = samples.median / max(floor.median, 1)
      let p99Ratio = samples.p99 / max(floor.p99, 1)
      let cpuPerAction = cpu / Double(durations.count)
      let rawCPUPerCommit = rawCPU / Double(durations.count)
      var point = result(
        "3 \(action.name)", rows: rows, samples, baseline: floor.median,
        baselineName: "raw one-row commit, p99 \(TableFormat.decimal(floor.p99)) µs; median µs",
        ratio: medianRatio,
        goal: Goal(
          text: String(
            format:
              "%.2f× raw median, %.2f× raw p99 ≤ 1.2×; CPU %.0f µs ≤ 150 (raw commit %.0f); %@",
            medianRatio, p99Ratio, cpuPerAction, rawCPUPerCommit,
            StableRounds.describe(figures[0])),
          met: medianRatio <= 1.2 && p99Ratio <= 1.2 && cpuPerAction <= 150))
      point.cpuMicroseconds = cpuPerAction
      emit(point)
    }
  }

  /// How many rows a list's page shows (the view models' default).
  static let pageSize = 20

  /// The page of the chat (oldest first, page 1 the newest) that shows item `number` of
  /// `total` messages.
  static func chatPage(of number: Int, in total: Int) -> Int {
    (total - number) / pageSize + 1
  }
}
