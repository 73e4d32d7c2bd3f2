import Domain
import Foundation

// What the SQLite store's repositories (Sources/Data/SQL) run that PostgreSQL spells its own way.

/// Statements several repositories run, named so the query-plan test checks the very text.
enum SQLiteSharedSQL {
  /// What a batch run without triggers adds to its count.
  static let addToRowCount = "UPDATE row_counts SET value = value + ? WHERE name = ?"

  /// Moves the id counter `name` past every id given and every id in `table`; returns it.
  static func nextID(table: String) -> String {
    // Table names are constants of ours; max(id) is one step down the primary key.
    """
    UPDATE counters SET value = max(value, (SELECT coalesce(max(id), 0) FROM \(table))) + 1
    WHERE name = ? RETURNING value
    """
  }
}
