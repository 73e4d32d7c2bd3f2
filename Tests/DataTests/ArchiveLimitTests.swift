import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// What bounds an archive's reading whatever the file holds: a record of at most 1 MiB and
/// 4,096 values, the document outside the lists at most 4 MiB and 65,536 values, each
/// refused at the limit without the rest of the value read; chunks of at most 1 MiB; a
/// layout that must be read whole read only up to 256 KiB; and a problem in a later chunk
/// named as the whole document names it, without reading it whole.
@Suite struct ArchiveLimitTests {
  /// The reason a scan of `text` refuses it, in English, as a user reads it; `nil` when it
  /// is not refused.
  static func refusal(_ text: String) -> String? {
    guard case .refused(let cause) = scan(text) else { return nil }
    return cause.english
  }

  static func scan(_ text: String) -> ArchiveFileLayout.Failure? {
    do {
      _ = try ArchiveFileLayout.scan(WindowedFile(bytes: Array(text.utf8)))
      return nil
    } catch {
      return error
    }
  }

  /// Each document is its start and then `mebibytes` MiB of one long value, cut inside it: a
  /// scan that read the value to its end would find the file cut short, not the limit. (The
  /// test builds the text, so the test's name shows its start, not megabytes of it.)
  @Test(arguments: [
    (
      #"{"chat":{"messages":[{"content":""#, 2,
      "chat.messages[0].content makes its record larger than 1 MiB, the most a record may be"
    ),
    (
      #"{"bookmarks":[{"bookmarkedAtMs":0,"noticeDateMs":0,"title":"t","url":""#, 2,
      "bookmarks[0].url makes its record larger than 1 MiB, the most a record may be"
    ),
    (
      #"{"laps":[{"lapTimeMs":0,"number":1,"totalMs":0,"later":[1,{"a":""#, 2,
      "laps[0].later makes its record larger than 1 MiB, the most a record may be"
    ),
    (
      #"{"mindLog":{"entries":[{""#, 2,
      "mindLog.entries[0] is larger than 1 MiB, the most a record may be"
    ),
    (
      #"{"format":""#, 5,
      "format makes the document outside its lists larger than 4 MiB, the most it may be"
    ),
    (
      #"{"chat":{"messages":[],"later":""#, 5,
      "chat.later makes the document outside its lists larger than 4 MiB, the most it may be"
    ),
    (
      #"{""#, 5,
      "byte 4194304 makes the document outside its lists larger than 4 MiB, the most it may be"
    ),
  ])
  func aValuePastALimitIsRefusedAtTheLimit(start: String, mebibytes: Int, reason: String) {
    // Made from bytes at once: a string repeated a character at a time costs many times it.
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: mebibytes << 20)
    let text = start + String(decoding: long, as: UTF8.self)
    #expect(Self.refusal(text) == reason)
  }

  /// The rest's limit counts what lies outside the lists, however large the lists are.
  @Test func theListsDoNotCountAgainstTheRest() throws {
    let message = #"{"content":"\#(String(repeating: "m", count: 900_000))","id":1}"#
    let messages = (0..<6).map {
      message.replacingOccurrences(of: #""id":1"#, with: #""id":\#($0 + 1)"#)
    }
    let text =
      #"{"chat":{"messages":[\#(messages.joined(separator: ","))]},"format":"pocket-json"}"#
    let layout = try ArchiveFileLayout.scan(WindowedFile(bytes: Array(text.utf8)))
    #expect(layout.messages?.count == 6)
  }

  @Test func tooManyValuesInARecordOrOutsideTheListsAreRefused() {
    let values = { (count: Int) in (1...count).map { _ in "1" }.joined(separator: ",") }
    #expect(
      Self.refusal(#"{"chat":{"messages":[{"id":1,"tags":[\#(values(4_100))]}]}}"#)
        == "chat.messages[0] holds more than 4096 values, the most a record may hold")
    #expect(Self.scan(#"{"chat":{"messages":[{"id":1,"tags":[\#(values(4_000))]}]}}"#) == nil)
    #expect(
      Self.refusal(#"{"extra":[\#(values(70_000))],"format":"pocket-json"}"#)
        == "extra makes the document outside its lists hold more than 65536 values, the most "
        + "it may hold")
  }

  /// One line, keys written with escapes and members in any order: still read a chunk at
  /// a time, not whole.
  @Test func aFileOnOneLineWithEscapedKeysIsReadAChunkAtATime() throws {
    let text =
      #"{"version":1,"\u0063hat":{"messages":[{"\u0069d":1,"content":"a","dateMs":0,"#
      + #""isEdited":false},{"id":2,"content":"b","dateMs":0,"isEdited":true}]},"#
      + #""format":"pocket-json"}"#
    let layout = try ArchiveFileLayout.scan(WindowedFile(bytes: Array(text.utf8)))
    #expect(layout.messages?.count == 2 && layout.messages?.lastKey == 2)
    let reader = try ArchiveFile.open(bytes: Array(text.utf8), path: "a.json")
    #expect(reader is ValidatedArchiveReader, "the file is read a chunk at a time")
    #expect(try StoreArchive(reading: reader).messages.map(\.content) == ["a", "b"])
  }

  static func messages(_ count: Int, content: (Int) -> String = { "m\($0)" }) -> StoreArchive {
    var archive = StoreArchive()
    archive.messages = (1...count).map {
      ChatMessage(id: Int64($0), content: content($0), date: Fixtures.date(Int64($0)))
    }
    archive.lastMessageID = Int64(count)
    return archive
  }

  /// Messages out of order are read whole up to 256 KiB, and refused past it.
  @Test(arguments: [1_000, 5_000])
  func aLayoutReadWholeIsReadOnlyWhenSmall(count: Int) throws {
    let archive = Self.messages(count)
    var text = String(decoding: try ArchiveFile.encode(archive), as: UTF8.self)
    // Message 1 (id 1) after message 2.
    text = text.replacingOccurrences(of: "\"id\" : 1,", with: "\"id\" : 0,")
      .replacingOccurrences(of: "\"id\" : 2,", with: "\"id\" : 1,")
      .replacingOccurrences(of: "\"id\" : 0,", with: "\"id\" : 2,")
    let bytes = Array(text.utf8)
    guard bytes.count > ArchiveFile.wholeReadingLimit else {
      let read = try StoreArchive(reading: ArchiveFile.open(bytes: bytes, path: "a.json"))
      #expect(read.messages.map(\.id) == (1...Int64(count)).map { $0 })
      return
    }
    #expect(
      throws: DomainError.corruptStore(
        path: "a.json",
        reason: StoreProblem(
          .document(
            .layout(
              .notAsExported(
                .outOfOrder("chat.messages[1].id", found: 1, last: 2), kibibytes: 256)))))
    ) { try ArchiveFile.open(bytes: bytes, path: "a.json") }
  }

  /// Messages of 4,000 characters (12,000 bytes) come in pages of at most 1 MiB of the
  /// file, besides the page's first message, and read back as they were.
  @Test func aChunkHoldsAtMostAMiBOfTheFile() throws {
    let archive = Self.messages(300) { String(repeating: "가", count: 3_999) + "\($0 % 10)" }
    let reader = try ArchiveFile.open(bytes: try ArchiveFile.encode(archive), path: "a.json")
    var pages: [Int] = []
    var read: [ChatMessage] = []
    try reader.messages(pageSize: 8_192) {
      pages.append($0.count)
      read += $0
    }
    #expect(read == archive.messages)
    let mostInAMiB = (1 << 20) / 12_000 + 1
    #expect(pages.count > 1 && pages.allSatisfy { $0 <= mostInAMiB }, "\(pages)")
  }

  /// 9,000 messages exported, the last dated 2024-01-01 00:00:09 UTC: encoded once for the
  /// cases that each damage the last.
  static let nineThousandMessages = Result {
    var archive = messages(9_000)
    archive.messages[8_999].date = Date(epochMilliseconds: 1_704_067_209_000)
    return String(decoding: try ArchiveFile.encode(archive), as: UTF8.self)
  }

  /// The last of 9,000 records damaged, in a later chunk than the first, is named as the
  /// whole document names it (the oracle: `decodeDocument` over the whole file).
  @Test(arguments: [
    ("\"isEdited\" : false", "\"isEdited\" : \"no\""),
    ("\"dateMs\" : 1704067209000,", "\"dateMs\" : 1.5,"),
  ])
  func aRecordDamagedInALaterChunkIsNamedAsTheWholeDocumentNamesIt(
    original: String, damaged: String
  ) throws {
    var text = try Self.nineThousandMessages.get()
    let place = try #require(text.range(of: original, options: .backwards))
    text.replaceSubrange(place, with: damaged)
    let bytes = Array(text.utf8)
    let reason: StoreCause
    do {
      _ = try JSONFileStore.decodeDocument(bytes).document.toDomain()
      Issue.record("the damaged file reads whole")
      return
    } catch {
      reason = error.reason
    }
    #expect(reason.english.contains("chat.messages[8999]"), "\(reason)")
    let reader = try ArchiveFile.open(bytes: bytes, path: "a.json")
    #expect(throws: DomainError.corruptStore(path: "a.json", reason: StoreProblem(reason))) {
      try reader.messages(pageSize: 8_192) { _ in }
    }
  }

  /// The largest record every door takes (a url of `Limits.textBytes` of control
  /// characters, each written as six bytes) is read through the window, so every export
  /// imports.
  @Test func theLargestRecordAStoreHoldsImports() throws {
    var archive = StoreArchive()
    archive.bookmarks = [
      Bookmark(
        url: String(repeating: "\u{1}", count: Limits.textBytes),
        title: String(repeating: "e\u{301}\u{302}", count: 200), noticeDate: Fixtures.date(),
        bookmarkedAt: Fixtures.date())
    ]
    #expect(ArchiveChecks.problem(archive) == nil)
    let bytes = try ArchiveFile.encode(archive)
    #expect(bytes.count > 6 * Limits.textBytes)
    let reader = try ArchiveFile.open(bytes: bytes, path: "a.json")
    #expect(reader is ValidatedArchiveReader, "the file is read a chunk at a time")
    #expect(try StoreArchive(reading: reader) == archive)
  }
}
