import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// An archive of an older version is read through the same chunked path as one of the
/// current version, migrated, so a new version never sends older exports the slow way.
@Suite struct OlderArchiveVersionTests {
  /// A later Pocket, pretended: its version, the one after today's, adds CHF to the
  /// favourites and marks every chat message edited, so the migration shows both in the rest
  /// of the document and in every chunk of messages.
  static let version2 = DocumentVersions(
    current: DocumentVersions.pocket.current + 1,
    steps: DocumentVersions.pocket.steps + [
      { document in
        document.rates.favorites.append("CHF")
        for index in document.chat.messages.indices {
          document.chat.messages[index].isEdited = true
        }
      }
    ])

  /// `archive` as the later version reads it, built from the archive, not from the decoder.
  static func migrated(_ archive: StoreArchive) -> StoreArchive {
    var expected = archive
    expected.favoriteCurrencies = Set(archive.favoriteCurrencies + ["CHF"]).sorted()
    expected.messages = archive.messages.map {
      ChatMessage(id: $0.id, content: $0.content, date: $0.date, isEdited: true)
    }
    return expected
  }

  /// Where the chunked path reported its progress: after each chunk of messages. The
  /// whole-document path reports nothing.
  static func decode(_ bytes: [UInt8]) throws -> (archive: StoreArchive, reports: [Int]) {
    var reports: [Int] = []
    let archive = try ArchiveDecoding.decode(
      bytes, versions: version2, chunkSize: ArchiveDecodingTests.chunkSize
    ) { done, _ in reports.append(done) }
    return (archive, reports)
  }

  @Test func todaysExportReadsInChunksMigrated() throws {
    let archive = ArchiveDecodingTests.archive(messages: 250)
    let bytes = try ArchiveFile.encode(archive)
    #expect(
      String(decoding: bytes, as: UTF8.self).contains(#""version" : \#(ArchiveFile.formatVersion)"#)
    )
    let (read, reports) = try Self.decode(bytes)
    #expect(read == Self.migrated(archive))
    let total = archive.messages.count
    #expect(reports == [100, 200, total])
    // The whole-document path agrees.
    let whole = try JSONFileStore.decodeDocument(bytes, versions: Self.version2).document
    #expect(try whole.toDomain() == read)
  }

  @Test func aKindMissingFromAnOlderArchiveReadsAsEmpty() throws {
    let count = 230
    var text = #"{"format":"pocket-json","version":1,"chat":{"lastID":500,"messages":["#
    var messages: [ChatMessage] = []
    for index in 0..<count {
      let id = Int64(index + 1)
      let date = Fixtures.date(Int64(index))
      if index > 0 { text += "," }
      text +=
        #"{"id":\#(id),"content":"m\#(index)","dateMs":\#(date.epochMilliseconds),"isEdited":false}"#
      messages.append(ChatMessage(id: id, content: "m\(index)", date: date))
    }
    text += "]}}"
    let (read, reports) = try Self.decode(Array(text.utf8))
    #expect(reports == [100, 200, count])
    #expect(read == Self.migrated(StoreArchive(messages: messages, lastMessageID: 500)))
    #expect(read.laps.isEmpty && read.bookmarks.isEmpty && read.mindLogs.isEmpty)
    #expect(read.stopwatch == Stopwatch() && read.latestRates == nil && read.lastScreen == nil)
  }

  @Test func todaysJSONStoreSnapshotReadsInChunksAsTheVersionItHolds() throws {
    let archive = ArchiveDecodingTests.archive(messages: 250)
    let bytes = try JSONFileStore.encodeDocument(
      JSONDocument(archive, marks: SnapshotMarks(journalSeq: 7)))
    let read = try #require(ArchiveDecoding.snapshot(bytes, versions: Self.version2))
    #expect(read.archive == Self.migrated(archive))
    #expect(read.marks.journalSeq == 7)
    #expect(read.version == ArchiveFile.formatVersion)
  }
}
