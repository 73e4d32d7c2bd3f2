import Domain
import Foundation

extension Repositories {
  /// Every repository, all sharing `database`.
  init(database: SQLiteDatabase) {
    self.init(
      stopwatch: SQLiteStopwatchRepository(database: database),
      bookmarks: SQLiteBookmarkRepository(database: database),
      rates: SQLiteExchangeRateRepository(database: database),
      screens: SQLiteScreenRepository(database: database),
      mindLogs: SQLiteMindLogRepository(database: database),
      chat: SQLiteChatRepository(database: database),
      archive: SQLiteArchiveRepository(database: database))
  }
}

/// `offset` and `limit` as `StoreState`'s `page` reads them: negative values count as 0.
private func window(offset: Int, limit: Int) -> (offset: Int, limit: Int) {
  (max(offset, 0), max(limit, 0))
}

/// The rows `window` selects from a list of `total` rows, read with `forward` (the list's
/// `ORDER BY`, then `LIMIT ? OFFSET ?`) or `backward` (the same with every direction flipped;
/// the order must be total, so the two are exact mirrors).
///
/// `OFFSET` steps over every row it skips, so a window in the second half of the list is
/// read from the far end with `backward` and its rows reversed: either end of a list costs
/// the same, however long the list. `total` must be the exact count in the same transaction.
private func rows<Item>(
  _ window: (offset: Int, limit: Int), total: Int, forward: String, backward: String,
  _ connection: SQLiteConnection, row: (SQLiteStatement) throws -> Item
) throws -> [Item] {
  let start = min(window.offset, total)
  let count = min(window.limit, total - start)
  guard count > 0 else { return [] }
  let skippedFromEnd = total - start - count
  guard skippedFromEnd < start else {
    return try connection.query(forward, count, start, row: row)
  }
  return try connection.query(backward, count, skippedFromEnd, row: row).reversed()
}

/// Statements several repositories run, named so the query-plan test checks the very text.
enum SQLiteSharedSQL {
  static let rowCount = "SELECT value FROM row_counts WHERE name = ?"
  /// What a batch run without triggers adds to its count.
  static let addToRowCount = "UPDATE row_counts SET value = value + ? WHERE name = ?"

  /// Moves the id counter `name` past every id given and every id in `table`; returns it.
  static func nextID(table: String) -> String {
    // Table names are constants of ours; max(id) is one step down the primary key.
    """
    UPDATE counters SET value = max(value, (SELECT coalesce(max(id), 0) FROM \(table))) + 1
    WHERE name = ? RETURNING value
    """
  }
}

/// The number of rows of `table` (one of `SQLiteSchema.countedTables`), as `row_counts`
/// keeps it: one primary-key lookup, where `count(*)` reads the whole table.
private func rowCount(_ table: String, _ connection: SQLiteConnection) throws -> Int {
  guard let value = try connection.integer(SQLiteSharedSQL.rowCount, table)
  else { throw InvalidRow(reason: "the row count of \"\(table)\" is missing") }
  return Int(value)
}

/// Runs an INSERT that may hit a unique key, turning that into `DomainError.duplicate`.
private func insertUnique(
  _ connection: SQLiteConnection, _ sql: String, _ values: any SQLiteBindable...
) throws {
  do {
    try connection.execute(sql, arguments: values)
  } catch let error where error.isUniquenessViolation {
    throw DomainError.duplicate
  }
}

/// Throws `.notFound` when the last statement changed no row.
private func requireChange(_ connection: SQLiteConnection) throws(DomainError) {
  guard connection.changes > 0 else { throw .notFound }
}

struct SQLiteStopwatchRepository: StopwatchRepository {
  let database: SQLiteDatabase

  static let insertLap = "INSERT INTO laps (\(LapRow.columns)) VALUES (?, ?, ?)"
  static let lapsPage = """
    SELECT \(LapRow.columns) FROM laps ORDER BY number DESC LIMIT ? OFFSET ?
    """
  static let fastestLap = """
    SELECT \(LapRow.columns) FROM laps ORDER BY lap_ms ASC, number ASC LIMIT 1
    """
  static let slowestLap = """
    SELECT \(LapRow.columns) FROM laps
    WHERE lap_ms = (SELECT max(lap_ms) FROM laps) ORDER BY number ASC LIMIT 1
    """
  /// `lapsPage` read from the other end.
  static let lapsPageReversed = """
    SELECT \(LapRow.columns) FROM laps ORDER BY number ASC LIMIT ? OFFSET ?
    """

  /// The stored stopwatch; a reset one when no row is stored.
  static func stopwatch(_ connection: SQLiteConnection) throws -> Stopwatch {
    try connection.query(StopwatchRow.select) { StopwatchRow($0) }.first?.toDomain()
      ?? Stopwatch()
  }

  static func save(_ stopwatch: Stopwatch, _ connection: SQLiteConnection) throws {
    try StopwatchRow(stopwatch).save(connection)
  }

  static func append(_ lap: Lap, _ connection: SQLiteConnection) throws {
    let row = LapRow(lap)
    try insertUnique(connection, insertLap, row.number, row.lapMs, row.totalMs)
  }

  func load() async throws -> Stopwatch {
    try await database.read { try Self.stopwatch($0) }
  }

  func save(_ stopwatch: Stopwatch) async throws {
    try await database.write { try Self.save(stopwatch, $0) }
  }

  func update<Result: Sendable>(
    _ decide: @Sendable (Stopwatch, Lap?) throws -> (change: StopwatchChange?, result: Result)
  ) async throws -> Result {
    try await database.write { connection in
      let newest = try connection.query(Self.lapsPage, 1, 0) { try LapRow($0).toDomain() }.first
      let (change, result) = try decide(try Self.stopwatch(connection), newest)
      switch change {
      case .save(let stopwatch): try Self.save(stopwatch, connection)
      case .appendLap(let lap, let stopwatch):
        try Self.append(lap, connection)
        if let stopwatch { try Self.save(stopwatch, connection) }
      case nil: break
      }
      return result
    }
  }

  func append(_ lap: Lap) async throws {
    try await database.write { try Self.append(lap, $0) }
  }

  func laps(offset: Int, limit: Int) async throws -> Page<Lap> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("laps", connection)
      let items = try rows(
        window, total: total, forward: Self.lapsPage, backward: Self.lapsPageReversed, connection
      ) { try LapRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func lapSummary() async throws -> LapSummary {
    try await database.read { connection in
      let count = try rowCount("laps", connection)
      let fastest = try connection.query(Self.fastestLap) { try LapRow($0).toDomain() }
      let slowest = try connection.query(Self.slowestLap) { try LapRow($0).toDomain() }
      return LapSummary(count: count, fastest: fastest.first, slowest: slowest.first)
    }
  }

  func reset() async throws {
    try await database.write { connection in
      try connection.execute("DELETE FROM stopwatch")
      try connection.execute("DELETE FROM laps")
    }
  }
}

struct SQLiteBookmarkRepository: BookmarkRepository {
  let database: SQLiteDatabase

  static let insert = "INSERT INTO bookmarks (\(BookmarkRow.columns)) VALUES (?, ?, ?, ?)"
  static let page = """
    SELECT \(BookmarkRow.columns) FROM bookmarks
    ORDER BY bookmarked_at_ms DESC, id DESC LIMIT ? OFFSET ?
    """
  static let isBookmarked = "SELECT 1 FROM bookmarks WHERE url = ?"
  static let deleteURL = "DELETE FROM bookmarks WHERE url = ?"
  /// `page` read from the other end.
  static let pageReversed = """
    SELECT \(BookmarkRow.columns) FROM bookmarks
    ORDER BY bookmarked_at_ms ASC, id ASC LIMIT ? OFFSET ?
    """

  func bookmarks(offset: Int, limit: Int) async throws -> Page<Bookmark> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("bookmarks", connection)
      let items = try rows(
        window, total: total, forward: Self.page, backward: Self.pageReversed, connection
      ) { try BookmarkRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func bookmarkedURLs(among urls: [String]) async throws -> Set<String> {
    try await database.read { connection in
      var found = Set<String>()
      for url in Set(urls)
      where try connection.integer(Self.isBookmarked, url) != nil {
        found.insert(url)
      }
      return found
    }
  }

  static func insert(_ bookmark: Bookmark, _ connection: SQLiteConnection) throws {
    let row = BookmarkRow(bookmark)
    try insertUnique(
      connection, insert, row.url, row.title, row.noticeDateMs, row.bookmarkedAtMs)
  }

  func insert(_ bookmark: Bookmark) async throws {
    try await database.write { try Self.insert(bookmark, $0) }
  }

  func toggle(_ bookmark: Bookmark) async throws -> BookmarkState {
    try await database.write { connection in
      try connection.execute(Self.deleteURL, bookmark.url)
      guard connection.changes == 0 else { return .removed }
      try Self.insert(bookmark, connection)
      return .bookmarked
    }
  }

  func rename(url: String, to title: String) async throws {
    try await database.write { connection in
      try connection.execute("UPDATE bookmarks SET title = ? WHERE url = ?", title, url)
      try requireChange(connection)
    }
  }

  func delete(url: String) async throws {
    try await database.write { connection in
      try connection.execute(Self.deleteURL, url)
      try requireChange(connection)
    }
  }

  func deleteAll() async throws {
    try await database.write { connection in
      try connection.execute("DELETE FROM bookmarks")
    }
  }
}

struct SQLiteExchangeRateRepository: ExchangeRateRepository {
  let database: SQLiteDatabase

  /// The snapshot in `slot` ("latest" or "previous"), if any.
  static func snapshot(_ slot: String, _ connection: SQLiteConnection) throws -> RateSnapshot? {
    guard
      var row = try connection.query(RateSnapshotRow.select, slot, row: RateSnapshotRow.init)
        .first
    else { return nil }
    row.rates = try connection.query(RateSnapshotRow.selectRates, slot) {
      (code: $0.text(0), rate: $0.text(1))
    }
    return try row.toDomain()
  }

  /// Writes `snapshot` into the empty `slot`.
  static func insert(
    _ snapshot: RateSnapshot, into slot: String, _ connection: SQLiteConnection
  ) throws {
    let row = RateSnapshotRow(snapshot)
    try connection.execute(
      """
      INSERT INTO rate_snapshots (slot, base, published_at_ms, next_update_at_ms)
      VALUES (?, ?, ?, ?)
      """, slot, row.base, row.publishedAtMs, row.nextUpdateAtMs)
    for (code, rate) in row.rates {
      try connection.execute(
        "INSERT INTO rates (slot, code, rate) VALUES (?, ?, ?)", slot, code, rate)
    }
  }

  func latest() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("latest", $0) }
  }

  func previous() async throws -> RateSnapshot? {
    try await database.read { try Self.snapshot("previous", $0) }
  }

  func store(_ snapshot: RateSnapshot) async throws {
    try await database.write { connection in
      guard try Self.snapshot("latest", connection) != snapshot else { return }
      // The rates follow their snapshot through ON DELETE / ON UPDATE CASCADE.
      try connection.execute("DELETE FROM rate_snapshots WHERE slot = 'previous'")
      try connection.execute("UPDATE rate_snapshots SET slot = 'previous' WHERE slot = 'latest'")
      try Self.insert(snapshot, into: "latest", connection)
    }
  }

  func favorites() async throws -> Set<String> {
    try await database.read { connection in
      Set(try connection.query("SELECT code FROM favorite_currencies") { $0.text(0) })
    }
  }

  func setFavorite(_ code: String, _ isFavorite: Bool) async throws {
    try await database.write { connection in
      if isFavorite {
        try connection.execute(
          "INSERT INTO favorite_currencies (code) VALUES (?) ON CONFLICT DO NOTHING", code)
      } else {
        try connection.execute("DELETE FROM favorite_currencies WHERE code = ?", code)
      }
    }
  }

  func toggleFavorite(_ code: String) async throws -> Bool {
    try await database.write { connection in
      try connection.execute("DELETE FROM favorite_currencies WHERE code = ?", code)
      guard connection.changes == 0 else { return false }
      try connection.execute("INSERT INTO favorite_currencies (code) VALUES (?)", code)
      return true
    }
  }
}

struct SQLiteScreenRepository: ScreenRepository {
  let database: SQLiteDatabase

  /// Saves the screen; a `nil` calculator currency keeps the one stored.
  static let upsert = """
    INSERT INTO screen_state (id, screen, currency, last_calculator_currency) VALUES (1, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE
    SET screen = excluded.screen, currency = excluded.currency,
      last_calculator_currency =
        coalesce(excluded.last_calculator_currency, last_calculator_currency)
    """

  static func state(_ connection: SQLiteConnection) throws -> ScreenStateRow? {
    try connection.query(ScreenStateRow.select, row: ScreenStateRow.init).first
  }

  func lastScreen() async throws -> Screen? {
    try await database.read { try Self.state($0)?.lastScreen() }
  }

  func save(_ screen: Screen) async throws {
    var calculatorCurrency: String?
    if case .calculator(let currency) = screen { calculatorCurrency = currency }
    let row = ScreenStateRow(lastScreen: screen, lastCalculatorCurrency: calculatorCurrency)
    try await database.write { connection in
      try connection.execute(Self.upsert, row.screen, row.currency, row.lastCalculatorCurrency)
    }
  }

  func lastCalculatorCurrency() async throws -> String? {
    try await database.read { try Self.state($0)?.lastCalculatorCurrency }
  }
}

/// The next id of the list counted under `name` in `counters`: one more than any id ever
/// given (and, should an imported archive say less, than any id stored).
private func nextID(
  _ name: String, table: String, _ connection: SQLiteConnection
) throws -> Int64 {
  let id = try connection.integer(SQLiteSharedSQL.nextID(table: table), name)
  guard let id else { throw InvalidRow(reason: "the id counter \"\(name)\" is missing") }
  // Past 2^53 − 1 (SQLite makes an overflowing counter a REAL, read back as Int64.max):
  // refused, and the transaction rolls back.
  guard Limits.id.contains(id) else {
    throw DomainError.invalidInput(.outOfRange("ids end at \(Limits.maxCounter)"))
  }
  return id
}

struct SQLiteMindLogRepository: MindLogRepository {
  let database: SQLiteDatabase

  static let insert = "INSERT INTO mind_logs (\(MindLogRow.columns)) VALUES (?, ?, ?, ?)"
  static let update = "UPDATE mind_logs SET date_ms = ?, score = ?, note = ? WHERE id = ?"
  static let delete = "DELETE FROM mind_logs WHERE id = ?"
  static let page = """
    SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY date_ms DESC, id DESC LIMIT ? OFFSET ?
    """
  /// `page` read from the other end.
  static let pageReversed = """
    SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY date_ms ASC, id ASC LIMIT ? OFFSET ?
    """

  func entries(offset: Int, limit: Int) async throws -> Page<MindLog> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("mind_logs", connection)
      let items = try rows(
        window, total: total, forward: Self.page, backward: Self.pageReversed, connection
      ) { try MindLogRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func insert(date: Date, score: Decimal, note: String) async throws -> MindLog {
    try await database.write { connection in
      let id = try nextID("mind_logs", table: "mind_logs", connection)
      let entry = MindLog(id: id, date: date, score: score, note: note)
      let row = MindLogRow(entry)
      try connection.execute(Self.insert, row.id, row.dateMs, row.score, row.note)
      return entry
    }
  }

  func update(_ entry: MindLog) async throws {
    let row = MindLogRow(entry)
    try await database.write { connection in
      try connection.execute(Self.update, row.dateMs, row.score, row.note, row.id)
      try requireChange(connection)
    }
  }

  func delete(id: Int64) async throws {
    try await database.write { connection in
      try connection.execute(Self.delete, id)
      try requireChange(connection)
    }
  }
}

struct SQLiteChatRepository: ChatRepository {
  let database: SQLiteDatabase

  static let insert = "INSERT INTO chat_messages (\(ChatMessageRow.columns)) VALUES (?, ?, ?, ?)"
  static let update = "UPDATE chat_messages SET content = ?, date_ms = ?, edited = ? WHERE id = ?"
  static let delete = "DELETE FROM chat_messages WHERE id = ?"
  static let page = """
    SELECT \(ChatMessageRow.columns) FROM chat_messages
    ORDER BY date_ms ASC, id ASC LIMIT ? OFFSET ?
    """
  /// `page` read from the other end: the newest page, which the chat shows, is its head.
  static let pageReversed = """
    SELECT \(ChatMessageRow.columns) FROM chat_messages
    ORDER BY date_ms DESC, id DESC LIMIT ? OFFSET ?
    """

  func messages(offset: Int, limit: Int) async throws -> Page<ChatMessage> {
    let window = window(offset: offset, limit: limit)
    return try await database.read { connection in
      let total = try rowCount("chat_messages", connection)
      let items = try rows(
        window, total: total, forward: Self.page, backward: Self.pageReversed, connection
      ) { try ChatMessageRow($0).toDomain() }
      return Page(items: items, offset: window.offset, total: total)
    }
  }

  func insert(content: String, date: Date) async throws -> ChatMessage {
    try await database.write { connection in
      let id = try nextID("chat_messages", table: "chat_messages", connection)
      let message = ChatMessage(id: id, content: content, date: date)
      let row = ChatMessageRow(message)
      try connection.execute(Self.insert, row.id, row.content, row.dateMs, row.edited)
      return message
    }
  }

  /// One transaction and one prepared INSERT, bound and run per row. The row-count trigger
  /// would add a second statement per row (a third of the time): it is off for the batch,
  /// which adds its count once, like the id counter, in the same transaction.
  func insert(contentsOf drafts: [(content: String, date: Date)]) async throws -> [ChatMessage] {
    guard !drafts.isEmpty else { return [] }
    return try await database.write { connection in
      let first = try nextID("chat_messages", table: "chat_messages", connection)
      guard first <= Limits.maxCounter - Int64(drafts.count) + 1 else {
        throw DomainError.invalidInput(.outOfRange("ids end at \(Limits.maxCounter)"))
      }
      let messages = try connection.withoutTriggers {
        let statement = try connection.statement(Self.insert)
        defer { statement.reset() }
        var messages: [ChatMessage] = []
        messages.reserveCapacity(drafts.count)
        var id = first
        for draft in drafts {
          statement.bind(id, at: 1)
          statement.bind(draft.content, at: 2)
          statement.bind(draft.date.epochMilliseconds, at: 3)
          statement.bind(0, at: 4)  // not edited
          try statement.run()
          messages.append(ChatMessage(id: id, content: draft.content, date: draft.date))
          id += 1
        }
        return messages
      }
      try connection.execute(SQLiteSharedSQL.addToRowCount, messages.count, "chat_messages")
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'chat_messages'",
        first + Int64(messages.count) - 1)
      return messages
    }
  }

  func update(_ message: ChatMessage) async throws {
    let row = ChatMessageRow(message)
    try await database.write { connection in
      try connection.execute(Self.update, row.content, row.dateMs, row.edited, row.id)
      try requireChange(connection)
    }
  }

  func delete(id: Int64) async throws {
    try await database.write { connection in
      try connection.execute(Self.delete, id)
      try requireChange(connection)
    }
  }
}

struct SQLiteArchiveRepository: ArchiveRepository {
  let database: SQLiteDatabase

  func export() async throws -> StoreArchive {
    try await database.read { try Self.archive($0) }
  }

  /// Every record, in the archive's canonical orders.
  private static func archive(_ connection: SQLiteConnection) throws -> StoreArchive {
    let screen = try SQLiteScreenRepository.state(connection)
    return StoreArchive(
      stopwatch: try SQLiteStopwatchRepository.stopwatch(connection),
      laps: try connection.query("SELECT \(LapRow.columns) FROM laps ORDER BY number") {
        try LapRow($0).toDomain()
      },
      bookmarks: try connection.query(
        "SELECT \(BookmarkRow.columns) FROM bookmarks ORDER BY bookmarked_at_ms, id"
      ) { try BookmarkRow($0).toDomain() },
      latestRates: try SQLiteExchangeRateRepository.snapshot("latest", connection),
      previousRates: try SQLiteExchangeRateRepository.snapshot("previous", connection),
      // Sorted in Swift, so the order is Swift's string order whatever the collation.
      favoriteCurrencies: try connection.query("SELECT code FROM favorite_currencies") {
        $0.text(0)
      }.sorted(),
      lastScreen: try screen?.lastScreen(),
      lastCalculatorCurrency: screen?.lastCalculatorCurrency,
      mindLogs: try connection.query(
        "SELECT \(MindLogRow.columns) FROM mind_logs ORDER BY id"
      ) { try MindLogRow($0).toDomain() },
      lastMindLogID: try checkedColumn(
        connection.integer("SELECT value FROM counters WHERE name = 'mind_logs'") ?? 0,
        Limits.counter, "counters.value of mind_logs"),
      messages: try connection.query(
        "SELECT \(ChatMessageRow.columns) FROM chat_messages ORDER BY id"
      ) { try ChatMessageRow($0).toDomain() },
      lastMessageID: try checkedColumn(
        connection.integer("SELECT value FROM counters WHERE name = 'chat_messages'") ?? 0,
        Limits.counter, "counters.value of chat_messages"))
  }

  /// Deletes every row and writes `archive`, all in one transaction. Two records with one
  /// identity (a url, a lap number, an id) throw `DomainError.duplicate` and change nothing.
  func replaceAll(with archive: StoreArchive, onlyIfEmpty: Bool) async throws {
    try await database.write { connection in
      if onlyIfEmpty, !(try Self.archive(connection).isEmpty) {
        throw DomainError.invalidInput(.storeNotEmpty)
      }
      for table in [
        "stopwatch", "laps", "bookmarks", "rates", "rate_snapshots", "favorite_currencies",
        "screen_state", "mind_logs", "chat_messages",
      ] {
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
      for message in archive.messages.map(ChatMessageRow.init) {
        try insertUnique(
          connection, SQLiteChatRepository.insert, message.id, message.content, message.dateMs,
          message.edited)
      }
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'mind_logs'", archive.lastMindLogID)
      try connection.execute(
        "UPDATE counters SET value = ? WHERE name = 'chat_messages'", archive.lastMessageID)
    }
  }
}
