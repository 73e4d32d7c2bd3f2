import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// The copy's own tables (`PostgresReplica.migrations`): made once beside the sqlite store's
/// schema and counted apart from it, so the file still opens as an sqlite store; a copy a
/// newer Pocket made is refused, unchanged. No server is needed.
@Suite struct ReplicaSchemaTests {
  @Test func theCopysTablesAreMadeOnceBesideTheStoresSchema() async throws {
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("replica.sqlite").path
    _ = try SQLiteStore.open(path: path)
    for _ in 0..<2 {
      let connection = try PostgresReplica.connect(path: path)
      #expect(try PostgresReplica.appliedCount(connection) == PostgresReplica.migrations.count)
      #expect(try connection.integer("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
      #expect(try connection.integer("SELECT count(*) FROM replica_pulled") == 0)
      #expect(try connection.integer("PRAGMA foreign_keys") == 0)
    }
    // The file is still an sqlite store of the current version, its records readable.
    let reopened = try SQLiteStore.open(path: path)
    #expect(reopened.schemaVersion == SQLiteSchema.currentVersion)
    #expect(try await reopened.repositories.chat.messages(offset: 0, limit: 1).total == 0)
  }

  @Test func aCopyANewerPocketMadeIsRefusedUnchanged() throws {
    let directory = try Fixtures.temporaryDirectory(preferringMemory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("replica.sqlite").path
    _ = try SQLiteStore.open(path: path)
    let newer = PostgresReplica.migrations.count + 1
    try PostgresReplica.connect(path: path).execute(
      "UPDATE replica_version SET version = ?", newer)
    let error = #expect(throws: DomainError.self) { try PostgresReplica.connect(path: path) }
    guard case .corruptStore(_, let reason) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(reason.cause == .schemaTooNew(version: newer, current: newer - 1))
    #expect(
      try SQLiteStore.connect(path: path).connection.integer("SELECT version FROM replica_version")
        == Int64(newer))
  }
}
