import CSQLite
import Foundation

/// A prepared statement, finalized when released.
final class SQLiteStatement {
  let sql: String
  private let handle: OpaquePointer
  private let database: OpaquePointer
  /// Told when a step is done, so that a wait for a lock it reported ends with it.
  private let busyWait: SQLiteBusyWait?

  init(database: OpaquePointer, sql: String, busyWait: SQLiteBusyWait? = nil) throws(SQLiteError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(database)), sql: sql,
        isInvalidSQL: code & 0xFF == SQLITE_ERROR, systemError: sqlite3_system_errno(database))
    }
    self.sql = sql
    self.handle = handle
    self.database = database
    self.busyWait = busyWait
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to the parameters `?1...?n`.
  /// - Throws: `SQLITE_RANGE` when their count is not the statement's, and nothing is bound.
  func bind(_ values: [any SQLBindable]) throws(SQLiteError) {
    let count = Int(sqlite3_bind_parameter_count(handle))
    guard values.count == count else {
      throw SQLiteError(
        code: SQLITE_RANGE, message: "\(values.count) values for \(count) parameters", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      switch value.sqlValue {
      case .integer(let integer): try bind(integer, at: index)
      case .boolean(let boolean): try bind(boolean ? 1 : 0, at: index)
      case .text(let text): try bind(text, at: index)
      case .null: try check(sqlite3_bind_null(handle, index))
      }
    }
  }

  /// Binds `value` to the parameter `?index`.
  func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds `text` to the parameter `?index`; SQLite copies its UTF-8 bytes.
  func bind(_ text: String, at index: Int32) throws(SQLiteError) {
    // The byte count (not -1) keeps text with an embedded NUL whole.
    try check(
      sqlite3_bind_text(handle, index, text, Int32(clamping: text.utf8.count), SQLITE_TRANSIENT))
  }

  /// Throws SQLite's error when a bind call did not return `SQLITE_OK` (an index out of
  /// range, text too long, no memory).
  private func check(_ code: Int32) throws(SQLiteError) {
    guard code != SQLITE_OK else { return }
    throw SQLiteError(
      code: code, message: String(cString: sqlite3_errmsg(database)), sql: sql,
      systemError: sqlite3_system_errno(database))
  }

  /// Runs a statement that returns no rows with the values bound, then makes it ready to
  /// be bound and run again.
  func run() throws(SQLiteError) {
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  /// Advances to the next row: `true` on a row, `false` when done.
  func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    busyWait?.ended()
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(database)), sql: sql,
        systemError: sqlite3_system_errno(database))
    }
  }

  /// Makes the statement ready to run again and drops its bound values.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  func int64(_ column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  func text(_ column: Int32) -> String {
    optionalText(column) ?? ""
  }

  func optionalText(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}
