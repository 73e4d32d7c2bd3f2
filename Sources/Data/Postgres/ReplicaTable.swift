import PocketDomain

/// A table of records a machine's copy of a postgres store holds (`PostgresReplica`): its
/// name, its primary key and its columns as the copy's file has them, and the statements
/// that read its rows on the server and write them into the copy.
///
/// The columns come from the copy's own schema (`PRAGMA table_info`), which has the same
/// tables and columns as the server's (`PostgresSchema.createTables` says so of each), so a
/// column added to both by later migrations is copied without a change here.
struct ReplicaTable: Sendable {
  let name: String
  /// The primary key's columns, as the change log names them (`PostgresSchema.loggedTables`).
  let key: [String]
  /// Every column, in the table's order.
  let columns: [String]
  /// Whether each of `columns` is an integer on the copy (SQLite's `INTEGER`; a PostgreSQL
  /// `boolean` is copied as 1 or 0), else text.
  let integer: [Bool]
  /// The list this table is, when it is one (its blocks kept after a pull).
  let list: ListIndex?

  /// Every table of `PostgresSchema.loggedTables`, in its order, as the copy's file on
  /// `connection` has it; throws when the file lacks one, or its key differs.
  static func all(_ connection: SQLiteConnection) throws -> [ReplicaTable] {
    try PostgresSchema.loggedTables.map { name, key in
      let info = try connection.query("SELECT name, type, pk FROM pragma_table_info(?)", name) {
        (name: $0.text(0), type: $0.text(1), key: $0.int64(2))
      }
      let primary = info.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
      guard !info.isEmpty, primary == key else {
        throw DomainError.corruptStore(
          path: connection.path,
          reason: StoreProblem(.missingSchemaObject(.table, name: name)))
      }
      return ReplicaTable(
        name: name, key: key, columns: info.map(\.name),
        integer: info.map { $0.type.uppercased() == "INTEGER" },
        list: ListIndex.all.first { $0.table == name })
    }
  }

  private var selected: String { columns.map { "t.\($0)" }.joined(separator: ", ") }
  private var keyList: String { key.joined(separator: ", ") }

  // MARK: On the server

  /// Each row of this table the log names after `$1`, once, as it is in the transaction's
  /// snapshot: the key's columns, then every column, all NULL for a row that is gone. The
  /// key is read back into the table's own types (`jsonb_populate_record`), so the lookup
  /// uses the primary key's index.
  var changedRows: String {
    """
    SELECT \(key.map { "r.\($0)" }.joined(separator: ", ")), \(selected)
    FROM (
      SELECT DISTINCT key FROM change_log
      WHERE table_name = '\(name)' AND position > $1 AND key IS NOT NULL
    ) k
    CROSS JOIN LATERAL jsonb_populate_record(NULL::\(name), k.key) r
    LEFT JOIN \(name) t ON (\(key.map { "t.\($0)" }.joined(separator: ", ")))
      = (\(key.map { "r.\($0)" }.joined(separator: ", ")))
    """
  }

  /// A page of every row of this table in key order: the first `$1` rows, or, with
  /// `after`, the first `$1` after the key of `$2`, `$3`, ….
  func page(after: Bool) -> String {
    let placeholders = key.indices.map { "$\($0 + 2)" }.joined(separator: ", ")
    let start = after ? "WHERE (\(keyList)) > (\(placeholders))" : ""
    return "SELECT \(selected) FROM \(name) t \(start) ORDER BY \(keyList) LIMIT $1"
  }

  /// The values of `columns` from `row`, starting at column `first`, to bind on the copy.
  func values(_ row: PostgresRow, from first: Int32 = 0) -> [any SQLBindable] {
    integer.indices.map { value(row, first + Int32($0), integer: integer[$0]) }
  }

  /// The values of the key from the first columns of `row` (as `changedRows` reads them).
  func keyValues(reading row: PostgresRow) -> [any SQLBindable] {
    key.enumerated().map { offset, name in
      value(row, Int32(offset), integer: integer[columns.firstIndex(of: name) ?? 0])
    }
  }

  private func value(_ row: PostgresRow, _ column: Int32, integer: Bool) -> any SQLBindable {
    if row.isNull(column) { return Int64?.none }
    return integer ? row.int64(column) : row.text(column)
  }

  /// The values of the key in `values` (a row's `values`).
  func keyValues(_ values: [any SQLBindable]) -> [any SQLBindable] {
    key.map { values[columns.firstIndex(of: $0) ?? 0] }
  }

  // MARK: On the copy

  /// Deletes the row of the key bound, returning the list's key of the row (0 when the table
  /// is no list).
  var delete: String {
    let match = key.map { "\($0) = ?" }.joined(separator: " AND ")
    return "DELETE FROM \(name) WHERE \(match) RETURNING \(list?.key ?? "0")"
  }

  /// Inserts a row, a value for each of `columns`.
  var insert: String {
    let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    return "INSERT INTO \(name) (\(columns.joined(separator: ", "))) VALUES (\(marks))"
  }

  /// The list's key and id of a row's `values`, for its blocks.
  func listKey(_ values: [any SQLBindable]) -> (Int64, Int64)? {
    guard let list, let key = columns.firstIndex(of: list.key),
      let id = columns.firstIndex(of: "id"),
      case .integer(let first) = values[key].sqlValue,
      case .integer(let second) = values[id].sqlValue
    else { return nil }
    return (first, second)
  }
}
