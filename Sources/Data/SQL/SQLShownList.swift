import Foundation
import PocketDomain

/// What each terminal showed last, in `terminal_shown` (its screen and page, and `seq`,
/// which orders the lists by their last change) and `terminal_shown_items` (its numbered
/// rows), through the fields the json snapshot keeps too (`ShownListFields`), so every
/// store checks what it reads in one place.
enum SQLShownList {
  /// Its tables: view state, which no record kind and no archive holds, emptied by an import
  /// all the same (the ids it names may be given to other records).
  static let tables = ["terminal_shown", "terminal_shown_items"]
  static let selectList = SQLText(
    "SELECT screen, currency, page FROM terminal_shown WHERE terminal = ?")
  static let selectItems = SQLText(
    """
    SELECT number, record_id, url, text, value FROM terminal_shown_items
    WHERE terminal = ? ORDER BY number
    """)
  static let selectTerminals = SQLText("SELECT terminal FROM terminal_shown ORDER BY seq")
  static let countLists = SQLText("SELECT count(*) FROM terminal_shown")
  /// Saves a terminal's screen and page as its list changed most recently.
  static let replaceList = SQLText(
    """
    INSERT INTO terminal_shown (terminal, seq, screen, currency, page)
    VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM terminal_shown), ?, ?, ?)
    ON CONFLICT (terminal) DO UPDATE SET seq = excluded.seq, screen = excluded.screen,
      currency = excluded.currency, page = excluded.page
    """)
  static let deleteItems = SQLText("DELETE FROM terminal_shown_items WHERE terminal = ?")
  static let deleteList = SQLText("DELETE FROM terminal_shown WHERE terminal = ?")
  /// The `?` lists changed least recently, their rows first.
  static let deleteOldestItems = SQLText(
    """
    DELETE FROM terminal_shown_items WHERE terminal IN (
      SELECT terminal FROM terminal_shown ORDER BY seq LIMIT ?)
    """)
  static let deleteOldestLists = SQLText(
    """
    DELETE FROM terminal_shown WHERE terminal IN (
      SELECT terminal FROM terminal_shown ORDER BY seq LIMIT ?)
    """)
  /// The columns of `terminal_shown_items` and their types; an item has a `record_id` or a
  /// `url`, the other NULL.
  static let itemColumns: [SQLColumn] = [
    .init("terminal", .text), .init("number", .integer), .init("record_id", .integer),
    .init("url", .text), .init("text", .text), .init("value", .text),
  ]

  /// The list `terminal` showed, every value checked; `nil` when it saved none.
  /// - Throws: `InvalidRow` naming the table and column of a value that cannot be read.
  static func read(_ terminal: TerminalKey, _ connection: some SQLConnection) throws
    -> ShownList?
  {
    let lists = try connection.query(selectList, terminal.text) {
      ($0.text(0), $0.optionalText(1), $0.optionalInt64(2))
    }
    guard let (screen, currency, page) = lists.first else { return nil }
    let items = try connection.query(selectItems, terminal.text) { row in
      ShownItemFields(
        number: Int(row.int64(0)), id: row.optionalInt64(1), url: row.optionalText(2),
        text: row.text(3), value: row.text(4))
    }
    let names = ShownNames(
      list: { "terminal_shown.\($0)" },
      item: { index in
        { field in
          "terminal_shown_items.\(field == "id" ? "record_id" : field) "
            + "(number \(items[index].number))"
        }
      })
    return try InvalidRow.reading { () throws(InvalidDocument) in
      // A page beyond what an `Int` holds is out of range as any other.
      let shownPage = page.map { Int(clamping: $0) }
      return try ShownListFields(screen: screen, currency: currency, page: shownPage, items: items)
        .toDomain(names)
    }
  }

  /// Replaces the list `terminal` showed with `list`; writes nothing when it is the one
  /// stored. A terminal the store holds no list of, saved when it holds
  /// `ShownList.keptTerminals`, drops the lists changed least recently first.
  /// - Throws: `.invalidInput(.outOfRange)` for a list a store could not read back, and
  ///   `InvalidRow` when the stored list cannot be read (a damaged store is reported, not
  ///   written over).
  static func save(
    _ list: ShownList, for terminal: TerminalKey, _ connection: some SQLConnection
  ) throws {
    if let problem = ShownChecks.problem(list, .document) {
      throw DomainError.invalidInput(.outOfRange(problem))
    }
    let stored = try read(terminal, connection)
    guard stored != list else { return }
    if stored == nil {
      let excess = Int(try connection.integer(countLists) ?? 0) - (ShownList.keptTerminals - 1)
      if excess > 0 {
        try connection.execute(deleteOldestItems, excess)
        try connection.execute(deleteOldestLists, excess)
      }
    }
    let fields = ShownListFields(list)
    try connection.execute(deleteItems, terminal.text)
    try connection.execute(
      replaceList, terminal.text, fields.screen, fields.currency, fields.page)
    try connection.insert(
      fields.items.map { [terminal.text, $0.number, $0.id, $0.url, $0.text, $0.value] },
      into: "terminal_shown_items", itemColumns)
  }

  /// Drops the lists of the terminals `isGone` names.
  /// - Throws: `InvalidRow` for a stored key that is no terminal's key.
  static func drop(
    where isGone: (TerminalKey) -> Bool, _ connection: some SQLConnection
  ) throws {
    let texts = try connection.query(selectTerminals) { $0.text(0) }
    for text in texts {
      let key = try InvalidRow.reading { () throws(InvalidDocument) in
        try terminalKey(text, "terminal_shown.terminal")
      }
      guard isGone(key) else { continue }
      try connection.execute(deleteItems, text)
      try connection.execute(deleteList, text)
    }
  }
}
