import Foundation
import TestSupport

/// Goal 10 of `ProcessBenchmark`: the postgres store, on a private server this run starts
/// (fsync on, synchronous commit on, a Unix socket), in four parts:
/// - `pocket --store postgres say hi` against `psql` inserting the same row the same way
///   (the id from the store's counter), interleaved, medians of wall time;
/// - flat: every command of goal 4 on a schema of `flatLarge` records against one of
///   `flatSmall` (both filled by the server from `generate_series`);
/// - two machines: processes with their own HOME and `--store-path` on one schema, a live
///   view on one and `pocket say` on the other, from the writer's exit to the frame;
/// - a screen's open: `pocket chat` on the shared store against the sqlite store, online
///   (`openOnPostgres`) and with its server stopped (`openOnPostgresOffline`).
extension ProcessBenchmark {
  func postgresGoal() async throws {
    let server: PostgresServer
    do {
      server = try postgres ?? PostgresServer.start(.init(fsync: true))
    } catch {
      emit(.skipped("10 postgres", "no PostgreSQL server: \(error)", store: "postgres"))
      return
    }
    defer { if postgres == nil { server.remove() } }
    guard let psql = Self.psqlProgram() else {
      emit(.skipped("10 postgres", "no psql", store: "postgres"))
      return
    }
    let folder = scratch.directory()
    defer { scratch.remove(folder) }
    let postgres = PostgresRun(pocket: pocket, psql: psql, url: server.url(), folder: folder)
    try sayAgainstPSQL(postgres)
    try flatOnPostgres(postgres)
    try await openOnPostgres(postgres)
    try await openOnPostgresOffline(psql: psql)
    if sizes.followChanges > 0 {
      for row in PostgresFollow(run: postgres, changes: sizes.followChanges).measure() {
        emit(row)
      }
    }
  }

  /// psql from the PostgreSQL installation, else the one on PATH.
  static func psqlProgram() -> String? {
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    let installed = versions.sorted { (Double($0) ?? 0) > (Double($1) ?? 0) }
      .map { "/usr/lib/postgresql/\($0)/bin/psql" }
    return installed.first { FileManager.default.isExecutableFile(atPath: $0) }
      ?? Child.onPath("psql")
  }

  // MARK: Part 1: against psql

  /// The default (dynamic) `pocket` and, when `make static` built it, the installed
  /// (static) one, in the same rounds, each against the `psql` of its round.
  private func sayAgainstPSQL(_ postgres: PostgresRun) throws {
    let schema = "say_goal"
    let machine = postgres.machine("say")
    let arguments = postgres.arguments(machine, schema: schema)
    _ = try Child.run(pocket, arguments + ["chat"])
    try postgres.fillMessages(schema, count: sizes.startupMessages)
    var pockets = [(name: "dynamic", path: pocket)]
    switch staticBinaries() {
    case .success(let binaries): pockets.insert(("installed static", binaries.pocket), at: 0)
    case .failure(let why):
      emit(
        BenchResult(
          workload: "10 say hi vs psql (installed static: skipped, \(why))", store: "postgres",
          rows: nil))
    }
    var pocketWall = Array(repeating: [Duration](), count: pockets.count)
    var psqlWall: [Duration] = []
    var index = 0
    let figures = try stableRounds(
      initial: sizes.startupRepeats, warmUp: sizes.warmUp,
      limits: Array(repeating: 1.5, count: pockets.count)
    ) { timed in
      var ratios: [Double] = []
      for (which, program) in pockets.enumerated() {
        let date = Fixtures.date(sizes.startupMessages + index).epochMilliseconds
        index += 1
        // One statement, so one transaction: the next id from the counter, and the row.
        let sql = """
          WITH next AS (UPDATE \(schema).counters SET value = value + 1
          WHERE name = 'chat_messages' RETURNING value)
          INSERT INTO \(schema).chat_messages (id, content, date_ms, edited)
          SELECT value, 'hi', \(date), false FROM next
          """
        let baseline = try Child.run(postgres.psql, postgres.psqlArguments(sql))
        let measured = try Child.run(program.path, arguments + ["say", "hi"])
        guard timed else { continue }
        psqlWall.append(baseline.wall)
        pocketWall[which].append(measured.wall)
        ratios.append(Self.ratio(measured.wall.microseconds, baseline.wall.microseconds))
      }
      return ratios
    }
    let expected = sizes.startupMessages + 2 * index
    let stored = try postgres.query(
      "SELECT value FROM \(schema).row_counts WHERE name = 'chat_messages'")
    guard stored == "\(expected)" else {
      throw BenchError.failed("goal 10: \(stored) messages stored, not \(expected)")
    }
    let baseline = Samples(psqlWall)
    for (which, program) in pockets.enumerated() {
      emit(
        ratioResult(
          "10 say hi vs psql (wall, \(program.name))", store: "postgres",
          rows: sizes.startupMessages, Samples(pocketWall[which]), baseline: baseline,
          baselineName: "psql insert µs", against: "psql", limit: 1.5, rounds: figures[which]))
    }
  }

  // MARK: Part 2: flat from small to large

  private func flatOnPostgres(_ postgres: PostgresRun) throws {
    let small = postgres.machine("flat-small")
    let large = postgres.machine("flat-large")
    let schemas = [small: "flat_small", large: "flat_large"]
    for (directory, count) in [(small, sizes.flatSmall), (large, sizes.flatLarge)] {
      let schema = schemas[directory] ?? ""
      _ = try Child.run(pocket, postgres.arguments(directory, schema: schema) + ["chat"])
      try postgres.fillMessages(schema, count: count)
      try postgres.fillBookmarks(schema, count: count)
      _ = try postgres.query("VACUUM ANALYZE")
    }
    let rows = try flatRows(
      "10", store: "postgres", small: small, large: large,
      arguments: { postgres.arguments($0, schema: schemas[$0] ?? "") + $1 })
    for row in rows { emit(row) }
  }
}

/// The server, the programs and the folders of one run of goal 10.
struct PostgresRun: Sendable {
  let pocket: String
  let psql: String
  let url: String
  let folder: URL

  /// Rows a statement when the server fills a list.
  static let fillChunk = 100_000

  /// A "machine": a folder of its own, its HOME and its `--store-path`.
  func machine(_ name: String) -> URL {
    folder.appendingPathComponent(name)
  }

  func arguments(_ machine: URL, schema: String) -> [String] {
    [
      "--store", "postgres", "--store-url", url, "--store-schema", schema, "--store-path",
      machine.path, "--lang", "en",
    ]
  }

  func psqlArguments(_ sql: String) -> [String] {
    ["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql]
  }

  /// Runs `sql` with psql; its output without the final newline.
  @discardableResult
  func query(_ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: psql)
    process.arguments = psqlArguments(sql)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError.failed("psql failed: \(error)")
    }
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// `count` chat messages after those in `schema` (the triggers keep the counts and the
  /// blocks), the counter past the last id.
  func fillMessages(_ schema: String, count: Int) throws {
    let first =
      Int(try query("SELECT value FROM \(schema).counters WHERE name = 'chat_messages'")) ?? 0
    for start in stride(from: 1, through: count, by: Self.fillChunk) {
      let end = min(start + Self.fillChunk - 1, count)
      try query(
        """
        INSERT INTO \(schema).chat_messages (id, content, date_ms, edited)
        SELECT \(first) + g, 'Message ' || g, \(Self.epoch) + g * 60000, false
        FROM generate_series(\(start)::bigint, \(end)::bigint) AS g
        """)
    }
    try query(
      "UPDATE \(schema).counters SET value = \(first + count) WHERE name = 'chat_messages'")
  }

  /// `count` bookmarks, each of a notice of its own.
  func fillBookmarks(_ schema: String, count: Int) throws {
    for start in stride(from: 1, through: count, by: Self.fillChunk) {
      let end = min(start + Self.fillChunk - 1, count)
      try query(
        """
        INSERT INTO \(schema).bookmarks (url, title, notice_date_ms, bookmarked_at_ms)
        SELECT 'https://example.org/notice/' || g, 'Notice ' || g, \(Self.epoch) + g * 60000,
          \(Self.epoch) + g * 60000
        FROM generate_series(\(start)::bigint, \(end)::bigint) AS g
        """)
    }
  }

  /// 2023-11-14, in epoch milliseconds: the first filled record's time.
  static let epoch = 1_700_000_000_000
}
