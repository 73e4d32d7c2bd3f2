import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// A store file as a Pocket that had only the first of today's migrations wrote it: made
/// with those migrations, and filled with raw SQL as that version's tables held rows, never
/// with today's store code (which writes the tables as they are now).
enum OldSQLiteFile {
  /// The migrations up to and including the one named `name`.
  static func migrations(through name: String) throws -> [SQLiteSchema.Migration] {
    let index = try #require(
      SQLiteSchema.migrations.firstIndex { $0.name == name }, "no migration named \(name)")
    return Array(SQLiteSchema.migrations[...index])
  }

  /// Creates the file at `path` with `migrations`, runs `rows` (raw SQL) in it, and closes it.
  static func make(
    at path: String, with migrations: [SQLiteSchema.Migration], rows: [String] = []
  ) throws {
    // SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0006)
    try SQLiteMigrator(migrations: migrations).migrate(connection)
    for statement in rows {
      try connection.execute(statement)
    }
    try connection.close()
  }

  /// Every object of the schema of the file at `path`, with the SQL that made it.
  static func schema(_ path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0001)  // READONLY
    return try connection.query(
      "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
    ) { "\($0.text(0)) \($0.text(1)) on \($0.text(2)): \($0.optionalText(3) ?? "-")" }
  }
}

@Suite struct SQLiteMigrationTests {
  @Test func theCurrentVersionIsTheNumberOfMigrations() {
    #expect(SQLiteSchema.currentVersion == SQLiteSchema.migrations.count)
  }

  @Test func everyMigrationHasItsOwnName() {
    let names = SQLiteSchema.migrations.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(!names.contains(""))
  }

  /// A file that had the first `applied` migrations, opened by today's store, ends with the
  /// schema of a file today's store makes, and records every migration.
  @Test(arguments: 1...SQLiteSchema.migrations.count)
  func aFileOfAnEarlierVersionMigratesToTheSchemaOfANewFile(applied: Int) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = directory.appendingPathComponent("old/pocket.sqlite").path
    let new = directory.appendingPathComponent("new/pocket.sqlite").path
    try FileManager.default.createDirectory(
      atPath: (old as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try OldSQLiteFile.make(at: old, with: Array(SQLiteSchema.migrations.prefix(applied)))
    do {
      let store = try SQLiteStore.open(path: old)
      #expect(store.schemaVersion == SQLiteStore.currentSchemaVersion)
      _ = try SQLiteStore.open(path: new)
    }
    #expect(try OldSQLiteFile.schema(old) == OldSQLiteFile.schema(new))
    let connection = try SQLiteConnection(path: old, flags: 0x0000_0001)
    #expect(try connection.integer("PRAGMA user_version") == Int64(SQLiteSchema.migrations.count))
    #expect(try connection.integer("PRAGMA application_id") == SQLiteSchema.applicationID)
  }

  /// Rows a file held before `rowCounts` are counted and cut into list blocks by the
  /// migrations, and every later write keeps the counts.
  @Test func rowsWrittenBeforeRowCountsAreCountedAndPaged() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let messages = (1...40).map {
      ChatMessage(id: Int64($0), content: "m\($0)", date: Fixtures.date(Int64($0 % 4)))
    }
    try OldSQLiteFile.make(
      at: path, with: try OldSQLiteFile.migrations(through: "orderIndexes"),
      rows: messages.map {
        """
        INSERT INTO chat_messages (id, content, date_ms, edited)
        VALUES (\($0.id), '\($0.content)', \($0.date.epochMilliseconds), 0)
        """
      } + [
        "UPDATE counters SET value = 40 WHERE name = 'chat_messages'",
        "INSERT INTO laps (number, lap_ms, total_ms) VALUES (1, 500, 500), (2, 700, 1200)",
        """
        INSERT INTO bookmarks (id, url, title, notice_date_ms, bookmarked_at_ms)
        VALUES (1, 'https://n.example/1', 'one', 1000, 2000)
        """,
      ])

    let store = try SQLiteStore.open(path: path)
    #expect(store.schemaVersion == SQLiteStore.currentSchemaVersion)
    func counts() async throws -> [String: Int64] {
      try await store.database.read { connection in
        Dictionary(
          uniqueKeysWithValues: try connection.query("SELECT name, value FROM row_counts") {
            ($0.text(0), $0.int64(1))
          })
      }
    }
    #expect(
      try await counts() == [
        "laps": 2, "bookmarks": 1, "mind_logs": 0, "chat_messages": Int64(messages.count),
      ])
    let sorted = messages.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    #expect(
      try await store.repositories.chat.messages(offset: 30, limit: 20)
        == Page(items: Array(sorted[30...]), offset: 30, total: messages.count))
    #expect(
      try await store.repositories.stopwatch.lapSummary()
        == LapSummary(
          count: 2, fastest: Lap(number: 1, lapTime: .milliseconds(500), total: .milliseconds(500)),
          slowest: Lap(number: 2, lapTime: .milliseconds(700), total: .milliseconds(1_200))))
    let next = try await store.repositories.chat.insert(content: "new", date: Fixtures.date())
    #expect(next.id == Int64(messages.count) + 1)
    #expect(try await counts()["chat_messages"] == Int64(messages.count) + 1)
  }
}

/// Preparing SQL that SQLite refuses throws SQLite's error, named, instead of stopping the
/// process; a store file whose schema another program changed is reported as damaged.
@Suite struct SQLiteInvalidSQLTests {
  /// A connection to a private in-memory database.
  private func memory() throws -> SQLiteConnection {
    try SQLiteConnection(path: ":memory:", flags: 0x0000_0006)
  }

  @Test func preparingASyntaxErrorThrowsSQLitesMessage() throws {
    let connection = try memory()
    let error = try #require(throws: SQLiteError.self) { try connection.execute("SELEC 1") }
    #expect(error.isInvalidSQL)
    #expect(error.primaryCode == 1)  // SQLITE_ERROR
    #expect(error.message == "near \"SELEC\": syntax error")
    #expect(error.sql == "SELEC 1")
    #expect(error.description.contains("near \"SELEC\": syntax error"))
  }

  @Test func preparingAnUnknownColumnThrowsSQLitesMessage() throws {
    let connection = try memory()
    try connection.execute("CREATE TABLE t (a INTEGER)")
    let error = try #require(throws: SQLiteError.self) {
      _ = try connection.integer("SELECT b FROM t")
    }
    #expect(error.isInvalidSQL)
    #expect(error.message == "no such column: b")
    // The connection is still usable.
    try connection.execute("INSERT INTO t (a) VALUES (?)", 7)
    #expect(try connection.integer("SELECT a FROM t") == 7)
  }

  @Test func bindingTheWrongNumberOfValuesThrows() throws {
    let connection = try memory()
    try connection.execute("CREATE TABLE t (a INTEGER, b INTEGER)")
    let error = try #require(throws: SQLiteError.self) {
      try connection.execute("INSERT INTO t (a, b) VALUES (?, ?)", 1)
    }
    #expect(!error.isInvalidSQL)
    #expect(error.code == 25)  // SQLITE_RANGE
    #expect(error.message == "1 values for 2 parameters")
    #expect(try connection.integer("SELECT count(*) FROM t") == 0)
  }

  @Test func aColumnRenamedByAnotherProgramIsACorruptStore() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    _ = try await SQLiteStore.open(path: path).repositories.chat.insert(
      content: "hello", date: Fixtures.date())
    do {
      let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)  // READWRITE
      try connection.execute("ALTER TABLE chat_messages RENAME COLUMN content TO body")
    }
    let store = try SQLiteStore.open(path: path)
    await #expect(
      throws: DomainError.corruptStore(
        path: path,
        reason: StoreProblem(.foreignSchema(because: .system("no such column: content"))))
    ) {
      _ = try await store.repositories.chat.messages(offset: 0, limit: 10)
    }
  }
}
