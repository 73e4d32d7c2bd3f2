import CSQLite
import Foundation
import PocketData
import PocketDomain

/// The yardstick for the bulk insert: the same rows written with plain SQLite C calls into
/// a fresh file with Pocket's `chat_messages` table and index and its pragmas (WAL,
/// synchronous=FULL) — one prepared INSERT in one transaction.
enum RawSQLite {
  /// `SQLITE_TRANSIENT`, which Swift cannot import: SQLite copies the bound text.
  private static var transient: sqlite3_destructor_type {
    unsafeBitCast(-1, to: sqlite3_destructor_type.self)
  }

  /// Creates `path` with the schema, then inserts `drafts` with ids from 1.
  /// - Returns: the time from `BEGIN` to the end of `COMMIT` (opening and the schema are not
  ///   counted, as the repository's insert does not count opening its store).
  static func insertChatMessages(
    _ drafts: [(content: String, date: Date)], path: String
  ) throws(BenchError) -> Duration {
    let rows = drafts.lazy.enumerated().map { index, draft -> [RawValue] in
      [
        .integer(Int64(index + 1)), .text(draft.content),
        .integer(Int64((draft.date.timeIntervalSince1970 * 1000).rounded())), .integer(0),
      ]
    }
    return try insert(rows, into: .chatMessages, path: path)
  }

  /// Inserts `rows` (one value a column of `table`, in order) into the file at `path` with
  /// one prepared INSERT in one transaction, and runs `then` in the same transaction. With
  /// `creating`, the file is made first with `table`'s schema and Pocket's pragmas (WAL,
  /// synchronous=FULL); without, the file is a store Pocket made, and its own triggers keep
  /// its counts and list blocks.
  /// - Returns: the time from `BEGIN` to the end of `COMMIT` (opening and the schema are not
  ///   counted, as the repository's insert does not count opening its store).
  static func insert<Rows: Sequence<[RawValue]>>(
    _ rows: Rows, into table: RawTable, path: String, creating: Bool = true,
    then statements: [String] = []
  ) throws(BenchError) -> Duration {
    let db = try open(path)
    defer { sqlite3_close(db) }
    try execute("PRAGMA journal_mode = WAL", db)
    try execute("PRAGMA synchronous = FULL", db)
    if creating { for statement in try table.schema() { try execute(statement, db) } }

    let clock = ContinuousClock()
    let start = clock.now
    try execute("BEGIN IMMEDIATE", db)
    var prepared: OpaquePointer?
    let marks = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
    let sql =
      "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(marks))"
    guard sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let insert = prepared
    else {
      throw failure(sql, db)
    }
    defer { sqlite3_finalize(insert) }
    for row in rows {
      for (index, value) in row.enumerated() {
        switch value {
        case .integer(let number): sqlite3_bind_int64(insert, Int32(index + 1), number)
        case .text(let text): sqlite3_bind_text(insert, Int32(index + 1), text, -1, transient)
        }
      }
      guard sqlite3_step(insert) == SQLITE_DONE else { throw failure(sql, db) }
      sqlite3_reset(insert)
    }
    for statement in statements { try execute(statement, db) }
    try execute("COMMIT", db)
    return start.duration(to: clock.now)
  }

  /// Creates `path` with the schema in WAL mode (which the file keeps), for the `sqlite3`
  /// command-line baseline; `synchronous=FULL` is per connection and goes in its command.
  static func createChatFile(path: String) throws(BenchError) {
    let committer = try OneRowCommits(path: path)
    _ = committer
  }

  /// Opens the file at `path`, made when missing.
  static func open(_ path: String) throws(BenchError) -> OpaquePointer {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let db = handle else {
      sqlite3_close(handle)
      throw .failed("raw SQLite: cannot open \(path)")
    }
    return db
  }

  /// The rows `sql` selects from the file at `path`, each column as text.
  static func rows(_ sql: String, path: String) throws(BenchError) -> [[String]] {
    let db = try open(path)
    defer { sqlite3_close(db) }
    var prepared: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let select = prepared
    else {
      throw failure(sql, db)
    }
    defer { sqlite3_finalize(select) }
    var rows: [[String]] = []
    while true {
      switch sqlite3_step(select) {
      case SQLITE_ROW:
        rows.append(
          (0..<sqlite3_column_count(select)).map {
            sqlite3_column_text(select, $0).map { String(cString: $0) } ?? ""
          })
      case SQLITE_DONE: return rows
      default: throw failure(sql, db)
      }
    }
  }

  static func execute(_ sql: String, _ db: OpaquePointer) throws(BenchError) {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql, db) }
  }

  private static func failure(_ sql: String, _ db: OpaquePointer) -> BenchError {
    .failed("raw SQLite: \(String(cString: sqlite3_errmsg(db))) in \(sql)")
  }
}

/// The `sqlite3` command-line tool on a file with the chat's table, index and WAL journal
/// (`RawSQLite.createChatFile`): the baseline of `say hi` in goals 2 and 11.
struct SQLiteCLI {
  let program: String
  let path: String

  /// Inserts `say hi`'s row dated `date`, with `synchronous=FULL` as Pocket writes it.
  func insert(_ date: Date) throws(BenchError) -> ChildRun {
    let sql =
      "PRAGMA synchronous = FULL; INSERT INTO chat_messages (content, date_ms, edited) "
      + "VALUES ('hi', \(date.epochMilliseconds), 0);"
    return try Child.run(program, [path, sql])
  }
}

/// The floor of one durable action: a one-row INSERT committed on its own, with Pocket's
/// pragmas (WAL, synchronous=FULL), on a connection kept open as Pocket keeps its own.
final class OneRowCommits {
  private let db: OpaquePointer
  private let insert: OpaquePointer
  private var next: Int64 = 1

  init(path: String) throws(BenchError) {
    let db = try RawSQLite.open(path)
    self.db = db
    do {
      try RawSQLite.execute("PRAGMA journal_mode = WAL", db)
      try RawSQLite.execute("PRAGMA synchronous = FULL", db)
      for statement in try RawTable.chatMessages.schema() { try RawSQLite.execute(statement, db) }
    } catch {
      sqlite3_close(db)
      throw error
    }
    var prepared: OpaquePointer?
    let sql = "INSERT INTO chat_messages (content, date_ms, edited) VALUES ('one row', ?, 0)"
    guard sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let insert = prepared
    else {
      sqlite3_close(db)
      throw .failed("raw SQLite: cannot prepare \(sql)")
    }
    self.insert = insert
  }

  deinit {
    sqlite3_finalize(insert)
    sqlite3_close(db)
  }

  /// One row in its own transaction, on disk when it returns: how long that took.
  func commit() throws(BenchError) -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    sqlite3_bind_int64(insert, 1, next)
    next += 1
    guard sqlite3_step(insert) == SQLITE_DONE else {
      throw .failed("raw SQLite: \(String(cString: sqlite3_errmsg(db)))")
    }
    sqlite3_reset(insert)
    return start.duration(to: clock.now)
  }
}

/// One value of a row the raw inserts bind.
enum RawValue: Equatable, Sendable {
  case integer(Int64)
  case text(String)
}

/// A table the raw inserts write: its name and the columns a row gives, in order.
struct RawTable: Sendable {
  var name: String
  var columns: [String]

  static let chatMessages = RawTable(
    name: "chat_messages", columns: ["id", "content", "date_ms", "edited"])

  /// The statements that make the table and its indexes in an empty file: Pocket's own, as
  /// a store its code made keeps them (`pocketSchema`), without the triggers that keep that
  /// store's counts and list blocks.
  func schema() throws(BenchError) -> [String] {
    let statements = try Self.pocketSchema.get().filter { $0.table == name }.map(\.sql)
    guard !statements.isEmpty else { throw .failed("no table \(name) in Pocket's schema") }
    return statements
  }

  /// Every table and index of a new SQLite store, tables first: `SQLiteStore.open` makes
  /// one in a temporary folder, once, and its `sqlite_master` is read.
  private static let pocketSchema = Result { () throws(BenchError) in
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("pocket-bench-schema-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("pocket.sqlite").path
    do {
      _ = try SQLiteStore.open(path: path)
    } catch {
      throw .failed("cannot make a store for its schema in \(folder.path): \(error)")
    }
    return try RawSQLite.rows(
      """
      SELECT tbl_name, sql FROM sqlite_master
      WHERE type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC, rowid
      """, path: path
    ).map { (table: $0[0], sql: $0[1]) }
  }
}
