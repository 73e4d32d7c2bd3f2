import PocketDomain

/// The SQLite store's index of the chat's texts, which answers a search of the chat without
/// reading every message: an FTS5 table `chat_search` of the trigram tokenizer, its rowid a
/// message's id, its one column the message's content folded (`TextSearch.folded`), so that
/// a message matches only where its folded text holds the folded query.
///
/// Kept in Swift, since the folding is Swift's: triggers mark every message inserted,
/// changed or deleted in `chat_search_pending` (`SQLiteSchema.chatSearchPending`), whatever
/// program wrote it, and each of Pocket's writes folds at most `batch` marked messages into
/// the index (`catchUp`). A search reads the index's candidates and every message still
/// marked, and the chat's own matching checks each one's real content: the index only
/// narrows, so its answer is the scan's.
enum SQLiteChatSearch {
  /// The most marked messages one write folds into the index, so that the writes after a
  /// large import, or the first after an upgrade, each stay short: the rest wait for the
  /// next writes (a search meanwhile reads them whole).
  static let batch = 2_000

  /// The fewest messages a chat has for the index to be made: a shorter chat is scanned in
  /// a couple of reads, and a small file (a first message on a nearly full disk) stays small.
  static let smallestIndexedChat = 1_000

  /// The shortest folded query, in scalars, the index answers: the trigram tokenizer looks a
  /// pattern up by its runs of three characters. A shorter one scans the chat.
  static let shortestQuery = 3

  /// The index, where the linked SQLite has FTS5 and its trigram tokenizer. Only the text is
  /// kept (`detail = 'none'`): a `LIKE` on it finds a substring without positions.
  static let createIndex = """
    CREATE VIRTUAL TABLE chat_search USING fts5(folded, tokenize = 'trigram', detail = 'none')
    """

  /// The messages newest first, as the chat lists them, that the index finds for a pattern
  /// (`?`) or that are still marked.
  /// The most candidates (the index's matches and the marked messages together) a search
  /// reads whole. A search with more scans the chat a chunk at a time instead, so what a
  /// search holds never grows with the chat: a query that matches that many messages, or a
  /// chat with that many not folded in yet (after a large import), gains little from the
  /// index anyway.
  static let mostCandidates = 10_000

  /// How many candidates there are for a pattern (`?`), counted up to a limit (`?`).
  static let candidateCountSQL = """
    SELECT count(*) FROM (
      SELECT rowid FROM chat_search WHERE folded LIKE ?
      UNION ALL SELECT id FROM chat_search_pending LIMIT ?)
    """

  static let candidatesSQL = """
    SELECT \(ChatMessageRow.columns) FROM chat_messages WHERE id IN (
      SELECT rowid FROM chat_search WHERE folded LIKE ?
      UNION ALL SELECT id FROM chat_search_pending)
    ORDER BY date_ms DESC, id DESC
    """

  /// The marked messages, the lowest ids first, at most `?`, each with its content (NULL
  /// where it was deleted).
  static let markedSQL = """
    SELECT p.id, m.content FROM chat_search_pending p
    LEFT JOIN chat_messages m ON m.id = p.id ORDER BY p.id LIMIT ?
    """

  /// Whether the index can answer `search`: a folded query of at least `shortestQuery`
  /// scalars.
  static func answers(_ search: TextSearch) -> Bool {
    TextSearch.folded(search.query).unicodeScalars.count >= shortestQuery
  }

  /// Whether the file holds the index, and whether this SQLite can use it.
  enum Index {
    case absent, usable
    /// Made by an SQLite with FTS5; this one has none (a `chat_search` of it fails).
    case unusable
  }

  /// The file's index, as this connection finds it.
  static func index(_ connection: SQLiteConnection) throws -> Index {
    guard
      try connection.integer(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'chat_search'") == 1
    else { return .absent }
    do {
      _ = try connection.integer("SELECT rowid FROM chat_search LIMIT 0")
      return .usable
    } catch {
      return .unusable
    }
  }

  /// Whether any message is marked.
  static func hasMarked(_ connection: SQLiteConnection) throws -> Bool {
    try connection.integer("SELECT id FROM chat_search_pending LIMIT 1") != nil
  }

  /// In a write: folds at most `batch` marked messages into the index, the lowest ids first,
  /// and takes their marks out. The first write with a marked message in a chat of at least
  /// `smallestIndexedChat` messages makes the index, and marks every message for it; before
  /// that, or where the linked SQLite cannot make it, the marks go (a search then scans), and
  /// the write that makes it later marks them all again. An index this SQLite cannot use
  /// keeps its marks, for a Pocket that can.
  static func catchUp(_ connection: SQLiteConnection) throws {
    guard try hasMarked(connection) else { return }
    switch try indexed(connection) {
    case .usable: break
    case .unusable: return
    case .absent:
      try connection.execute("DELETE FROM chat_search_pending")
      return
    }
    let marked = try connection.query(markedSQL, arguments: [batch]) {
      ($0.int64(0), $0.isNull(1) ? nil : $0.text(1))
    }
    for (id, content) in marked {
      try connection.execute("DELETE FROM chat_search WHERE rowid = ?", id)
      if let content {
        try connection.execute(
          "INSERT INTO chat_search (rowid, folded) VALUES (?, ?)", id, TextSearch.folded(content))
      }
    }
    // Every marked id up to the last was read: they are ordered, and this write holds the lock.
    if let last = marked.last?.0 {
      try connection.execute("DELETE FROM chat_search_pending WHERE id <= ?", last)
    }
  }

  /// The file's index, made now where it had none, the chat is long enough and SQLite can,
  /// with every message marked for it.
  private static func indexed(_ connection: SQLiteConnection) throws -> Index {
    let found = try index(connection)
    guard found == .absent else { return found }
    let messages = try connection.integer(
      "SELECT value FROM row_counts WHERE name = 'chat_messages'")
    guard let messages, messages >= smallestIndexedChat else { return .absent }
    do {
      try connection.execute(createIndex)
    } catch {
      // No FTS5, or no trigram tokenizer, in the linked SQLite.
      return .absent
    }
    try connection.execute(
      "INSERT OR IGNORE INTO chat_search_pending (id) SELECT id FROM chat_messages")
    return .usable
  }

  /// The messages newest first that may match `search`, which `answers`: the index's and
  /// every marked one; nil where the file has no index this SQLite can use, or where they
  /// are more than `mostCandidates`.
  static func candidates(_ search: TextSearch, _ connection: SQLiteConnection) throws
    -> [ChatMessage]?
  {
    guard try index(connection) == .usable else { return nil }
    // `%` and `_` in the query widen the pattern: still every match, checked afterwards.
    let pattern = "%\(TextSearch.folded(search.query))%"
    let count = try connection.integer(candidateCountSQL, pattern, mostCandidates + 1) ?? 0
    guard count <= mostCandidates else { return nil }
    return try connection.query(candidatesSQL, arguments: [pattern]) {
      try ChatMessageRow($0).toDomain()
    }
  }

  /// After a batch of messages inserted with the triggers off (`insertBatch`): marks them, as
  /// the triggers would have, where the file has the marks' table (a file of an older
  /// schema, which only tests still write, has none).
  static func markInserted(ids: [Int64], _ connection: SQLiteConnection) throws {
    guard let low = ids.min(), let high = ids.max() else { return }
    guard
      try connection.integer(
        "SELECT count(*) FROM sqlite_master WHERE name = 'chat_search_pending'") == 1
    else { return }
    try connection.execute(
      "INSERT OR IGNORE INTO chat_search_pending (id) SELECT id FROM chat_messages"
        + " WHERE id BETWEEN ? AND ?", low, high)
  }
}
