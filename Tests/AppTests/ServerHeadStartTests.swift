import Foundation
import PocketData
import PocketDomain
import TestSupport
import TestTraits
import Testing

@testable import PocketApp

/// The executable begins reaching a postgres store's server before the rest of Pocket starts
/// (`OpenedStore.reachServer`), and opening that store takes the connection begun; no other
/// command line begins one (a `pocket` on another store never loads libpq).
@Suite(.blocking, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ServerHeadStartTests {
  @Test(arguments: [
    ["say", "hi"],
    ["--store", "memory", "say", "hi"],
    ["--store", "json", "chat"],
    ["--store", "postgres", "--help"],
    ["--store", "postgres", "-h", "chat"],
    ["--store", "postgres", "--no-such-option", "chat"],
    ["--store", "postgres", "--store-schema", "Not-A-Name", "chat"],
    ["--store", "postgres", "--store-url", "postgresql://me:secret@db.example/notes", "chat"],
    ["--store"],
    ["chat", "--store", "postgres"],
  ])
  func noOtherCommandLineBeginsAConnection(_ arguments: [String]) {
    #expect(OpenedStore.reachServer(arguments) { [:] } == nil)
  }

  @Test(.enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"))
  func openingTheStoreTakesTheConnectionBegunBefore() throws {
    let server = try #require(PostgresServer.shared)
    let folder = try Fixtures.temporaryDirectory()
    let schema = PostgresServer.uniqueSchema()
    defer {
      try? FileManager.default.removeItem(at: folder)
      _ = try? server.psql("DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE")
    }
    let arguments = [
      "--store", "postgres", "--store-schema", schema, "--store-path", folder.path, "say", "hi",
    ]
    // Begun with the server in its environment…
    let headStart = try #require(
      OpenedStore.reachServer(arguments) { ["POCKET_STORE_URL": server.url()] })
    // …and opened with no server in it: only the connection begun can open the store.
    let nowhere = [
      "POCKET_STORE_URL": "postgresql://nobody@/pocket?host=" + folder.path + "/no-server"
    ]
    let store = try OpenedStore.open(
      Options.parse(arguments), environment: nowhere, headStart: headStart)
    #expect(store.kind == .postgres)
    #expect(store.path.hasSuffix("(schema \(schema))"), "\(store.path)")
    // A connection begun to another store is not taken: this one is reached here, in vain.
    let other = try Options.parse(
      ["--store", "postgres", "--store-schema", schema + "_2", "--store-path", folder.path])
    #expect(throws: DomainError.self) {
      try OpenedStore.open(other, environment: nowhere, headStart: headStart)
    }
  }

  /// Opened without waiting (as `pocket` opens it, to make its session meanwhile), a
  /// postgres store whose server cannot be reached is handed out at once, with its local
  /// file open; `ready` then throws what an open that waits throws, and so does the first
  /// statement of any repository, naming the store the same way.
  @Test func aStoreOpenedWithoutWaitingReportsTheServerItCouldNotReach() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let options = try Options.parse(["--store", "postgres", "--store-path", folder.path])
    let nowhere = [
      "POCKET_STORE_URL": "postgresql://nobody@/pocket?host=" + folder.path + "/no-server",
      "PGCONNECT_TIMEOUT": "2",
    ]
    let waited = #expect(throws: DomainError.self) {
      try OpenedStore.open(options, environment: nowhere, headStart: nil)
    }
    let store = try OpenedStore.open(options, environment: nowhere, headStart: nil, waiting: false)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/" + SQLiteStore.fileName))
    let ready = #expect(throws: DomainError.self) { try store.ready() }
    #expect(ready == waited)
    let read = await #expect(throws: DomainError.self) {
      _ = try await store.repositories.chat.newestMessages(skipping: 0, limit: 20)
    }
    #expect(read == waited)
    guard case .storageUnavailable(let path, _)? = waited else {
      Issue.record("not a store that cannot be reached: \(String(describing: waited))")
      return
    }
    #expect(path.hasPrefix("postgresql://nobody@") && path.hasSuffix("(schema pocket)"), "\(path)")
  }
}
