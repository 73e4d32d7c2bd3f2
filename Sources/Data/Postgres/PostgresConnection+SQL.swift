import Domain

// What the repositories written once (`SQLConnection`) need of a PostgreSQL connection:
// `$n` parameters, the next id and the row in one statement, arrays for a batch, and list
// blocks that the schema's triggers keep (`PostgresSchema.listBlocks`): the upkeep hooks do
// nothing.
extension PostgresConnection: SQLConnection {
  @discardableResult
  func execute(_ sql: SQLText, arguments values: [any SQLBindable]) throws -> Int {
    try execute(sql.numbered, arguments: values)
  }

  func query<Item>(
    _ sql: SQLText, arguments values: [any SQLBindable], row: (PostgresRow) throws -> Item
  ) throws -> [Item] {
    try query(sql.numbered, arguments: values, row: row)
  }

  func nextIDValue(_ counter: String, table: String) throws -> Int64? {
    try integer(PostgresSharedSQL.nextID(table: table), counter)
  }

  /// One statement: the counter moves, and the row is inserted, only for an id in range;
  /// otherwise the id it would have given (read from the statement's snapshot, as the
  /// counter was) says so. So it may be the last of its transaction, whose COMMIT goes with
  /// it (`PostgresDatabase.writeOne`).
  func insertWithNextIDValue(
    _ counter: String, table: String, columns: String, values: [any SQLBindable]
  ) throws -> Int64? {
    let parameters = (2..<(values.count + 2)).map { "$\($0)" }.joined(separator: ", ")
    let next = PostgresSharedSQL.nextValue(table: table)
    let sql = """
      WITH next AS (UPDATE counters SET value = \(next)
        WHERE name = $1 AND \(next) <= \(Limits.maxCounter) RETURNING value),
      inserted AS (INSERT INTO \(table) (\(columns)) SELECT value, \(parameters) FROM next)
      SELECT value FROM next
      UNION ALL SELECT \(next) FROM counters WHERE name = $1 AND NOT EXISTS (SELECT FROM next)
      """
    return try integer(sql, arguments: [counter] + values)
  }

  /// How many messages one `insertMessages` statement carries: enough that a statement's
  /// round trip is little beside its rows, few enough that a statement of the longest
  /// messages stays within a few megabytes.
  static let messagesPerStatement = 1_000

  /// Many messages in one statement: ids, contents, dates and edited flags as four arrays
  /// of one length (`PostgresArray`). The row-count trigger runs once for the statement.
  static let insertManyMessages = """
    INSERT INTO chat_messages (\(ChatMessageRow.columns))
    SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::boolean[])
    """

  /// `messagesPerStatement` at a time.
  func insertMessages(_ messages: [ChatMessage]) throws {
    try insertMessages(messages, progress: nil)
  }

  /// Inserts `messages`, `messagesPerStatement` at a time, telling `progress` after each
  /// statement. An id stored already, or given twice, throws `DomainError.duplicate`.
  func insertMessages(
    _ messages: [ChatMessage], progress: (@Sendable (Int, Int) -> Void)?
  ) throws {
    var done = 0
    while done < messages.count {
      let chunk = messages[done..<min(done + Self.messagesPerStatement, messages.count)]
      try insertUnique(
        self, Self.insertManyMessages, PostgresArray.literal(chunk.lazy.map(\.id)),
        PostgresArray.literal(chunk.lazy.map(\.content)),
        PostgresArray.literal(chunk.lazy.map(\.date.epochMilliseconds)),
        PostgresArray.literal(chunk.lazy.map(\.isEdited)))
      done += chunk.count
      progress?(done, messages.count)
    }
  }

  /// One statement for them all: each column an array (`PostgresArray`), all of one length.
  func insert(_ rows: [[any SQLBindable]], into table: String, _ columns: [SQLColumn]) throws {
    guard !rows.isEmpty else { return }
    let names = columns.map(\.name).joined(separator: ", ")
    let arrays = columns.enumerated().map { "$\($0.offset + 1)::\($0.element.postgresType)[]" }
    let sql =
      "INSERT INTO \(table) (\(names)) SELECT * FROM unnest(\(arrays.joined(separator: ", ")))"
    let values = columns.indices.map { column in
      PostgresArray.literal(rows.lazy.map { $0[column].sqlValue })
    }
    try execute(sql, arguments: values)
  }

  /// One statement for them all: the values as an array (`PostgresArray`).
  func present(_ values: Set<String>, column: String, table: String) throws -> Set<String> {
    let sql = "SELECT \(column) FROM \(table) WHERE \(column) = ANY ($1::text[])"
    return Set(try query(sql, PostgresArray.literal(Array(values))) { $0.text(0) })
  }

  /// The block holding the row at ascending position `$2` of list `$1`: its first key, and
  /// how many rows of the list come before it.
  static let blockContaining = """
    SELECT k1, k2, before FROM (
      SELECT k1, k2, sum(size) OVER (ORDER BY k1, k2) - size AS before
      FROM list_blocks WHERE list = $1) blocks
    WHERE before <= $2 ORDER BY k1 DESC, k2 DESC LIMIT 1
    """

  /// The block holding the row is the last whose rows before it (a running sum of the block
  /// sizes, over about a thousand small rows at a million) are at most the position, and
  /// the row is at most `2 × blockSize` rows down the `(key, id)` index from that block's
  /// first key, where `OFFSET` would step over every row before it.
  func indexedRows<Item>(
    _ list: ListIndex, ascendingStart: Int, count: Int, total: Int,
    row: (PostgresRow) throws -> Item
  ) throws -> [Item]? {
    let blocks = try query(Self.blockContaining, list.table, ascendingStart) {
      ($0.int64(0), $0.int64(1), Int($0.int64(2)))
    }
    // Negative only when sizes are (a table whose CHECK was dropped): blocks that disagree.
    guard let (k1, k2, before) = blocks.first, before >= 0, before <= ascendingStart else {
      return nil
    }
    let items = try query(
      """
      SELECT \(list.columns) FROM \(list.table) WHERE (\(list.key), id) >= ($1, $2)
      ORDER BY \(list.key) ASC, id ASC LIMIT $3 OFFSET $4
      """, k1, k2, count, ascendingStart - before, row: row)
    return items.count == count ? items : nil
  }

  /// The schema's triggers keep the blocks.
  func listAdded(_ list: ListIndex, key: Int64, id: Int64) {}
  /// The schema's triggers keep the blocks.
  func listRemoved(_ list: ListIndex, key: Int64, id: Int64) {}
  /// The schema's triggers keep the blocks.
  func listEmptied(_ list: ListIndex) {}
}

extension PostgresDatabase: SQLDatabase {}

extension SQLColumn {
  /// The column's type as PostgreSQL names it.
  var postgresType: String {
    switch kind {
    case .integer: "bigint"
    case .text: "text"
    case .boolean: "boolean"
    }
  }
}
