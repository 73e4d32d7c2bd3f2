import Domain
import Foundation

// What the repositories of the postgres store share: the id counters.

/// Statements several repositories of the postgres store run.
enum PostgresSharedSQL {
  /// Moves the id counter `$1` past every id given and every id in `table`; returns it.
  static func nextID(table: String) -> String {
    "UPDATE counters SET value = \(nextValue(table: table)) WHERE name = $1 RETURNING value"
  }

  /// The next id of `table`, in a statement on `counters`: past the counter's value and every
  /// id in the table.
  static func nextValue(table: String) -> String {
    // Table names are constants of ours; max(id) is one step down the primary key.
    "greatest(value, (SELECT coalesce(max(id), 0) FROM \(table))) + 1"
  }
}
