import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// An import writes each list a page at a time inside one replacement: a problem found in
/// the last page (a record the checks refuse, a reader that fails, a file record the format
/// refuses) leaves every store as it was, and is thrown as it was found. Each test on every
/// store with `POCKET_SOAK=1`; the quick run spreads the stores over the cases and tests.
@Suite struct StreamingImportContractTests {
  /// More records than one page the stores ask for (8,192), so the last is in a later page.
  static let count = 9_000

  enum List: String, CaseIterable, CustomStringConvertible {
    case laps, bookmarks, mindLogs, messages
    var description: String { rawValue }

    /// An archive of `count` records of this list whose last one breaks a check, and the
    /// reason the check gives, written out here.
    func archiveBrokenAtTheEnd() -> (StoreArchive, CheckFailure) {
      let count = StreamingImportContractTests.count
      var archive = StoreArchive()
      switch self {
      case .laps:
        archive.laps = (1...count).map {
          Lap(number: $0, lapTime: .seconds(1), total: .seconds($0))
        }
        archive.laps[count - 1].lapTime = .seconds(2)
        return (
          archive,
          // "lap 9000's lap time 2000 ms is not its total minus the total before (1000 ms)"
          .lapSequence(
            lap: count, index: count - 1, .notTheDifference(lapTime: 2000, expected: 1000))
        )
      case .bookmarks:
        archive.bookmarks = (1...count).map {
          Bookmark(
            url: "https://n.example/\($0)", title: "t", noticeDate: Fixtures.date(),
            bookmarkedAt: Fixtures.date(Int64($0)))
        }
        archive.bookmarks[count - 1].url = "https://n.example/1"
        return (archive, .appearsTwice(.bookmarkURL))
      case .mindLogs:
        archive.mindLogs = (1...count).map {
          MindLog(id: Int64($0), date: Fixtures.date(Int64($0)), score: 5, note: "")
        }
        archive.lastMindLogID = Int64(count - 1)
        return (archive, .idNotGiven(.mindLogID))
      case .messages:
        archive.messages = (1...count).map {
          ChatMessage(id: Int64($0), content: "m\($0)", date: Fixtures.date(Int64($0)))
        }
        archive.lastMessageID = Int64(count - 1)
        return (archive, .idNotGiven(.messageID))
      }
    }
  }

  /// Each list on one store, the stores taken in turn; every list on every store with
  /// `POCKET_SOAK=1`.
  @Test(arguments: Soak.spread(List.allCases, over: StoreKind.available))
  func aProblemInTheLastPageChangesNothing(kind: StoreKind, list: List) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.repositories.archive.replaceAll(with: .sample())
    let (archive, reason) = list.archiveBrokenAtTheEnd()
    await #expect(throws: DomainError.invalidInput(.invalidArchive(reason))) {
      try await ImportStore(archive: store.repositories.archive, now: Date.init)(
        archive, replace: true)
    }
    #expect(try await store.repositories.archive.export() == .sample())
  }

  /// A reader whose last page of messages fails, as a file that cannot be read further does.
  struct FailingAtTheEnd: ArchiveReader, Sendable {
    let archive: StoreArchive
    static let failure = DomainError.storageUnavailable(
      path: "archive.json", reason: .system("EIO"))

    func head() -> StoreArchive { archive.head() }
    func recordCounts() -> RecordCounts { archive.counts }
    func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
      try archive.laps(pageSize: pageSize, page)
    }
    func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
      try archive.bookmarks(pageSize: pageSize, page)
    }
    func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
      try archive.mindLogs(pageSize: pageSize, page)
    }
    func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
      var given = 0
      try archive.messages(pageSize: pageSize) { messages in
        given += messages.count
        if given == archive.messages.count { throw Self.failure }
        try page(messages)
      }
    }
  }

  @Test(arguments: Soak.all(StoreKind.available, quick: .sqlite))
  func aReaderFailingAtTheEndChangesNothing(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.repositories.archive.replaceAll(with: .sample())
    var archive = StoreArchive.sample()
    archive.messages = (1...Self.count).map {
      ChatMessage(id: Int64($0), content: "m\($0)", date: Fixtures.date(Int64($0)))
    }
    archive.lastMessageID = Int64(Self.count)
    await #expect(throws: FailingAtTheEnd.failure) {
      try await store.repositories.archive.replaceAll(
        from: FailingAtTheEnd(archive: archive), onlyIfEmpty: false)
    }
    #expect(try await store.repositories.archive.export() == .sample())
  }

  @Test(arguments: Soak.all(StoreKind.available, quick: .json))
  func aFileRecordDamagedAtTheEndIsRefusedAsTheWholeDocumentIsAndChangesNothing(
    kind: StoreKind
  ) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.repositories.archive.replaceAll(with: .sample())
    var archive = StoreArchive()
    archive.messages = (1...Self.count).map {
      ChatMessage(id: Int64($0), content: "m\($0)", date: Fixtures.date(Int64($0)))
    }
    archive.lastMessageID = Int64(Self.count)
    var text = String(decoding: try ArchiveFile.encode(archive), as: UTF8.self)
    let last = try #require(text.range(of: "\"m\(Self.count)\""))
    text.replaceSubrange(last, with: "12")
    let bytes = Array(text.utf8)
    // The oracle: what reading the whole document says of the file.
    let reason: StoreCause
    do {
      _ = try JSONFileStore.decodeDocument(bytes).document.toDomain()
      Issue.record("the damaged file reads whole")
      return
    } catch {
      reason = error.reason
    }
    let reader = try ArchiveFile.open(bytes: bytes, path: "damaged.json")
    #expect(reader is ValidatedArchiveReader, "the file is read a chunk at a time")
    await #expect(
      throws: DomainError.corruptStore(path: "damaged.json", reason: StoreProblem(reason))
    ) {
      try await ImportStore(archive: store.repositories.archive, now: Date.init)(
        reader, replace: true)
    }
    #expect(try await store.repositories.archive.export() == .sample())
  }

  @Test func aFileReadAChunkAtATimeIsTheArchiveItHolds() throws {
    var archive = StoreArchive.sample()
    archive.messages = (1...Self.count).map {
      ChatMessage(id: Int64($0), content: "m\($0)", date: Fixtures.date(Int64($0)))
    }
    archive.lastMessageID = Int64(Self.count) + 3
    let reader = try ArchiveFile.open(bytes: try ArchiveFile.encode(archive), path: "a.json")
    #expect(reader is ValidatedArchiveReader, "the file is read a chunk at a time")
    #expect(try StoreArchive(reading: reader, pageSize: 1_000) == archive)
    #expect(try reader.recordCounts() == archive.counts)
  }
}
