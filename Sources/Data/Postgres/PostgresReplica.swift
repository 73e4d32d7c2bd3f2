import Foundation
import PocketDomain

/// A machine's copy of the records of a postgres store: an SQLite file with the sqlite
/// store's schema, so that every repository written once for both databases reads it
/// (docs/local-first.md, part 1), brought up to date from the server's change log
/// (`PostgresSchema.changeLog`) by `pull`. The screens and the terminals' lists are not
/// copied: they are each machine's own.
///
/// A pull reads the server in one `REPEATABLE READ` snapshot and writes the copy in one
/// SQLite transaction with the log position that snapshot reached, so the copy always
/// holds exactly the server's records as of the position it names: never a part of a
/// change, never a position it does not hold.
enum PostgresReplica {
  /// What a pull did.
  struct Pull: Equatable, Sendable {
    enum Way: Equatable, Sendable {
      /// The copy held the snapshot's newest position already (another process's pull may
      /// have brought it there): nothing was written.
      case upToDate
      /// The rows the log named after the copy's position were read and written, each once.
      case changes(rows: Int)
      /// Every table was copied: a new copy, one behind the point the log was pruned
      /// through, or one of another store.
      case whole
      /// The copy needed a whole copy of a store larger than the pull was allowed to copy
      /// (`wholeCopyLimit`): nothing was written.
      case tooLarge
    }

    let way: Way
    /// The position of the log the copy holds now.
    let position: Int64
  }

  /// Rows read from the server per statement when a table is copied whole.
  static let pageSize = 2_000

  /// Brings the copy on `replica` (opened by `connect`) up to the newest position of the log
  /// of the store on `server`'s path. A pull that finds another process's pull went
  /// further meanwhile leaves the copy as that one left it: a copy never goes back.
  /// `now`: when the copy is said to have been brought up to date (`copiedAt`).
  /// `wholeCopyLimit`: the most records (`row_counts`) a whole copy may copy; more leave
  /// the copy as it is (`Pull.Way.tooLarge`). A copy with no machine number for its log
  /// claims one afterwards (`claimMachine`).
  static func pull(
    from server: PostgresConnection, into replica: SQLiteConnection, now: Date = Date(),
    wholeCopyLimit: Int64? = nil
  ) throws -> Pull {
    let tables = try ReplicaTable.all(replica)
    let known = try pulled(replica)
    let pull = try server.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
      let log = try server.query(logState, arguments: []) {
        (name: $0.text(0), pruned: $0.int64(1), newest: $0.int64(2))
      }[0]
      if let known, known.log == log.name, known.position >= log.newest {
        return Pull(way: .upToDate, position: known.position)
      }
      if let wholeCopyLimit, known.map({ $0.log != log.name || $0.position < log.pruned }) ?? true,
        try server.integer("SELECT coalesce(sum(value), 0) FROM row_counts") ?? 0 > wholeCopyLimit
      {
        return Pull(way: .tooLarge, position: known?.position ?? 0)
      }
      return try replica.transaction(immediate: true) {
        // Read again under the file's write lock: another process may have pulled.
        let held = try pulled(replica)
        if let held, held.log == log.name, held.position >= log.newest {
          return Pull(way: .upToDate, position: held.position)
        }
        let way: Pull.Way
        if let held, held.log == log.name, held.position >= log.pruned {
          way = .changes(rows: try applyChanges(after: held.position, tables, server, replica))
        } else {
          for table in tables { try copyWhole(table, server, replica) }
          way = .whole
        }
        // The export's last ids come from the counters, which the log does not name.
        for (name, value) in try server.query(
          "SELECT name, value FROM counters", arguments: [], row: { ($0.text(0), $0.int64(1)) })
        {
          try replica.execute("UPDATE counters SET value = ? WHERE name = ?", value, name)
        }
        try replica.execute(
          """
          INSERT INTO replica_pulled (id, log, position, pulled_at_ms) VALUES (1, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE
          SET log = excluded.log, position = excluded.position, pulled_at_ms = excluded.pulled_at_ms
          """, log.name, log.newest, Int64((now.timeIntervalSince1970 * 1_000).rounded(.down)))
        return Pull(way: way, position: log.newest)
      }
    }
    // A number the server or the copy did not give now is claimed by the next pull.
    try? claimMachine(server, replica, now: now)
    return pull
  }

  /// The log the store's change log is (its database's and its table's identities: another
  /// server, database or schema, or the table made again, is another log), the point it was
  /// pruned through and its newest position, in one row.
  private static let logState = """
    SELECT (SELECT oid FROM pg_database WHERE datname = current_database())::text
        || '.' || 'change_log'::regclass::oid::text,
      coalesce(p.position, 0),
      coalesce((SELECT max(position) FROM change_log), p.position, 0)
    FROM (SELECT 1) one LEFT JOIN change_log_pruned p ON p.id = 1
    """

  /// When the copy on `replica` was last brought up to date (`nil`: never pulled).
  static func copiedAt(_ replica: SQLiteConnection) throws -> Date? {
    try replica.query("SELECT pulled_at_ms FROM replica_pulled WHERE id = 1", arguments: []) {
      Date(timeIntervalSince1970: Double($0.int64(0)) / 1_000)
    }.first
  }

  /// When the copy on `replica` was last brought up to date, and the number of its machine
  /// (`machine`); `nil`: never pulled.
  static func copied(_ replica: SQLiteConnection) throws -> (at: Date, machine: Int?)? {
    guard let at = try copiedAt(replica) else { return nil }
    return (at, try machine(replica))
  }

  /// The log and position the copy holds (`nil` for a new copy).
  static func pulled(_ replica: SQLiteConnection) throws -> (log: String, position: Int64)? {
    try replica.query("SELECT log, position FROM replica_pulled WHERE id = 1", arguments: []) {
      ($0.text(0), $0.int64(1))
    }.first
  }

  /// Writes each row the log names after `position` as it is in the snapshot (deleting the
  /// ones that are gone), and copies whole each table the log says was truncated; returns
  /// the number of rows read. A table's rows are all deleted before any is written, so a
  /// unique value that moved from one row to another (a bookmark's URL) never clashes.
  private static func applyChanges(
    after position: Int64, _ tables: [ReplicaTable], _ server: PostgresConnection,
    _ replica: SQLiteConnection
  ) throws -> Int {
    let changed = try server.query(
      """
      SELECT table_name, bool_or(key IS NULL) FROM change_log WHERE position > $1
      GROUP BY table_name
      """, arguments: [position], row: { ($0.text(0), $0.int64(1) == 1) })
    let truncated = Dictionary(changed, uniquingKeysWith: { $0 || $1 })
    var count = 0
    for table in tables {
      guard let whole = truncated[table.name] else { continue }
      if whole {
        count += try copyWhole(table, server, replica)
        continue
      }
      let keyCount = Int32(table.key.count)
      let firstKey = keyCount + Int32(table.columns.firstIndex(of: table.key[0]) ?? 0)
      let rows = try server.query(table.changedRows, arguments: [position]) {
        row -> (key: [any SQLBindable], values: [any SQLBindable]?) in
        let key = table.keyValues(reading: row)
        return (key, row.isNull(firstKey) ? nil : table.values(row, from: keyCount))
      }
      var removed: [(Int64, Int64)] = []
      var added: [(Int64, Int64)] = []
      for (key, _) in rows {
        let old = try replica.query(table.delete, arguments: key) { $0.int64(0) }
        if let old = old.first, case .integer(let id) = key[0].sqlValue {
          removed.append((old, id))
        }
      }
      for case (_, let values?) in rows {
        try replica.execute(table.insert, arguments: values)
        if let listKey = table.listKey(values) { added.append(listKey) }
      }
      try keepBlocks(table, removed: removed, added: added, replica)
      if table.name == ListIndex.chat.table { try SQLiteChatSearch.catchUp(replica) }
      count += rows.count
    }
    return count
  }

  /// Replaces every row of `table` on the copy with the server's, read a page at a time in
  /// key order; returns the number of rows.
  @discardableResult
  private static func copyWhole(
    _ table: ReplicaTable, _ server: PostgresConnection, _ replica: SQLiteConnection
  ) throws -> Int {
    try replica.execute("DELETE FROM \(table.name)")
    var after: [any SQLBindable]?
    var count = 0
    while true {
      let page = try server.query(
        table.page(after: after != nil), arguments: [pageSize] + (after ?? []),
        row: { table.values($0) })
      for values in page { try replica.execute(table.insert, arguments: values) }
      count += page.count
      guard page.count == pageSize, let last = page.last else { break }
      after = table.keyValues(last)
    }
    try table.list?.rebuild(replica)
    if table.name == ListIndex.chat.table { try SQLiteChatSearch.catchUp(replica) }
    return count
  }

  /// Keeps the blocks of `table`'s list after a pull removed and added rows, as a
  /// repository's write does; cuts the list again when it changed by more than a block.
  private static func keepBlocks(
    _ table: ReplicaTable, removed: [(Int64, Int64)], added: [(Int64, Int64)],
    _ replica: SQLiteConnection
  ) throws {
    guard let list = table.list else { return }
    guard removed.count + added.count <= ListIndex.blockSize else {
      return try list.rebuild(replica)
    }
    for (key, id) in removed { try list.removed(key: key, id: id, replica) }
    for (key, id) in added { try list.added(key: key, id: id, replica) }
  }
}
