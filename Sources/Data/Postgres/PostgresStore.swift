import Foundation
import PocketDomain

/// A store on a PostgreSQL server, reached through libpq (opened only now), in a PostgreSQL
/// schema of its own, created and migrated on open. Several machines share one store this
/// way: every change is one transaction, committed synchronously, and announced to every
/// other Pocket on the store by the server (`LISTEN`/`NOTIFY` from triggers).
public final class PostgresStore: Sendable {
  /// The schema version this Pocket writes; older schemas are migrated to it on open.
  public static var currentSchemaVersion: Int { PostgresSchema.currentVersion }

  /// The server reached: connected, the schema made or migrated.
  struct Reached: @unchecked Sendable {
    let libpq: LibPQ
    /// Used by the store's `PostgresDatabase` only, one call at a time.
    let connection: PostgresConnection
    /// libpq's keywords and values for the connection, which the change listener's own
    /// connection uses too.
    let parameters: [(keyword: String, value: String)]
    /// The store as messages and `pocket store` name it: user, host, port, database and
    /// schema, never a password.
    let name: String
    let schemaVersion: Int
    let usesTLS: Bool
    /// The server process of the connection, whose notifications are the store's own.
    let ownPID: Int32
  }

  /// Reaching the server, on a thread of its own from the moment the store was made, and
  /// again when a view that follows the store finds it lost (`PostgresDatabase.reconnect`).
  private let reaching: ServerReach
  let database: PostgresDatabase
  let changes: PostgresChangeListener

  private init(
    schema: String, thread: StoreThread, waits: StoreWaits,
    _ context: @escaping @Sendable () -> (PostgresTarget, [String: String])
  ) {
    let first: Concurrently<Reached>
    if thread == .main {
      // A one-shot command: libpq and its twenty libraries are loaded here, on the core the
      // process already runs on, before the thread that connects starts. Loading them is
      // the CPU work of the reach; a new thread first waits for a core (up to the
      // scheduler's slice while this one runs on, where the other core sleeps), and two
      // threads of one process mapping libraries and touching pages at once slow each
      // other down. What is left to the thread is waiting for the server. What loading
      // threw, `reach` throws again (`LibPQ.load` keeps it).
      let (target, environment) = context()
      _ = try? LibPQ.load(environment: environment)
      first = Concurrently { () throws(DomainError) in
        try Self.reach(target, environment: environment, checkingWithFirstStatement: true)
      }
    } else {
      first = Concurrently { () throws(DomainError) in
        let (target, environment) = context()
        return try Self.reach(target, environment: environment, checkingWithFirstStatement: false)
      }
    }
    // A later reach checks the schema in a round trip of its own.
    let reaching = ServerReach(first) { () throws(DomainError) in
      let (target, environment) = context()
      return try Self.reach(target, environment: environment, checkingWithFirstStatement: false)
    }
    self.reaching = reaching
    database = PostgresDatabase(reaching: reaching, schema: schema, thread: thread, waits: waits)
    changes = PostgresChangeListener(reaching: reaching, schema: schema)
  }

  /// The store as messages and `pocket store` name it: user, host, port, database and
  /// schema, never a password. Waits for the server; throws what reaching it threw.
  public var name: String { get throws(DomainError) { try reaching.value().name } }
  /// The schema version of the store (after its migrations); waits for the server.
  public var schemaVersion: Int { get throws(DomainError) { try reaching.value().schemaVersion } }
  /// Whether the connection is encrypted (TLS); waits for the server.
  public var usesTLS: Bool { get throws(DomainError) { try reaching.value().usesTLS } }

  /// Connects to the server `target` names (with libpq's environment for what it leaves
  /// out), creates the store's schema when missing and migrates it to the current version.
  /// - Throws: `.storageUnavailable` when libpq is missing, the server cannot be reached or
  ///   refuses (within the connect timeout, 5 s unless told otherwise), naming the host and
  ///   the cause; `.corruptStore` for a schema of a newer Pocket, or one that holds tables
  ///   that are not Pocket's. A password never shows in either.
  public static func open(
    _ target: PostgresTarget, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(DomainError) -> PostgresStore {
    let store = reaching(schema: target.schema) { (target, environment) }
    try store.ready()
    return store
  }

  /// The store in `schema` on the server that `context` names (a target, and the
  /// environment libpq completes it from), reached as `open` reaches it on a thread of its
  /// own while the caller goes on: its repositories can be handed out at once, and the
  /// first statement of any waits for the server and throws what reaching it threw.
  /// `thread`: the thread the store's statements run on (`StoreThread`). For `.own`,
  /// `context` is called on the reaching thread, which also loads libpq and checks the
  /// schema. For `.main` (a one-shot command), `context` is called and libpq loaded here,
  /// the thread only connects, and the schema is checked with the first statement: a
  /// schema `open` refuses is refused by every statement instead, with nothing written.
  /// `waits`: where a write waiting for the store's lock is reported (`Repositories.waits`).
  public static func reaching(
    schema: String, thread: StoreThread = .own, waits: StoreWaits = StoreWaits(),
    _ context: @escaping @Sendable () -> (PostgresTarget, [String: String])
  ) -> PostgresStore {
    PostgresStore(schema: schema, thread: thread, waits: waits, context)
  }

  /// Ends the store's connection to the server, telling the server (as `psql` does when it
  /// is done); its repositories cannot be used afterwards.
  public func close() async {
    await database.close()
  }

  /// Brings this machine's copy of the store at `copy` up to date (`PostgresReplica`), when
  /// the server answers, then closes as `close` does. The copy is copied whole only for a
  /// store of at most 20,000 records: a new copy of a larger one is left for a later step of
  /// docs/local-first.md. A pull that fails leaves the copy as it was, for the next.
  public func close(pullingInto copy: String) async {
    await database.close(pullingInto: copy)
  }

  /// Waits until the server is reached; throws what `open` would have thrown (for a store
  /// reached for `StoreThread.main`, but a schema it refuses: its statements refuse that).
  public func ready() throws(DomainError) {
    _ = try reaching.value()
  }

  /// `checkingWithFirstStatement`: the schema's check travels with the first statement
  /// (`PostgresConnection.checkFirst`), not in a round trip of its own, for a one-shot
  /// command that waits for the server anyway; where it fails, the database makes or
  /// migrates the schema then (`PostgresDatabase`), and the version is the current one once
  /// a statement has run.
  private static func reach(
    _ target: PostgresTarget, environment: [String: String], checkingWithFirstStatement: Bool
  ) throws(DomainError) -> Reached {
    func redacted(_ reason: StoreProblem) -> StoreProblem {
      StoreProblem(
        reason.cause.mappingText { target.redacted($0, environment: environment) },
        advice: reason.advice)
    }
    func failure(_ error: PostgresError, name: String) -> DomainError {
      switch sqlDomainError(error, store: name) {
      case .storageUnavailable(let path, let reason):
        .storageUnavailable(path: path, reason: redacted(reason))
      case .corruptStore(let path, let reason):
        .corruptStore(path: path, reason: redacted(reason))
      case let other: other
      }
    }
    // libpq never sees a password in a URL, nor a text it would repeat whole in its message.
    if let url = target.url, let problem = PostgresTarget.problem(url) {
      throw .storageUnavailable(
        path: target.name(environment: environment), reason: StoreProblem(.postgresURL(problem)))
    }
    let libpq: LibPQ
    let connection: PostgresConnection
    do {
      libpq = try LibPQ.load(environment: environment)
      connection = try PostgresConnection(
        libpq, parameters: target.parameters(environment: environment))
    } catch {
      // Named as the target and environment say: no server said more.
      throw failure(error, name: target.name(environment: environment))
    }
    let reached = connection.target
    let name = PostgresTarget.name(
      user: reached.user, host: reached.host, port: reached.port, database: reached.database,
      schema: target.schema)
    do {
      let check = PostgresSchema.currentCheck(target.schema)
      let version: Int
      if checkingWithFirstStatement {
        connection.checkFirst(check.sql, arguments: check.values)
        version = PostgresSchema.currentVersion
      } else if (try? connection.execute(check.sql, arguments: check.values)) != nil {
        version = PostgresSchema.currentVersion
      } else {
        version = try makeCurrent(target.schema, connection)
      }
      return Reached(
        libpq: libpq, connection: connection,
        parameters: target.parameters(environment: environment), name: name,
        schemaVersion: version,
        usesTLS: connection.usesTLS, ownPID: connection.backendPID)
    } catch let error as PostgresError {
      throw failure(error, name: name)
    } catch DomainError.corruptStore(_, let reason) {
      throw .corruptStore(path: name, reason: reason)
    } catch {
      throw sqlDomainError(error, store: name)
    }
  }

  /// For a schema its check (`PostgresSchema.currentCheck`) did not find current: sets the
  /// connection's path to it and synchronous commits, and makes or migrates it; returns its
  /// version (the current one).
  static func makeCurrent(_ schema: String, _ connection: PostgresConnection) throws -> Int {
    try connection.execute(
      "SELECT set_config('search_path', $1, false), set_config('synchronous_commit', 'on', false)",
      PostgresSchema.quoted(schema))
    return try PostgresMigrator.pocket.migrate(schema, connection)
  }
}
