import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// Whether the linked SQLite has what the chat's search index needs.
enum TrigramProbe {
  /// Whether the linked SQLite can make the index.
  static let hasTrigram: Bool = {
    guard let directory = try? Fixtures.temporaryDirectory() else { return false }
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("probe.sqlite").path
    // SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    guard let connection = try? SQLiteConnection(path: path, flags: 0x0000_0006) else {
      return false
    }
    defer { try? connection.close() }
    return (try? connection.execute(SQLiteChatSearch.createIndex)) != nil
  }()
}

/// The SQLite store's index of the chat's texts (`SQLiteChatSearch`) gives the scan's answer
/// on every input: messages Pocket wrote, messages another program wrote, edited or deleted
/// after the index was built, messages of a file made before the index, and more marked
/// messages than one write folds in. Each answer is checked against an oracle computed here
/// with Foundation's folding over the texts the file holds, and against the scan.
@Suite(.enabled(if: TrigramProbe.hasTrigram, "the linked SQLite has no FTS5 trigram"))
struct SQLiteChatSearchIndexTests {
  /// The contract's texts and a few whose pattern characters a `LIKE` would widen.
  static let texts =
    ChatSearchContractTests.texts + [
      "100% sure_thing",  // 10
      "axb holds",  // 11
      "Ｋｉｍｂａｐ 김밥 ÉCOLE",  // 12
    ]

  /// Queries of one, two, three and more characters: Latin, full-width, accented, Korean,
  /// and `LIKE`'s own `%` and `_`.
  static let queries =
    ChatSearchContractTests.expected.map(\.query) + [
      "0% s", "e_t", "a_b", "école", "ＥＣＯＬＥ", "김밥", "ｋｉｍｂ", "kim", "ｶﾌｪ", "ai",
    ]

  /// `text` folded by Foundation (case, diacritics, width) and decomposed by compatibility,
  /// as scalars: Hangul syllables become the jamo a compatibility jamo stands for.
  static func oracleFolded(_ text: String) -> [Unicode.Scalar] {
    Array(
      text.folding(
        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
      ).decomposedStringWithCompatibilityMapping.unicodeScalars)
  }

  /// The ids, oldest first, of the messages `(id, content, date_ms)` whose folded text holds
  /// the folded query as a run of scalars.
  static func oracle(_ query: String, _ messages: [(id: Int64, content: String, date: Int64)])
    -> [Int64]
  {
    oracle(query, in: folded(messages))
  }

  /// The messages oldest first, each with its folded text: what `oracle` looks through.
  static func folded(_ messages: [(id: Int64, content: String, date: Int64)])
    -> [(id: Int64, text: [Unicode.Scalar])]
  {
    messages.sorted { ($0.date, $0.id) < ($1.date, $1.id) }.map {
      (id: $0.id, text: oracleFolded($0.content))
    }
  }

  /// The ids of the `folded` messages whose text holds the folded query as a run of scalars.
  static func oracle(_ query: String, in folded: [(id: Int64, text: [Unicode.Scalar])])
    -> [Int64]
  {
    let part = oracleFolded(query)
    return folded.filter { message in
      let text = message.text
      guard let first = part.first else { return true }
      guard part.count <= text.count else { return false }
      // Each place the first scalar stands, compared on (a debug build's slices are slow).
      for start in 0...(text.count - part.count) where text[start] == first {
        var matched = 1
        while matched < part.count, text[start + matched] == part[matched] { matched += 1 }
        if matched == part.count { return true }
      }
      return false
    }.map(\.id)
  }

  /// Every message the file at `path` holds, read by a connection of its own.
  static func stored(_ path: String) throws -> [(id: Int64, content: String, date: Int64)] {
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0001)  // READONLY
    defer { try? connection.close() }
    return try connection.query("SELECT id, content, date_ms FROM chat_messages") {
      (id: $0.int64(0), content: $0.text(1), date: $0.int64(2))
    }
  }

  /// Runs `statements` in the file at `path` through a connection of its own, as another
  /// program would (the C API, no Pocket code between).
  static func write(_ path: String, _ statements: [String]) throws {
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)  // READWRITE
    defer { try? connection.close() }
    for statement in statements { try connection.execute(statement) }
  }

  static func count(_ path: String, _ sql: String) throws -> Int64? {
    let connection = try SQLiteConnection(path: path, flags: 0x0000_0001)  // READONLY
    defer { try? connection.close() }
    return try connection.integer(sql)
  }

  /// Every query's matches equal the oracle's and the scan's, whole and in windows: every
  /// window with `Soak.everyCase`, else one, the queries taking them in turn. The oracle
  /// reads the file's messages once, before the queries (a search changes none of them).
  static func expectScanAnswers(
    _ chat: any ChatRepository, _ path: String, _ queries: [String] = queries,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let stored = folded(try Self.stored(path))
    let windows = [(0, 1), (1, 2), (2, 3), (0, 0), (5, 100)]
    for (turn, query) in queries.enumerated() {
      let search = TextSearch(query)
      let page = try await chat.matchingMessages(search, skipping: 0, limit: 10_000)
      let expected = oracle(query, in: stored)
      #expect(page.items.map(\.id) == expected, "\(query)", sourceLocation: sourceLocation)
      #expect(page.total == page.items.count, "\(query)", sourceLocation: sourceLocation)
      for (skipping, limit) in Soak.all(windows, quickTurn: turn) {
        let indexed = try await chat.matchingMessages(search, skipping: skipping, limit: limit)
        let scanned = try await chat.scannedMatches(search, skipping: skipping, limit: limit)
        #expect(indexed == scanned, "\(query) \(skipping) \(limit)", sourceLocation: sourceLocation)
      }
    }
  }

  /// `texts`, each at its own minute, then as many fillers as make the chat long enough for
  /// the index (`SQLiteChatSearch.smallestIndexedChat`), later.
  static func drafts(_ texts: [String]) -> [(content: String, date: Date)] {
    texts.enumerated().map { (content: $1, date: Fixtures.date(Int64($0) * 60_000)) }
      + (1...SQLiteChatSearch.smallestIndexedChat).map {
        (content: "Filler \($0)", date: Fixtures.date(Int64(1_000 + $0) * 60_000))
      }
  }

  /// How many messages `drafts(texts)` holds.
  static let drafted = Int64(texts.count + SQLiteChatSearch.smallestIndexedChat)

  @Test func theIndexFindsWhatTheScanFinds() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("chat.sqlite").path
    let store = try SQLiteStore.open(path: path)
    let chat = store.repositories.chat
    _ = try await chat.insert(contentsOf: Self.drafts(Self.texts))
    // The batch's own write folded every message in.
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search") == Self.drafted)
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == 0)
    try await Self.expectScanAnswers(chat, path)
    // The hand-written answers of the contract, by the index: they are for its texts, the
    // first here (ids 1…9).
    let contract = Int64(ChatSearchContractTests.texts.count)
    for (query, ids) in ChatSearchContractTests.expected {
      let page = try await chat.matchingMessages(TextSearch(query), skipping: 0, limit: 20)
      #expect(page.items.map(\.id).filter { $0 <= contract } == ids, "\(query)")
    }
    // Pocket's own edit and delete.
    let first = try #require(try await chat.message(id: 1))
    try await chat.update(
      ChatMessage(id: 1, content: "ＣＡＦＥ again", date: first.date, isEdited: true))
    try await chat.delete(id: 7, if: .always)
    _ = try await chat.insert(content: "Kimbap café", date: Fixtures.date(99 * 60_000))
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == 0)
    try await Self.expectScanAnswers(chat, path)
  }

  @Test func messagesAnotherProgramWritesAreFound() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("chat.sqlite").path
    let store = try SQLiteStore.open(path: path)
    let chat = store.repositories.chat
    _ = try await chat.insert(contentsOf: Self.drafts(Self.texts))
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search") == Self.drafted)
    try Self.write(
      path,
      [
        "INSERT INTO chat_messages (id, content, date_ms, edited) VALUES"
          + " (5050, 'KIMCHI from elsewhere', 50000000, 0), (5051, '김밥 école', 51000000, 0)",
        "UPDATE chat_messages SET content = 'nothing now', edited = 1 WHERE id = 1",
        "UPDATE chat_messages SET content = 'ｃａｆé noir' WHERE id = 6",
        "DELETE FROM chat_messages WHERE id IN (3, 4)",
      ])
    try await Self.expectScanAnswers(chat, path)
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == 0)
  }

  /// A sqlite store in a new folder (the caller deletes it) holding the drafted messages,
  /// and `count` more that another connection wrote: "`word` 1" to "`word` `count`", ids
  /// after `fromID` and times after `fromMs`, one apart.
  static func chat(withMore count: Int, saying word: String, fromID: Int, fromMs: Int)
    async throws -> (directory: URL, path: String, store: SQLiteStore)
  {
    let directory = try Fixtures.temporaryDirectory()
    let path = directory.appendingPathComponent("chat.sqlite").path
    let store = try SQLiteStore.open(path: path)
    _ = try await store.repositories.chat.insert(contentsOf: Self.drafts(Self.texts))
    try Self.write(
      path,
      [
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO chat_messages (id, content, date_ms, edited)
        SELECT \(fromID) + i, '\(word) ' || i, \(fromMs) + i, 0 FROM n
        """
      ])
    return (directory, path, store)
  }

  /// More marked messages than one write folds in: the rest stay marked, and are found.
  @Test func moreMarkedMessagesThanOneBatchAreFound() async throws {
    let extra = SQLiteChatSearch.batch + 500
    let (directory, path, store) = try await Self.chat(
      withMore: extra, saying: "Other", fromID: 10_000, fromMs: 10_000_000)
    defer { try? FileManager.default.removeItem(at: directory) }
    let chat = store.repositories.chat
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == Int64(extra))
    // The search's write folds one batch in, the lowest ids first; the rest are read whole.
    let query = "OTHER \(extra)"
    let page = try await chat.matchingMessages(TextSearch(query), skipping: 0, limit: 20)
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == 500)
    #expect(page.items.map(\.id) == Self.oracle(query, try Self.stored(path)))
    #expect(page.items.map(\.id) == [10_000 + Int64(extra)])
    try await Self.expectScanAnswers(chat, path, ["other 250", "OTHER 1", "filler 99", "kim"])
  }

  /// A file of the version before the index: its messages are marked by the upgrade and
  /// found.
  @Test func anUpgradedFileFindsItsOldMessages() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("old.sqlite").path
    let rows = Self.texts.enumerated().map { index, text in
      let quoted = text.replacingOccurrences(of: "'", with: "''")
      return "INSERT INTO chat_messages (id, content, date_ms, edited)"
        + " VALUES (\(index + 1), '\(quoted)', \(index * 60_000), 0)"
    }
    let fillers = SQLiteChatSearch.smallestIndexedChat
    let filled = """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(fillers))
      INSERT INTO chat_messages (id, content, date_ms, edited)
      SELECT 100 + i, 'Filler ' || i, 90000000 + i, 0 FROM n
      """
    try OldSQLiteFile.make(
      at: path, with: try OldSQLiteFile.migrations(through: "lapShownTimes"),
      rows: rows + [filled])
    let store = try SQLiteStore.open(path: path)
    #expect(store.schemaVersion == SQLiteSchema.currentVersion)
    let all = Int64(Self.texts.count + fillers)
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == all)
    try await Self.expectScanAnswers(store.repositories.chat, path)
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search") == all)
  }

  /// A file whose `chat_search` this SQLite cannot use (made by one with a module this one
  /// lacks): writes and searches go on, a search by the scan, and the marks stay for a
  /// Pocket that can use it.
  @Test func anIndexThisSQLiteCannotUseIsLeftAlone() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("other.sqlite").path
    let rows = Self.drafts(Self.texts).enumerated().map { index, draft in
      let quoted = draft.content.replacingOccurrences(of: "'", with: "''")
      return "INSERT INTO chat_messages (id, content, date_ms, edited)"
        + " VALUES (\(index + 1), '\(quoted)', \(draft.date.epochMilliseconds), 0)"
    }
    let foreign = [
      "PRAGMA writable_schema = ON",
      """
      INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES ('table',
        'chat_search', 'chat_search', 0,
        'CREATE VIRTUAL TABLE chat_search USING pocket_missing_module(folded)')
      """,
      "PRAGMA writable_schema = OFF",
    ]
    try OldSQLiteFile.make(at: path, with: SQLiteSchema.migrations, rows: rows + foreign)
    let store = try SQLiteStore.open(path: path)
    let chat = store.repositories.chat
    _ = try await chat.insert(content: "Kim once more", date: Fixtures.date(5_000 * 60_000))
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == Self.drafted + 1)
    try await Self.expectScanAnswers(chat, path, ["kim", "김치", "filler 10"])
    #expect(try Self.count(path, "SELECT count(*) FROM chat_search_pending") == Self.drafted + 1)
  }

  /// A query with more candidates than `SQLiteChatSearch.mostCandidates`, or a chat with
  /// more marks than that, is answered by the scan a chunk at a time (the candidates are not
  /// read whole), with the same answer; a rare query still goes through the index.
  @Test func moreCandidatesThanTheBoundAreScanned() async throws {
    let common = SQLiteChatSearch.mostCandidates + 500
    let (directory, path, store) = try await Self.chat(
      withMore: common, saying: "Common", fromID: 20_000, fromMs: 20_000_000)
    defer { try? FileManager.default.removeItem(at: directory) }
    let chat = store.repositories.chat
    func candidates(_ query: String) throws -> [ChatMessage]? {
      let connection = try SQLiteConnection(path: path, flags: 0x0000_0001)  // READONLY
      defer { try? connection.close() }
      return try SQLiteChatSearch.candidates(TextSearch(query), connection)
    }
    // More marks than the bound: even a rare query scans.
    #expect(try candidates("common 17") == nil)
    // Pocket's writes fold the marks in, a batch each.
    while try Self.count(path, "SELECT count(*) FROM chat_search_pending") ?? 0 > 0 {
      _ = try await chat.insert(content: "Fold", date: Fixtures.date(30_000_000_000))
    }
    #expect(try candidates("common") == nil, "more matches than the bound")
    #expect(try candidates("common 10017")?.map(\.id) == [20_000 + 10_017])
    let stored = try Self.stored(path)
    let all = try await chat.matchingMessages(TextSearch("COMMON"), skipping: 0, limit: 5)
    #expect(all.total == Self.oracle("COMMON", stored).count)
    #expect(all.total == common)
    try await Self.expectScanAnswers(chat, path, ["common 1000", "common 17", "kim"])
    let window = try await chat.matchingMessages(TextSearch("common"), skipping: 7, limit: 3)
    #expect(window == (try await chat.scannedMatches(TextSearch("common"), skipping: 7, limit: 3)))
  }
}
