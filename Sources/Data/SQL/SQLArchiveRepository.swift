import Foundation
import PocketDomain

/// What the import asks of each database where the two write a whole store their own way:
/// SQLite turns its triggers off for each batch and does their work once; PostgreSQL inserts
/// many rows a statement, from arrays.
protocol SQLArchiveWriting: SQLArchiveReading, SQLLapReading {
  /// What `importBegan` learns of the store that each batch needs.
  associatedtype ImportState

  /// Called once every table is emptied, before anything is written: sets every list's row
  /// count to 0 (a count out of range, which every read refuses, is replaced too), and has
  /// the import reported as a change to every kind of record.
  func importBegan() throws -> ImportState

  /// Inserts `batch` into its table, which the import emptied, keeping its row count (not
  /// its list blocks: the import has them cut again at its end, `listReplaced`). A second
  /// row with one identity throws `DomainError.duplicate`.
  func insertBatch(_ batch: SQLBatch, _ state: ImportState) throws
}

extension Repositories {
  /// Every repository of an SQL store, all sharing `database`, whose changes made elsewhere
  /// `changes` reports, and its waits for another program's lock `waits`.
  init<Database: SQLDatabase>(
    database: Database, changes: any StoreObservation, waits: StoreWaits
  ) where Database.Connection: SQLArchiveWriting {
    self.init(
      stopwatch: SQLStopwatchRepository(database: database),
      bookmarks: SQLBookmarkRepository(database: database),
      rates: SQLExchangeRateRepository(database: database),
      screens: SQLScreenRepository(database: database),
      mindLogs: SQLMindLogRepository(database: database),
      chat: SQLChatRepository(database: database),
      archive: SQLArchiveRepository(database: database),
      declared: SQLDeclaredRecordRepository(database: database), changes: changes, waits: waits)
  }
}

/// The statements of `SQLArchiveRepository`.
enum ImportSQL {
  static let insertScreen = SQLText(
    """
    INSERT INTO screen_state (id, screen, currency, last_calculator_currency)
    VALUES (1, ?, ?, ?)
    """)
  static let favoriteColumns = [SQLColumn("code", .text)]
}

/// The archive of an SQL store (SQLite or PostgreSQL): its records read in one read
/// transaction (`SQLArchiveReader`), and replaced by an import in one write transaction.
struct SQLArchiveRepository<Database: SQLDatabase>: ArchiveRepository
where Database.Connection: SQLArchiveWriting {
  let database: Database

  /// How many records the store asks its source for at a time.
  static var pageSize: Int { 8_192 }

  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    try await database.read { connection in try body(SQLArchiveReader<Database>(connection)) }
  }

  func recordCounts() async throws -> RecordCounts {
    try await database.read { try SQLArchiveReader<Database>.recordCounts($0) }
  }

  /// Every record that can be read, and each row that cannot, named: a row holding a value
  /// its record refuses (out of range, as a Pocket before every door checked could write, or
  /// a text longer than typing takes, written by another client) is left out instead of
  /// refusing the whole export, so `pocket export` can rescue the rest.
  func salvage() async throws -> (archive: StoreArchive, unreadable: [StoreCause]) {
    try await database.read { connection in
      let skipped = SkippedRows()
      let archive = try StoreArchive(
        reading: SQLArchiveReader<Database>(connection, skipping: skipped))
      return (archive, skipped.reasons)
    }
  }

  /// Deletes every row and writes what `source` reads, all in one transaction under the
  /// store's lock: the small records first, then each list a page at a time, each page a
  /// batch (`SQLArchiveWriting.insertBatch`). Two records with one identity (a url, a lap
  /// number, an id) throw `DomainError.duplicate` and change nothing.
  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws {
    let progress = ArchiveProgress.reporter(.importing)
    try await database.write { connection in
      let head = try source.head()
      if onlyIfEmpty, try RecordKind.all.contains(where: { try $0.sqlHoldsUserData(connection) }) {
        throw DomainError.invalidInput(.storeNotEmpty)
      }
      // DELETE rather than TRUNCATE: a reader's snapshot taken before keeps the old rows, and
      // readers are not locked out while the import runs. The shown list goes too, though no
      // archive holds it: the ids it names may be given to other records by the import.
      for table in RecordKind.tablesOfRecords + SQLShownList.tables {
        // Table names are constants of ours; values are never interpolated.
        try connection.execute(SQLText("DELETE FROM \(table)"))
      }
      let state = try connection.importBegan()
      try Self.insertHead(head, connection)
      let pageSize = Self.pageSize
      try source.laps(pageSize: pageSize) { laps in
        let rows = try laps.map { LapRow(try $0.storable()) }
        try connection.insertBatch(BatchTables.laps.batch(rows), state)
      }
      // In archive order, so the insertion order (the tie-breaker) is the archive's.
      try source.bookmarks(pageSize: pageSize) { bookmarks in
        let rows = try bookmarks.map { BookmarkRow(try $0.storable()) }
        try connection.insertBatch(BatchTables.bookmarks.batch(rows), state)
      }
      try source.mindLogs(pageSize: pageSize) { entries in
        try connection.insertBatch(BatchTables.mindLogs.batch(entries.map(MindLogRow.init)), state)
      }
      let total = progress == nil ? 0 : try source.recordCounts().chatMessages
      var done = 0
      try source.messages(pageSize: pageSize) { messages in
        try connection.insertBatch(BatchTables.messages.batch(messages), state)
        done += messages.count
        progress?(done, max(total, done))
      }
      try connection.execute(SharedSQL.setCounter, head.lastMindLogID, "mind_logs")
      try connection.execute(SharedSQL.setCounter, head.lastMessageID, "chat_messages")
      for list in ListIndex.all { try connection.listReplaced(list) }
      progress?(done, done)
    }
  }

  /// Inserts the small records of `head` into emptied tables.
  private static func insertHead(_ head: StoreArchive, _ connection: Database.Connection) throws {
    try SQLStopwatchRepository<Database>.save(head.stopwatch, connection)
    if let latest = head.latestRates {
      try SQLExchangeRateRepository<Database>.insert(latest, into: "latest", connection)
    }
    if let previous = head.previousRates {
      try SQLExchangeRateRepository<Database>.insert(previous, into: "previous", connection)
    }
    try connection.insert(
      Set(head.favoriteCurrencies).sorted().map { [$0] }, into: "favorite_currencies",
      ImportSQL.favoriteColumns)
    try SQLDeclaredRecordRepository<Database>.insert(head.declared, connection)
    let screen = ScreenStateRow(
      lastScreen: head.lastScreen, lastCalculatorCurrency: head.lastCalculatorCurrency)
    try connection.execute(
      ImportSQL.insertScreen, screen.screen, screen.currency, screen.lastCalculatorCurrency)
  }
}
