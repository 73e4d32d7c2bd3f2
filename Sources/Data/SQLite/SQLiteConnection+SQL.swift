import Domain

// What the repositories written once (`SQLConnection`) need of an SQLite connection: `?`
// parameters, ids taken from the counter before the insert, and the list blocks kept by
// hand after each write (`SQLiteListIndex`).
extension SQLiteConnection: SQLConnection {
  @discardableResult
  func execute(_ sql: SQLText, arguments values: [any SQLBindable]) throws -> Int {
    try execute(sql.questionMarks, arguments: values)
    return changes
  }

  func query<Item>(
    _ sql: SQLText, arguments values: [any SQLBindable], row: (SQLiteStatement) throws -> Item
  ) throws -> [Item] {
    try query(sql.questionMarks, arguments: values, row: row)
  }

  func nextIDValue(_ counter: String, table: String) throws -> Int64? {
    try integer(SQLiteSharedSQL.nextID(table: table), counter)
  }

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
    try withoutTriggers {
      let statement = try statement(ChatSQL.insert.questionMarks)
      defer { statement.reset() }
      for message in messages {
        try statement.bind(message.id, at: 1)
        try statement.bind(message.content, at: 2)
        try statement.bind(message.date.epochMilliseconds, at: 3)
        try statement.bind(message.isEdited ? 1 : 0, at: 4)
        do {
          try statement.run()
        } catch let error as SQLiteError where error.isUniquenessViolation {
          throw DomainError.duplicate
        }
      }
    }
    try execute(SQLiteSharedSQL.addToRowCount, messages.count, "chat_messages")
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

  func listEmptied(_ list: ListIndex) throws {
    try list.rebuild(self)
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
