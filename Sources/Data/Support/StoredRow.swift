/// One row of a query's result, read by column number (from 0): what the rows of every SQL
/// store give, so one mapping per record (SQLiteRows.swift) reads SQLite's statements and
/// PostgreSQL's results alike. A NULL reads as 0 or "" where a value is required.
protocol StoredRow {
  func isNull(_ column: Int32) -> Bool
  func int64(_ column: Int32) -> Int64
  func text(_ column: Int32) -> String
  func optionalText(_ column: Int32) -> String?
}

extension StoredRow {
  func optionalInt64(_ column: Int32) -> Int64? {
    isNull(column) ? nil : int64(column)
  }
}

extension SQLiteStatement: StoredRow {}
