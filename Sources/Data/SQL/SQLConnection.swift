import PocketDomain

/// A connection of one SQL database, lent to a repository inside a transaction
/// (`SQLDatabase.read`, `write`): what the repositories, written once, need of it. Each
/// database supplies its statements and the few places where the two dialects differ:
/// the next id, a batch of messages, a lookup among many values, and the upkeep of the
/// list blocks (by hand on SQLite; PostgreSQL's triggers keep them, so its hooks do nothing).
protocol SQLConnection: AnyObject {
  /// One row of a result, read by column number.
  associatedtype Row: StoredRow

  /// Runs `sql` (one statement, in this database's spelling) with `arguments` bound to its
  /// parameters, ignoring any rows; returns the rows an INSERT, UPDATE or DELETE changed.
  @discardableResult
  func execute(_ sql: String, arguments: [any SQLBindable]) throws -> Int

  /// The rows of `sql` (in this database's spelling) with `arguments` bound, each read by
  /// `row`.
  func query<Item>(_ sql: String, arguments: [any SQLBindable], row: (Row) throws -> Item)
    throws -> [Item]

  // MARK: Dialect

  /// How this database spells what the dialects write differently.
  static var dialect: SQLDialect { get }

  /// Inserts a row of `table` whose id is the next of `counter` (as `nextIDValue` gives it);
  /// returns the id (`nil` when the counter is missing). `columns` names the row's columns,
  /// the id first; `values` are the others'. An id past `Limits.maxCounter` is returned
  /// without a row inserted or the counter moved, for the caller to refuse.
  func insertWithNextIDValue(
    _ counter: String, table: String, columns: String, values: [any SQLBindable]
  ) throws -> Int64?

  /// Inserts `messages`, ids and all, as a batch (the row counts and list blocks kept);
  /// an id stored already, or given twice, throws `DomainError.duplicate`.
  func insertMessages(_ messages: [ChatMessage]) throws

  /// Inserts `rows` into `table`, each with a value for each of `columns`, in their order:
  /// one statement for them all where the database can.
  func insert(_ rows: [[any SQLBindable]], into table: String, _ columns: [SQLColumn]) throws

  /// Which of `values` some row of `table` holds in `column` (a unique column).
  func present(_ values: Set<String>, column: String, table: String) throws -> Set<String>

  /// The rows at `ascendingStart ..< ascendingStart + count` of `list` in ascending key
  /// order, read through its blocks; `nil` when the blocks disagree with the rows (then the
  /// caller steps with `OFFSET`).
  func indexedRows<Item>(
    _ list: ListIndex, ascendingStart: Int, count: Int, total: Int, row: (Row) throws -> Item
  ) throws -> [Item]?

  /// After a write that added or moved the row with key `(key, id)` of `list`.
  func listAdded(_ list: ListIndex, key: Int64, id: Int64) throws
  /// After a write that removed the row with key `(key, id)` of `list`.
  func listRemoved(_ list: ListIndex, key: Int64, id: Int64) throws
  /// After a write that deleted every row of `list`, or replaced them all with batches that
  /// kept no blocks (an import).
  func listReplaced(_ list: ListIndex) throws
}

extension SQLConnection {
  /// Runs `sql` (one statement) with `arguments` bound to its parameters, ignoring any rows;
  /// returns the rows an INSERT, UPDATE or DELETE changed.
  @discardableResult
  func execute(_ sql: SQLText, arguments values: [any SQLBindable]) throws -> Int {
    try execute(Self.dialect.spelled(sql), arguments: values)
  }

  /// Runs `sql` with `values` bound to its parameters; returns the rows it changed.
  @discardableResult
  func execute(_ sql: SQLText, _ values: any SQLBindable...) throws -> Int {
    try execute(sql, arguments: values)
  }

  /// The rows of `sql` with `arguments` bound, each read by `row`.
  func query<Item>(
    _ sql: SQLText, arguments values: [any SQLBindable], row: (Row) throws -> Item
  ) throws -> [Item] {
    try query(Self.dialect.spelled(sql), arguments: values, row: row)
  }

  /// The rows of `sql` with `values` bound, each read by `row`.
  func query<Item>(_ sql: SQLText, _ values: any SQLBindable..., row: (Row) throws -> Item)
    throws -> [Item]
  {
    try query(sql, arguments: values, row: row)
  }

  /// The rows of `sql` (in this database's spelling) with `values` bound, each read by `row`.
  func query<Item>(_ sql: String, _ values: any SQLBindable..., row: (Row) throws -> Item)
    throws -> [Item]
  {
    try query(sql, arguments: values, row: row)
  }

  /// Moves the id counter `counter` past every id it gave and every id in `table`, and
  /// returns it (`nil` when the counter is missing).
  func nextIDValue(_ counter: String, table: String) throws -> Int64? {
    try query(Self.dialect.nextID(table: table), arguments: [counter]) { $0.optionalInt64(0) }
      .first ?? nil
  }

  /// The first column of the first row of `sql` as an integer (`nil`: no row, or NULL).
  func integer(_ sql: SQLText, _ values: any SQLBindable...) throws -> Int64? {
    try query(sql, arguments: values) { $0.optionalInt64(0) }.first ?? nil
  }
}

/// The database a store's repositories share, an actor that owns its one connection and runs
/// each call as one transaction, with its own locking, waiting and retrying.
protocol SQLDatabase: Actor {
  associatedtype Connection: SQLConnection

  /// Runs `body` in a read transaction, so several queries see one snapshot.
  func read<Result: Sendable>(_ body: @Sendable (Connection) throws -> Result)
    throws(DomainError) -> Result

  /// Runs `body` in one write transaction, under the store's lock: either all its changes are
  /// committed, or, when it throws, none. What it reads it reads under the lock, so a
  /// `WriteCondition` it checks holds when it writes.
  func write<Result: Sendable>(_ body: @Sendable (Connection) throws -> Result)
    throws(DomainError) -> Result

  /// Runs `body`, a write of one statement, as `write` does; a database that can sends the
  /// statement's COMMIT with it.
  func writeOne<Result: Sendable>(_ body: @Sendable (Connection) throws -> Result)
    throws(DomainError) -> Result

  /// Runs `body` as `write` does when it reads before it writes (`readingFirst`), else as
  /// `writeOne` does.
  func write<Result: Sendable>(
    readingFirst: Bool, _ body: @Sendable (Connection) throws -> Result
  ) throws(DomainError) -> Result

  /// Runs `body`, one statement that reads, on one snapshot; a database that can runs it
  /// without a transaction around it.
  func statement<Result: Sendable>(_ body: @Sendable (Connection) throws -> Result)
    throws(DomainError) -> Result

  /// The chat's messages newest first that may match `search`, from an index of their texts,
  /// each still to be checked; nil where the database has no index for it (the chat is then
  /// scanned).
  func chatSearchCandidates(_ search: TextSearch) throws(DomainError) -> [ChatMessage]?
}

extension SQLDatabase {
  /// No index of the chat's texts (PostgreSQL's store, which adds no extension): a search
  /// scans the chat.
  func chatSearchCandidates(_ search: TextSearch) throws(DomainError) -> [ChatMessage]? {
    nil
  }
}

/// The two SQL dialects the stores speak, where a statement's text differs between them.
enum SQLDialect {
  case sqlite, postgres

  /// `sql` as the dialect writes parameters: `?`, or `$1`, `$2`, … in order.
  func spelled(_ sql: SQLText) -> String {
    self == .sqlite ? sql.questionMarks : sql.numbered
  }

  /// The next id of `table`, in a statement on `counters`: past the counter's value and every
  /// id in the table.
  func nextValue(table: String) -> String {
    // Table names are constants of ours; max(id) is one step down the primary key.
    let greatest = self == .sqlite ? "max" : "greatest"
    return "\(greatest)(value, (SELECT coalesce(max(id), 0) FROM \(table))) + 1"
  }

  /// Moves the id counter the parameter names past every id given and every id in `table`;
  /// returns it.
  func nextID(table: String) -> String {
    spelled(
      SQLText(
        "UPDATE counters SET value = \(nextValue(table: table)) WHERE name = ? RETURNING value"))
  }
}

/// A database's error that can say it was a unique or primary key refusing a row, and what
/// the user is told of it.
protocol SQLDatabaseError: Error {
  var isUniquenessViolation: Bool { get }
  /// What the user is told of it, a failure while using the store `store` (a path or a name).
  func domainError(store: String) -> DomainError
}

/// What the user is told about `error`, a failure while using the SQL store `store` (a path
/// or a name).
func sqlDomainError(_ error: any Error, store: String) -> DomainError {
  switch error {
  case let error as DomainError: error
  case let error as any SQLDatabaseError: error.domainError(store: store)
  case let error as InvalidRow: .corruptStore(path: store, reason: StoreProblem(error.reason))
  default: .storageUnavailable(path: store, reason: .system("\(error)"))
  }
}
