import Domain
import Foundation

struct SQLiteArchiveRepository: ArchiveRepository {
  let database: SQLiteDatabase

  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    try await database.read { connection in try body(SQLArchiveReader<SQLiteDatabase>(connection)) }
  }

  func recordCounts() async throws -> RecordCounts {
    try await database.read { try SQLArchiveReader<SQLiteDatabase>.recordCounts($0) }
  }

  /// Every record that can be read, and each row that cannot, named: a row holding a value
  /// out of range (as a Pocket before every door checked could write) is left out instead
  /// of refusing the whole export, so `pocket export` can rescue what such a file holds.
  func salvage() async throws -> (archive: StoreArchive, unreadable: [String]) {
    try await database.read { connection in
      let skipped = SkippedRows()
      let archive = try StoreArchive(
        reading: SQLArchiveReader<SQLiteDatabase>(connection, skipping: skipped))
      return (archive, skipped.reasons)
    }
  }

  /// Deletes every row and writes what `source` reads, all in one transaction: the small
  /// records first, then each list a page at a time, each list's rows inserted with one
  /// prepared statement. Two records with one identity (a url, a lap number, an id) throw
  /// `DomainError.duplicate` and change nothing.
  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws {
    let progress = ArchiveProgress.reporter(.importing)
    try await database.write { connection in
      let head = try source.head()
      if onlyIfEmpty, try Self.holdsUserData(connection) {
        throw DomainError.invalidInput(.storeNotEmpty)
      }
      // The shown list goes too, though no archive holds it: the ids it names may be given
      // to other records by the import.
      for table in RecordKind.tablesOfRecords + SQLiteSchema.shownTables {
        // Table names are constants of ours; values are never interpolated.
        try connection.execute("DELETE FROM \(table)")
      }
      let counted =
        try connection.integer("SELECT count(*) FROM sqlite_master WHERE name = 'row_counts'")
        == 1
      // The lists are empty, and so are their counts: a count out of range (a file edited by
      // hand, which every read refuses) is replaced too, so the import makes the store whole.
      if counted { try connection.execute("UPDATE row_counts SET value = 0") }
      // Every kind is replaced, whatever rows the batches below add with the triggers off:
      // a follower reloads everything (a file before `change_kinds`, which only tests still
      // write, has none).
      if try connection.integer(
        "SELECT count(*) FROM sqlite_master WHERE name = 'change_kinds'") == 1
      {
        try connection.execute(SQLiteChangeKinds.touch, RecordKinds.all.rawValue)
      }
      if try connection.integer(
        "SELECT count(*) FROM sqlite_master WHERE name = 'declared_versions'") == 1
      {
        try connection.execute(SQLiteChangeKinds.touchEverything)
      }
      try SQLStopwatchRepository<SQLiteDatabase>.save(head.stopwatch, connection)
      if let latest = head.latestRates {
        try SQLExchangeRateRepository<SQLiteDatabase>.insert(latest, into: "latest", connection)
      }
      if let previous = head.previousRates {
        try SQLExchangeRateRepository<SQLiteDatabase>.insert(previous, into: "previous", connection)
      }
      for code in Set(head.favoriteCurrencies) {
        try connection.execute("INSERT INTO favorite_currencies (code) VALUES (?)", code)
      }
      try SQLDeclaredRecordRepository<SQLiteDatabase>.insert(head.declared, connection)
      let screen = ScreenStateRow(
        lastScreen: head.lastScreen, lastCalculatorCurrency: head.lastCalculatorCurrency)
      try connection.execute(
        """
        INSERT INTO screen_state (id, screen, currency, last_calculator_currency)
        VALUES (1, ?, ?, ?)
        """, screen.screen, screen.currency, screen.lastCalculatorCurrency)
      try source.laps(pageSize: Self.pageSize) { laps in
        try Self.insert(laps, connection, Self.lapStatement, counted: counted, table: "laps")
      }
      // In archive order, so the insertion order (the tie-breaker) is the archive's.
      try source.bookmarks(pageSize: Self.pageSize) { bookmarks in
        try Self.insert(
          bookmarks, connection, BookmarkSQL.insert.questionMarks, counted: counted,
          table: "bookmarks")
      }
      try source.mindLogs(pageSize: Self.pageSize) { entries in
        try Self.insert(
          entries, connection, MindLogSQL.insert.questionMarks, counted: counted,
          table: "mind_logs")
      }
      let total = progress == nil ? 0 : try source.recordCounts().chatMessages
      var done = 0
      try source.messages(pageSize: Self.pageSize) { messages in
        try Self.insert(
          messages, connection, ChatSQL.insert.questionMarks, counted: counted,
          table: "chat_messages")
        done += messages.count
        progress?(done, max(total, done))
      }
      progress?(done, done)
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'mind_logs'", head.lastMindLogID)
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'chat_messages'", head.lastMessageID)
      for index in ListIndex.all { try index.rebuild(connection) }
    }
  }

  /// How many records the store asks its source for at a time.
  static let pageSize = 8_192
  static let lapStatement = StopwatchSQL.insertLap.questionMarks

  /// Whether the store holds user data of any kind (`RecordKind.holdsUserData`), asked of
  /// each table's first row rather than by reading every record.
  private static func holdsUserData(_ connection: SQLiteConnection) throws -> Bool {
    try RecordKind.all.contains { try $0.sqliteHoldsUserData(connection) }
  }

  /// Inserts `records` into `table` with the one prepared statement `sql`, reused for every
  /// row. The row-count triggers are off and the count is added once (a file of a schema
  /// before `row_counts`, which only tests still write, keeps them: it has none). A second
  /// record with one identity throws `DomainError.duplicate`.
  private static func insert<Record: SQLiteInsertable>(
    _ records: [Record], _ connection: SQLiteConnection, _ sql: String, counted: Bool,
    table: String
  ) throws {
    guard !records.isEmpty else { return }
    if counted {
      try connection.withoutTriggers { try insertRows(records, connection, sql) }
      try connection.execute(SQLiteSharedSQL.addToRowCount, records.count, table)
    } else {
      try insertRows(records, connection, sql)
    }
  }

  private static func insertRows<Record: SQLiteInsertable>(
    _ records: [Record], _ connection: SQLiteConnection, _ sql: String
  ) throws {
    let statement = try connection.statement(sql)
    defer { statement.reset() }
    for record in records {
      try record.bind(to: statement)
      do {
        try statement.run()
      } catch {
        throw error.isUniquenessViolation ? DomainError.duplicate : error
      }
    }
  }
}

/// A record the import inserts with a reused prepared statement: it binds its columns, in
/// the order of its table's insert statement.
private protocol SQLiteInsertable {
  func bind(to statement: SQLiteStatement) throws
}

extension Lap: SQLiteInsertable {
  fileprivate func bind(to statement: SQLiteStatement) throws {
    let row = LapRow(try storable())
    try statement.bind(Int64(row.number), at: 1)
    try statement.bind(row.lapMs, at: 2)
    try statement.bind(row.totalMs, at: 3)
  }
}

extension Bookmark: SQLiteInsertable {
  fileprivate func bind(to statement: SQLiteStatement) throws {
    let row = BookmarkRow(try storable())
    try statement.bind(row.url, at: 1)
    try statement.bind(row.title, at: 2)
    try statement.bind(row.noticeDateMs, at: 3)
    try statement.bind(row.bookmarkedAtMs, at: 4)
  }
}

extension MindLog: SQLiteInsertable {
  fileprivate func bind(to statement: SQLiteStatement) throws {
    let row = MindLogRow(self)
    try statement.bind(row.id, at: 1)
    try statement.bind(row.dateMs, at: 2)
    try statement.bind(row.score, at: 3)
    try statement.bind(row.note, at: 4)
  }
}

extension ChatMessage: SQLiteInsertable {
  fileprivate func bind(to statement: SQLiteStatement) throws {
    try statement.bind(id, at: 1)
    try statement.bind(content, at: 2)
    try statement.bind(date.epochMilliseconds, at: 3)
    try statement.bind(isEdited ? 1 : 0, at: 4)
  }
}
