import Foundation
import PocketDomain

// What the SQLite store's repositories (Sources/Data/SQL) run that PostgreSQL spells its own way.

/// Statements several repositories run, named so the query-plan test checks the very text.
enum SQLiteSharedSQL {
  /// What a batch run without triggers adds to its count.
  static let addToRowCount = "UPDATE row_counts SET value = value + ? WHERE name = ?"
}
