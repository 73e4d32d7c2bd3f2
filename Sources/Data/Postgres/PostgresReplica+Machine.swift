import Foundation
import PocketDomain

extension PostgresReplica {
  /// The number of the machine whose copy is on `replica`, claimed for the log the copy
  /// holds (`nil`: not claimed yet, or claimed for another log).
  static func machine(_ replica: SQLiteConnection) throws -> Int? {
    try replica.query(
      """
      SELECT m.number FROM replica_machine m JOIN replica_pulled p ON p.log = m.log
      WHERE m.id = 1
      """, arguments: []
    ) { Int($0.int64(0)) }.first
  }

  /// Claims a number from the server's `machines` (`PostgresSchema.machines`) for a copy
  /// that has none for the log it holds, and keeps it in the copy. A copy with one, or
  /// never pulled, claims nothing. Two processes of one machine that claim at once keep the
  /// number written first; the other is never used.
  static func claimMachine(
    _ server: PostgresConnection, _ replica: SQLiteConnection, now: Date
  ) throws {
    guard let log = try pulled(replica)?.log, try machine(replica) == nil else { return }
    let claimed = try server.integer(
      "INSERT INTO machines (claimed_at_ms) VALUES ($1) RETURNING number",
      Int64((now.timeIntervalSince1970 * 1_000).rounded(.down)))
    guard let claimed else { return }
    try replica.transaction(immediate: true) {
      guard try machine(replica) == nil else { return }
      try replica.execute(
        """
        INSERT INTO replica_machine (id, log, number) VALUES (1, ?, ?)
        ON CONFLICT (id) DO UPDATE SET log = excluded.log, number = excluded.number
        """, log, claimed)
    }
  }
}
