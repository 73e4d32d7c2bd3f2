import Foundation

// Goal 10's fourth part: a screen's open time on the shared store.
extension ProcessBenchmark {
  /// `pocket chat` on the postgres store (online) against `pocket chat` on the sqlite store
  /// holding as many messages, interleaved, medians of wall time. Issue 47's goal is ≤ 1.2×,
  /// once every read is served from the machine's own replica; until then the shared
  /// store's open connects to the server and reads the page there, and this row is the
  /// figure the replica is to bring down.
  func openOnPostgres(_ postgres: PostgresRun) async throws {
    let schema = "open_goal"
    let arguments = postgres.arguments(postgres.machine("open"), schema: schema) + ["chat"]
    _ = try Child.run(pocket, arguments)
    try postgres.fillMessages(schema, count: sizes.startupMessages)
    let sqlite = scratch.directory()
    defer { scratch.remove(sqlite) }
    try await fill(.sqlite, sqlite, messages: sizes.startupMessages, screen: .chat)
    let local = pocketArguments(sqlite, ["chat"])
    var shared: [Duration] = []
    var baseline: [Duration] = []
    let figures = try stableRounds(
      initial: sizes.startupRepeats, warmUp: sizes.warmUp, limits: [Self.sharedOpenLimit]
    ) { timed in
      let measured = try Child.run(pocket, arguments)
      let sqliteRun = try Child.run(pocket, local)
      guard timed else { return [] }
      shared.append(measured.wall)
      baseline.append(sqliteRun.wall)
      return [Self.ratio(measured.wall.microseconds, sqliteRun.wall.microseconds)]
    }
    emit(
      ratioResult(
        "10 chat open, shared store online vs sqlite (wall)", store: "postgres",
        rows: sizes.startupMessages, Samples(shared), baseline: Samples(baseline),
        baselineName: "sqlite chat µs", against: "sqlite", limit: Self.sharedOpenLimit,
        rounds: figures[0]))
  }

  /// Issue 47's goal for a screen's open time on the shared store against the sqlite store.
  static let sharedOpenLimit = 1.2
}
