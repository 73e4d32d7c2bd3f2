import Foundation
import TestSupport

// Goal 10's fourth part: a screen's open time on the shared store, online and offline.
extension ProcessBenchmark {
  /// `pocket chat` on the postgres store (online) against `pocket chat` on the sqlite store
  /// holding as many messages, interleaved, medians of wall time. Issue 47's goal is ≤ 1.2×.
  /// The first command's end leaves this machine's copy of the store, which the measured
  /// ones read after a pull (a store of more than 20,000 records is not copied yet: the
  /// full run's 100,000 messages are read on the server).
  func openOnPostgres(_ postgres: PostgresRun) async throws {
    try await openOnPostgres(
      postgres, schema: "open_goal", messages: sizes.startupMessages,
      name: "10 chat open, shared store online vs sqlite (wall)")
  }

  /// `pocket chat` on the postgres store with its server stopped (this machine's copy
  /// shown, with one warning) against the sqlite store, as `openOnPostgres`; on a server of
  /// its own, which it stops, with 10,000 messages (a store the copy holds whole).
  func openOnPostgresOffline(psql: String) async throws {
    let server = try PostgresServer.start(.init(fsync: true))
    defer { server.remove() }
    let folder = scratch.directory()
    defer { scratch.remove(folder) }
    let postgres = PostgresRun(pocket: pocket, psql: psql, url: server.url(), folder: folder)
    try await openOnPostgres(
      postgres, schema: "offline_goal", messages: Self.offlineMessages,
      name: "10 chat open, shared store offline vs sqlite (wall)"
    ) {
      try server.stop()
    }
  }

  /// The messages of the offline row's store: as many as the copy is made whole for.
  static let offlineMessages = 10_000

  private func openOnPostgres(
    _ postgres: PostgresRun, schema: String, messages: Int, name: String,
    beforeMeasuring: () throws -> Void = {}
  ) async throws {
    let arguments = postgres.arguments(postgres.machine("open"), schema: schema) + ["chat"]
    _ = try Child.run(pocket, arguments)
    try postgres.fillMessages(schema, count: messages)
    // The end of this one brings the copy up to date with the messages.
    _ = try Child.run(pocket, arguments)
    try beforeMeasuring()
    let sqlite = scratch.directory()
    defer { scratch.remove(sqlite) }
    try await fill(.sqlite, sqlite, messages: messages, screen: .chat)
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
        name, store: "postgres", rows: messages, Samples(shared), baseline: Samples(baseline),
        baselineName: "sqlite chat µs", against: "sqlite", limit: Self.sharedOpenLimit,
        rounds: figures[0]))
  }

  /// Issue 47's goal for a screen's open time on the shared store against the sqlite store.
  static let sharedOpenLimit = 1.2
}
