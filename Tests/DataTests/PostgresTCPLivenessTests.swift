import Foundation
import TestSupport
import TestTraits
import Testing

@testable import PocketData

// The options are Linux's (macOS names the idle time TCP_KEEPALIVE, and has no user timeout).
#if canImport(Glibc)
  import Glibc

  /// A TCP connection to a postgres store is found lost when its network goes silent, not
  /// after the system's two hours: the socket libpq made carries the probes and the timeout
  /// `PostgresTarget.tcpLiveness` asks for, read back from the kernel, and a URL's own value
  /// overrides them.
  @Suite(
    "PostgreSQL: a TCP connection whose network goes silent is found lost",
    .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
    .timeLimit(.minutes(Soak.minutesBeforeAHang)))
  struct PostgresTCPLivenessTests {
    /// The socket option `name` at `level` of `socket`.
    static func option(_ socket: Int32, _ level: Int32, _ name: Int32) -> Int32 {
      var value: Int32 = -1
      var size = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(socket, level, name, &value, &size) == 0 else { return -1 }
      return value
    }

    @Test func theSocketIsProbedWhenIdleAndGivesUpOnUnansweredData() async throws {
      let server = try await PostgresStoreTests.ownServerOnTCP()
      defer { server.remove() }
      try server.createRole("alice", password: "probed")
      let environment = ["PGPASSWORD": "probed"]
      let libpq = try LibPQ.load(environment: [:])
      func connect(_ query: String) throws -> PostgresConnection {
        let target = PostgresTarget(
          url: "postgresql://alice@127.0.0.1:\(server.port)/pocket?sslmode=disable" + query)
        return try PostgresConnection(
          libpq, parameters: target.parameters(environment: environment))
      }
      let tcp = Int32(IPPROTO_TCP)
      let probed = try connect("")
      defer { probed.close() }
      #expect(Self.option(probed.socket, SOL_SOCKET, SO_KEEPALIVE) == 1)
      #expect(Self.option(probed.socket, tcp, TCP_KEEPIDLE) == 15)
      #expect(Self.option(probed.socket, tcp, TCP_KEEPINTVL) == 5)
      #expect(Self.option(probed.socket, tcp, TCP_KEEPCNT) == 3)
      #expect(Self.option(probed.socket, tcp, TCP_USER_TIMEOUT) == 30_000)
      let told = try connect("&keepalives_idle=60")
      defer { told.close() }
      #expect(Self.option(told.socket, tcp, TCP_KEEPIDLE) == 60)
    }
  }
#endif
