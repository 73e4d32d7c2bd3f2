import PocketDomain

/// A list whose rows are written many at a time (an import; a batch of chat messages): its
/// table, and its columns in the order of its insert statement, each read from the row with
/// its type. `batch(_:)` turns rows into a `SQLBatch`, one array of values a column, which
/// each database binds or gathers without boxing a value, in code that is not generic
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
  /// The columns' names, in order.
  let names: [String]
  /// Each column's value, in the order of `names`.
  let values: [Value]
  /// Whether the table numbers its rows itself, in the order they are inserted (an identity
  /// id, the tie-breaker of equal keys): a batch must insert them in the order given.
  let numbersRows: Bool

  /// `names` as a row type lists its columns (`LapRow.columns`); `values` one for each.
  init(_ name: String, _ names: String, _ values: [Value], numbersRows: Bool = false) {
    self.name = name
    self.names = names.split(separator: ", ").map(String.init)
    precondition(self.names.count == values.count, "\(name): columns and values differ")
    self.values = values
    self.numbersRows = numbersRows
  }

  /// `rows` as their columns' values.
  func batch(_ rows: [Row]) -> SQLBatch {
    let columns = zip(names, values).map { name, value in
      switch value {
      case .integer(let value): SQLBatch.Column(name, .integers(rows.map(value)))
      case .text(let value): SQLBatch.Column(name, .texts(rows.map(value)))
      case .boolean(let value): SQLBatch.Column(name, .booleans(rows.map(value)))
      }
    }
    return SQLBatch(table: name, columns: columns, count: rows.count, numbersRows: numbersRows)
  }
}

/// Rows of one table as their columns' values, one array a column, all of one length
/// (`SQLBatchTable.batch`).
struct SQLBatch {
  /// A column's values, by their type.
  enum Values {
    case integers([Int64])
    case texts([String])
    case booleans([Bool])
  }

  struct Column {
    let name: String
    let values: Values

    init(_ name: String, _ values: Values) {
      self.name = name
      self.values = values
    }
  }

  let table: String
  let columns: [Column]
  /// The number of rows.
  let count: Int
  /// `SQLBatchTable.numbersRows`.
  let numbersRows: Bool

  /// The columns' names, as an insert statement lists them.
  var names: String { columns.map(\.name).joined(separator: ", ") }
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
