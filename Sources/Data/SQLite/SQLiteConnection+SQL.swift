import PocketDomain

// What the repositories written once (`SQLConnection`) need of an SQLite connection: `?`
// parameters, ids taken from the counter before the insert, and the list blocks kept by
// hand after each write (`SQLiteListIndex`).
extension SQLiteConnection: SQLConnection {
  static let dialect = SQLDialect.sqlite

  /// The id from the counter, then the row: two statements, one transaction.
  func insertWithNextIDValue(
    _ counter: String, table: String, columns: String, values: [any SQLBindable]
  ) throws -> Int64? {
    guard let id = try nextIDValue(counter, table: table) else { return nil }
    guard Limits.id.contains(id) else { return id }
    let parameters = Array(repeating: "?", count: values.count + 1).joined(separator: ", ")
    try execute(
      "INSERT INTO \(table) (\(columns)) VALUES (\(parameters))", arguments: [id] + values)
    return id
  }

  /// One prepared INSERT, bound and run per row. The row-count trigger would add a second
  /// statement per row (a third of the time): it is off for the batch, which adds its count,
  /// cuts the list's blocks and moves the chat's change version once, in the same
  /// transaction.
  func insertMessages(_ messages: [ChatMessage]) throws {
    guard !messages.isEmpty else { return }
    try insertBatch(BatchTables.messages.batch(messages), true)
    try execute(SQLiteChangeKinds.touch, RecordKinds.chat.rawValue)
    try ListIndex.chat.addedInBatch(
      messages.map { ($0.date.epochMilliseconds, $0.id) }, self)
  }

  /// One prepared INSERT, run for each row.
  func insert(_ rows: [[any SQLBindable]], into table: String, _ columns: [SQLColumn]) throws {
    guard !rows.isEmpty else { return }
    let names = columns.map(\.name).joined(separator: ", ")
    let parameters = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    let sql = "INSERT INTO \(table) (\(names)) VALUES (\(parameters))"
    for row in rows { try execute(sql, arguments: row) }
  }

  /// One lookup by the unique key for each value.
  func present(_ values: Set<String>, column: String, table: String) throws -> Set<String> {
    let sql = Self.presentSQL(column: column, table: table)
    var found = Set<String>()
    for value in values where try integer(sql, value) != nil { found.insert(value) }
    return found
  }

  /// The statement `present` runs for each value.
  static func presentSQL(column: String, table: String) -> String {
    "SELECT 1 FROM \(table) WHERE \(column) = ?"
  }

  func indexedRows<Item>(
    _ list: ListIndex, ascendingStart: Int, count: Int, total: Int,
    row: (SQLiteStatement) throws -> Item
  ) throws -> [Item]? {
    try list.rows(ascendingStart: ascendingStart, count: count, total: total, self, row: row)
  }

  func listAdded(_ list: ListIndex, key: Int64, id: Int64) throws {
    try list.added(key: key, id: id, self)
  }

  func listRemoved(_ list: ListIndex, key: Int64, id: Int64) throws {
    try list.removed(key: key, id: id, self)
  }

  func listReplaced(_ list: ListIndex) throws {
    try list.rebuild(self)
  }
}

// The import's batches run with the triggers off, each adding its count itself; the import
// reports every kind changed once, and cuts each list's blocks once at its end.
extension SQLiteConnection: SQLArchiveWriting {
  /// Whether the lists' rows are counted (a file of a schema before `row_counts`, which only
  /// tests still write, has no counts to keep).
  func importBegan() throws -> Bool {
    let counted =
      try integer("SELECT count(*) FROM sqlite_master WHERE name = 'row_counts'") == 1
    if counted { try execute("UPDATE row_counts SET value = 0") }
    // Every kind is replaced, whatever rows the batches add with the triggers off: a
    // follower reloads everything (a file before `change_kinds`, which only tests still
    // write, has none).
    if try integer("SELECT count(*) FROM sqlite_master WHERE name = 'change_kinds'") == 1 {
      try execute(SQLiteChangeKinds.touch, RecordKinds.all.rawValue)
    }
    // The declared kinds too, whether or not the store held any of them.
    if try integer("SELECT count(*) FROM sqlite_master WHERE name = 'declared_versions'") == 1 {
      try execute(SQLiteChangeKinds.touchEverything)
    }
    return counted
  }

  /// One prepared statement, reused for every row. With `counted`, the triggers are off and
  /// the count is added once; without (a file before `row_counts`), they run: it has none.
  func insertBatch(_ batch: SQLBatch, _ counted: Bool) throws {
    guard batch.count > 0 else { return }
    guard counted else { return try insertEach(batch) }
    try withoutTriggers { try insertEach(batch) }
    try execute(SQLiteSharedSQL.addToRowCount, batch.count, batch.table)
    if batch.table == "chat_messages",
      case .integers(let ids) = batch.columns.first(where: { $0.name == "id" })?.values
    {
      try SQLiteChatSearch.markInserted(ids: ids, self)
    }
  }

  /// Inserts `batch` with one prepared INSERT, bound and run per row; a second row with one
  /// identity throws `DomainError.duplicate`.
  private func insertEach(_ batch: SQLBatch) throws {
    let parameters = Array(repeating: "?", count: batch.columns.count).joined(separator: ", ")
    let statement = try statement(
      "INSERT INTO \(batch.table) (\(batch.names)) VALUES (\(parameters))")
    defer { statement.reset() }
    for row in 0..<batch.count {
      for (index, column) in batch.columns.enumerated() {
        let parameter = Int32(index + 1)
        switch column.values {
        case .integers(let values): try statement.bind(values[row], at: parameter)
        case .texts(let values): try statement.bind(values[row], at: parameter)
        case .booleans(let values): try statement.bind(values[row] ? 1 : 0, at: parameter)
        }
      }
      do {
        try statement.run()
      } catch {
        throw error.isUniquenessViolation ? DomainError.duplicate : error
      }
    }
  }
}

// Each call is one transaction; SQLite has no round trips to save, so a write of one
// statement and a lone statement are a write and a read like any other.
extension SQLiteDatabase: SQLDatabase {
  func writeOne<Result: Sendable>(
    _ body: @Sendable (SQLiteConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try write(body)
  }

  func write<Result: Sendable>(
    readingFirst: Bool, _ body: @Sendable (SQLiteConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try write(body)
  }

  func statement<Result: Sendable>(
    _ body: @Sendable (SQLiteConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try read(body)
  }
}
