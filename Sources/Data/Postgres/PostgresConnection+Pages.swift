/// Reading a large result a page at a time (`SQLArchiveReader`), inside the caller's
/// transaction: through a cursor (`FETCH`), so that neither the client nor libpq holds a list
/// whole.
extension PostgresConnection: SQLArchiveReading {
  func pages<Record>(
    _ sql: SQLText, pageSize: Int, row: (PostgresRow) throws -> Record?,
    page: ([Record]) throws -> Void
  ) throws {
    precondition(pageSize > 0, "a page holds at least one record")
    // The statements are constants of ours; values are never interpolated.
    try execute("DECLARE archive_rows NO SCROLL CURSOR FOR \(sql.numbered)")
    while true {
      let rows = try query("FETCH FORWARD \(pageSize) FROM archive_rows") { try row($0) }
      let records = rows.compactMap { $0 }
      if !records.isEmpty { try page(records) }
      if rows.count < pageSize { break }
    }
    try execute("CLOSE archive_rows")
  }
}
