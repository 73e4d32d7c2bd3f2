import Domain
import Foundation

struct PostgresArchiveRepository: ArchiveRepository {
  let database: PostgresDatabase

  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    try await database.read { connection in try body(SQLArchiveReader<PostgresDatabase>(connection))
    }
  }

  func recordCounts() async throws -> RecordCounts {
    try await database.read { try SQLArchiveReader<PostgresDatabase>.recordCounts($0) }
  }

  /// Every record that can be read, and each row that cannot, named: a row holding a value
  /// its record refuses (a text longer than typing takes, written by another client) is left
  /// out instead of refusing the whole export, so `pocket export` can rescue the rest.
  func salvage() async throws -> (archive: StoreArchive, unreadable: [String]) {
    try await database.read { connection in
      let skipped = SkippedRows()
      let archive = try StoreArchive(
        reading: SQLArchiveReader<PostgresDatabase>(connection, skipping: skipped))
      return (archive, skipped.reasons)
    }
  }

  // The statements of the import: each list inserted many rows per statement, from arrays
  // (`PostgresArray`), so a large archive costs a few round trips rather than one per record.
  static let insertLaps = """
    INSERT INTO laps (\(LapRow.columns))
    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])
    """
  /// In the arrays' order, so the identity `id` (the tie-breaker of equal times) keeps the
  /// archive's order.
  static let insertBookmarks = """
    INSERT INTO bookmarks (\(BookmarkRow.columns))
    SELECT url, title, notice_date_ms, bookmarked_at_ms
    FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])
      WITH ORDINALITY AS given (url, title, notice_date_ms, bookmarked_at_ms, position)
    ORDER BY position
    """
  static let insertFavorites = """
    INSERT INTO favorite_currencies (code) SELECT * FROM unnest($1::text[])
    """
  static let insertScreen = """
    INSERT INTO screen_state (id, screen, currency, last_calculator_currency)
    VALUES (1, $1, $2, $3)
    """
  static let insertMindLogs = """
    INSERT INTO mind_logs (\(MindLogRow.columns))
    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[])
    """
  /// The tables of the list shown last: emptied by an import, though no archive holds
  /// them, as the ids they name may be given to other records by the import.
  static let shownTables = ["shown_list", "shown_items"]

  /// Deletes every row and writes what `source` reads, all in one transaction under the
  /// store's lock: the small records first, then each list a page at a time, each page in
  /// a few statements of many rows. Two records with one identity (a url, a lap number, an
  /// id) throw `DomainError.duplicate` and change nothing.
  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws {
    let progress = ArchiveProgress.reporter(.importing)
    try await database.write { connection in
      let head = try source.head()
      if onlyIfEmpty,
        try RecordKind.all.contains(where: { try $0.postgresHoldsUserData(connection) })
      {
        throw DomainError.invalidInput(.storeNotEmpty)
      }
      // DELETE rather than TRUNCATE: a reader's snapshot taken before keeps the old rows,
      // and readers are not locked out while the import runs.
      for table in RecordKind.tablesOfRecords + Self.shownTables {
        // Table names are constants of ours; values are never interpolated.
        try connection.execute("DELETE FROM \(table)")
      }
      // The lists are empty, and so are their counts: a count out of range (edited by hand,
      // which every read refuses) is replaced too, so the import makes the store whole.
      try connection.execute("UPDATE row_counts SET value = 0")
      // Every kind is replaced, the declared kinds' too, whatever rows there were.
      try connection.execute(PostgresSchema.notifyEverything)
      try Self.insertHead(head, connection)
      try Self.insertLists(from: source, connection)
      let total = progress == nil ? 0 : try source.recordCounts().chatMessages
      var done = 0
      try source.messages(pageSize: Self.pageSize) { messages in
        try connection.insertMessages(messages)
        done += messages.count
        progress?(done, max(total, done))
      }
      try connection.execute(SharedSQL.setCounter, head.lastMindLogID, "mind_logs")
      try connection.execute(SharedSQL.setCounter, head.lastMessageID, "chat_messages")
      progress?(done, done)
    }
  }

  /// How many records the store asks its source for at a time.
  static let pageSize = 8_192

  /// Inserts the small records of `head` into emptied tables.
  private static func insertHead(_ head: StoreArchive, _ connection: PostgresConnection) throws {
    try SQLStopwatchRepository<PostgresDatabase>.save(head.stopwatch, connection)
    if let latest = head.latestRates {
      try SQLExchangeRateRepository<PostgresDatabase>.insert(latest, into: "latest", connection)
    }
    if let previous = head.previousRates {
      try SQLExchangeRateRepository<PostgresDatabase>.insert(previous, into: "previous", connection)
    }
    try connection.execute(
      insertFavorites, PostgresArray.literal(Set(head.favoriteCurrencies).sorted()))
    try SQLDeclaredRecordRepository<PostgresDatabase>.insert(head.declared, connection)
    let screen = ScreenStateRow(
      lastScreen: head.lastScreen, lastCalculatorCurrency: head.lastCalculatorCurrency)
    try connection.execute(
      insertScreen, screen.screen, screen.currency, screen.lastCalculatorCurrency)
  }

  /// Inserts the laps, bookmarks and mind-log entries `source` reads into emptied tables,
  /// a page at a time.
  private static func insertLists(
    from source: any ArchiveReader, _ connection: PostgresConnection
  ) throws {
    try source.laps(pageSize: pageSize) { page in
      for laps in chunks(try page.map { LapRow(try $0.storable()) }) {
        try insertUnique(
          connection, insertLaps, PostgresArray.literal(laps.lazy.map { Int64($0.number) }),
          PostgresArray.literal(laps.lazy.map(\.lapMs)),
          PostgresArray.literal(laps.lazy.map(\.totalMs)))
      }
    }
    try source.bookmarks(pageSize: pageSize) { page in
      for bookmarks in chunks(try page.map { BookmarkRow(try $0.storable()) }) {
        try insertUnique(
          connection, insertBookmarks, PostgresArray.literal(bookmarks.lazy.map(\.url)),
          PostgresArray.literal(bookmarks.lazy.map(\.title)),
          PostgresArray.literal(bookmarks.lazy.map(\.noticeDateMs)),
          PostgresArray.literal(bookmarks.lazy.map(\.bookmarkedAtMs)))
      }
    }
    try source.mindLogs(pageSize: pageSize) { page in
      for entries in chunks(page.map(MindLogRow.init)) {
        try insertUnique(
          connection, insertMindLogs, PostgresArray.literal(entries.lazy.map(\.id)),
          PostgresArray.literal(entries.lazy.map(\.dateMs)),
          PostgresArray.literal(entries.lazy.map(\.score)),
          PostgresArray.literal(entries.lazy.map(\.note)))
      }
    }
  }

  /// `rows` in pieces of at most `PostgresConnection.messagesPerStatement`.
  private static func chunks<Row>(_ rows: [Row]) -> [ArraySlice<Row>] {
    let size = PostgresConnection.messagesPerStatement
    return stride(from: 0, to: rows.count, by: size).map { rows[$0..<min($0 + size, rows.count)] }
  }
}
