import Foundation
import PocketDomain
import PocketTesting
import Synchronization
import TestSupport
import Testing

@testable import PocketData

/// An archive's chat messages are decoded in chunks, the rest of the document in one call;
/// what is read, and every refusal, is what decoding the whole document gives.
@Suite struct ArchiveDecodingTests {
  /// Messages per chunk here: small, so a few hundred messages make several chunks.
  static let chunkSize = 100

  /// The sample archive with `count` more messages (more than two chunks by default), some
  /// with text that looks like the document's own brackets, quotes and escapes.
  static func archive(messages count: Int = 2 * chunkSize + 23) -> StoreArchive {
    var archive = StoreArchive.sample()
    let tricky = ["]}, \"messages\" : [", "back\\slash \"quote\"", "{\"chat\":{}}", "끝 ✓\n"]
    for index in 0..<count {
      archive.messages.append(
        ChatMessage(
          id: Int64(10 + index), content: "m\(index) \(tricky[index % tricky.count])",
          date: Fixtures.date(Int64(index)), isEdited: index % 7 == 0))
    }
    archive.lastMessageID = Int64(10 + count + 5)
    return archive
  }

  static func whole(_ bytes: [UInt8]) throws -> StoreArchive {
    try JSONFileStore.decodeDocument(bytes).document.toDomain()
  }

  @Test func anExportReadsBackTheSameInChunks() throws {
    let archive = Self.archive()
    let bytes = try ArchiveFile.encode(archive)
    #expect(JSONLayout.lists(in: bytes)?.messages?.elements.count == archive.messages.count)
    let chunked = try ArchiveDecoding.decode(bytes, chunkSize: Self.chunkSize)
    #expect(chunked == archive)
    #expect(chunked == (try Self.whole(bytes)))
  }

  @Test(arguments: [
    // Compact, and the keys in another order.
    #"{"version":1,"chat":{"messages":[{"id":2,"content":"a]","dateMs":5,"isEdited":false},{"isEdited":true,"dateMs":6,"content":"\"b\"","id":1}],"lastID":9},"format":"pocket-json"}"#,
    // No lastID: the highest id.
    #"{"format":"pocket-json","version":1,"chat":{"messages":[{"id":4,"content":"x","dateMs":1,"isEdited":false},{"id":7,"content":"y","dateMs":2,"isEdited":false}]}}"#,
    // No messages at all, and an empty list.
    #"{"format":"pocket-json","version":1,"chat":{"lastID":3}}"#,
    #"{"format":"pocket-json","version":1,"chat":{"lastID":0,"messages":[ ]}}"#,
  ])
  func otherLayoutsReadAsTheWholeDocumentDoes(text: String) throws {
    let bytes = Array(text.utf8)
    #expect(try ArchiveDecoding.decode(bytes, chunkSize: Self.chunkSize) == (try Self.whole(bytes)))
  }

  @Test(arguments: [
    // A message in the last chunk out of range, or of the wrong type.
    (#""dateMs" : 1795915920222"#, #""dateMs" : -1"#),
    (#""dateMs" : 1795915920222"#, #""dateMs" : "soon""#),
    // Two messages with one id, and a lastID below the ids given.
    (#""id" : 232"#, #""id" : 11"#),
    (#""lastID" : 238"#, #""lastID" : 200"#),
    // Broken JSON inside a message, and a newer version.
    (#""isEdited" : false"#, #""isEdited" : fals"#),
    (#""version" : 3"#, #""version" : 4"#),
  ])
  func aDamagedArchiveIsRefusedWithTheWholeDocumentsReason(original: String, damaged: String)
    throws
  {
    let text = try #require(String(bytes: try ArchiveFile.encode(Self.archive()), encoding: .utf8))
    let range = try #require(text.firstRange(of: original), "\(original) is in the export")
    var damagedText = text
    damagedText.replaceSubrange(range, with: damaged)
    let bytes = Array(damagedText.utf8)
    var wholeReason: StoreCause?
    do {
      _ = try Self.whole(bytes)
    } catch {
      wholeReason = (error as? InvalidDocument)?.reason
    }
    let expected = try #require(wholeReason, "the whole document is refused")
    #expect(throws: InvalidDocument.self) {
      try ArchiveDecoding.decode(bytes, chunkSize: Self.chunkSize)
    }
    do {
      _ = try ArchiveDecoding.decode(bytes, chunkSize: Self.chunkSize)
    } catch {
      #expect(error.reason == expected)
    }
  }

  /// The archive, or the reason it is refused.
  enum Outcome: Equatable {
    case read(StoreArchive)
    case refused(String)
  }

  static func outcome(_ read: () throws -> StoreArchive) -> Outcome {
    do {
      return .read(try read())
    } catch {
      return .refused((error as? InvalidDocument)?.reason.english ?? "\(error)")
    }
  }

  /// Messages the hand reader takes, and ones it leaves to the decoder, read as the decoder
  /// reads them, or are refused with its words.
  @Test(arguments: [
    #"{"content":"caf\u00e9 \ud83d\ude00 \/ \b\f\n\r\t \\ \"","dateMs":1,"id":1,"isEdited":true}"#,
    #"{"content":"é 😀 ✓ 끝","dateMs":1,"id":1,"isEdited":false}"#,
    #"{"content":"lone \ud83d","dateMs":1,"id":1,"isEdited":false}"#,
    #"{"content":"lone \ude00 low","dateMs":1,"id":1,"isEdited":false}"#,
    "{\"content\":\"raw \u{01} control\",\"dateMs\":1,\"id\":1,\"isEdited\":false}",
    #"{"content":"bad \x escape","dateMs":1,"id":1,"isEdited":false}"#,
    #"{"content":"x","dateMs":007,"id":1,"isEdited":false}"#,
    #"{"content":"x","dateMs":1.0,"id":1,"isEdited":false}"#,
    #"{"content":"x","dateMs":1e3,"id":1,"isEdited":false}"#,
    #"{"content":"x","dateMs":-0,"id":1,"isEdited":false}"#,
    #"{"content":"x","dateMs":99999999999999999999,"id":1,"isEdited":false}"#,
    #"{"content":"x","dateMs":1,"id":1,"isEdited":false,"extra":[1,{"a":"}"}]}"#,
    #"{"content":"x","dateMs":1,"id":1,"id":2,"isEdited":false}"#,
    #"{"content":"x","dateMs":1,"id":1}"#,
    #"{"content":null,"dateMs":1,"id":1,"isEdited":false}"#,
    #"{"content":"x","dateMs":1,"id":1,"isEdited":truex}"#,
    #"{ "content" : "spaced" , "dateMs" : 1 , "id" : 1 , "isEdited" : false }"#,
  ])
  func plainAndDecodedMessagesAgree(message: String) {
    let text =
      #"{"format":"pocket-json","version":1,"chat":{"lastID":5,"messages":["#
      + #"{"content":"before","dateMs":0,"id":5,"isEdited":false},"# + message + "]}}"
    let bytes = Array(text.utf8)
    let whole = Self.outcome { try Self.whole(bytes) }
    let chunked = Self.outcome { try ArchiveDecoding.decode(bytes, chunkSize: Self.chunkSize) }
    #expect(chunked == whole)
  }

  /// Chunked writing gives exactly the bytes of one encoder call, whatever the count.
  @Test(arguments: [0, 1, chunkSize, 2 * chunkSize, 2 * chunkSize + 23])
  func chunkedWritingGivesTheBytesOfOneEncoderCall(messages: Int) throws {
    var archive = Self.archive(messages: messages)
    if messages == 0 { archive.messages = [] }
    let document = JSONDocument(archive, marks: SnapshotMarks(journalSeq: 42))
    var written: [Int] = []
    let chunked = try ArchiveEncoding.encode(document, pageSize: Self.chunkSize) { done, _ in
      written.append(done)
    }
    #expect(chunked == (try JSONFileStore.encodeDocument(document)))
    #expect(written.last == (archive.messages.isEmpty ? nil : archive.messages.count))
  }

  @Test func progressCountsTheMessagesReadUpToAll() throws {
    let archive = Self.archive()
    let reports = Mutex<[Int]>([])
    _ = try ArchiveDecoding.decode(try ArchiveFile.encode(archive), chunkSize: Self.chunkSize) {
      done, total in
      #expect(total == archive.messages.count)
      reports.withLock { $0.append(done) }
    }
    let done = reports.withLock { $0 }
    #expect(done.count == 3)
    #expect(done == done.sorted())
    #expect(done.last == archive.messages.count)
  }
}
