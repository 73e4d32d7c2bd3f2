import Foundation
import PocketDomain

/// Why bringing this machine's copy up to date failed: the server's failure (it does not
/// answer, or refuses the store), or the copy's own (its file cannot be written).
enum PullFailure: Error {
  case server(DomainError)
  case copy(DomainError)
}

extension PostgresDatabase {
  /// Brings this machine's copy of the store at `path` up to date (`PostgresReplica.pull`),
  /// on the store's own connection, after the schema was checked: the check of a one-shot
  /// command's store travels with the pull's first statement when the pull is its first
  /// (`PostgresConnection.checkFirst`), and a schema it finds not current is made or
  /// migrated (or refused) as by any statement. The copy's connection stays
  /// open for the next pull. A whole copy is made only for a store of at most
  /// `wholeCopyLimit` records.
  func pull(into path: String) throws(PullFailure) -> PostgresReplica.Pull {
    let connection: PostgresConnection
    let name: String
    do {
      (connection, name) = try reached()
    } catch {
      throw .server(error)
    }
    let copy: SQLiteConnection
    do {
      copy = try copyConnection(path)
    } catch {
      throw .copy(sqlDomainError(error, store: path))
    }
    do {
      return try PostgresReplica.pull(
        from: connection, into: copy, wholeCopyLimit: Self.wholeCopyLimit)
    } catch let error as PostgresError where error.failedCheck {
      // The schema's check, sent with the pull's first statement, found it not current.
      do {
        try prepareSchema(connection, name: name)
      } catch {
        throw .server(error)
      }
      return try pull(into: path)
    } catch let error as PostgresError {
      throw .server(sqlDomainError(error, store: name))
    } catch {
      // A copy that failed is opened again for the next pull.
      try? copy.close()
      copyConnection = nil
      throw .copy(sqlDomainError(error, store: path))
    }
  }

  /// When the copy at `path` was last brought up to date (`nil`: never, or unreadable).
  func copiedAt(_ path: String) -> Date? {
    guard let copy = try? copyConnection(path) else { return nil }
    return (try? PostgresReplica.copiedAt(copy)) ?? nil
  }

  private func copyConnection(_ path: String) throws -> SQLiteConnection {
    if let open = copyConnection, open.path == path { return open.connection }
    try? copyConnection?.connection.close()
    copyConnection = nil
    let connection = try PostgresReplica.connect(path: path)
    copyConnection = (path, connection)
    return connection
  }
}
