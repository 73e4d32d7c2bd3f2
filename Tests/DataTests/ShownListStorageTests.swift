import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// How the json and sqlite stores keep the shown list: a journalled change and a snapshot
/// member, a table pair of its own; a repeated save writes nothing; a store written before
/// the list existed opens without one; a damaged stored list is a corrupt store, named.
@Suite struct ShownListStorageTests {
  static let list = ShownListContractTests.lists[0]
  static let other = ShownListContractTests.lists[1]

  /// The path and reason of the corrupt store `body` reports; `nil`, failing the test, when
  /// it reports anything else or nothing.
  static func corruption(_ body: () async throws -> Void) async -> (path: String, reason: String)? {
    do {
      try await body()
      Issue.record("nothing was refused")
    } catch {
      guard case .corruptStore(let path, let reason) = error as? DomainError else {
        Issue.record("not a corrupt store: \(error)")
        return nil
      }
      return (path, reason.english)
    }
    return nil
  }

  private static func size(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?
      .intValue ?? -1
  }

  // MARK: json

  @Test func theJSONStoreJournalsAListOnceAndNotAgainWhenItIsTheSame() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let journal = directory.appendingPathComponent(JSONFileStore.journalName)
    let snapshot = directory.appendingPathComponent(JSONFileStore.fileName)
    let store = try JSONFileStore.open(directory: directory).repositories
    _ = try await store.chat.insert(content: "A-first", date: Fixtures.date())  // the snapshot
    try await store.screens.save(Self.list, for: .tests)
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.contains(#"{"change":{"saveTerminalShown":{"shown":{"#) == true)
    #expect(lines.first?.contains(#""terminal":"tests"}}"#) == true)
    let journalled = Self.size(journal)
    let snapshotted = Self.size(snapshot)

    try await store.screens.save(Self.list, for: .tests)
    try await JSONFileStore.open(directory: directory).repositories.screens.save(
      Self.list, for: .tests)
    #expect(Self.size(journal) == journalled)
    #expect(Self.size(snapshot) == snapshotted)

    try await store.screens.save(Self.other, for: .tests)
    #expect(Self.size(journal) > journalled)
    #expect(
      try await JSONFileStore.open(directory: directory).repositories.screens.shownList(for: .tests)
        == Self.other)
  }

  /// A snapshot rewritten at every change holds the list in its `terminals` member, under
  /// the terminal's key; an export of the same store has none.
  @Test func aRewrittenSnapshotHoldsTheListAndAnExportDoesNot() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try JSONFileStore.open(directory: directory, journalLimit: .bytes(0)).repositories
    _ = try await store.chat.insert(content: "A-first", date: Fixtures.date())
    try await store.screens.save(Self.list, for: .tests)
    let snapshot = try String(
      contentsOf: directory.appendingPathComponent(JSONFileStore.fileName), encoding: .utf8)
    #expect(snapshot.contains(#""terminals" : ["#))
    #expect(snapshot.contains(#""terminal" : "tests""#))
    #expect(snapshot.contains(#""shown" : {"#))
    #expect(snapshot.contains(#""text" : "B-second""#))
    #expect(Self.size(directory.appendingPathComponent(JSONFileStore.journalName)) == 0)
    #expect(
      try await JSONFileStore.open(directory: directory).repositories.screens.shownList(for: .tests)
        == Self.list)

    let export = String(
      decoding: try ArchiveFile.encode(try await store.archive.export()), as: UTF8.self)
    #expect(!export.contains("shown") && !export.contains("terminals"))
  }

  /// A snapshot holding two lists for one terminal is damaged (the SQL stores' primary key
  /// refuses it too): the store is reported, naming the key, not read as one of them.
  @Test func aSnapshotWithOneTerminalTwiceIsRefusedNamingIt() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try JSONFileStore.open(directory: directory, journalLimit: .bytes(0)).repositories
    try await store.screens.save(Self.list, for: .tests)
    let file = directory.appendingPathComponent(JSONFileStore.fileName)
    var top = try #require(
      try JSONSerialization.jsonObject(with: Foundation.Data(contentsOf: file)) as? [String: Any])
    let terminals = try #require(top["terminals"] as? [Any])
    top["terminals"] = terminals + terminals
    try JSONSerialization.data(withJSONObject: top).write(to: file)
    do {
      let reopened = try JSONFileStore.open(directory: directory).repositories
      _ = try await reopened.screens.shownList(for: .tests)
      Issue.record("a snapshot with one terminal twice was read")
    } catch DomainError.corruptStore(_, let reason) {
      #expect(reason.english.contains("duplicate terminal key tests"), "\(reason.english)")
    }
  }

  /// A store written before the list existed (no `shown` member: the version-1 fixture
  /// store) opens without one, and keeps one saved afterwards.
  @Test func aJSONStoreWithoutTheMemberHasNoList() async throws {
    let directory = try JSONFixtureTests.copyOfTheStore()
    defer { try? FileManager.default.removeItem(at: directory) }
    let snapshot = try String(
      contentsOf: directory.appendingPathComponent(JSONFileStore.fileName), encoding: .utf8)
    #expect(!snapshot.contains("shown"))
    let store = try JSONFileStore.open(directory: directory).repositories
    #expect(try await store.screens.shownList(for: .tests) == nil)
    try await store.screens.save(Self.list, for: .tests)
    #expect(
      try await JSONFileStore.open(directory: directory).repositories.screens.shownList(for: .tests)
        == Self.list)
  }

  /// Damaged `shown` members of a snapshot, each refused naming the field.
  static let damagedMembers: [(member: String, reason: String)] = [
    (
      #"{"screen":"chat","items":[{"number":0,"id":1,"text":"x","value":"x"}]}"#,
      "shown.items[0].number 0 is out of range"
    ),
    (
      #"{"screen":"chat","items":[{"number":1,"id":1,"url":"u","text":"x","value":"x"}]}"#,
      "shown.items[0].number 1 has both an id and a url"
    ),
    (
      #"{"screen":"chat","items":[{"number":1,"text":"x","value":"x"}]}"#,
      "shown.items[0].number 1 has neither an id nor a url"
    ),
    (#"{"screen":"Not a screen","items":[]}"#, #"shown.screen: unknown screen "Not a screen""#),
    (#"{"screen":"rates","currency":"KRW","items":[]}"#, "shown.screen: unknown screen"),
    (
      #"{"screen":"chat","items":[{"number":1,"id":0,"text":"x","value":"x"}]}"#,
      "shown.items[0].id 0 is out of range"
    ),
    (
      #"{"screen":"chat","items":[{"number":2,"id":1,"text":"x","value":"x"},"#
        + #"{"number":2,"id":3,"text":"y","value":"y"}]}"#,
      "shown.items[1].number 2 is shown twice"
    ),
    // The first row whose number an earlier row showed, in the list's order; a bad value
    // of any row is named before a number shown twice.
    (
      #"{"screen":"chat","items":[{"number":5,"id":1,"text":"x","value":"x"},"#
        + #"{"number":3,"id":2,"text":"y","value":"y"},"#
        + #"{"number":3,"id":4,"text":"w","value":"w"},"#
        + #"{"number":5,"id":3,"text":"z","value":"z"}]}"#,
      "shown.items[2].number 3 is shown twice"
    ),
    (
      #"{"screen":"chat","items":[{"number":2,"id":1,"text":"x","value":"x"},"#
        + #"{"number":2,"id":3,"text":"y","value":"y"},"#
        + #"{"number":2,"id":5,"text":"z","value":"z"}]}"#,
      "shown.items[1].number 2 is shown twice"
    ),
    (
      #"{"screen":"chat","items":[{"number":4,"id":1,"text":"x","value":"x"},"#
        + #"{"number":7,"id":0,"text":"y","value":"y"},"#
        + #"{"number":4,"id":2,"text":"z","value":"z"}]}"#,
      "shown.items[1].id 0 is out of range"
    ),
    (#"{"screen":"chat","items":[{"number":1.5,"id":1,"text":"x","value":"x"}]}"#, "shown"),
    (#"{"screen":"chat","items":7}"#, "shown.items"),
    (#""chat""#, "shown"),
  ]

  @Test(arguments: damagedMembers.indices)
  func aDamagedListInTheSnapshotIsACorruptStore(index: Int) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (member, reason) = Self.damagedMembers[index]
    let path = directory.appendingPathComponent(JSONFileStore.fileName)
    let text =
      #"{"format":"pocket-json","version":1,"chat":{"lastID":1,"messages":"#
      + #"[{"id":1,"content":"hi","dateMs":1795915920000,"isEdited":false}]},"shown":"#
      + member + "}"
    try Foundation.Data(text.utf8).write(to: path)
    let before = try Foundation.Data(contentsOf: path)
    let failure = await Self.corruption { _ = try JSONFileStore.open(directory: directory) }
    #expect(failure?.path == path.path)
    #expect(failure?.reason.contains(reason) == true, "\(String(describing: failure))")
    #expect(try Foundation.Data(contentsOf: path) == before)
  }

  @Test func aDamagedListInTheJournalIsACorruptStoreNamingTheLine() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await JSONFileStore.open(directory: directory).repositories.chat.insert(
      content: "hi", date: Fixtures.date())
    let line =
      #"{"change":{"saveShown":{"shown":{"screen":"chat","items":"#
      + #"[{"number":1,"id":1,"text":"x","value":"\#(ShownListContractTests.long(4_101))"}]}}},"seq":2}"#
    let journal = directory.appendingPathComponent(JSONFileStore.journalName)
    try Foundation.Data((line + "\n").utf8).write(to: journal)
    let failure = await Self.corruption { _ = try JSONFileStore.open(directory: directory) }
    #expect(failure?.path == journal.path)
    #expect(
      failure?.reason
        == "line 1: shown.items[0].value is too long: 4101 characters (at most 4100)")
  }

  /// A version-2 store's one list (its snapshot's `shown`, a journal's `saveShown` line)
  /// belongs to no terminal: read and checked, then left out; the first write makes a
  /// version-3 snapshot without it, and a later `dropTerminals` line is replayed.
  @Test func aVersion2StoresListBelongsToNoTerminal() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = #"{"screen":"chat","items":[{"number":1,"id":1,"text":"hi","value":"hi"}]}"#
    let snapshot =
      #"{"format":"pocket-json","version":2,"journalSeq":0,"chat":{"lastID":1,"messages":"#
      + #"[{"id":1,"content":"hi","dateMs":1795915920000,"isEdited":false}]},"shown":"#
      + list + "}"
    try Foundation.Data(snapshot.utf8).write(
      to: directory.appendingPathComponent(JSONFileStore.fileName))
    try Foundation.Data((#"{"change":{"saveShown":{"shown":"# + list + #"}},"seq":1}"# + "\n").utf8)
      .write(to: directory.appendingPathComponent(JSONFileStore.journalName))
    let store = try JSONFileStore.open(directory: directory).repositories
    #expect(try await store.screens.shownList(for: .tests) == nil)
    #expect(try await store.chat.message(id: 1)?.content == "hi")
    try await store.screens.save(Self.list, for: .tests)
    let written = try String(
      contentsOf: directory.appendingPathComponent(JSONFileStore.fileName), encoding: .utf8)
    let top = try #require(
      try JSONSerialization.jsonObject(with: Foundation.Data(written.utf8)) as? [String: Any])
    #expect(top["version"] as? Int == 3)
    #expect(top["shown"] == nil && top["terminals"] != nil)
    try await store.screens.save(Self.other, for: .named("another"))
    try await store.screens.dropShownLists { $0 == .tests }
    let reopened = try JSONFileStore.open(directory: directory).repositories
    #expect(try await reopened.screens.shownList(for: .tests) == nil)
    #expect(try await reopened.screens.shownList(for: .named("another")) == Self.other)
    let journal = try String(
      contentsOf: directory.appendingPathComponent(JSONFileStore.journalName), encoding: .utf8)
    #expect(journal.contains(#"{"change":{"dropTerminals":{"terminals":["tests"]}}"#))
  }

  // MARK: sqlite

  @Test func theSQLiteStoreWritesNothingWhenTheListIsTheSame() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let store = try SQLiteStore.open(path: path).repositories
    try await store.screens.save(Self.list, for: .tests)
    let other = try SQLiteConnection(path: path, flags: 0x0000_0001)  // READONLY
    let version = try other.integer("PRAGMA data_version")
    try await store.screens.save(Self.list, for: .tests)
    try await SQLiteStore.open(path: path).repositories.screens.save(Self.list, for: .tests)
    #expect(try other.integer("PRAGMA data_version") == version)
    try await store.screens.save(Self.other, for: .tests)
    #expect(try other.integer("PRAGMA data_version") != version)
    #expect(try other.integer("SELECT count(*) FROM terminal_shown_items") == 2)
  }

  /// A file of the schema before the shown list (every migration up to `rangeChecks`,
  /// holding a message and a screen) opens migrated, without a list, and keeps one saved.
  @Test func aSQLiteFileOfTheSchemaBeforeTheListHasNone() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    try OldSQLiteFile.make(
      at: path, with: try OldSQLiteFile.migrations(through: "rangeChecks"),
      rows: [
        "INSERT INTO chat_messages (id, content, date_ms, edited) VALUES (1, 'old', 0, 0)",
        "UPDATE counters SET value = 1 WHERE name = 'chat_messages'",
        "INSERT INTO screen_state (id, screen) VALUES (1, 'chat')",
      ])
    let store = try SQLiteStore.open(path: path)
    #expect(store.schemaVersion == SQLiteSchema.currentVersion)
    let names = SQLiteSchema.migrations.map(\.name)
    #expect(
      names.firstIndex(of: "shownItems") == names.firstIndex(of: "rangeChecks").map { $0 + 1 })
    #expect(try await store.repositories.screens.shownList(for: .tests) == nil)
    #expect(try await store.repositories.screens.lastScreen() == .named("chat"))
    #expect(
      try await store.repositories.chat.message(id: 1)
        == ChatMessage(id: 1, content: "old", date: Date(epochMilliseconds: 0)))
    try await store.repositories.screens.save(Self.list, for: .tests)
    #expect(
      try await SQLiteStore.open(path: path).repositories.screens.shownList(for: .tests)
        == Self.list)
  }

  /// Rows another program damaged: each read is a corrupt store naming the table and
  /// column, and a save does not write over the damage.
  static let damagedRows: [(sql: String, reason: String)] = [
    (
      "UPDATE terminal_shown_items SET record_id = 0 WHERE number = 2",
      "terminal_shown_items.record_id (number 2) 0 is out of range"
    ),
    (
      "UPDATE terminal_shown SET screen = 'Not a screen'",
      #"terminal_shown.screen: unknown screen "Not a screen""#
    ),
    ("UPDATE terminal_shown SET currency = 'KRW'", "terminal_shown.screen: unknown screen"),
    (
      "UPDATE terminal_shown_items SET text = '\(ShownListContractTests.long(4_001))' WHERE number = 1",
      "terminal_shown_items.text (number 1) is too long: 4001 characters (at most 4000)"
    ),
    (
      "UPDATE terminal_shown_items SET url = '' , record_id = NULL WHERE number = 3",
      "terminal_shown_items.url (number 3) is empty"
    ),
  ]

  @Test(arguments: damagedRows.indices)
  func aDamagedListInTheTablesIsACorruptStore(index: Int) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    try await SQLiteStore.open(path: path).repositories.screens.save(Self.list, for: .tests)
    let (sql, reason) = Self.damagedRows[index]
    do {
      let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)  // READWRITE
      try connection.execute(sql)
      try connection.close()
    }
    let store = try SQLiteStore.open(path: path).repositories
    let read = await Self.corruption { _ = try await store.screens.shownList(for: .tests) }
    let saved = await Self.corruption { try await store.screens.save(Self.other, for: .tests) }
    for failure in [read, saved] {
      #expect(failure?.path == path)
      #expect(failure?.reason.contains(reason) == true, "\(String(describing: failure))")
    }
  }
}
