import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private PostgreSQL server for tests: its own temporary folder (data, log and Unix
/// socket; in memory under `/dev/shm` unless it syncs), `initdb` and `pg_ctl` from this
/// machine's PostgreSQL, run as `nobody` when the tests run as root (PostgreSQL refuses
/// root). The superuser `pocket` is trusted on the socket only; every other role logs in
/// with SCRAM. Nothing listens on TCP unless asked.
public final class PostgresServer: Sendable {
  public struct Options: Sendable {
    /// Also listen on 127.0.0.1 at this port (which then names the socket too).
    public var tcpPort: Int?
    /// A self-signed certificate, and TCP clients allowed only over TLS (`hostssl`).
    public var requireTLS: Bool
    /// The shared server runs with `fsync=off` for speed, its files in memory; a durability
    /// test asks for it, and its files are then on the disk.
    public var fsync: Bool

    public init(tcpPort: Int? = nil, requireTLS: Bool = false, fsync: Bool = false) {
      self.tcpPort = tcpPort
      self.requireTLS = requireTLS
      self.fsync = fsync
    }
  }

  /// What went wrong, with the failing program's own message.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
  }

  public static let superuser = "pocket"
  public static let database = "pocket"

  /// One server for the whole test process, started on first use; stopped and removed when
  /// the process exits, or by its watchdog when the process is killed. nil when no server
  /// can be had (`unavailableReason` says why).
  public static let shared: PostgresServer? = sharedOutcome.server
  public static var unavailableReason: String? { sharedOutcome.reason }
  public static var isAvailable: Bool { shared != nil }
  /// `POCKET_REQUIRE_POSTGRES=1` (CI): a missing server is then a failure, not a skip.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["POCKET_REQUIRE_POSTGRES"] == "1"
  }

  private static let sharedOutcome: (server: PostgresServer?, reason: String?) = {
    do { return (try start(), nil) } catch { return (nil, "\(error)") }
  }()

  /// The server's own temporary folder: `data`, `log`, and the socket.
  public let directory: String
  public var socketDirectory: String { directory }
  /// The socket's port number (and the TCP port when there is one).
  public let port: Int
  public let options: Options
  private let tools: Tools
  private let isRemoved = Mutex(false)
  private var dataDirectory: String { directory + "/data" }

  private init(directory: String, port: Int, options: Options, tools: Tools) {
    self.directory = directory
    self.port = port
    self.options = options
    self.tools = tools
  }

  deinit { remove() }

  /// Starts a new private server (for tests that stop, kill or reconfigure theirs).
  public static func start(_ options: Options = .init()) throws -> PostgresServer {
    let server = try folder(options)
    try server.create()
    return server
  }

  /// The cluster every server copies: made by `initdb` once for the process, since a copy
  /// costs a small part of its CPU. It lies in a server's folder (which never starts), so it
  /// is removed at exit, or by the folder's watchdog.
  private static let cluster = Result { () throws -> PostgresServer in
    let holder = try PostgresServer.folder(.init())
    try PostgresServer.run(
      holder.tools.asServer + [
        holder.tools.bin + "/initdb", "-D", holder.dataDirectory, "-U", PostgresServer.superuser,
        "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C",
        "--no-sync",
      ])
    return holder
  }

  /// A new server's folder, owned by the server's user and watched, nothing in it yet.
  private static func folder(_ options: Options) throws -> PostgresServer {
    let tools = try Self.tools.get()
    // A server that does not sync keeps its files in memory where the system has a tmpfs:
    // a new cluster is 40 MB, which costs CPU to write on a disk. One that syncs (a
    // durability test, the benchmark against psql) stays on the disk, where syncing costs.
    let parent = Fixtures.temporaryParent(preferringMemory: !options.fsync)
    var template = Array((parent.path + "/pg-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure("could not make a temporary folder: \(String(cString: strerror(errno)))")
    }
    let directory = String(cString: made)
    let server = PostgresServer(
      directory: directory, port: options.tcpPort ?? 5432, options: options, tools: tools)
    installExitHandler
    live.withLock { $0[directory] = tools }
    if let owner = tools.owner, chown(directory, owner.uid, owner.gid) != 0 {
      throw Failure("could not hand \(directory) to nobody: \(String(cString: strerror(errno)))")
    }
    try server.startWatchdog()
    return server
  }

  private func create() throws {
    // The process's one `initdb` cluster, copied as the server's user (who owns it).
    let cluster = try Self.cluster.get()
    try Self.run(tools.asServer + ["/bin/cp", "-a", cluster.dataDirectory, dataDirectory])
    var settings = [
      "listen_addresses = '\(options.tcpPort == nil ? "" : "127.0.0.1")'",
      "unix_socket_directories = \(Self.literal(directory))", "port = \(port)",
      // A test opens two stores at a time (a viewer and a writer), each a connection and a
      // listener, and the run's suites run side by side: 200 was once too few.
      "fsync = \(options.fsync ? "on" : "off")", "max_connections = 400",
      "shared_buffers = 32MB",
      // The stores' triggers are PL/pgSQL: loaded once by the postmaster, each backend (a
      // connection of a test or of a `pocket` it starts) inherits it instead of loading
      // and relocating the library itself.
      "shared_preload_libraries = 'plpgsql'",
    ]
    if options.requireTLS {
      try Self.run(
        tools.asServer + [
          "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
          "-nodes", "-days", "2", "-subj", "/CN=localhost", "-keyout",
          dataDirectory + "/server.key",
          "-out", dataDirectory + "/server.crt",
        ])
      chmod(dataDirectory + "/server.key", 0o600)
      settings += ["ssl = on", "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'"]
    }
    let host = options.requireTLS ? "hostssl" : "host"
    var access = ["local all \(Self.superuser) trust", "local all all scram-sha-256"]
    if options.tcpPort != nil { access.append("\(host) all all 127.0.0.1/32 scram-sha-256") }
    // Written in place, so the files keep their owner (the server's user).
    try (access.joined(separator: "\n") + "\n").write(
      toFile: dataDirectory + "/pg_hba.conf", atomically: false, encoding: .utf8)
    let conf = FileHandle(forWritingAtPath: dataDirectory + "/postgresql.conf")
    try conf?.seekToEnd()
    try conf?.write(
      contentsOf: Foundation.Data(("\n" + settings.joined(separator: "\n") + "\n").utf8))
    try conf?.close()
    try restart()
    try psql("CREATE DATABASE \(Self.identifier(Self.database))", database: "postgres")
  }

  /// A shell that outlives a killed test process: once the process is gone (or a zombie),
  /// it stops the server and deletes the folder; it ends by itself when the folder goes. It
  /// reads the process's state with the shell's own `read`, so a second costs one `sleep`.
  /// It stops twice, for a server a `pg_ctl start` of the dead process was still starting.
  private func startWatchdog() throws {
    let me = getpid()
    let folder = Self.shellQuoted(directory)
    let stop = (tools.asServer + [tools.bin + "/pg_ctl", "stop", "-D", dataDirectory])
      .map(Self.shellQuoted).joined(separator: " ")
    let loop = """
      while kill -0 \(me) 2>/dev/null && [ -d \(folder) ]; do
        { read -r stat < /proc/\(me)/stat; } 2>/dev/null; state=${stat##*") "}
        [ "${state%% *}" = Z ] && break; sleep 1
      done
      [ -d \(folder) ] || exit 0
      \(stop) -m immediate -w -t 30; sleep 2; \(stop) -m immediate -w -t 30; rm -rf \(folder)
      """
    try Self.run(["/bin/sh", "-c", "(\(loop)) </dev/null >/dev/null 2>&1 &"])
  }

  /// `postgresql://USER@/DB?host=<socketDirectory>&port=<port>`, without a password.
  public func url(
    user: String = PostgresServer.superuser, database: String = PostgresServer.database
  ) -> String {
    let safe = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    func encoded(_ text: String) -> String {
      text.addingPercentEncoding(withAllowedCharacters: safe) ?? text
    }
    return "postgresql://\(encoded(user))@/\(encoded(database))?host=\(encoded(socketDirectory))"
      + "&port=\(port)"
  }

  /// PGHOST, PGPORT, PGUSER and PGDATABASE for this server.
  public func environment(
    user: String = PostgresServer.superuser, database: String = PostgresServer.database
  ) -> [String: String] {
    ["PGHOST": socketDirectory, "PGPORT": "\(port)", "PGUSER": user, "PGDATABASE": database]
  }

  /// "t_" and 16 random lowercase hex digits: a schema no other test uses.
  public static func uniqueSchema() -> String {
    let hex = String(UInt64.random(in: .min ... .max), radix: 16)
    return "t_" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// A new schema holding a table of another program's (`orders`), which a store must
  /// refuse untouched; its name.
  public func anotherProgramsSchema() throws -> String {
    let schema = Self.uniqueSchema()
    try psql("CREATE SCHEMA \(schema); CREATE TABLE \(schema).orders (id int)")
    return schema
  }

  /// A new schema holding `objects` of another program's (no table among them unless
  /// asked), which a store must refuse untouched; its name.
  public func anotherProgramsSchema(holding objects: [ForeignObject]) throws -> String {
    let schema = Self.uniqueSchema()
    try psql(
      (["CREATE SCHEMA \(schema)"] + objects.map { $0.statement(in: schema) })
        .joined(separator: "; "))
    return schema
  }

  /// Every name the catalogs hold in `schema` (relations, functions, types), sorted and
  /// comma-separated: what a schema left untouched keeps exactly.
  public func objects(in schema: String) throws -> String {
    try psql(
      """
      SELECT string_agg(name, ',' ORDER BY name) FROM (
        SELECT 'relation ' || relname FROM pg_class
          WHERE relnamespace = '\(schema)'::regnamespace
        UNION ALL SELECT 'routine ' || proname FROM pg_proc
          WHERE pronamespace = '\(schema)'::regnamespace
        UNION ALL SELECT 'type ' || typname FROM pg_type
          WHERE typnamespace = '\(schema)'::regnamespace) AS objects(name)
      """)
  }

  /// The tables `schema` holds, by name, comma-separated in the server's order.
  public func tables(in schema: String) throws -> String {
    try psql("SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = '\(schema)'")
  }

  /// Runs `psql -X -q -At -v ON_ERROR_STOP=1 -c sql` as the superuser over the socket;
  /// returns its output without the final newline, or throws with psql's message.
  @discardableResult
  public func psql(_ sql: String, database: String = PostgresServer.database) throws -> String {
    try psql(sql, connection: url(database: database))
  }

  /// Runs psql with `connection` (a URL or `key=value` string) and, when given, PGPASSWORD.
  @discardableResult
  public func psql(_ sql: String, connection: String, password: String? = nil) throws -> String {
    let output = try Self.run(
      [tools.psql, "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", connection, "-c", sql],
      environment: password.map { ["PGPASSWORD": $0] } ?? [:])
    return output.hasSuffix("\n") ? String(output.dropLast()) : output
  }

  /// A login role that must authenticate with SCRAM, allowed to create schemas in the
  /// database and tables in its `public` schema.
  public func createRole(_ name: String, password: String) throws {
    let role = Self.identifier(name)
    try psql(
      "SET password_encryption = 'scram-sha-256'; CREATE ROLE \(role) LOGIN PASSWORD "
        + "\(Self.literal(password)); GRANT CREATE ON DATABASE \(Self.identifier(Self.database))"
        + " TO \(role); GRANT CREATE ON SCHEMA public TO \(role)")
  }

  /// `pg_ctl stop -m fast`, waiting until the server is down.
  public func stop() throws {
    try Self.run(
      tools.asServer + [tools.bin + "/pg_ctl", "stop", "-D", dataDirectory, "-m", "fast", "-w"])
  }

  /// SIGKILL to the postmaster and its backends (its process group), like a crash; returns
  /// once none of them runs. Its lock files are then removed: the dead postmaster may linger
  /// as a zombie no one reaps, which PostgreSQL would take for a server still running.
  public func kill() throws {
    guard let pid = postmasterPID else {
      throw Failure("the server in \(directory) is not running")
    }
    if Foundation.kill(-pid, SIGKILL) != 0 { _ = Foundation.kill(pid, SIGKILL) }
    let deadline = ContinuousClock.now + .seconds(30)
    while Self.groupIsAlive(pid) {
      guard ContinuousClock.now < deadline else {
        throw Failure("postmaster \(pid) outlived SIGKILL")
      }
      usleep(10_000)
    }
    for lock in [dataDirectory + "/postmaster.pid", "\(socketDirectory)/.s.PGSQL.\(port).lock"] {
      try? FileManager.default.removeItem(atPath: lock)
    }
  }

  /// Stops (SIGSTOP) or goes on with (SIGCONT) the postmaster alone: while it is stopped, a
  /// new connection is taken by the kernel and never answered, as a server that hangs.
  public func pause(_ paused: Bool = true) throws {
    guard let pid = postmasterPID, Foundation.kill(pid, paused ? SIGSTOP : SIGCONT) == 0 else {
      throw Failure("the server in \(directory) is not running")
    }
  }

  /// Starts the server again on the same folder and port (after `stop` or `kill`), waiting
  /// until it takes connections.
  public func restart() throws {
    do {
      try Self.run(
        tools.asServer + [
          tools.bin + "/pg_ctl", "start", "-w", "-t", "30", "-D", dataDirectory, "-l",
          directory + "/log",
        ])
    } catch {
      let log = (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? ""
      throw Failure(
        "\(error)\nlog:\n\(log.split(separator: "\n").suffix(10).joined(separator: "\n"))")
    }
  }

  /// Stops the server if it runs and deletes its folder; again is harmless.
  public func remove() {
    let wasRemoved = isRemoved.withLock { removed in
      defer { removed = true }
      return removed
    }
    guard !wasRemoved else { return }
    Self.tearDown(directory: directory, tools: tools)
  }

  public var isRunning: Bool { postmasterPID.map(Self.isAlive) ?? false }

  private var postmasterPID: pid_t? {
    guard
      let text = try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8),
      let line = text.split(separator: "\n").first, let pid = pid_t(line), pid > 0
    else { return nil }
    return pid
  }

  // MARK: - Tear-down at exit

  private static let live = Mutex<[String: Tools]>([:])
  private static let installExitHandler: Void = {
    atexit {
      for (directory, tools) in PostgresServer.live.withLock({ $0 }) {
        PostgresServer.tearDown(directory: directory, tools: tools)
      }
    }
  }()

  private static func tearDown(directory: String, tools: Tools) {
    let data = directory + "/data"
    if FileManager.default.fileExists(atPath: data + "/postmaster.pid") {
      _ = try? run(tools.asServer + [tools.bin + "/pg_ctl", "stop", "-D", data, "-m", "immediate"])
    }
    try? FileManager.default.removeItem(atPath: directory)
    _ = live.withLock { $0.removeValue(forKey: directory) }
  }

  // MARK: - Quoting

  private static func identifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
  private static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// A kind of object another program may keep in a schema, none of them a table but
/// `.table`.
public enum ForeignObject: String, CaseIterable, Sendable {
  case table, view, materializedView, sequence, function, procedure, enumType, domain,
    compositeType

  /// The statement that makes one in `schema`.
  public func statement(in schema: String) -> String {
    switch self {
    case .table: "CREATE TABLE \(schema).orders (id int)"
    case .view: "CREATE VIEW \(schema).answer AS SELECT 42 AS n"
    case .materializedView: "CREATE MATERIALIZED VIEW \(schema).totals AS SELECT 1 AS n"
    case .sequence: "CREATE SEQUENCE \(schema).ticket"
    case .function:
      "CREATE FUNCTION \(schema).twice(n int) RETURNS int LANGUAGE sql AS 'SELECT n * 2'"
    case .procedure: "CREATE PROCEDURE \(schema).tidy() LANGUAGE sql AS 'SELECT 1'"
    case .enumType: "CREATE TYPE \(schema).mood AS ENUM ('calm', 'busy')"
    case .domain: "CREATE DOMAIN \(schema).positive AS int CHECK (VALUE > 0)"
    case .compositeType: "CREATE TYPE \(schema).pair AS (a int, b int)"
    }
  }
}
