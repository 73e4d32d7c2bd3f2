import Domain

/// A list whose rows are written many at a time (an import; a batch of chat messages): its
/// table, and its columns in the order of its insert statement, each read from the row with
/// its type, so each database binds or gathers the values without boxing them
/// (`SQLArchiveWriting.insertBatch`, `SQLConnection.insertMessages`).
struct SQLBatchTable<Row>: Sendable {
  /// A column's value in a row, by its type.
  enum Value: Sendable {
    case integer(@Sendable (Row) -> Int64)
    case text(@Sendable (Row) -> String)
    case boolean(@Sendable (Row) -> Bool)
  }

  /// The table.
  let name: String
  /// The columns, in order.
  let columns: [(name: String, value: Value)]
  /// Whether the table numbers its rows itself, in the order they are inserted (an identity
  /// id, the tie-breaker of equal keys): a batch must insert them in the order given.
  let numbersRows: Bool
  /// Inserts one row: `INSERT INTO name (columns) VALUES (?, …)`.
  let insertOne: SQLText

  /// `names` as a row type lists its columns (`LapRow.columns`); `values` one for each.
  init(_ name: String, _ names: String, _ values: [Value], numbersRows: Bool = false) {
    let names = names.split(separator: ", ").map(String.init)
    precondition(names.count == values.count, "\(name): \(names.count) columns, \(values.count)")
    self.name = name
    self.columns = Array(zip(names, values))
    self.numbersRows = numbersRows
    let parameters = Array(repeating: "?", count: names.count).joined(separator: ", ")
    insertOne = SQLText(
      "INSERT INTO \(name) (\(names.joined(separator: ", "))) VALUES (\(parameters))")
  }
}

/// The lists an import writes in batches (`SQLArchiveRepository.replaceAll`).
enum BatchTables {
  static let laps = SQLBatchTable<LapRow>(
    "laps", LapRow.columns,
    [.integer { Int64($0.number) }, .integer { $0.lapMs }, .integer { $0.totalMs }])
  /// In the archive's order, so the identity `id` keeps it.
  static let bookmarks = SQLBatchTable<BookmarkRow>(
    "bookmarks", BookmarkRow.columns,
    [
      .text { $0.url }, .text { $0.title }, .integer { $0.noticeDateMs },
      .integer { $0.bookmarkedAtMs },
    ],
    numbersRows: true)
  static let mindLogs = SQLBatchTable<MindLogRow>(
    "mind_logs", MindLogRow.columns,
    [.integer { $0.id }, .integer { $0.dateMs }, .text { $0.score }, .text { $0.note }])
  /// A chat message as its row holds it; what `SQLConnection.insertMessages` writes too.
  static let messages = SQLBatchTable<ChatMessage>(
    "chat_messages", ChatMessageRow.columns,
    [
      .integer { $0.id }, .text { $0.content }, .integer { $0.date.epochMilliseconds },
      .boolean { $0.isEdited },
    ])
}
