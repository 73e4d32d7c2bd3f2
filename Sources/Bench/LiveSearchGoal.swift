import Foundation
import PocketDomain
import TestSupport

/// Part of goal 9 of `ProcessBenchmark`: the time from the Enter that runs a search on the
/// chat of `messages` messages, 10 of which match, to the frame that shows the matches, on
/// a pseudo-terminal at 80×24. The search reads the whole chat a chunk at a time
/// (`MatchingItems`), so this is its cost at the size of the store.
struct LiveSearchGoal {
  let pocket: String
  let directory: URL
  /// Messages in the chat searched.
  let messages: Int
  /// Searches timed.
  let rounds: Int

  /// The word the 10 matching messages hold, and no other.
  static let needle = "needle"
  static let matches = 10

  /// The messages of the bench's chat, `matches` of them holding the needle, spread over it.
  static func drafts(_ count: Int) -> [(content: String, date: Date)] {
    let spacing = max(1, count / matches)
    return Fixtures.messageDrafts(count).enumerated().map { index, draft in
      guard index % spacing == spacing / 2, index / spacing < matches else { return draft }
      return (content: "Benchmark \(needle) \(index)", date: draft.date)
    }
  }

  func measure(filling fill: (URL, [(content: String, date: Date)]) async throws -> Void)
    async throws(BenchError) -> [BenchResult]
  {
    #if os(Linux)
      let store = directory.appendingPathComponent("search")
      do {
        try await fill(store, Self.drafts(messages))
      } catch {
        throw BenchError.failed("filling the chat to search: \(error)")
      }
      return try BenchError.naming("the live view's search") { try measureOnATerminal(store) }
    #else
      return [.skipped("9 live view search", "Linux only")]
    #endif
  }

  #if os(Linux)
    private func measureOnATerminal(_ store: URL) throws -> [BenchResult] {
      let pty = try PseudoTerminal(
        executable: pocket, arguments: ["--store-path", store.path, "--lang", "en"],
        environment: LiveTerminal.environment(home: directory, ["TZ": "UTC"]), rows: 24,
        columns: 80)
      defer { LiveTerminal.quit(pty) }
      try pty.read(untilScreen: { $0.text.contains("[Chat]") }, timeout: .seconds(60))
      let shown = "Search: \"\(Self.needle)\" · \(Self.matches) matches"
      var durations: [Duration] = []
      for _ in 0..<rounds {
        pty.send("/")
        for letter in Self.needle { pty.send(String(letter)) }
        try pty.read(
          untilScreen: { $0.text.contains("Search: \(Self.needle)") }, timeout: .seconds(10))
        pty.read(for: .milliseconds(200))
        pty.readAvailable()
        pty.clearOutput()
        let start = ContinuousClock.now
        pty.send("\r")
        do {
          try pty.read(untilScreen: { $0.text.contains(shown) }, timeout: .seconds(120))
        } catch {
          throw BenchError.failed("the search did not show \(shown):\n\(pty.screen.text)")
        }
        durations.append(start.duration(to: .now))
        // Cleared, uncounted: Esc shows the whole chat again.
        pty.send("\u{1B}")
        try pty.read(untilScreen: { !$0.text.contains(shown) }, timeout: .seconds(120))
        pty.read(for: .milliseconds(200))
      }
      let samples = Samples(durations)
      var row = BenchResult(
        workload: "9 key to frame: a search matching \(Self.matches) of the chat",
        store: "sqlite", rows: messages, samples: samples, ratio: samples.median / 16_000)
      row.baseline = 16_000
      row.baselineName = "a frame, µs"
      row.note = "Enter to the frame of the matches; the search reads every message"
      return [row]
    }
  #endif
}
