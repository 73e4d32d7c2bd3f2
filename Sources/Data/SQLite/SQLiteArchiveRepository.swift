import Domain
import Foundation

struct SQLiteArchiveRepository: ArchiveRepository {
  let database: SQLiteDatabase

  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  {
    try await database.read { connection in try body(SQLiteArchiveReader(connection)) }
  }

  func recordCounts() async throws -> RecordCounts {
    try await database.read { try Self.recordCounts($0) }
  }

  /// Each kind's count (`RecordKind.counted`): the lists' from `row_counts` (kept by
  /// triggers), the small tables counted.
  static func recordCounts(_ connection: SQLiteConnection) throws -> RecordCounts {
    var counts = RecordKind.counts(StoreArchive())
    for kind in RecordKind.all {
      guard let (heading, table) = kind.counted else { continue }
      switch table {
      case .rowCounts(let table): counts[keyPath: heading] += try rowCount(table, connection)
      case .countAll(let table):
        // Table names are constants of ours; values are never interpolated.
        counts[keyPath: heading] += Int(
          try connection.integer("SELECT count(*) FROM \(table)") ?? 0)
      }
    }
    return counts
  }

  /// Every record that can be read, and each row that cannot, named: a row holding a value
  /// out of range (as a Pocket before every door checked could write) is left out instead
  /// of refusing the whole export, so `pocket export` can rescue what such a file holds.
  func salvage() async throws -> (archive: StoreArchive, unreadable: [String]) {
    try await database.read { connection in
      let skipped = SkippedRows()
      let archive = try StoreArchive(
        reading: SQLiteArchiveReader(connection, skipping: skipped))
      return (archive, skipped.reasons)
    }
  }

  /// Deletes every row and writes `archive`, all in one transaction. Two records with one
  /// identity (a url, a lap number, an id) throw `DomainError.duplicate` and change nothing.
  func replaceAll(with archive: StoreArchive, onlyIfEmpty: Bool) async throws {
    let progress = ArchiveProgress.reporter(.importing)
    try await database.write { connection in
      if onlyIfEmpty, try Self.holdsUserData(connection) {
        throw DomainError.invalidInput(.storeNotEmpty)
      }
      // The shown list goes too, though no archive holds it: the ids it names may be given
      // to other records by the import.
      for table in RecordKind.tablesOfRecords + SQLiteSchema.shownTables {
        // Table names are constants of ours; values are never interpolated.
        try connection.execute("DELETE FROM \(table)")
      }
      try SQLiteStopwatchRepository.save(archive.stopwatch, connection)
      for lap in archive.laps {
        try SQLiteStopwatchRepository.append(lap, connection)
      }
      // In archive order, so the insertion order (the tie-breaker) is the archive's.
      for bookmark in archive.bookmarks {
        try SQLiteBookmarkRepository.insert(bookmark, connection)
      }
      if let latest = archive.latestRates {
        try SQLiteExchangeRateRepository.insert(latest, into: "latest", connection)
      }
      if let previous = archive.previousRates {
        try SQLiteExchangeRateRepository.insert(previous, into: "previous", connection)
      }
      for code in Set(archive.favoriteCurrencies) {
        try connection.execute("INSERT INTO favorite_currencies (code) VALUES (?)", code)
      }
      let screen = ScreenStateRow(
        lastScreen: archive.lastScreen, lastCalculatorCurrency: archive.lastCalculatorCurrency)
      try connection.execute(
        """
        INSERT INTO screen_state (id, screen, currency, last_calculator_currency)
        VALUES (1, ?, ?, ?)
        """, screen.screen, screen.currency, screen.lastCalculatorCurrency)
      for entry in archive.mindLogs.map(MindLogRow.init) {
        try insertUnique(
          connection, SQLiteMindLogRepository.insert, entry.id, entry.dateMs, entry.score,
          entry.note)
      }
      try Self.insert(archive.messages, connection, progress: progress)
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'mind_logs'", archive.lastMindLogID)
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'chat_messages'", archive.lastMessageID)
      for index in SQLiteListIndex.all { try index.rebuild(connection) }
    }
  }

  /// Whether the store holds user data of any kind (`RecordKind.holdsUserData`), asked of
  /// each table's first row rather than by reading every record.
  private static func holdsUserData(_ connection: SQLiteConnection) throws -> Bool {
    try RecordKind.all.contains { try $0.sqliteHoldsUserData(connection) }
  }

  /// Inserts `messages` with one prepared statement, telling `progress` every
  /// `progressStep` rows. The row-count triggers are off and the count is added once (a file
  /// of a schema before `row_counts`, which only tests still write, keeps them: it has
  /// none). A second message with one id throws `DomainError.duplicate`.
  private static func insert(
    _ messages: [ChatMessage], _ connection: SQLiteConnection,
    progress: (@Sendable (Int, Int) -> Void)?
  ) throws {
    let progressStep = 16_384
    let counted =
      try connection.integer("SELECT count(*) FROM sqlite_master WHERE name = 'row_counts'") == 1
    if counted {
      try connection.withoutTriggers {
        try insertRows(messages, connection, every: progressStep, progress: progress)
      }
      try connection.execute(SQLiteSharedSQL.addToRowCount, messages.count, "chat_messages")
    } else {
      try insertRows(messages, connection, every: progressStep, progress: progress)
    }
    progress?(messages.count, messages.count)
  }

  private static func insertRows(
    _ messages: [ChatMessage], _ connection: SQLiteConnection, every progressStep: Int,
    progress: (@Sendable (Int, Int) -> Void)?
  ) throws {
    let statement = try connection.statement(SQLiteChatRepository.insert)
    defer { statement.reset() }
    for (index, message) in messages.enumerated() {
      try statement.bind(message.id, at: 1)
      try statement.bind(message.content, at: 2)
      try statement.bind(message.date.epochMilliseconds, at: 3)
      try statement.bind(message.isEdited ? 1 : 0, at: 4)
      do {
        try statement.run()
      } catch {
        throw error.isUniquenessViolation ? DomainError.duplicate : error
      }
      if let progress, (index + 1) % progressStep == 0 { progress(index + 1, messages.count) }
    }
  }
}
