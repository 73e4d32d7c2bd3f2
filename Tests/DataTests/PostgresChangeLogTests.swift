import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// The change log a machine's copy of a postgres store will be brought up to date from
/// (`PostgresSchema.changeLog`): every write, by Pocket or by `psql`, logs each row of
/// records it touched, with positions that commit in order, and the log stays bounded and
/// says where it was pruned. The rows each write touched are found here apart from the log:
/// by comparing every logged table's rows before and after the write.
@Suite(
  "PostgreSQL: change log",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresChangeLogTests {
  let server: PostgresServer
  let schema = PostgresServer.uniqueSchema()
  let store: PostgresStore
  /// A connection of the test's own on the store's schema, as another client (`psql`).
  let connection: PostgresConnection

  init() throws {
    server = try #require(PostgresServer.shared)
    store = try PostgresStore.open(
      PostgresTarget(url: server.url(), schema: schema), environment: [:])
    connection = try Self.connect(server, schema)
  }

  static func connect(_ server: PostgresServer, _ schema: String) throws -> PostgresConnection {
    let connection = try PostgresConnection(
      try LibPQ.load(environment: [:]), parameters: [("dbname", server.url())])
    try connection.execute(
      "SELECT set_config('search_path', $1, false)", PostgresSchema.quoted(schema))
    return connection
  }

  /// Every row of every logged table, as "TABLE KEY" to the row, the key built here with
  /// `jsonb_build_object` from the table's key columns.
  func rows() throws -> [String: String] {
    var rows: [String: String] = [:]
    for (table, key) in PostgresSchema.loggedTables {
      let built = key.map { "'\($0)', t.\($0)" }.joined(separator: ", ")
      for (name, row) in try connection.query(
        "SELECT jsonb_build_object(\(built))::text, to_jsonb(t)::text FROM \(table) t",
        arguments: [], row: { ($0.text(0), $0.text(1)) })
      {
        rows[table + " " + name] = row
      }
    }
    return rows
  }

  /// Whether the log's `entries` name every row that differs between `before` and `after`
  /// (a `TRUNCATE` names every row), and only rows of the tables of the kinds `write`
  /// touches (`SQLTableKinds`, and `declared_records` for a declared kind's).
  func expectEntries(
    _ entries: [ChangeLogEntry], cover before: [String: String], _ after: [String: String],
    _ write: ChangeKindsContractTests.Write
  ) {
    let named = Set(entries.map { $0.table + " " + ($0.key ?? "*") })
    let truncated = Set(entries.filter { $0.key == nil }.map(\.table))
    let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    let missed = changed.filter {
      !named.contains($0) && !truncated.contains(String($0.prefix { $0 != " " }))
    }
    #expect(missed.isEmpty, "\(write): not logged: \(missed.sorted())")
    let tables = Set(
      SQLTableKinds.all.filter { !$0.kinds.isDisjoint(with: write.kinds) }.map(\.table)
        + (write.kinds.isDisjoint(with: .tally) ? [] : ["declared_records"]))
    let strays = entries.filter { !tables.contains($0.table) }
    #expect(strays.isEmpty, "\(write): logged rows of other kinds: \(strays)")
  }

  /// More writes than the change-kinds contract's: edits and deletes of every kind.
  static let edits: [ChangeKindsContractTests.Write] = [
    .init(description: "a message edited and another deleted", kinds: .chat) {
      let sent = try await $0.chat.insert(contentsOf: [
        ("a", Fixtures.date()), ("b", Fixtures.date()),
      ])
      try await $0.chat.update(ChatMessage(id: sent[0].id, content: "A", date: Fixtures.date()))
      try await $0.chat.delete(id: sent[1].id)
    },
    .init(description: "a mind-log entry changed and deleted", kinds: .mindLog) {
      let entry = try await $0.mindLogs.insert(date: Fixtures.date(), score: 3, note: "low")
      _ = try await $0.mindLogs.update(id: entry.id, score: 4, note: "better", date: nil)
      try await $0.mindLogs.delete(id: entry.id)
    },
    .init(description: "a bookmark renamed and removed", kinds: .bookmarks) {
      let url = "https://example.com/2"
      try await $0.bookmarks.toggleOn(
        Bookmark(url: url, title: "two", noticeDate: Fixtures.date(), bookmarkedAt: Fixtures.date())
      )
      try await $0.bookmarks.rename(url: url, to: "zwei")
      try await $0.bookmarks.delete(url: url)
    },
    .init(description: "a lap taken, then the stopwatch reset", kinds: .stopwatch) {
      try await $0.stopwatch.update(
        appending: Lap(number: 1, lapTime: .seconds(1), total: .seconds(1)))
      try await $0.stopwatch.reset()
    },
    .init(description: "rates stored twice", kinds: .rates) {
      for day: Int64 in [1, 2] {
        try await $0.rates.storeNewer(
          RateSnapshot(
            base: "USD", publishedAt: Fixtures.date(day * 86_400_000),
            nextUpdateAt: Fixtures.date((day + 1) * 86_400_000), rates: ["USD": 1, "KRW": 1_400]))
      }
    },
  ]

  @Test(arguments: ChangeKindsContractTests.writes + edits)
  func everyWriteLogsEachRowItTouched(write: ChangeKindsContractTests.Write) async throws {
    let repositories = store.repositories
    // Something of every kind there first, so deletes and an import touch rows.
    for arrange in ChangeKindsContractTests.writes
    where arrange.kinds != .all && arrange.description != write.description {
      try await arrange.run(repositories)
    }
    let start = try #require(try connection.changeLog(after: 0, limit: 100_000).entries.last)
    let before = try rows()
    try await write.run(repositories)
    let after = try rows()
    let entries = try connection.changeLog(after: start.position, limit: 100_000).entries
    expectEntries(entries, cover: before, after, write)
    #expect(entries.map(\.position) == entries.map(\.position).sorted())
    if write.kinds == .screens {
      #expect(entries.isEmpty, "a screen is this machine's own, never logged")
    } else {
      #expect(!entries.isEmpty)
    }
    await store.close()
  }

  /// Today's list of logged tables is what the migrations made (each table's four triggers,
  /// with its key's columns), and it holds every table of records but the screens', which
  /// are each machine's own: a table added later without its log triggers is found here.
  @Test func everyTableOfRecordsIsLoggedByItsKey() async throws {
    let triggers = try connection.query(
      """
      SELECT c.relname, t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND t.tgname LIKE '%\\_logged\\_%'
      """, arguments: [schema], row: { ($0.text(0), $0.text(1), $0.text(2)) })
    let expected = PostgresSchema.loggedTables.flatMap { table, key in
      ["insert", "update", "delete", "truncate"].map { event in
        let arguments = key.map { "'\($0)'" }.joined(separator: ", ")
        return "\(table) \(table)_logged_\(event) log_change(\(arguments))"
      }
    }
    #expect(
      Set(
        triggers.map { table, name, definition in
          "\(table) \(name) "
            + (definition.firstRange(of: "log_change(").map {
              String(definition[$0.lowerBound...])
            } ?? definition)
        }) == Set(expected))
    let records = SQLTableKinds.all.filter { $0.kinds != .screens }.map(\.table)
    #expect(Set(PostgresSchema.loggedTables.map(\.table)) == Set(records + ["declared_records"]))
    for (table, key) in PostgresSchema.loggedTables {
      let primary = try connection.query(
        """
        SELECT a.attname FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid = $1::regclass AND i.indisprimary
        """, arguments: ["\(schema).\(table)"], row: { $0.text(0) })
      #expect(Set(primary) == Set(key), "\(table)")
    }
    await store.close()
  }

  /// Another client's statements are logged as Pocket's are: an update that changes a key
  /// names the row before and after, and a `TRUNCATE` every row.
  @Test func anotherClientsStatementsAreLoggedToo() async throws {
    _ = try await store.repositories.rates.toggleFavorite("EUR")
    _ = try await store.repositories.chat.insert(content: "hi", date: Fixtures.date())
    let start = try connection.changeLog(after: 0, limit: 100).entries.last?.position ?? 0
    try connection.execute("UPDATE favorite_currencies SET code = 'KRW' WHERE code = 'EUR'")
    try connection.execute("UPDATE chat_messages SET content = 'hello'")
    let entries = try connection.changeLog(after: start, limit: 100).entries
    #expect(
      Set(entries.map { "\($0.table) \($0.key ?? "*")" })
        == [
          #"favorite_currencies {"code": "EUR"}"#, #"favorite_currencies {"code": "KRW"}"#,
          #"chat_messages {"id": 1}"#,
        ])
    try connection.execute("TRUNCATE chat_messages")
    let truncated = try connection.changeLog(after: entries.last?.position ?? 0, limit: 100)
    #expect(truncated.entries.map { "\($0.table) \($0.key ?? "*")" } == ["chat_messages *"])
    await store.close()
  }

  /// With the log keeping 5 entries and pruning in batches of 3, it holds at most 7 after
  /// each of 48 writes, always every entry after the point it says it was pruned through,
  /// and that point moves as the bound says (worked out here, apart from the trigger).
  @Test func theLogStaysBoundedAndSaysWhereItWasPruned() async throws {
    let (kept, batch): (Int64, Int64) = (5, 3)
    try connection.execute("UPDATE change_log_pruned SET kept = $1, batch = $2", kept, batch)
    let chat = store.repositories.chat
    var pruned: Int64 = 0
    for turn in 1...48 {
      let sent = try await chat.insert(content: "\(turn)", date: Fixtures.date())
      let page = try connection.changeLog(after: 0, limit: 100)
      let newest = try #require(page.entries.last)
      #expect(newest.key == #"{"id": \#(sent.id)}"#)
      if newest.position - pruned >= kept + batch { pruned = newest.position - kept }
      #expect(page.prunedThrough == pruned, "after write \(turn)")
      #expect(page.entries.map(\.position) == Array(pruned + 1...newest.position))
      #expect(page.entries.count < kept + batch)
    }
    #expect(pruned > 0)
    // A reader that was behind the point learns it, and copies the store again.
    #expect(try connection.changeLog(after: 1, limit: 100).prunedThrough > 1)
    await store.close()
  }

  /// A position is given only once every transaction given a lower one has ended: another
  /// client's write waits while one transaction that logged a row is open.
  @Test func positionsCommitInTheOrderTheyAreGiven() async throws {
    let other = try Self.connect(server, schema)
    try connection.execute("BEGIN")
    try connection.execute("INSERT INTO favorite_currencies (code) VALUES ('EUR')")
    try other.execute("SET lock_timeout = '200ms'")
    #expect(throws: PostgresError.self) {
      try other.execute("INSERT INTO favorite_currencies (code) VALUES ('KRW')")
    }
    try connection.execute("COMMIT")
    try other.execute("INSERT INTO favorite_currencies (code) VALUES ('KRW')")
    #expect(
      try connection.changeLog(after: 0, limit: 10).entries.map { $0.key ?? "" }
        == [#"{"code": "EUR"}"#, #"{"code": "KRW"}"#])
    await store.close()
  }
}
