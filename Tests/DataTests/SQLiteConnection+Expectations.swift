import Testing

@testable import PocketData

extension SQLiteConnection {
  /// Expects what the triggers and a repository's writes keep, whatever wrote the file: each
  /// counted list's row count and each list's blocks add up to its rows. `note` names the
  /// moment in a failure.
  func expectCountsAndBlocksAddUp(_ note: String = "") throws {
    for table in SQLiteSchema.countedTables {
      let rows = try integer("SELECT count(*) FROM \(table)")
      #expect(
        try integer("SELECT value FROM row_counts WHERE name = ?", table) == rows,
        "\(note) \(table)")
    }
    for list in ListIndex.all {
      #expect(
        try integer("SELECT sum(size) FROM list_blocks WHERE list = ?", list.table)
          == integer("SELECT count(*) FROM \(list.table)"), "\(note) \(list.table)")
    }
  }
}
