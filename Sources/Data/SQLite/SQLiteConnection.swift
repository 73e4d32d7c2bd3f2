import CSQLite
import Foundation

/// `SQLITE_TRANSIENT` from sqlite3.h, which Swift cannot import: SQLite copies the bound
/// bytes before the bind call returns.
// swift-format-ignore: AlwaysUseLowerCamelCase
var SQLITE_TRANSIENT: sqlite3_destructor_type {
  unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A failed SQLite call: the extended result code, SQLite's message and the SQL text.
///
/// Bound values are never part of it (they are user data: urls, notes, messages), so the
/// error can be logged or shown as it is.
struct SQLiteError: SQLDatabaseError, Equatable, CustomStringConvertible {
  /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_IOERR_FSYNC`, ...).
  var code: Int32
  /// `sqlite3_errmsg` at the time of the failure.
  var message: String
  /// The statement that failed, when there was one.
  var sql: String?
  /// Whether SQLite refused to prepare `sql` (`SQLITE_ERROR` from `sqlite3_prepare`): a
  /// syntax error, or a table or column the file does not have. Pocket's SQL is constant,
  /// so on a file at the current schema this means another program changed the schema.
  var isInvalidSQL = false
  /// The `errno` of the system call that failed last (`sqlite3_system_errno`), 0 when
  /// none was known; meaningful for an I/O error.
  var systemError: Int32 = 0

  /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_IOERR`, ...).
  var primaryCode: Int32 { code & 0xFF }

  var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " - while executing `\(sql)`" }
    return text
  }

  /// The disk had no room for what SQLite had to write: `SQLITE_FULL`, or an I/O error
  /// whose system call failed with `ENOSPC` (growing the log or its index).
  var isNoSpace: Bool {
    primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && systemError == ENOSPC)
  }

  /// A unique or primary-key constraint failed.
  var isUniquenessViolation: Bool {
    code == Self.constraintUnique || code == Self.constraintPrimaryKey
  }

  // Extended codes are macros with an expression, which Swift does not import.
  /// `SQLITE_CONSTRAINT_UNIQUE`
  static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
  /// `SQLITE_CONSTRAINT_PRIMARYKEY`
  static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
}

/// One open SQLite database handle. Not thread-safe: its owner (`SQLiteDatabase`, an
/// actor) uses it from one task at a time, which is what `SQLITE_OPEN_NOMUTEX` requires.
final class SQLiteConnection {
  let path: String
  private let handle: OpaquePointer
  /// Set by `close()`: the handle is closed and must not be used (or closed) again.
  private var isClosed = false
  /// Prepared statements by SQL text, reused across calls.
  private var statements: [String: SQLiteStatement] = [:]
  /// What a call does while another connection holds a lock it needs (`waitForLocks`).
  private let busyWait = SQLiteBusyWait()
  /// The file `path` named when it was opened (its device and inode), while SQLite said
  /// its open file was the one there (`SQLITE_FCNTL_HAS_MOVED`); `nil` when it could not
  /// be told.
  private var openedFile: FileIdentity?

  /// Opens the database file at `path` with `flags` (`SQLITE_OPEN_*`), with extended result
  /// codes on; by the URI `uri` instead (with `SQLITE_OPEN_URI`) when given, which must
  /// name the same file.
  init(path: String, uri: String? = nil, flags: Int32) throws(SQLiteError) {
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(uri ?? path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message, sql: nil)
    }
    sqlite3_extended_result_codes(handle, 1)
    self.path = path
    self.handle = handle
    let identity = FileIdentity(path: path)
    openedFile = hasMoved ? nil : identity
  }

  /// Whether the file this connection has open is no longer the one at `path`: another
  /// file moved or linked into its place, or the file deleted or renamed. SQLite compares
  /// the inode of `path` with that of its open descriptor (`SQLITE_FCNTL_HAS_MOVED`), and
  /// the device and inode at `path` (not following a link) are compared with those it had
  /// at the open.
  var isReplaced: Bool {
    if hasMoved { return true }
    guard let openedFile else { return false }
    return FileIdentity(path: path) != openedFile
  }

  /// SQLite's answer: the inode at `path` is not its open descriptor's (or none is there).
  private var hasMoved: Bool {
    var moved: Int32 = 0
    let code = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
    return code == SQLITE_OK && moved != 0
  }

  deinit {
    guard !isClosed else { return }
    statements.removeAll()  // finalized before the handle is closed
    sqlite3_close_v2(handle)
  }

  /// Copies every page of the write-ahead log into the database file and empties the log
  /// (`SQLITE_CHECKPOINT_TRUNCATE`), so the file alone holds every committed change.
  /// - Throws: when a page could not be written (a full disk) or another connection kept
  ///   the checkpoint from finishing.
  func checkpoint() throws(SQLiteError) {
    var logFrames: Int32 = 0
    var copiedFrames: Int32 = 0
    let code = sqlite3_wal_checkpoint_v2(
      handle, "main", SQLITE_CHECKPOINT_TRUNCATE, &logFrames, &copiedFrames)
    busyWait.ended()
    guard code == SQLITE_OK else {
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(handle)), sql: "wal_checkpoint")
    }
    guard logFrames == copiedFrames else {
      throw SQLiteError(
        code: SQLITE_BUSY,
        message: "the checkpoint copied \(copiedFrames) of \(logFrames) pages of the log",
        sql: "wal_checkpoint")
    }
  }

  /// Closes the handle now and says whether SQLite closed it (`sqlite3_close` returns
  /// `SQLITE_OK`); the connection cannot be used after it, whatever the outcome.
  func close() throws(SQLiteError) {
    precondition(!isClosed, "the connection to \(path) is closed already")
    statements.removeAll()  // finalized before the handle is closed
    isClosed = true
    let code = sqlite3_close(handle)
    guard code == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(handle))
      // Still open (a statement left unfinalized, which is a bug of ours): let SQLite close
      // it once nothing uses it.
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message, sql: nil)
    }
  }

  /// Waits up to `patience` for another connection's lock instead of failing at once, and
  /// reports a wait that lasts to `waiting` (`SQLiteBusyWait`).
  func waitForLocks(patience: Duration, reporting waiting: LockWaiting) {
    busyWait.patience = patience
    busyWait.waiting = waiting
    sqlite3_busy_handler(
      handle, SQLiteBusyWait.handler, Unmanaged.passUnretained(busyWait).toOpaque())
  }

  /// Whether SQLite opened the file read-only (it does so silently for a write-protected
  /// file).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The rowid of the last row this connection inserted.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Runs `sql` (one statement) with `values` bound to its parameters, ignoring any rows.
  func execute(_ sql: String, _ values: any SQLBindable...) throws(SQLiteError) {
    try execute(sql, arguments: values)
  }

  /// Runs `sql` (one statement) with `arguments` bound to its parameters, ignoring any rows;
  /// returns the rows an INSERT, UPDATE or DELETE changed.
  @discardableResult
  func execute(_ sql: String, arguments values: [any SQLBindable]) throws(SQLiteError) -> Int {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    while try statement.step() {}
    return changes
  }

  /// The rows of `sql` with `arguments` bound, each read by `row`.
  func query<Item>(
    _ sql: String, arguments values: [any SQLBindable], row: (SQLiteStatement) throws -> Item
  ) throws -> [Item] {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    var rows: [Item] = []
    while try statement.step() {
      rows.append(try row(statement))
    }
    return rows
  }

  /// The first column of the first row of `sql` as an integer (`nil` when there is no row).
  func integer(_ sql: String, _ values: any SQLBindable...) throws(SQLiteError) -> Int64? {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    guard try statement.step() else { return nil }
    return statement.isNull(0) ? nil : statement.int64(0)
  }

  /// The first column of the first row of `sql` as text (`nil` when there is no row).
  func text(_ sql: String, _ values: any SQLBindable...) throws(SQLiteError) -> String? {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    guard try statement.step() else { return nil }
    return statement.optionalText(0)
  }

  /// Runs `body` in one transaction: `BEGIN IMMEDIATE` takes the write lock at once (waiting
  /// for other connections up to the busy timeout), a deferred one only reads a consistent
  /// snapshot. A throwing `body` rolls everything back.
  func transaction<Result>(immediate: Bool, _ body: () throws -> Result) throws -> Result {
    try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
    do {
      let result = try body()
      try execute("COMMIT")
      if immediate { foldKeptLogIfLong() }
      return result
    } catch {
      if sqlite3_get_autocommit(handle) == 0 {
        // ROLLBACK can only fail when there is no transaction left to roll back.
        try? execute("ROLLBACK")
      }
      throw error
    }
  }

  /// Runs `body` and counts the virtual-machine instructions SQLite ran for it, in
  /// thousands (a progress handler called every 1,000): the work of its statements,
  /// whatever the machine's speed, so tests can compare costs without timing them.
  func countingInstructions<Result>(_ body: () throws -> Result) rethrows -> (Result, Int) {
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    defer { counter.deallocate() }
    sqlite3_progress_handler(
      handle, 1_000,
      { context in
        context?.assumingMemoryBound(to: Int.self).pointee += 1
        return 0
      }, counter)
    defer { sqlite3_progress_handler(handle, 0, nil, nil) }
    let result = try body()
    return (result, counter.pointee)
  }

  /// Runs `body` with the triggers of this connection off (other connections keep theirs),
  /// for a batch that does itself, once, what the triggers would do for every row.
  ///
  /// SQLite expires the prepared statements when the setting changes and prepares them
  /// again on their next use.
  func withoutTriggers<Result>(_ body: () throws -> Result) rethrows -> Result {
    setTriggers(enabled: false)
    defer { setTriggers(enabled: true) }
    return try body()
  }

  /// Only a wrong option code (a bug of ours) makes `sqlite3_db_config` fail.
  private func setTriggers(enabled: Bool) {
    let code = pocket_sqlite3_enable_triggers(handle, enabled ? 1 : 0)
    precondition(code == SQLITE_OK, "cannot switch triggers: \(code)")
  }

  /// Keeps the write-ahead log between runs: closing the last connection neither copies the
  /// log into the database nor deletes it (`SQLITE_FCNTL_PERSIST_WAL`,
  /// `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`), so a run that opens, commits and closes makes no
  /// file and waits for no checkpoint.
  ///
  /// SQLite's own checkpoints would not keep such a log small: a connection that opens a log
  /// left behind reads it whole, and starts writing it from the beginning again only after a
  /// checkpoint it began with, which a run of one commit never has. So the automatic
  /// checkpoint is off, and a write that leaves the log past `keptLogFrames` copies it in and
  /// empties it (`wal_checkpoint(TRUNCATE)`): one run in many waits for the disk.
  func keepLogOnClose() throws(SQLiteError) {
    var persist: Int32 = 1
    let kept = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    let noCheckpoint = pocket_sqlite3_no_checkpoint_on_close(handle, 1)
    precondition(
      kept == SQLITE_OK && noCheckpoint == SQLITE_OK,
      "cannot keep the log on close: \(kept), \(noCheckpoint)")
    try execute("PRAGMA wal_autocheckpoint = 0")
    keptLogPageSize = Int(try integer("PRAGMA page_size") ?? 4_096)
  }

  /// The most log frames (pages) a connection that keeps its log leaves after a write.
  static let keptLogFrames = 64

  /// The page size of a connection that keeps its log (`keepLogOnClose`), which folds the
  /// log in past `keptLogFrames`; `nil` for any other.
  private var keptLogPageSize: Int?

  /// After a commit: the kept log folded into the file and emptied when it holds more than
  /// `keptLogFrames` frames. A failure leaves it for the next write: the commit stands.
  private func foldKeptLogIfLong() {
    guard let pageSize = keptLogPageSize else { return }
    var info = stat()
    guard stat(path + "-wal", &info) == 0 else { return }
    // A 32-byte header, then frames of a 24-byte header and a page.
    let frames = (Int(info.st_size) - 32) / (24 + pageSize)
    guard frames > Self.keptLogFrames else { return }
    _ = try? integer("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// The prepared statement for `sql`, for a caller that binds and runs it itself, many
  /// times over (a batch insert): bind with `bind(_:at:)`, run with `run()`.
  func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    try cachedStatement(sql)
  }

  /// A prepared statement for `sql`, from the cache when it was prepared before.
  /// - Throws: an error with `isInvalidSQL` when SQLite refuses the text (a syntax error, an
  ///   unknown table or column), else what stopped SQLite (a damaged file, a lock, no memory).
  private func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let statement = statements[sql] { return statement }
    let statement = try SQLiteStatement(database: handle, sql: sql, busyWait: busyWait)
    statements[sql] = statement
    return statement
  }
}
