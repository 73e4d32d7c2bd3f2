import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// `Tests/Fixtures/pocket-v1-json/` (a json store: `pocket.json` and a `pocket.journal` of
/// 24 changes) and `Tests/Fixtures/pocket-v1-export.json` are files as the `pocket` binary
/// wrote them with document version 1, committed so every later Pocket is checked against
/// them: today's code must read every record, leave the files byte for byte as they were
/// until it writes, and migrate on its first write.
///
/// They were made on 2026-11-30 by `pocket --store json` sessions: refreshes from both
/// rates fixtures, favourites, a stopwatch run with laps, bookmarks (one renamed), mind-log
/// entries and chat messages (edited and deleted ones), `calc JPY`, then `export`; the
/// export was imported into an empty store (its snapshot) and more commands were run there
/// (its journal), ending with the stopwatch running.
@Suite struct JSONFixtureTests {
  static let storeFolder = "pocket-v1-json"
  static let exportName = "pocket-v1-export.json"

  static func date(_ milliseconds: Int64) -> Date { Date(epochMilliseconds: milliseconds) }

  static func rates(_ name: String) throws -> RateSnapshot {
    try OpenERAPIDecoder().decode(Foundation.Data(contentsOf: Fixtures.url(name)))
  }

  /// What the export holds, spelled out (the rates are the two rates fixtures, whole).
  static func exportArchive() throws -> StoreArchive {
    let boot = BootInstant(
      bootID: "e7305b69-1138-488d-a451-34eec41e4dd4", uptimeMilliseconds: 2_667_912)
    return StoreArchive(
      stopwatch: Stopwatch(
        accumulated: .milliseconds(21), startedAt: date(1_796_041_456_282), startedOnBoot: boot),
      laps: [
        Lap(number: 1, lapTime: .milliseconds(16), total: .milliseconds(16)),
        Lap(number: 2, lapTime: .milliseconds(4), total: .milliseconds(20)),
        Lap(number: 3, lapTime: .milliseconds(1), total: .milliseconds(21)),
      ],
      bookmarks: [
        Bookmark(
          url: "https://notice.example.com/articles/1058", title: "2026학년도 동계 계절학기 수강신청 안내",
          noticeDate: date(1_795_854_600_000), bookmarkedAt: date(1_796_041_456_284)),
        Bookmark(
          url: "https://notice.example.com/articles/1056", title: "Title with \"quotes\" ✓",
          noticeDate: date(1_795_670_400_000), bookmarkedAt: date(1_796_041_456_289)),
        Bookmark(
          url: "https://notice.example.com/articles/1054", title: "2027학년도 1학기 국가장학금 1차 신청 안내",
          noticeDate: date(1_795_399_200_000), bookmarkedAt: date(1_796_041_456_290)),
      ],
      latestRates: try rates("open-er-api-USD-2024-08-19.json"),
      previousRates: try rates("open-er-api-USD-2024-01-09.json"),
      favoriteCurrencies: ["EUR", "KRW"], lastScreen: .calculator(currency: "JPY"),
      lastCalculatorCurrency: "JPY",
      mindLogs: [
        MindLog(id: 2, date: date(1_796_041_456_317), score: 4.5, note: "a slow day, then better"),
        MindLog(id: 3, date: date(1_796_041_456_318), score: 10, note: "best"),
      ], lastMindLogID: 3,
      messages: [
        ChatMessage(id: 1, content: "안녕하세요", date: date(1_796_041_456_326)),
        ChatMessage(id: 2, content: "edited ✓", date: date(1_796_041_456_327), isEdited: true),
        ChatMessage(id: 4, content: "last one", date: date(1_796_041_456_331)),
      ], lastMessageID: 4)
  }

  /// What the store holds: the export, then its journal's changes.
  static func storeArchive() throws -> StoreArchive {
    var archive = try exportArchive()
    archive.stopwatch = Stopwatch(
      accumulated: .milliseconds(5_757), startedAt: date(1_796_041_462_017),
      startedOnBoot: BootInstant(
        bootID: "e7305b69-1138-488d-a451-34eec41e4dd4", uptimeMilliseconds: 2_673_648))
    archive.laps += [
      Lap(number: 4, lapTime: .milliseconds(5_735), total: .milliseconds(5_756)),
      Lap(number: 5, lapTime: .milliseconds(2), total: .milliseconds(5_758)),
    ]
    archive.bookmarks = [
      archive.bookmarks[0],
      Bookmark(
        url: "https://notice.example.com/articles/1054", title: "renamed in the journal",
        noticeDate: date(1_795_399_200_000), bookmarkedAt: date(1_796_041_456_290)),
      Bookmark(
        url: "https://notice.example.com/articles/1052", title: "학생식당 메뉴 개편 설문조사 참여 안내",
        noticeDate: date(1_795_061_100_000), bookmarkedAt: date(1_796_041_462_019)),
    ]
    archive.favoriteCurrencies = ["GBP", "KRW"]
    archive.lastScreen = .stopwatch
    archive.mindLogs.append(
      MindLog(id: 5, date: date(1_796_041_462_035), score: 6, note: "edited in the journal"))
    archive.lastMindLogID = 5
    archive.messages = [
      ChatMessage(
        id: 1, content: "first message, edited", date: date(1_796_041_456_326), isEdited: true),
      archive.messages[2],
      ChatMessage(id: 5, content: "from the journal", date: date(1_796_041_462_043)),
    ]
    archive.lastMessageID = 5
    return archive
  }

  /// A copy of the fixture store in a fresh folder (mode 0700, as store folders must be).
  static func copyOfTheStore() throws -> URL {
    let directory = try Fixtures.temporaryDirectory()
    for name in ["pocket.json", "pocket.journal"] {
      try FileManager.default.copyItem(
        at: Fixtures.url(storeFolder).appendingPathComponent(name),
        to: directory.appendingPathComponent(name))
    }
    return directory
  }

  static func contents(_ directory: URL) throws -> [String: Foundation.Data] {
    var files: [String: Foundation.Data] = [:]
    for name in ["pocket.json", "pocket.journal"] {
      files[name] = try Foundation.Data(contentsOf: directory.appendingPathComponent(name))
    }
    return files
  }

  @Test func theVersion1ExportIsReadWithEveryRecordAndWrittenBackToTheSameBytes() throws {
    let bytes = try [UInt8](Foundation.Data(contentsOf: Fixtures.url(Self.exportName)))
    let archive = try ArchiveFile.read(Fixtures.url(Self.exportName).path)
    #expect(archive == (try Self.exportArchive()))
    #expect(archive.latestRates?.rates.count == 162)
    #expect(archive.latestRates?.rates["KRW"]?.description == "1350.003043")
    // Nothing was dropped: today's Pocket writes the same data to the same bytes, but for
    // the version, its own (version 2 added the declared kinds' records, which it holds none
    // of; version 3 the lists each terminal showed, which no export holds).
    let today = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
      of: #""version" : 1"#, with: #""version" : \#(ArchiveFile.formatVersion)"#)
    #expect(ArchiveFile.formatVersion == 3)
    #expect(try ArchiveFile.encode(archive) == Array(today.utf8))
  }

  @Test func theVersion1StoreOpensWithEveryRecordAndStaysByteIdenticalUntilAWrite()
    async throws
  {
    let directory = try Self.copyOfTheStore()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try Self.contents(directory)

    let store = try JSONFileStore.open(directory: directory)
    let repositories = store.repositories
    let expected = try Self.storeArchive()
    #expect(try await repositories.archive.export() == expected)
    #expect(try await repositories.stopwatch.load() == expected.stopwatch)
    #expect(
      try await repositories.bookmarks.bookmarks(offset: 0, limit: 10).items
        == expected.bookmarks.reversed())
    #expect(try await repositories.rates.latest() == expected.latestRates)
    #expect(try await repositories.rates.previous() == expected.previousRates)
    #expect(try await repositories.screens.lastScreen() == .stopwatch)
    #expect(
      try await repositories.chat.messages(offset: 0, limit: 10).items == expected.messages)
    #expect(try Self.contents(directory) == before)

    // The first write migrates: a snapshot of today's version with everything, the
    // journal emptied, so no version-1 Pocket reads a journal line it does not know.
    #expect(try await repositories.chat.insert(content: "next", date: Self.date(0)).id == 6)
    let after = try Self.contents(directory)
    let snapshot = String(decoding: try #require(after["pocket.json"]), as: UTF8.self)
    #expect(snapshot.contains(#""version" : 3"#))
    #expect(snapshot.contains(#""journalSeq" : 27"#))
    #expect(after["pocket.journal"]?.isEmpty == true)
    var written = expected
    written.messages.append(ChatMessage(id: 6, content: "next", date: Self.date(0)))
    written.lastMessageID = 6
    #expect(
      try await JSONFileStore.open(directory: directory).repositories.archive.export() == written)
  }

  /// A later Pocket, pretended: version 4 adds CHF to the favourites on migration.
  static let version4 = DocumentVersions(
    current: 4, steps: DocumentVersions.pocket.steps + [{ $0.rates.favorites.append("CHF") }])

  @Test func aLaterPocketMigratesTheVersion1StoreOnItsFirstWriteOnly() async throws {
    let directory = try Self.copyOfTheStore()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = try Self.contents(directory)
    var expected = try Self.storeArchive()
    expected.favoriteCurrencies = ["CHF", "GBP", "KRW"]

    do {
      let store = try JSONFileStore.open(
        directory: directory, journalLimit: .pocket, versions: Self.version4)
      #expect(try await store.repositories.archive.export() == expected)
      #expect(try Self.contents(directory) == before)

      // The first change writes a version-4 snapshot with everything, and empties the
      // journal, so no version-1 Pocket reads a journal line it does not know.
      _ = try await store.repositories.chat.insert(content: "next", date: Self.date(0))
    }
    expected.messages.append(ChatMessage(id: 6, content: "next", date: Self.date(0)))
    expected.lastMessageID = 6
    let after = try Self.contents(directory)
    let snapshot = String(decoding: try #require(after["pocket.json"]), as: UTF8.self)
    #expect(snapshot.contains(#""version" : 4"#))
    #expect(snapshot.contains(#""journalSeq" : 27"#))
    #expect(after["pocket.journal"]?.isEmpty == true)

    let reopened = try JSONFileStore.open(
      directory: directory, journalLimit: .pocket, versions: Self.version4)
    #expect(try await reopened.repositories.archive.export() == expected)

    // Today's Pocket refuses the newer file, naming both versions, and leaves it alone.
    #expect {
      try JSONFileStore.open(directory: directory)
    } throws: { error in
      guard case .corruptStore(_, let reason) = error as? DomainError else { return false }
      return reason.english
        == "version 4 is newer than this Pocket reads (3); update Pocket to open it"
    }
    #expect(try Self.contents(directory) == after)
  }

  @Test func aLaterPocketReadsTheVersion1ExportMigrated() throws {
    let bytes = try [UInt8](Foundation.Data(contentsOf: Fixtures.url(Self.exportName)))
    let (document, version) = try JSONFileStore.decodeDocument(bytes, versions: Self.version4)
    #expect(version == 1)
    #expect(document.version == 4)
    #expect(document.rates.favorites == ["EUR", "KRW", "CHF"])
    let version5 = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
      of: #""version" : 1"#, with: #""version" : 5"#)
    #expect {
      try JSONFileStore.decodeDocument(Array(version5.utf8), versions: Self.version4)
    } throws: { error in
      (error as? InvalidDocument)?.reason.english
        == "version 5 is newer than this Pocket reads (4); update Pocket to open it"
    }
  }

  /// Fields a later version adds must read older files: every field but `format` and
  /// `version` has a default when it is missing.
  @Test func aDocumentWithOnlyItsHeaderIsAnEmptyStore() throws {
    let bytes = Array(#"{"format": "pocket-json", "version": 1}"#.utf8)
    #expect(try JSONFileStore.decodeDocument(bytes).document.toDomain() == StoreArchive())
    let partial = Array(
      #"""
      {"format": "pocket-json", "version": 1, "rates": {},
       "chat": {"messages": [{"id": 3, "content": "hi", "dateMs": 0, "isEdited": false}]}}
      """#.utf8)
    let archive = try JSONFileStore.decodeDocument(partial).document.toDomain()
    #expect(archive.messages.map(\.id) == [3])
    #expect(archive.lastMessageID == 3)
    #expect(archive.favoriteCurrencies.isEmpty)
  }
}
