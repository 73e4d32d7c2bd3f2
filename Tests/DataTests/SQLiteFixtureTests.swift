import Foundation
import PocketDomain
import PocketTesting
import TestSupport
import Testing

@testable import PocketData

/// `Tests/Fixtures/pocket-v1.sqlite` is a store file as the first SQLite Pocket (only the
/// `createTables` migration) wrote it, committed so every later Pocket is checked against it:
/// today's code must open it, migrate it and read every row back exactly.
///
/// The file was written with the rows of `version1Rows`; to write it again (only if the
/// first schema itself was wrong), run
/// `POCKET_WRITE_FIXTURES=1 swift test --filter writeTheVersion1Fixture`.
@Suite struct SQLiteFixtureTests {
  static let fixtureName = "pocket-v1.sqlite"
  static let writesFixtures = ProcessInfo.processInfo.environment["POCKET_WRITE_FIXTURES"] == "1"

  /// What the fixture holds, spelled out here (not taken from `StoreArchive.sample()`) so the
  /// expectation cannot move when test helpers change.
  static let version1Archive: StoreArchive = {
    let posix = Locale(identifier: "en_US_POSIX")
    func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: posix) ?? -1 }
    func date(_ milliseconds: Int64) -> Date { Date(epochMilliseconds: milliseconds) }
    return StoreArchive(
      stopwatch: Stopwatch(accumulated: .milliseconds(61_250), startedAt: date(1_795_915_929_000)),
      laps: [
        Lap(number: 1, lapTime: .milliseconds(1_500), total: .milliseconds(1_500)),
        Lap(number: 2, lapTime: .milliseconds(800), total: .milliseconds(2_300)),
        Lap(number: 3, lapTime: .milliseconds(1_500), total: .milliseconds(3_800)),
      ],
      bookmarks: [
        Bookmark(
          url: "https://notice.example.com/articles/7", title: "기말고사 안내",
          noticeDate: date(1_795_800_000_000), bookmarkedAt: date(1_795_915_920_100)),
        Bookmark(
          url: "https://notice.example.com/articles/3", title: "Title with \"quotes\"",
          noticeDate: date(1_795_700_000_000), bookmarkedAt: date(1_795_915_920_100)),
        Bookmark(
          url: "https://notice.example.com/articles/9", title: "",
          noticeDate: date(1_795_900_000_000), bookmarkedAt: date(1_795_915_920_200)),
      ],
      latestRates: RateSnapshot(
        base: "USD", publishedAt: date(1_724_025_751_000), nextUpdateAt: date(1_724_113_181_000),
        rates: ["KRW": decimal("1350.003043"), "EUR": decimal("0.907539"), "USD": 1]),
      previousRates: RateSnapshot(
        base: "USD", publishedAt: date(1_704_758_551_000), nextUpdateAt: date(1_704_845_751_000),
        rates: ["KRW": decimal("1315.579762"), "JPY": decimal("144.35")]),
      favoriteCurrencies: ["EUR", "KRW"], lastScreen: .calculator(currency: "JPY"),
      lastCalculatorCurrency: "JPY",
      mindLogs: [
        MindLog(id: 1, date: date(1_795_915_000_000), score: decimal("7.25"), note: "산책"),
        MindLog(id: 3, date: date(1_795_915_500_000), score: 0, note: "a\nnew line"),
      ], lastMindLogID: 4,
      messages: [
        ChatMessage(id: 2, content: "안녕하세요", date: date(1_795_915_920_010)),
        ChatMessage(id: 5, content: "edited ✓", date: date(1_795_915_920_010), isEdited: true),
      ], lastMessageID: 6)
  }()

  /// `version1Archive` as the first schema's tables held it, in raw SQL.
  static let version1Rows = [
    """
    INSERT INTO bookmarks VALUES
      (1, 'https://notice.example.com/articles/7', '기말고사 안내', 1795800000000, 1795915920100),
      (2, 'https://notice.example.com/articles/3', 'Title with "quotes"', 1795700000000,
        1795915920100),
      (3, 'https://notice.example.com/articles/9', '', 1795900000000, 1795915920200)
    """,
    """
    INSERT INTO chat_messages VALUES
      (2, '안녕하세요', 1795915920010, 0), (5, 'edited ✓', 1795915920010, 1)
    """,
    "UPDATE counters SET value = 6 WHERE name = 'chat_messages'",
    "UPDATE counters SET value = 4 WHERE name = 'mind_logs'",
    "INSERT INTO favorite_currencies VALUES ('EUR'), ('KRW')",
    "INSERT INTO laps VALUES (1, 1500, 1500), (2, 800, 2300), (3, 1500, 3800)",
    """
    INSERT INTO mind_logs VALUES
      (1, 1795915000000, '7.25', '산책'), (3, 1795915500000, '0', 'a' || char(10) || 'new line')
    """,
    """
    INSERT INTO rate_snapshots VALUES
      ('latest', 'USD', 1724025751000, 1724113181000),
      ('previous', 'USD', 1704758551000, 1704845751000)
    """,
    """
    INSERT INTO rates VALUES
      ('latest', 'EUR', '0.907539'), ('latest', 'KRW', '1350.003043'), ('latest', 'USD', '1'),
      ('previous', 'JPY', '144.35'), ('previous', 'KRW', '1315.579762')
    """,
    "INSERT INTO screen_state VALUES (1, 'calculator', 'JPY', 'JPY')",
    "INSERT INTO stopwatch VALUES (1, 61250, 1795915929000)",
  ]

  /// Writes a first-schema file holding `version1Rows` at `path`.
  static func writeVersion1File(at path: String) throws {
    try OldSQLiteFile.make(
      at: path, with: try OldSQLiteFile.migrations(through: "createTables"), rows: version1Rows)
  }

  @Test(.enabled(if: writesFixtures, "writes Tests/Fixtures only when POCKET_WRITE_FIXTURES=1"))
  func writeTheVersion1Fixture() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(Self.fixtureName).path
    try Self.writeVersion1File(at: path)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == [Self.fixtureName])
    let target = Fixtures.url(Self.fixtureName)
    try? FileManager.default.removeItem(at: target)
    try FileManager.default.copyItem(atPath: path, toPath: target.path)
  }

  /// Where the first-schema file comes from: the committed fixture, or written now from
  /// `version1Rows` (so the rows above are checked to be the fixture's).
  enum Source: String, CaseIterable, Sendable {
    case committed, writtenNow
  }

  @Test(arguments: Source.allCases)
  func theVersion1FileOpensMigratedWithEveryRowIntact(source: Source) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(Self.fixtureName).path
    switch source {
    case .committed:
      try FileManager.default.copyItem(atPath: Fixtures.url(Self.fixtureName).path, toPath: path)
    case .writtenNow:
      try Self.writeVersion1File(at: path)
    }
    do {
      let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)  // READWRITE
      #expect(
        try connection.integer("PRAGMA user_version")
          == Int64(try OldSQLiteFile.migrations(through: "createTables").count))
      #expect(
        try connection.integer(
          "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE '%_by_%'") == 0)
    }

    let store = try SQLiteStore.open(path: path)
    #expect(store.schemaVersion == SQLiteStore.currentSchemaVersion)
    let repositories = store.repositories
    #expect(try await repositories.archive.export() == Self.version1Archive)
    // The repositories read the same rows, in their own orders.
    let archive = Self.version1Archive
    #expect(try await repositories.stopwatch.load() == archive.stopwatch)
    #expect(
      try await repositories.stopwatch.lapSummary()
        == LapSummary(count: 3, fastest: archive.laps[1], slowest: archive.laps[0]))
    #expect(
      try await repositories.bookmarks.bookmarks(offset: 0, limit: 10).items
        == [archive.bookmarks[2], archive.bookmarks[1], archive.bookmarks[0]])
    #expect(try await repositories.rates.latest() == archive.latestRates)
    #expect(try await repositories.rates.previous() == archive.previousRates)
    #expect(try await repositories.rates.latest()?.rates["KRW"]?.description == "1350.003043")
    #expect(try await repositories.screens.lastScreen() == .calculator(currency: "JPY"))
    #expect(
      try await repositories.mindLogs.entries(offset: 0, limit: 10).items
        == archive.mindLogs.reversed())
    #expect(try await repositories.chat.messages(offset: 0, limit: 10).items == archive.messages)
    // Ids continue after the highest ever given, not after the highest stored.
    #expect(try await repositories.chat.insert(content: "next", date: Date()).id == 7)
    #expect(try await repositories.mindLogs.insert(date: Date(), score: 1, note: "").id == 5)

    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)
    #expect(try connection.integer("PRAGMA user_version") == Int64(SQLiteSchema.migrations.count))
    // The counts started from the fixture's rows, and the triggers kept them since.
    let counts = try connection.query("SELECT name, value FROM row_counts ORDER BY name") {
      "\($0.text(0)) \($0.int64(1))"
    }
    #expect(counts == ["bookmarks 3", "chat_messages 3", "laps 3", "mind_logs 3"])
  }
}
