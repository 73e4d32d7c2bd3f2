import Foundation

/// One connection to the server. Not thread-safe: its owner (`PostgresDatabase`, an actor,
/// or the change listener's thread) uses it from one thread at a time.
final class PostgresConnection {
  let libpq: LibPQ
  private let handle: LibPQ.Conn
  /// The handle, for the calls of its extensions (the listener's, `wasLost`).
  var handleForListening: LibPQ.Conn { handle }
  private(set) var isClosed = false
  /// How many times this connection has sent statements and waited for their results.
  private(set) var roundTrips = 0
  /// Statements to send ahead of the next one, in the same round trip (`sendWithNext`).
  private var waiting: [(sql: String, values: [any SQLBindable])] = []
  /// Whether the next statement run ends the transaction (`commitWithNext`), and whether
  /// one did: the transaction is then over, and no statement may follow in it.
  private var commitsWithNext = false
  private var committedEarly = false
  /// A statement that must succeed before any other runs (`checkFirst`), and whether a
  /// round trip carried it into the transaction still open.
  private var check: (sql: String, values: [any SQLBindable])?
  private var checkInOpenTransaction = false

  /// Connects with libpq's keywords and values (`PQconnectdbParams`, a `dbname` holding a
  /// URL or connection string expanded), then what is not given comes from the `PG*`
  /// variables, the service and password files, and libpq's defaults. Notices (`CREATE …
  /// IF NOT EXISTS` says "already exists") are dropped rather than printed to standard error.
  /// - Throws: libpq's reason, one line per attempt, as libpq words it (never a password).
  init(_ libpq: LibPQ, parameters: [(keyword: String, value: String)]) throws(PostgresError) {
    self.libpq = libpq
    let keywords = parameters.map { strdup($0.keyword) } + [nil]
    let values = parameters.map { strdup($0.value) } + [nil]
    defer {
      for pointer in keywords + values { free(pointer) }
    }
    let connection = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { keywords in
      values.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
        libpq.connectdbParams(keywords.baseAddress, values.baseAddress, 1)
      }
    }
    guard let connection else {
      throw PostgresError(message: "out of memory", connectionLost: true)
    }
    guard libpq.status(connection) == LibPQ.connectionOK else {
      let message = Self.message(libpq.errorMessage(connection))
      libpq.finish(connection)
      throw PostgresError(message: message, connectionLost: true)
    }
    _ = libpq.setNoticeProcessor(connection, { _, _ in }, nil)
    handle = connection
  }

  deinit { close() }

  /// Ends the connection; later calls fail as a lost connection.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    libpq.finish(handle)
  }

  /// The server process serving this connection, which `NOTIFY` names as the sender.
  var backendPID: Int32 { libpq.backendPID(handle) }
  /// The connection's socket, to wait on for notifications.
  var socket: Int32 { libpq.socket(handle) }
  /// Whether the connection is encrypted.
  var usesTLS: Bool { libpq.sslInUse(handle) == 1 }
  /// Whether a transaction is open (or failed and not yet rolled back).
  var inTransaction: Bool {
    let status = libpq.transactionStatus(handle)
    return status != LibPQ.transactionIdle && status != LibPQ.transactionUnknown
  }

  /// Where the connection went, as libpq says after connecting (never the password).
  var target: (user: String, host: String, port: String, database: String) {
    func text(_ pointer: UnsafePointer<CChar>?) -> String {
      pointer.map { String(cString: $0) } ?? ""
    }
    return (
      text(libpq.user(handle)), text(libpq.host(handle)), text(libpq.port(handle)),
      text(libpq.db(handle))
    )
  }

  /// Runs `sql` (one statement) with `values` as its parameters; returns the rows it changed.
  @discardableResult
  func execute(_ sql: String, _ values: any SQLBindable...) throws(PostgresError) -> Int {
    try execute(sql, arguments: values)
  }

  /// Runs `sql` with `arguments` as its parameters; returns the rows it changed.
  @discardableResult
  func execute(_ sql: String, arguments values: [any SQLBindable]) throws(PostgresError)
    -> Int
  {
    let result = try run(sql, values)
    defer { libpq.clear(result) }
    return Int(libpq.cmdTuples(result).map { String(cString: $0) } ?? "") ?? 0
  }

  /// The rows of `sql` with `arguments` as its parameters, each read by `row`.
  func query<Item>(
    _ sql: String, arguments values: [any SQLBindable], row: (PostgresRow) throws -> Item
  ) throws -> [Item] {
    let result = try run(sql, values)
    defer { libpq.clear(result) }
    let count = libpq.ntuples(result)
    var rows: [Item] = []
    rows.reserveCapacity(Int(count))
    for index in 0..<count {
      rows.append(try row(PostgresRow(libpq: libpq, result: result, row: index)))
    }
    return rows
  }

  /// The first column of the first row of `sql` as an integer (`nil`: no row, or NULL).
  func integer(_ sql: String, _ values: any SQLBindable...) throws(PostgresError) -> Int64? {
    try integer(sql, arguments: values)
  }

  /// The first column of the first row of `sql` with `arguments` as its parameters, as an
  /// integer (`nil`: no row, or NULL).
  func integer(_ sql: String, arguments values: [any SQLBindable]) throws(PostgresError)
    -> Int64?
  {
    let result = try run(sql, values)
    defer { libpq.clear(result) }
    guard libpq.ntuples(result) > 0 else { return nil }
    let row = PostgresRow(libpq: libpq, result: result, row: 0)
    return row.optionalInt64(0)
  }

  /// The first column of the first row of `sql` as text (`nil`: no row, or NULL).
  func text(_ sql: String, _ values: any SQLBindable...) throws(PostgresError) -> String? {
    let result = try run(sql, values)
    defer { libpq.clear(result) }
    guard libpq.ntuples(result) > 0 else { return nil }
    return PostgresRow(libpq: libpq, result: result, row: 0).optionalText(0)
  }

  /// Runs `body` between `begin` and `COMMIT`; a throwing `body` (or a failing commit)
  /// rolls everything back. `begin` and `prelude` (statements whose results nothing reads,
  /// such as a lock) travel with the body's first statement, in one round trip.
  func transaction<Result>(
    _ begin: String, prelude: [(sql: String, values: [any SQLBindable])] = [],
    _ body: () throws -> Result
  ) throws -> Result {
    sendWithNext(begin)
    for statement in prelude { sendWithNext(statement.sql, arguments: statement.values) }
    defer { (commitsWithNext, committedEarly) = (false, false) }
    do {
      let result = try body()
      if !committedEarly { try execute("COMMIT") }
      return result
    } catch {
      waiting.removeAll()
      commitsWithNext = false
      // What the check did in the transaction is undone with it: it is to be done again.
      checkInOpenTransaction = false
      if inTransaction, let result = try? runAlone("ROLLBACK", []) { libpq.clear(result) }
      throw error
    }
  }

  /// The statement whose wait is reported, and where (`LockWaiting`): the store's lock,
  /// which waits while another program's transaction holds it.
  var watched: (sql: String, waiting: LockWaiting)?

  /// Makes the next statement the transaction's last: its COMMIT travels in the same round
  /// trip, and the statement's result comes back once the commit is done (a write of one
  /// statement then costs one round trip, not two). When the statement fails the server
  /// skips the COMMIT, and the transaction is rolled back as always. A statement after it
  /// in the same transaction is refused: it would run outside the transaction.
  func commitWithNext() {
    commitsWithNext = true
  }

  /// Makes `sql` the check every statement waits for, sent in the round trip of the next one
  /// ahead of it (right after the BEGIN that opens the round trip, where one does, as a
  /// BEGIN that sets an isolation level must come first), not in a round trip of its own: a
  /// store's check of its schema costs no round trip. It stays the connection's check until
  /// a round trip that carried it is done and committed; one that fails in the check throws
  /// with `failedCheck`, and nothing after the check runs.
  func checkFirst(_ sql: String, arguments values: [any SQLBindable]) {
    check = (sql, values)
    checkInOpenTransaction = false
  }

  /// Whether a check is still to be done (`checkFirst`): no statement has carried it yet.
  var hasCheck: Bool { check != nil }

  /// The check still to be done, if any, which the connection no longer sends (its owner
  /// does the work it stands for otherwise).
  func takeCheck() -> (sql: String, values: [any SQLBindable])? {
    defer { (check, checkInOpenTransaction) = (nil, false) }
    return check
  }

  /// Sends `sql` with the next statement run, in the same round trip (libpq's pipeline
  /// mode; one after the other where the library has none). Its result is not read: a
  /// failure is thrown by that next statement, which then does not run.
  ///
  /// For a transaction's first statements (its BEGIN, then others): outside a transaction,
  /// pipeline mode would run the statements as one and an older libpq each alone.
  func sendWithNext(_ sql: String, arguments values: [any SQLBindable] = []) {
    waiting.append((sql, values))
  }

  /// Sends `sql` with `values` (`PQexecParams`: the text and the values travel apart),
  /// after the statements waiting to go with it, and waits for its result, which the
  /// caller clears.
  private func run(_ sql: String, _ values: [any SQLBindable]) throws(PostgresError)
    -> LibPQ.PGResult
  {
    guard !isClosed else {
      waiting.removeAll()
      throw PostgresError(message: "the connection is closed", connectionLost: true)
    }
    guard !committedEarly else {
      throw PostgresError(message: "a statement after its transaction's COMMIT: \(sql)")
    }
    let commits = commitsWithNext
    commitsWithNext = false
    let check = checkInOpenTransaction ? nil : self.check
    guard !waiting.isEmpty || commits || check != nil else {
      let result = try runAlone(sql, values)
      settleCheck()
      return result
    }
    var statements = waiting + [(sql, values)] + (commits ? [("COMMIT", [])] : [])
    waiting.removeAll()
    let checkIndex = check.map { _ in statements[0].sql.hasPrefix("BEGIN") ? 1 : 0 }
    if let check, let checkIndex { statements.insert(check, at: checkIndex) }
    // The result wanted is the statement's, before the COMMIT that may follow it.
    let wanted = statements.count - (commits ? 2 : 1)
    let result =
      if let pipeline = libpq.pipeline {
        try run(statements, pipeline, resultOf: wanted, check: checkIndex)
      } else {
        try runOneByOne(statements, resultOf: wanted, check: checkIndex)
      }
    // Only once the COMMIT went through is the transaction over; a failure leaves it to be
    // rolled back.
    committedEarly = commits
    if check != nil { checkInOpenTransaction = true }
    settleCheck()
    return result
  }

  /// After a round trip that succeeded: a check it carried (or one an earlier round trip
  /// carried into the transaction) is done once no transaction is open, its effects
  /// committed.
  private func settleCheck() {
    guard checkInOpenTransaction, !inTransaction else { return }
    (check, checkInOpenTransaction) = (nil, false)
  }

  /// Runs `statements` one round trip each, as a libpq without pipeline mode must; the
  /// result of the one at `wanted`, or the first failure (those after it do not run), with
  /// `failedCheck` where it is the one at `check`.
  private func runOneByOne(
    _ statements: [(sql: String, values: [any SQLBindable])], resultOf wanted: Int,
    check: Int?
  ) throws(PostgresError) -> LibPQ.PGResult {
    var kept: LibPQ.PGResult?
    for (index, statement) in statements.enumerated() {
      let result: LibPQ.PGResult
      do {
        result = try watching(statement.sql) {
          Result { () throws(PostgresError) in
            try runAlone(statement.sql, statement.values)
          }
        }.get()
      } catch {
        kept.map(libpq.clear)
        var error = error
        error.failedCheck = index == check
        throw error
      }
      if index == wanted { kept = result } else { libpq.clear(result) }
    }
    guard let kept else { throw lastError() }
    return kept
  }

  /// Sends `statements` in one pipeline and reads their results: the one at `wanted`, or the
  /// first failure (the server skips every statement after it until the pipeline's end),
  /// with `failedCheck` where it is the one at `check`.
  private func run(
    _ statements: [(sql: String, values: [any SQLBindable])], _ pipeline: LibPQ.Pipeline,
    resultOf wanted: Int, check: Int?
  ) throws(PostgresError) -> LibPQ.PGResult {
    guard pipeline.enter(handle) == 1 else { throw lastError() }
    defer { _ = pipeline.exit(handle) }
    for statement in statements {
      // The server sends results when told to flush (or at the sync): around the watched
      // statement it is told to, so that the wait for its result is its own.
      let flushes = isWatched(statement.sql)
      if flushes { guard pipeline.sendFlushRequest(handle) == 1 else { throw lastError() } }
      let sent = Self.withParameters(statement.values) { count, parameters in
        pipeline.sendQueryParams(handle, statement.sql, count, nil, parameters, nil, nil, 0)
      }
      guard sent == 1 else { throw lastError() }
      if flushes { guard pipeline.sendFlushRequest(handle) == 1 else { throw lastError() } }
    }
    guard pipeline.sync(handle) == 1 else { throw lastError() }
    roundTrips += 1
    var failure: PostgresError?
    var last: LibPQ.PGResult?
    // Each statement's result, then the end of its results (no result); then the sync.
    for index in statements.indices {
      let next = watching(statements[index].sql) { pipeline.getResult(handle) }
      guard let result = next else { throw lastError() }
      while let extra = pipeline.getResult(handle) { libpq.clear(extra) }
      let status = libpq.resultStatus(result)
      if status == LibPQ.commandOK || status == LibPQ.tuplesOK {
        if index == wanted { last = result } else { libpq.clear(result) }
      } else {
        if failure == nil, status != LibPQ.pipelineAborted {
          failure = error(of: result)
          failure?.failedCheck = index == check
        }
        libpq.clear(result)
      }
    }
    while let result = pipeline.getResult(handle) {
      let status = libpq.resultStatus(result)
      libpq.clear(result)
      if status == LibPQ.pipelineSync { break }
    }
    if let failure {
      if let last { libpq.clear(last) }
      throw failure
    }
    guard let last else { throw lastError() }
    return last
  }

  /// Calls `body` with `values` as libpq's parameters: their count and C strings (a null
  /// pointer for SQL NULL), valid during the call.
  private static func withParameters<Result>(
    _ values: [any SQLBindable],
    _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?) -> Result
  ) -> Result {
    let texts = values.map { $0.postgresText.map { strdup($0) } ?? nil }
    defer {
      for text in texts { free(text) }
    }
    return texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { parameters in
      body(Int32(parameters.count), parameters.baseAddress)
    }
  }

  /// The connection's own failure, as libpq words it.
  private func lastError() -> PostgresError {
    PostgresError(
      message: Self.message(libpq.errorMessage(handle)),
      connectionLost: libpq.status(handle) != LibPQ.connectionOK)
  }

  /// The failure a statement's `result` reports: the server's SQLSTATE and message.
  private func error(of result: LibPQ.PGResult) -> PostgresError {
    let state = libpq.resultErrorField(result, LibPQ.sqlStateField).map { String(cString: $0) }
    let message = Self.message(libpq.resultErrorMessage(result) ?? libpq.errorMessage(handle))
    return PostgresError(
      sqlState: state, message: message,
      connectionLost: libpq.status(handle) != LibPQ.connectionOK)
  }

  /// Sends `sql` with `values` and waits for its result (`PQexecParams`).
  private func runAlone(_ sql: String, _ values: [any SQLBindable]) throws(PostgresError)
    -> LibPQ.PGResult
  {
    let result = Self.withParameters(values) { count, parameters in
      libpq.execParams(handle, sql, count, nil, parameters, nil, nil, 0)
    }
    roundTrips += 1
    guard let result else {
      throw PostgresError(message: Self.message(libpq.errorMessage(handle)), connectionLost: true)
    }
    let status = libpq.resultStatus(result)
    guard status == LibPQ.commandOK || status == LibPQ.tuplesOK else {
      defer { libpq.clear(result) }
      throw error(of: result)
    }
    return result
  }
}
