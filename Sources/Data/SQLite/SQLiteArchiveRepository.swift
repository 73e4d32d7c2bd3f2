import Domain
import Foundation

struct SQLiteArchiveRepository: ArchiveRepository {
  let database: SQLiteDatabase

  func export() async throws -> StoreArchive {
    try await database.read { try Self.archive($0) }
  }

  /// Each kind's count (`RecordKind.counted`): the lists' from `row_counts` (kept by
  /// triggers), the small tables counted.
  func recordCounts() async throws -> RecordCounts {
    try await database.read { connection in
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
  }

  /// Every record that can be read, and each row that cannot, named: a row holding a value
  /// out of range (as a Pocket before every door checked could write) is left out instead
  /// of refusing the whole export, so `pocket export` can rescue what such a file holds.
  func salvage() async throws -> (archive: StoreArchive, unreadable: [String]) {
    try await database.read { connection in
      let skipped = SkippedRows()
      let archive = try Self.archive(connection, skipping: skipped)
      return (archive, skipped.reasons)
    }
  }

  /// The rows a salvaging read left out, each with why.
  private final class SkippedRows {
    var reasons: [String] = []
  }

  /// Every record, in the archive's canonical orders. With `skipped`, a row that cannot be
  /// read is left out and named there; without it, it throws.
  private static func archive(_ connection: SQLiteConnection, skipping skipped: SkippedRows? = nil)
    throws -> StoreArchive
  {
    /// `body`'s value; `nil` for a row `skipped` takes instead.
    func row<Value>(_ body: () throws -> Value) throws -> Value? {
      do {
        return try body()
      } catch let error as InvalidRow {
        guard let skipped else { throw error }
        skipped.reasons.append(error.reason)
        return nil
      }
    }
    func rows<Value>(_ sql: String, _ read: (SQLiteStatement) throws -> Value) throws -> [Value] {
      try connection.query(sql) { statement in try row { try read(statement) } }
        .compactMap { $0 }
    }
    let screen = try SQLiteScreenRepository.state(connection)
    return StoreArchive(
      stopwatch: try row { try SQLiteStopwatchRepository.stopwatch(connection) } ?? Stopwatch(),
      laps: try rows("SELECT \(LapRow.columns) FROM laps ORDER BY number") {
        try LapRow($0).toDomain()
      },
      bookmarks: try rows(
        "SELECT \(BookmarkRow.columns) FROM bookmarks ORDER BY bookmarked_at_ms, id"
      ) { try BookmarkRow($0).toDomain() },
      latestRates: try row { try SQLiteExchangeRateRepository.snapshot("latest", connection) }
        ?? nil,
      previousRates: try row {
        try SQLiteExchangeRateRepository.snapshot("previous", connection)
      } ?? nil,
      // Sorted in Swift, so the order is Swift's string order whatever the collation.
      favoriteCurrencies: try connection.query("SELECT code FROM favorite_currencies") {
        $0.text(0)
      }.sorted(),
      lastScreen: try row { try screen?.lastScreen() } ?? nil,
      lastCalculatorCurrency: screen?.lastCalculatorCurrency,
      mindLogs: try rows("SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY id") {
        try MindLogRow($0).toDomain()
      },
      lastMindLogID: try checkedColumn(
        connection.integer("SELECT value FROM counters WHERE name = 'mind_logs'") ?? 0,
        Limits.counter, "counters.value of mind_logs"),
      messages: try rows("SELECT \(ChatMessageRow.columns) FROM chat_messages ORDER BY id") {
        try ChatMessageRow($0).toDomain()
      },
      lastMessageID: try checkedColumn(
        connection.integer("SELECT value FROM counters WHERE name = 'chat_messages'") ?? 0,
        Limits.counter, "counters.value of chat_messages"))
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
