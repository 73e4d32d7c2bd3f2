/// Reading a large result a page at a time (`SQLArchiveReader`).
extension SQLiteConnection {
  /// The rows of `sql`, each read by `row` (`nil`: left out), handed to `page` at most
  /// `pageSize` at a time, so that no more than a page is ever held.
  func query<Row>(
    _ sql: String, pageSize: Int, row: (SQLiteStatement) throws -> Row?,
    page: ([Row]) throws -> Void
  ) throws {
    let statement = try self.statement(sql)
    defer { statement.reset() }
    var rows: [Row] = []
    rows.reserveCapacity(pageSize)
    while try statement.step() {
      if let value = try row(statement) { rows.append(value) }
      if rows.count == pageSize {
        try page(rows)
        rows.removeAll(keepingCapacity: true)
      }
    }
    if !rows.isEmpty { try page(rows) }
  }
}

extension SQLiteConnection: SQLArchiveReading {
  /// One statement, stepped.
  func pages<Record>(
    _ sql: SQLText, pageSize: Int, row: (SQLiteStatement) throws -> Record?,
    page: ([Record]) throws -> Void
  ) throws {
    try query(sql.questionMarks, pageSize: pageSize, row: row, page: page)
  }
}
