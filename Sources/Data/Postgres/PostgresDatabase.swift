import Foundation
import PocketDomain

/// The one connection of a `PostgresStore` that its repositories use. Every repository goes
/// through this actor, so the connection runs one transaction at a time; other processes and
/// machines are kept apart by the server.
///
/// A write is one transaction at READ COMMITTED that first takes the store's transaction
/// advisory lock (`pg_advisory_xact_lock` on the schema's name), so the read-decide-writes of
/// every Pocket on the store run one after another, as on the sqlite store: each statement
/// after the lock sees every commit before it, and two processes never give out one lap
/// number or lose each other's toggle. A statement that still meets a conflict (a deadlock
/// with another program's transaction) is run again, a bounded number of times.
///
/// The actor runs on a serial dispatch queue of its own (`StoreThread.own`), not on Swift's
/// cooperative pool: every call waits on the server, over a network for another machine,
/// and a pool thread blocked in it would hold up every other task of the process. Opened
/// for a one-shot command (`StoreThread.main`), it runs on the main thread, which waits
/// for each statement anyway.
actor PostgresDatabase {
  let schema: String
  /// The server being reached (`PostgresStore.reaching`): the first call waits for it, on
  /// this actor's own queue, and every call throws what reaching it threw, until
  /// `reconnect` reaches it anew.
  let reaching: ServerReach
  private let executor: StoreExecutor
  /// Where a write waiting for the store's lock is reported.
  let waits: StoreWaits
  /// The connection to this machine's copy of the store that `pull(into:)` last wrote.
  var copyConnection: (path: String, connection: SQLiteConnection)?

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

  /// How many times a transaction that met a conflict is run in all.
  static let attempts = 5

  init(
    reaching: ServerReach, schema: String, thread: StoreThread,
    waits: StoreWaits = StoreWaits()
  ) {
    self.reaching = reaching
    self.schema = schema
    self.waits = waits
    executor = StoreExecutor(thread, label: "pocket.postgres")
  }

  /// The connection and the store's name as messages give it (its redacted URL and
  /// schema), once the server is reached. A connection lost while idle (its server
  /// restarted) is replaced first, before anything is sent on it: nothing sent is lost, or
  /// sent twice.
  func reached() throws(DomainError) -> (connection: PostgresConnection, name: String) {
    var reached = try reaching.value()
    if reached.connection.wasLost {
      reached.connection.close()
      reaching.renew()
      reached = try reaching.value()
    }
    if reached.connection.watched == nil {
      reached.connection.watched = (
        Self.lockStatement(schema).sql, LockWaiting(waits: waits, store: reached.name)
      )
    }
    return (reached.connection, reached.name)
  }

  /// Ends the connection (libpq's `PQfinish`: the server is told, and its process ends);
  /// a later statement fails as on a lost connection. With `copy`, this machine's copy of
  /// the store at that path is first brought up to date (`pull(into:)`), whole only when
  /// the store holds at most `wholeCopyLimit` records; a pull that fails leaves the copy as
  /// it was, for the next. A connection lost while idle is made anew for that pull only.
  func close(pullingInto copy: String? = nil) {
    guard let connection = (try? reaching.value())?.connection else { return }
    if let copy, !connection.isClosed { _ = try? pull(into: copy) }
    try? copyConnection?.connection.close()
    copyConnection = nil
    (try? reaching.value())?.connection.close()
  }

  /// Reaches the server anew, for a store whose server did not answer or whose connection
  /// was lost (a view that follows it tries again): the old connection is ended, and the
  /// next statement waits for the new one and throws what reaching it throws.
  func reconnect() {
    if let connection = try? reaching.value().connection { connection.close() }
    reaching.renew()
  }

  /// The most records a store may hold for a command's end to copy it whole (a new copy, or
  /// one the log was pruned past): about a second's work. A larger store is copied whole by
  /// a view that follows it (`copyWhole(into:)`).
  static let wholeCopyLimit: Int64 = 20_000
  /// The most records a pull of this store copies whole: `wholeCopyLimit`, unless a test
  /// asked for fewer (`limitWholeCopies`).
  private(set) var wholeCopyRecords = PostgresDatabase.wholeCopyLimit

  /// For a test: pulls copy whole only a store of at most `records` records, so a store
  /// just over the limit is a small one.
  func limitWholeCopies(to records: Int64) { wholeCopyRecords = records }

  /// The server process of the connection (0 before it is reached or after it is closed).
  var backendPID: Int32 {
    guard let connection = try? reached().connection, !connection.isClosed else { return 0 }
    return connection.backendPID
  }

  /// How many round trips to the server this store's statements have taken.
  var roundTrips: Int { (try? reached().connection.roundTrips) ?? 0 }

  /// Runs `body` in a read-only transaction (REPEATABLE READ), so several queries see one
  /// snapshot.
  func read<Result: Sendable>(
    _ body: @Sendable (PostgresConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", locked: false, body)
  }

  /// Runs `body`, one statement (which PostgreSQL runs as a transaction of its own, on one
  /// snapshot), with no transaction around it: no round trips for BEGIN and COMMIT.
  func statement<Result: Sendable>(
    _ body: @Sendable (PostgresConnection) throws -> Result
  ) throws(DomainError) -> Result {
    let (connection, name) = try reached()
    do {
      return try body(connection)
    } catch let error as PostgresError where error.failedCheck {
      try prepareSchema(connection, name: name)
      return try statement(body)
    } catch {
      throw sqlDomainError(error, store: name)
    }
  }

  /// Runs `body` in one write transaction under the store's lock: either all its changes
  /// are committed (synchronously: on the server's disk when this returns), or, when it
  /// throws, none.
  func write<Result: Sendable>(
    _ body: @Sendable (PostgresConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try run("BEGIN ISOLATION LEVEL READ COMMITTED", locked: true, body)
  }

  /// Runs `body`, a write of one statement, as `write` does, with the statement's COMMIT in
  /// its round trip (`PostgresConnection.commitWithNext`): BEGIN, the lock, the statement
  /// and COMMIT go to the server together.
  /// Runs `body` as `write` does when it reads before it writes (`readingFirst`), else as
  /// `writeOne` does: a read must come back before what follows it is sent.
  func write<Result: Sendable>(
    readingFirst: Bool, _ body: @Sendable (PostgresConnection) throws -> Result
  ) throws(DomainError) -> Result {
    readingFirst ? try write(body) : try writeOne(body)
  }

  func writeOne<Result: Sendable>(
    _ body: @Sendable (PostgresConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try write { connection in
      connection.commitWithNext()
      return try body(connection)
    }
  }

  private func run<Result: Sendable>(
    _ begin: String, locked: Bool, _ body: (PostgresConnection) throws -> Result
  ) throws(DomainError) -> Result {
    let (connection, name) = try reached()
    var attempt = 1
    while true {
      do {
        let prelude = locked ? [Self.lockTimeout, Self.lockStatement(schema)] : []
        return try connection.transaction(begin, prelude: prelude) { try body(connection) }
      } catch let error as PostgresError where error.isRetryable && attempt < Self.attempts {
        attempt += 1
        usleep(UInt32.random(in: 1_000...(10_000 * UInt32(attempt))))
      } catch let error as PostgresError where error.failedCheck {
        try prepareSchema(connection, name: name)
      } catch {
        throw sqlDomainError(error, store: name)
      }
    }
  }

  /// The schema, for a connection whose check of it failed (a one-shot command's, sent with
  /// its first statement: nothing of that statement ran): made or migrated as opening a
  /// store does, or refused as opening one refuses it (a newer version, another program's
  /// tables). Refused, the check stays, and every later statement is refused the same way.
  func prepareSchema(_ connection: PostgresConnection, name: String) throws(DomainError) {
    let check = connection.takeCheck()
    do {
      _ = try PostgresStore.makeCurrent(schema, connection)
    } catch {
      if let check { connection.checkFirst(check.sql, arguments: check.values) }
      if case DomainError.corruptStore(_, let reason) = error {
        throw .corruptStore(path: name, reason: reason)
      }
      throw sqlDomainError(error, store: name)
    }
  }

  /// Takes the store's write lock until the transaction ends.
  static func lock(_ schema: String, _ connection: PostgresConnection) throws(PostgresError) {
    let statement = lockStatement(schema)
    try connection.execute(statement.sql, arguments: statement.values)
  }

  /// How long a write waits for a lock another program's transaction holds (the store's
  /// lock, a row), then gives up (`55P03`, reported as `DomainError.storeBusy`): as long
  /// as the other stores wait. For the transaction only.
  static var lockTimeout: (sql: String, values: [any SQLBindable]) {
    ("SET LOCAL lock_timeout = '\(FileLock.patience.components.seconds)s'", [])
  }

  /// The statement that takes the store's write lock until the transaction ends.
  static func lockStatement(_ schema: String) -> (sql: String, values: [any SQLBindable]) {
    ("SELECT pg_advisory_xact_lock(hashtext($1))", ["pocket." + schema])
  }
}

extension PostgresError {
  /// A schema another program changed (a table or column Pocket's statements name is not
  /// there) is `corruptStore`; anything else (the server gone, refused, out of space,
  /// permissions) is `storageUnavailable`. The reason is the server's message.
  func domainError(store name: String) -> DomainError {
    if isLockTimeout {
      return .storeBusy(path: name, reason: .system(message))
    }
    if isSchemaMismatch {
      return .corruptStore(
        path: name, reason: StoreProblem(.foreignSchema(because: .system(message))))
    }
    if connectionLost, !message.hasPrefix("connection to server") {
      return .storageUnavailable(
        path: name, reason: StoreProblem(.connectionFailed(because: .system(message))))
    }
    return .storageUnavailable(path: name, reason: .system(message))
  }
}
