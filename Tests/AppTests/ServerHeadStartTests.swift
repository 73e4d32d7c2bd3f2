import Data
import Domain
import Foundation
import TestSupport
import TestTraits
import Testing

@testable import App

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
}
