import PocketDomain

extension PostgresStore {
  /// The repositories of this store; they share its one connection. Their `changes` are
  /// what other clients of the store commit (`PostgresChangeListener`).
  public var repositories: Repositories {
    Repositories(database: database, changes: changes, waits: database.waits)
  }

  /// Every record that can be read, and each row that cannot, named: what `pocket export`
  /// writes when the whole store cannot be read.
  public func salvage() async throws -> (archive: StoreArchive, unreadable: [StoreCause]) {
    try await SQLArchiveRepository(database: database).salvage()
  }
}
