import Domain
import Foundation

/// The rows a screen showed last, in `shown_list` and `shown_items`, through the fields the
/// json snapshot and the sqlite store keep too (`ShownListFields`), so every store checks
/// what it reads in one place.
enum PostgresShownList {
  static let selectList = "SELECT screen, currency FROM shown_list WHERE id = 1"
  static let selectItems = """
    SELECT number, record_id, url, text, value FROM shown_items ORDER BY number
    """
  static let replaceList = """
    INSERT INTO shown_list (id, screen, currency) VALUES (1, $1, $2)
    ON CONFLICT (id) DO UPDATE SET screen = excluded.screen, currency = excluded.currency
    """
  /// Every item in one statement: each column an array (`PostgresArray`), all of one
  /// length; an item has a `record_id` or a `url`, the other NULL.
  static let insertItems = """
    INSERT INTO shown_items (number, record_id, url, text, value)
    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[])
    """

  /// The list stored, every value checked; `nil` when none was saved.
  /// - Throws: `InvalidRow` naming the table and column of a value that cannot be read.
  static func read(_ connection: PostgresConnection) throws -> ShownList? {
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
  static func save(_ list: ShownList, _ connection: PostgresConnection) throws {
    if let problem = ShownChecks.problem(list, .document) {
      throw DomainError.invalidInput(.outOfRange(problem))
    }
    guard try read(connection) != list else { return }
    let fields = ShownListFields(list)
    try connection.execute("DELETE FROM shown_items")
    try connection.execute(replaceList, fields.screen, fields.currency)
    guard !fields.items.isEmpty else { return }
    let items = fields.items
    try connection.execute(
      insertItems, PostgresArray.literal(items.map { Int64($0.number) }),
      PostgresArray.literal(items.map(\.id)), PostgresArray.literal(items.map(\.url)),
      PostgresArray.literal(items.map(\.text)), PostgresArray.literal(items.map(\.value)))
  }
}

extension PostgresArray {
  /// `values` as a `bigint[]` literal, `nil` an SQL NULL.
  static func literal(_ values: some Sequence<Int64?>) -> String {
    "{" + values.lazy.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}"
  }

  /// `values` as a `text[]` literal, each text quoted as `literal` quotes it, `nil` an SQL
  /// NULL.
  static func literal(_ values: some Sequence<String?>) -> String {
    let elements = values.lazy.map { value in
      value.map { literal(CollectionOfOne($0)).dropFirst().dropLast() } ?? "NULL"
    }
    return "{" + elements.joined(separator: ",") + "}"
  }
}
