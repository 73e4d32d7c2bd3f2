/// One entry of a store's change log (`PostgresSchema.changeLog`): a row of `table` was
/// inserted, changed or deleted by the transaction that was given `position`.
struct ChangeLogEntry: Equatable, Sendable, CustomStringConvertible {
  let position: Int64
  let table: String
  /// The row's key, its primary key's columns as a JSON object (PostgreSQL's `jsonb` text:
  /// `{"id": 3}`); `nil` for a `TRUNCATE`, which touched every row of the table.
  let key: String?

  var description: String { "\(position) \(table) \(key ?? "every row")" }
}

/// What a machine's copy of the store reads to learn what changed since it last looked.
struct ChangeLogPage: Equatable, Sendable {
  /// The position the log was pruned through: a copy that applied the log only through a
  /// lower one has missed changes the log no longer holds, and copies the store again.
  let prunedThrough: Int64
  /// The entries after the position asked for, in order, at most the number asked for.
  let entries: [ChangeLogEntry]
}

extension PostgresConnection {
  /// The change log of the store on this connection's path after `position`: at most
  /// `limit` entries, in order, with the point the log was pruned through, read in one
  /// statement (one snapshot: an entry pruned meanwhile cannot go missing unnoticed).
  func changeLog(after position: Int64, limit: Int) throws -> ChangeLogPage {
    var pruned: Int64 = 0
    let entries = try query(
      """
      SELECT p.position, l.position, l.table_name, l.key::text
      FROM change_log_pruned p
      LEFT JOIN LATERAL (
        SELECT position, table_name, key FROM change_log WHERE position > $1
        ORDER BY position LIMIT $2
      ) l ON true
      WHERE p.id = 1 ORDER BY l.position
      """, arguments: [position, limit]
    ) { row -> ChangeLogEntry? in
      pruned = row.int64(0)
      guard !row.isNull(1) else { return nil }
      return ChangeLogEntry(
        position: row.int64(1), table: row.text(2), key: row.optionalText(3))
    }
    return ChangeLogPage(prunedThrough: pruned, entries: entries.compactMap { $0 })
  }
}
