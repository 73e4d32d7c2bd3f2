import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The private PostgreSQL servers the Postgres store is tested against: they start, refuse the
/// logins they should, survive a restart with their data, and go down when told.
@Suite(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresServerTests {
  @Test(.enabled(if: PostgresServer.isRequired, "POCKET_REQUIRE_POSTGRES is not 1"))
  func aRequiredServerIsThere() {
    #expect(
      PostgresServer.isAvailable,
      "POCKET_REQUIRE_POSTGRES=1 but \(PostgresServer.unavailableReason ?? "no reason given")")
  }

  @Test(.enabled(if: PostgresServer.isAvailable, "no PostgreSQL server here"))
  func theSharedServerAnswersOnItsSocketOnly() throws {
    let server = try #require(PostgresServer.shared)
    #expect(try server.psql("SELECT 1") == "1")
    #expect(try server.psql("SELECT current_user || ' ' || current_database()") == "pocket pocket")
    #expect(try server.psql("SHOW listen_addresses") == "")
    #expect(try server.psql("SHOW fsync") == "off")
    #expect(
      FileManager.default.fileExists(atPath: server.socketDirectory + "/.s.PGSQL.\(server.port)"))
    #expect(server.socketDirectory.utf8.count + "/.s.PGSQL.65535".utf8.count <= 107)
    #expect(server.isRunning)
    // The URL and the environment name the same server as the socket does.
    #expect(try server.psql("SELECT 2", connection: server.url()) == "2")
    let environment = server.environment()
    let conninfo =
      "host=\(environment["PGHOST"] ?? "") port=\(environment["PGPORT"] ?? "")"
      + " user=\(environment["PGUSER"] ?? "") dbname=\(environment["PGDATABASE"] ?? "")"
    #expect(try server.psql("SELECT 3", connection: conninfo) == "3")
    let schema = PostgresServer.uniqueSchema()
    #expect(schema.wholeMatch(of: /t_[0-9a-f]{16}/) != nil)
    #expect(schema != PostgresServer.uniqueSchema())
    // A failing statement throws with PostgreSQL's message.
    #expect {
      try server.psql("SELECT * FROM no_such_table")
    } throws: { error in
      "\(error)".contains("no_such_table")
    }
  }

  @Test(.enabled(if: PostgresServer.isAvailable, "no PostgreSQL server here"))
  func aCreatedRoleLogsInWithItsPasswordAndNoOther() throws {
    let server = try #require(PostgresServer.shared)
    let role = "r_" + PostgresServer.uniqueSchema()
    try server.createRole(role, password: "right 'secret'")
    let connection = server.url(user: role)
    #expect(
      try server.psql("SELECT current_user", connection: connection, password: "right 'secret'")
        == role)
    #expect {
      try server.psql("SELECT 1", connection: connection, password: "wrong")
    } throws: { error in
      "\(error)".contains("password authentication failed")
    }
    #expect(throws: PostgresServer.Failure.self) {
      try server.psql("SELECT 1", connection: connection)
    }
    // The role may make a schema of its own and tables in it.
    let schema = PostgresServer.uniqueSchema()
    try server.psql(
      "CREATE SCHEMA \(schema); CREATE TABLE \(schema).t (n int); INSERT INTO \(schema).t VALUES (7)",
      connection: connection, password: "right 'secret'")
    #expect(try server.psql("SELECT n FROM \(schema).t") == "7")
  }

  @Test(.enabled(if: PostgresServer.isAvailable, "no PostgreSQL server here"))
  func aPrivateServerStopsRestartsWithItsDataAndDiesWhenKilled() async throws {
    let server = try await Blocking.run { try PostgresServer.start() }
    #expect(server.directory != PostgresServer.shared?.directory)
    try server.psql("CREATE TABLE kept (n int); INSERT INTO kept VALUES (1), (2)")

    try await Blocking.run { try server.stop() }
    #expect(!server.isRunning)
    #expect(throws: PostgresServer.Failure.self) { try server.psql("SELECT 1") }

    try await Blocking.run { try server.restart() }
    #expect(server.isRunning)
    #expect(try server.psql("SELECT sum(n) FROM kept") == "3")
    try server.psql("INSERT INTO kept VALUES (4)")

    try await Blocking.run { try server.kill() }
    #expect(!server.isRunning)
    #expect(throws: PostgresServer.Failure.self) { try server.psql("SELECT 1") }

    // After a crash the server recovers what was committed.
    try await Blocking.run { try server.restart() }
    #expect(try server.psql("SELECT sum(n) FROM kept") == "7")

    server.remove()
    #expect(!server.isRunning)
    #expect(!FileManager.default.fileExists(atPath: server.directory))
    server.remove()
  }

  @Test(.enabled(if: PostgresServer.isAvailable, "no PostgreSQL server here"))
  func aTLSServerTakesTCPClientsOverTLSOnly() async throws {
    let port = try Self.freePort()
    let server = try await Blocking.run {
      try PostgresServer.start(.init(tcpPort: port, requireTLS: true, fsync: true))
    }
    defer { server.remove() }
    #expect(server.port == port)
    #expect(try server.psql("SHOW fsync") == "on")
    #expect(try server.psql("SHOW listen_addresses") == "127.0.0.1")
    try server.createRole("tls_user", password: "pw")
    let tcp = "host=127.0.0.1 port=\(port) user=tls_user dbname=pocket"
    #expect(
      try server.psql(
        "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
        connection: tcp + " sslmode=require", password: "pw") == "t")
    #expect {
      try server.psql("SELECT 1", connection: tcp + " sslmode=disable", password: "pw")
    } throws: { error in
      "\(error)".contains("no pg_hba.conf entry")
    }
    // The superuser is trusted on the socket only.
    #expect(throws: PostgresServer.Failure.self) {
      try server.psql("SELECT 1", connection: "host=127.0.0.1 port=\(port) sslmode=require")
    }
    #expect(try server.psql("SELECT 1") == "1")
  }

  /// A port the system just gave out on 127.0.0.1 (and took back).
  static func freePort() throws -> Int {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
      }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
