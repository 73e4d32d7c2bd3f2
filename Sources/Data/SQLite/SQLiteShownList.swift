import Domain
import Foundation

/// The rows a screen showed last, in `shown_list` and `shown_items`
/// (`SQLiteSchema.shownItems`), through the fields the json snapshot keeps too
/// (`ShownListFields`), so both stores check what they read in one place.
enum SQLiteShownList {
  static let selectList = "SELECT screen, currency FROM shown_list WHERE id = 1"
  static let selectItems = """
    SELECT number, record_id, url, text, value FROM shown_items ORDER BY number
    """
  static let replaceList = """
    INSERT OR REPLACE INTO shown_list (id, screen, currency) VALUES (1, ?, ?)
    """
  static let insertItem = """
    INSERT INTO shown_items (number, record_id, url, text, value) VALUES (?, ?, ?, ?, ?)
    """

  /// The list stored, every value checked; `nil` when none was saved.
  /// - Throws: `InvalidRow` naming the table and column of a value that cannot be read.
  static func read(_ connection: SQLiteConnection) throws -> ShownList? {
    let lists = try connection.query(selectList) { ($0.text(0), $0.optionalText(1)) }
    guard let (screen, currency) = lists.first else { return nil }
    let items = try connection.query(selectItems) { statement in
      ShownItemFields(
        number: Int(statement.int64(0)), id: statement.optionalInt64(1),
        url: statement.optionalText(2), text: statement.text(3), value: statement.text(4))
    }
    let names = ShownNames(
      list: { "shown_list.\($0)" },
      item: { index in
        { field in
          "shown_items.\(field == "id" ? "record_id" : field) (number \(items[index].number))"
        }
      })
    return try InvalidRow.reading { () throws(InvalidDocument) in
      try ShownListFields(screen: screen, currency: currency, items: items).toDomain(names)
    }
  }

  /// Replaces the stored list with `list`; writes nothing when it is the one stored.
  /// - Throws: `.invalidInput(.outOfRange)` for a list a store could not read back, and
  ///   `InvalidRow` when the stored list cannot be read (a damaged store is reported, not
  ///   written over).
  static func save(_ list: ShownList, _ connection: SQLiteConnection) throws {
    if let problem = ShownChecks.problem(list, .document) {
      throw DomainError.invalidInput(.outOfRange(problem))
    }
    guard try read(connection) != list else { return }
    let fields = ShownListFields(list)
    try connection.execute("DELETE FROM shown_items")
    try connection.execute(replaceList, fields.screen, fields.currency)
    for item in fields.items {
      try connection.execute(insertItem, item.number, item.id, item.url, item.text, item.value)
    }
  }
}
