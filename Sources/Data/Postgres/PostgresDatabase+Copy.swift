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
        from: connection, into: copy, wholeCopyLimit: wholeCopyRecords)
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

  /// Brings the copy at `path` up to date whatever the store's size, a whole copy if it
  /// needs one, on a connection and a copy connection of its own, ended when it is done: the
  /// store's own connection goes on serving its reads and changes meanwhile, and the copy's
  /// file takes the rows in one transaction (a process that ends before it commits leaves
  /// the copy as it was). Blocks the calling thread for as long as the copy takes: a view
  /// that follows a store too large for a command's end to copy runs it on a thread of its
  /// own (`PostgresStore.copyWhole(into:)`).
  nonisolated func copyWhole(into path: String) throws(PullFailure) -> PostgresReplica.Pull {
    let reached: PostgresStore.Reached
    do {
      reached = try reaching.value()
    } catch {
      throw .server(error)
    }
    let name = reached.name
    let server: PostgresConnection
    do {
      server = try PostgresConnection(reached.libpq, parameters: reached.parameters)
      // Sets the connection's path to the store's schema; refused by a schema that is not
      // current (the store's own connection makes it current, or refuses it, first).
      let check = PostgresSchema.currentCheck(schema)
      try server.execute(check.sql, arguments: check.values)
    } catch {
      throw .server(sqlDomainError(error, store: name))
    }
    defer { server.close() }
    let copy: SQLiteConnection
    do {
      copy = try PostgresReplica.connect(path: path)
    } catch {
      throw .copy(sqlDomainError(error, store: path))
    }
    defer { try? copy.close() }
    do {
      return try PostgresReplica.pull(from: server, into: copy)
    } catch let error as PostgresError {
      throw .server(sqlDomainError(error, store: name))
    } catch {
      throw .copy(sqlDomainError(error, store: path))
    }
  }

  /// When the copy at `path` was last brought up to date, and its machine's number (`nil`:
  /// never, or unreadable).
  func copied(_ path: String) -> (at: Date, machine: Int?)? {
    guard let copy = try? copyConnection(path) else { return nil }
    return (try? PostgresReplica.copied(copy)) ?? nil
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
