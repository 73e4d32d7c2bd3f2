import PocketDomain

// What the repositories written once (`SQLConnection`) need of a PostgreSQL connection:
// `$n` parameters, the next id and the row in one statement, arrays for a batch, and list
// blocks that the schema's triggers keep (`PostgresSchema.listBlocks`): the upkeep hooks do
// nothing.
extension PostgresConnection: SQLConnection {
  static let dialect = SQLDialect.postgres

  /// One statement: the counter moves, and the row is inserted, only for an id in range;
  /// otherwise the id it would have given (read from the statement's snapshot, as the
  /// counter was) says so. So it may be the last of its transaction, whose COMMIT goes with
  /// it (`PostgresDatabase.writeOne`).
  func insertWithNextIDValue(
    _ counter: String, table: String, columns: String, values: [any SQLBindable]
  ) throws -> Int64? {
    let parameters = (2..<(values.count + 2)).map { "$\($0)" }.joined(separator: ", ")
    let next = Self.dialect.nextValue(table: table)
    let sql = """
      WITH next AS (UPDATE counters SET value = \(next)
        WHERE name = $1 AND \(next) <= \(Limits.maxCounter) RETURNING value),
      inserted AS (INSERT INTO \(table) (\(columns)) SELECT value, \(parameters) FROM next)
      SELECT value FROM next
      UNION ALL SELECT \(next) FROM counters WHERE name = $1 AND NOT EXISTS (SELECT FROM next)
      """
    return try integer(sql, arguments: [counter] + values)
  }

  /// How many rows one statement of a batch carries (`insertArrays`): enough that a
  /// statement's round trip is little beside its rows, few enough that a statement of the
  /// longest messages stays within a few megabytes.
  static let rowsPerStatement = 1_000

  /// `rowsPerStatement` at a time (`insertArrays`).
  func insertMessages(_ messages: [ChatMessage]) throws {
    try insertArrays(BatchTables.messages.batch(messages))
  }

  /// Inserts `batch`, `rowsPerStatement` rows a statement: each column an array
  /// (`PostgresArray`), all of one length; the row-count trigger runs once a statement. A row
  /// stored already, or given twice, throws `DomainError.duplicate`.
  func insertArrays(_ batch: SQLBatch) throws {
    let sql = Self.arraysStatement(batch)
    var done = 0
    while done < batch.count {
      let rows = done..<min(done + Self.rowsPerStatement, batch.count)
      let arrays = batch.columns.map { column in
        switch column.values {
        case .integers(let values): PostgresArray.literal(values[rows])
        case .texts(let values): PostgresArray.literal(values[rows])
        case .booleans(let values): PostgresArray.literal(values[rows])
        }
      }
      try insertUnique(self, sql, arguments: arrays)
      done = rows.upperBound
    }
  }

  /// The statement of `insertArrays`: `INSERT INTO table (columns) SELECT * FROM unnest($1::
  /// bigint[], …)`, in the arrays' order for a table that numbers its rows.
  static func arraysStatement(_ batch: SQLBatch) -> SQLText {
    let names = batch.names
    let arrays = batch.columns.map { column in
      switch column.values {
      case .integers: "?::bigint[]"
      case .texts: "?::text[]"
      case .booleans: "?::boolean[]"
      }
    }.joined(separator: ", ")
    guard batch.numbersRows else {
      return SQLText("INSERT INTO \(batch.table) (\(names))\nSELECT * FROM unnest(\(arrays))")
    }
    return SQLText(
      """
      INSERT INTO \(batch.table) (\(names))
      SELECT \(names)
      FROM unnest(\(arrays))
        WITH ORDINALITY AS given (\(names), position)
      ORDER BY position
      """)
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
  func listReplaced(_ list: ListIndex) {}
}

// The import's batches are statements of many rows, from arrays (`insertArrays`), so a large
// archive costs a few round trips rather than one per record; the triggers keep the counts
// and the blocks, and report the change.
extension PostgresConnection: SQLArchiveWriting {
  func importBegan() throws {
    try execute("UPDATE row_counts SET value = 0")
    // Every kind is replaced, the declared kinds' too, whatever rows there were.
    try execute(PostgresSchema.notifyEverything)
  }

  func insertBatch(_ batch: SQLBatch, _ state: Void) throws {
    try insertArrays(batch)
  }
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
