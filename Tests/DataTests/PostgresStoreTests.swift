import Foundation
import PocketData
import PocketDomain
import StoreTestSupport
import Synchronization
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the postgres store does beyond the repository contracts (which run on it through
/// `StoreKind.postgres`): its schema and migrations, the changes other clients make, and the
/// server's faults. Each test uses a schema of its own on the shared test server, or a
/// private server when it stops, kills or reconfigures it.
@Suite(
  "PostgreSQL store",
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresStoreTests {
  let server: PostgresServer

  init() throws { server = try #require(PostgresServer.shared) }

  func target(_ schema: String = PostgresServer.uniqueSchema()) -> PostgresTarget {
    PostgresTarget(url: server.url(), schema: schema)
  }

  @Test func aNewStoreMakesItsSchemaAtTheCurrentVersion() async throws {
    let target = target()
    let store = try await Self.open(target)
    #expect(try store.schemaVersion == PostgresStore.currentSchemaVersion)
    #expect(
      try server.psql("SELECT version FROM \(target.schema).schema_version")
        == "\(PostgresStore.currentSchemaVersion)")
    #expect(try store.name.contains("(schema \(target.schema))"))
    #expect(try store.name.hasPrefix("postgresql://pocket@"))
  }

  @Test func aNewerSchemaIsRefusedAndLeftAsItWas() async throws {
    let target = target()
    let store = try await Self.open(target)
    _ = try await store.repositories.chat.insert(content: "kept", date: Fixtures.date())
    let newer = PostgresStore.currentSchemaVersion + 1
    try server.psql("UPDATE \(target.schema).schema_version SET version = \(newer)")
    #expect {
      try PostgresStore.open(target)
    } throws: { error in
      guard case DomainError.corruptStore(_, let reason) = error else { return false }
      return reason.english.contains("newer than this Pocket")
    }
    #expect(try server.psql("SELECT version FROM \(target.schema).schema_version") == "\(newer)")
    #expect(try server.psql("SELECT content FROM \(target.schema).chat_messages") == "kept")
  }

  @Test func aSchemaHoldingAnotherProgramsTablesIsRefusedUntouched() throws {
    let schema = try server.anotherProgramsSchema()
    #expect {
      try PostgresStore.open(target(schema))
    } throws: { error in
      guard case DomainError.corruptStore(_, let reason) = error else { return false }
      return reason.english.contains("not Pocket's")
    }
    #expect(try server.tables(in: schema) == "orders")
  }

  /// Any object in a schema without Pocket's version table is another program's: a schema
  /// holding one of any kind (or the issue's view, sequence and function, with no table) is
  /// refused on open, naming what it holds, and left exactly as it was.
  @Test(arguments: ForeignObject.allCases.map { [$0] } + [[.view, .sequence, .function]])
  func aSchemaHoldingAnyObjectOfAnotherProgramIsRefusedUntouched(
    objects: [ForeignObject]
  ) throws {
    let schema = try server.anotherProgramsSchema(holding: objects)
    let before = try server.objects(in: schema)
    #expect {
      try PostgresStore.open(target(schema))
    } throws: { error in
      guard case DomainError.corruptStore(_, let reason) = error else { return false }
      return reason.english.contains("holds objects that are not Pocket's")
    }
    #expect(try server.objects(in: schema) == before)
    #expect(try server.tables(in: schema) == (objects.contains(.table) ? "orders" : ""))
  }

  /// An empty schema made beforehand (by an administrator, for Pocket) is taken.
  @Test func anEmptySchemaIsTaken() async throws {
    let schema = try server.anotherProgramsSchema(holding: [])
    let store = try await Self.open(target(schema))
    _ = try await store.repositories.chat.insert(content: "mine", date: Fixtures.date())
    #expect(try server.psql("SELECT content FROM \(schema).chat_messages") == "mine")
  }

  @Test func twoSchemasInOneDatabaseAreTwoStores() async throws {
    let first = try await Self.open(target()).repositories
    let second = try await Self.open(target()).repositories
    _ = try await first.chat.insert(content: "first's", date: Fixtures.date())
    #expect(try await second.chat.messages(offset: 0, limit: 5).total == 0)
    #expect(try await first.chat.messages(offset: 0, limit: 5).total == 1)
  }

  /// Text that would change a statement built by concatenation is stored as it is.
  @Test func textThatLooksLikeSQLIsStoredAsText() async throws {
    let repositories = try await Self.open(target()).repositories
    let hostile = "'); DROP TABLE chat_messages; -- $1 \\ \" 😀"
    let message = try await repositories.chat.insert(content: hostile, date: Fixtures.date())
    #expect(try await repositories.chat.message(id: message.id)?.content == hostile)
    let bookmark = Bookmark(
      url: "https://x.test/?q=' OR 1=1 --", title: hostile, noticeDate: Fixtures.date(),
      bookmarkedAt: Fixtures.date(1))
    #expect(try await repositories.bookmarks.toggle(bookmark) == .bookmarked)
    #expect(try await repositories.bookmarks.bookmark(url: bookmark.url) == bookmark)
  }

  /// A change made by any client, here psql, reaches a subscriber: the triggers notify,
  /// whoever writes, and keep the row counts too.
  @Test func aChangeMadeWithPsqlIsReportedAndCounted() async throws {
    let target = target()
    let store = try await Self.open(target)
    #expect(store.repositories.changes.watch == .serverNotifications)
    let received = Received(store.repositories.changes.subscribe())
    defer { received.stop() }
    // The listener connects on a thread of its own: psql's insert is repeated until one
    // comes after its LISTEN.
    var sent = 0
    let reported = await Self.retrying {
      if received.kinds.contains(.chat) { return true }
      if sent < 50 {
        sent += 1
        _ = try? server.psql(
          "INSERT INTO \(target.schema).chat_messages (id, content, date_ms, edited) "
            + "VALUES (\(sent), 'from psql', 0, false)")
      }
      return false
    }
    #expect(reported, "\(received.all)")
    #expect(!received.kinds.contains(.bookmarks))
    let page = try await store.repositories.chat.messages(offset: 0, limit: 100)
    #expect(page.total == page.items.count)
    #expect(page.items.allSatisfy { $0.content == "from psql" })
  }

  /// The store's own writes are not reported to its own subscribers; another store's are.
  @Test func ownWritesAreNotReportedAndAnotherConnectionsAre() async throws {
    let target = target()
    let viewer = try await Self.open(target).repositories
    let writer = try await Self.open(target).repositories
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }
    var written = 0
    let reported = await Self.retrying {
      if received.kinds.contains(.bookmarks) { return true }
      if written < 50 {
        written += 1
        _ = try? await viewer.chat.insert(content: "own", date: Fixtures.date())
        _ = try? await writer.bookmarks.toggle(
          Bookmark(
            url: "https://x.test/\(written)", title: "t", noticeDate: Fixtures.date(),
            bookmarkedAt: Fixtures.date()))
      }
      return false
    }
    #expect(reported)
    #expect(!received.kinds.contains(.chat), "\(received.all)")
  }

  /// The listener's connection is open only while someone subscribes.
  @Test func theListenerConnectsOnlyWhileSomeoneSubscribes() async throws {
    let name = "pocket-" + PostgresServer.uniqueSchema()
    let store = try await Self.open(
      PostgresTarget(url: server.url() + "&application_name=\(name)"))
    func connections() throws -> Int {
      Int(
        try server.psql("SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(name)'"))
        ?? -1
    }
    #expect(try connections() == 1)
    var changes: StoreChanges? = store.repositories.changes.subscribe()
    #expect(await Self.retrying { (try? connections()) == 2 })
    changes = nil
    #expect(await Self.retrying { (try? connections()) == 1 })
    _ = changes
  }

  // MARK: - Faults, each on a private server

  @Test func aServerStoppedMidSessionIsGoneAndWritesFail() async throws {
    let own = try await Blocking.run { try PostgresServer.start() }
    defer { own.remove() }
    let store = try await Self.open(PostgresTarget(url: own.url()))
    let repositories = store.repositories
    _ = try await repositories.chat.insert(content: "before", date: Fixtures.date())
    let received = Received(repositories.changes.subscribe())
    defer { received.stop() }
    // The listener connects on its own thread: a change from another connection shows it
    // is listening before the server goes.
    let other = try await Self.open(PostgresTarget(url: own.url())).repositories
    var sent = 0
    let listening = await Self.retrying {
      if received.kinds.contains(.chat) { return true }
      if sent < 50 {
        sent += 1
        _ = try? await other.chat.insert(content: "other", date: Fixtures.date())
      }
      return false
    }
    #expect(listening)
    try await Blocking.run { try own.stop() }
    let gone = await received.wait { events in
      events.contains { if case .gone = $0 { true } else { false } }
    }
    #expect(gone, "\(received.all)")
    await #expect {
      _ = try await repositories.chat.insert(content: "after", date: Fixtures.date())
    } throws: { error in
      guard case DomainError.storageUnavailable = error else { return false }
      return true
    }
  }

  /// The server killed while a writer inserts: every insert that returned is there after
  /// a restart (commits are synchronous), and the writer is told of the failure.
  @Test func aServerKilledDuringWritesLosesNothingAcknowledged() async throws {
    let own = try await Blocking.run { try PostgresServer.start() }
    defer { own.remove() }
    let repositories = try await Self.open(PostgresTarget(url: own.url())).repositories
    let acknowledged = Mutex<[Int64]>([])
    let writer = Task {
      while !Task.isCancelled {
        guard
          let message = try? await repositories.chat.insert(
            content: "kept", date: Fixtures.date())
        else { return }
        acknowledged.withLock { $0.append(message.id) }
      }
    }
    _ = await Turns.wait(turns: 6000) { acknowledged.withLock { $0.count } >= 20 }
    try await Blocking.run { try own.kill() }
    await writer.value
    try await Blocking.run { try own.restart() }
    let reopened = try await Self.open(PostgresTarget(url: own.url())).repositories
    let ids = acknowledged.withLock { $0 }
    #expect(ids.count >= 20)
    for id in ids {
      #expect(try await reopened.chat.message(id: id) != nil, "message \(id) was lost")
    }
  }

  @Test func aServerThatRequiresTLSRefusesAPlainConnectionAndTakesAnEncryptedOne() async throws {
    let own = try await Self.ownServerOnTCP(requireTLS: true)
    let port = own.port
    defer { own.remove() }
    try own.createRole("alice", password: "tls-only")
    let environment = ["PGPASSWORD": "tls-only"]
    #expect {
      try PostgresStore.open(
        PostgresTarget(url: "postgresql://alice@127.0.0.1:\(port)/pocket?sslmode=disable"),
        environment: environment)
    } throws: { error in
      let text = "\(error)"
      return text.contains("127.0.0.1") && text.contains("no encryption")
    }
    let store = try await Self.open(
      PostgresTarget(url: "postgresql://alice@127.0.0.1:\(port)/pocket?sslmode=require"),
      environment: environment)
    #expect(try store.usesTLS)
  }

  /// A server that takes the connection and never answers: refused within the connect
  /// timeout (here PGCONNECT_TIMEOUT=1), naming the host.
  @Test func aServerThatNeverAnswersTimesOut() throws {
    let listener = try SilentListener()
    defer { listener.stop() }
    let port = listener.port
    let started = ContinuousClock.now
    #expect {
      try PostgresStore.open(
        PostgresTarget(url: "postgresql://pocket@127.0.0.1:\(port)/pocket?sslmode=disable"),
        environment: ["PGCONNECT_TIMEOUT": "1"])
    } throws: { error in "\(error)".contains("127.0.0.1") && "\(error)".contains("timeout") }
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  // MARK: - Helpers

  /// A private server that takes TCP connections on 127.0.0.1 too. A port found free may be
  /// taken before the server binds it (tests run in parallel): another is tried, at most
  /// three in all.
  static func ownServerOnTCP(requireTLS: Bool = false) async throws -> PostgresServer {
    try await Blocking.run {
      var attempt = 1
      while true {
        do {
          return try PostgresServer.start(
            .init(tcpPort: try PostgresServerTests.freePort(), requireTLS: requireTLS))
        } catch  where attempt < 3 {
          attempt += 1
        }
      }
    }
  }

  /// `PostgresStore.open`, off the cooperative pool (a new schema takes a while to make).
  static func open(
    _ target: PostgresTarget, environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws -> PostgresStore {
    try await Blocking.run { try PostgresStore.open(target, environment: environment) }
  }

  /// Runs `body` every 100 ms until it holds, for at most a minute.
  static func retrying(_ body: () async -> Bool) async -> Bool {
    for _ in 0..<600 {
      if await body() { return true }
      try? await Task.sleep(for: .milliseconds(100))
    }
    return false
  }

  static func port(of descriptor: Int32) throws -> Int {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    try #require(named == 0)
    return Int(UInt16(bigEndian: address.sin_port))
  }

  typealias Received = StoreObservationTests.Received
}
