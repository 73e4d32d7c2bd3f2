import Foundation
import PocketDomain

/// The rows a screen showed last, in `shown_list` and `shown_items`, through the fields the
/// json snapshot keeps too (`ShownListFields`), so every store checks what it reads in one
/// place.
enum SQLShownList {
  /// Its tables: view state, which no record kind and no archive holds, emptied by an import
  /// all the same (the ids it names may be given to other records by the import).
  static let tables = ["shown_list", "shown_items"]
  static let selectList = SQLText("SELECT screen, currency FROM shown_list WHERE id = 1")
  static let selectItems = SQLText(
    "SELECT number, record_id, url, text, value FROM shown_items ORDER BY number")
  static let replaceList = SQLText(
    """
    INSERT INTO shown_list (id, screen, currency) VALUES (1, ?, ?)
    ON CONFLICT (id) DO UPDATE SET screen = excluded.screen, currency = excluded.currency
    """)
  static let deleteItems = SQLText("DELETE FROM shown_items")
  /// The columns of `shown_items` and their types; an item has a `record_id` or a `url`, the
  /// other NULL.
  static let itemColumns: [SQLColumn] = [
    .init("number", .integer), .init("record_id", .integer), .init("url", .text),
    .init("text", .text), .init("value", .text),
  ]

  /// The list stored, every value checked; `nil` when none was saved.
  /// - Throws: `InvalidRow` naming the table and column of a value that cannot be read.
  static func read(_ connection: some SQLConnection) throws -> ShownList? {
    let lists = try connection.query(selectList) { ($0.text(0), $0.optionalText(1)) }
    guard let (screen, currency) = lists.first else { return nil }
    let items = try connection.query(selectItems) { row in
      ShownItemFields(
        number: Int(row.int64(0)), id: row.optionalInt64(1), url: row.optionalText(2),
        text: row.text(3), value: row.text(4))
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
  static func save(_ list: ShownList, _ connection: some SQLConnection) throws {
    if let problem = ShownChecks.problem(list, .document) {
      throw DomainError.invalidInput(.outOfRange(problem))
    }
    guard try read(connection) != list else { return }
    let fields = ShownListFields(list)
    try connection.execute(deleteItems)
    try connection.execute(replaceList, fields.screen, fields.currency)
    try connection.insert(
      fields.items.map { [$0.number, $0.id, $0.url, $0.text, $0.value] },
      into: "shown_items", itemColumns)
  }
}
