import Foundation
import PocketDomain

/// Reads an archive's bytes without decoding them all at once.
///
/// Decoding a whole archive with `JSONDecoder` holds, besides the bytes, the decoder's map
/// of every value and every record twice (as file rows and as domain values): more than
/// three times the file's size at a million records. Here each of the four lists (laps,
/// bookmarks, mind-log entries, chat messages), which make up nearly all of a large archive,
/// is decoded in chunks of `chunkSize` (the rest of the document, with empty lists in their
/// place, in one call), each chunk turned into domain values at once and its rows let go.
/// The one `JSONDecoder` reads every chunk.
///
/// A document of an older version takes this path too: the rest of the document is
/// migrated as `decodeDocument` migrates it, and each chunk of messages goes through the
/// same steps (`DocumentVersions`), so adding a version does not send older exports the
/// slow way; the other lists' chunks are migrated the same way. Whatever this path does
/// not expect (no plain `chat.messages` list, a key written with escapes, any error at all)
/// is read again the whole-document way, so that
/// what is accepted and every refusal's wording are exactly those of `decodeDocument`.
/// Nesting deeper than `JSONNesting.maxDepth` is refused first, before any decoder runs.
enum ArchiveDecoding {
  /// How many records one decoder call reads.
  static let chunkSize = 8_192

  /// The archive in `bytes`, its messages read `chunkSize` at a time (tests make it
  /// small); `progress` is told how many messages were read, of how many.
  static func decode(
    _ bytes: [UInt8], versions: DocumentVersions = .pocket, chunkSize: Int = chunkSize,
    progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(InvalidDocument) -> StoreArchive {
    if let problem = JSONNesting.problem(in: bytes) {
      throw InvalidDocument(reason: .document(problem))
    }
    // The decoder reads `1.0` and `1e0` as an integer; the format has none of them.
    if let problem = JSONDocument.integerProblem(in: bytes) {
      throw InvalidDocument(reason: .document(problem))
    }
    if let layout = JSONLayout.lists(in: bytes),
      let read = try? decode(
        bytes, layout: layout, versions: versions, chunkSize: chunkSize, progress: progress)
    {
      return read.archive
    }
    return try JSONFileStore.decodeDocument(bytes, versions: versions).document.toDomain()
  }

  /// A json store's snapshot read the same way, with its shown list, its marks (the last
  /// journal line it holds, its identities) and the version its bytes say they hold; `nil` when it must be read whole
  /// (`decodeDocument`), which also names whatever this way cannot read.
  static func snapshot(_ bytes: [UInt8], versions: DocumentVersions = .pocket)
    -> (archive: StoreArchive, shown: [TerminalShown], marks: SnapshotMarks, version: Int)?
  {
    guard JSONNesting.problem(in: bytes) == nil, let layout = JSONLayout.lists(in: bytes),
      let read = try? decode(
        bytes, layout: layout, versions: versions, chunkSize: chunkSize, progress: nil)
    else { return nil }
    let shown: [TerminalShown]
    do {
      shown = try read.document.shownLists()
    } catch {
      return nil
    }
    return (read.archive, shown, read.marks, read.version)
  }

  private static func decode(
    _ bytes: [UInt8], layout: JSONLayout, versions: DocumentVersions, chunkSize: Int,
    progress: ((Int, Int) -> Void)?
  ) throws -> (archive: StoreArchive, document: JSONDocument, marks: SnapshotMarks, version: Int) {
    let decoder = JSONDecoder()
    decoder.userInfo[CheckedDocument.newestVersion] = versions.current
    // The document with `[]` in place of each list.
    var rest: [UInt8] = []
    rest.reserveCapacity(bytes.count - layout.lists.reduce(0) { $0 + $1.array.count } + 8)
    var from = 0
    for list in layout.lists {
      rest.append(contentsOf: bytes[from..<list.array.lowerBound])
      rest.append(contentsOf: Array("[]".utf8))
      from = list.array.upperBound
    }
    rest.append(contentsOf: bytes[from...])
    let head = try withLentData(rest) { try decoder.decode(CheckedDocument.self, from: $0) }
    rest = []
    let document = versions.migrate(from: head.version, head.document)
    var archive = try document.toDomain()
    let reader = ListChunks(
      bytes: bytes, decoder: decoder, chunkSize: chunkSize, versions: versions,
      version: head.version)
    if let laps = layout.laps {
      archive.laps = try reader.records(laps, \.laps) { row, index in
        try row.toDomain { "laps[\(index)].\($0)" }
      }.sorted { $0.number < $1.number }
      guard zip(archive.laps, archive.laps.dropFirst()).allSatisfy({ $0.number < $1.number })
      else { throw InvalidDocument(reason: .appearsTwice(.lapNumber, value: nil)) }
    }
    if let bookmarks = layout.bookmarks {
      archive.bookmarks = try reader.records(bookmarks, \.bookmarks) { row, index in
        try row.toDomain { "bookmarks[\(index)].\($0)" }
      }
      var urls = Set<String>(minimumCapacity: archive.bookmarks.count)
      for bookmark in archive.bookmarks where !urls.insert(bookmark.url).inserted {
        throw InvalidDocument(reason: .appearsTwice(.bookmarkURL, value: nil))
      }
    }
    if let entries = layout.mindLogs {
      let mindLogs = try reader.records(entries, \.mindLog.entries) { row, index in
        try row.toDomain { "mindLog.entries[\(index)].\($0)" }
      }.sorted { $0.id < $1.id }
      let lastID = layout.hasMindLogLastID ? archive.lastMindLogID : (mindLogs.last?.id ?? 0)
      archive.lastMindLogID = try checkedLastID(
        checked(lastID, Limits.counter, "mindLog.lastID"), ids: mindLogs.map(\.id),
        "mindLog.lastID")
      archive.mindLogs = mindLogs
    }
    let elements = layout.messages?.elements ?? []
    let total = elements.count
    var messages: [ChatMessage] = []
    messages.reserveCapacity(total)
    var first = 0
    while first < total {
      let last = min(first + chunkSize, total) - 1
      // Read by hand when every message is plainly written, else by the decoder.
      let plain = bytes.withUnsafeBufferPointer { buffer in
        PlainMessageReader(bytes: buffer).messages(elements[first...last])
      }
      let rows = try plain ?? reader.rows(elements[first...last], ChatMessageFields.self)
      for (offset, row) in versions.migrate(rows, from: head.version).enumerated() {
        let index = first + offset
        messages.append(try row.toDomain { "chat.messages[\(index)].\($0)" })
      }
      first = last + 1
      progress?(first, total)
    }
    messages.sort { $0.id < $1.id }
    let lastID = layout.hasLastID ? archive.lastMessageID : (messages.last?.id ?? 0)
    archive.lastMessageID = try checkedLastID(
      checked(lastID, Limits.counter, "chat.lastID"), ids: messages.map(\.id), "chat.lastID")
    archive.messages = messages
    return (archive, document, document.marks, head.version)
  }
}

/// Decodes a list's elements a chunk at a time with one decoder, each chunk's rows turned
/// into domain values at once and let go, so a list's rows are never held whole.
private struct ListChunks {
  let bytes: [UInt8]
  let decoder: JSONDecoder
  let chunkSize: Int
  let versions: DocumentVersions
  /// The version the document was written as: each chunk is brought to the current one.
  let version: Int

  /// The rows of `elements` (consecutive elements of one array), decoded as one array.
  func rows<Row: Decodable>(_ elements: ArraySlice<Range<Int>>, _ type: Row.Type) throws
    -> [Row]
  {
    guard let first = elements.first, let last = elements.last else { return [] }
    var chunk: [UInt8] = [UInt8(ascii: "[")]
    chunk.reserveCapacity(last.upperBound - first.lowerBound + 2)
    chunk.append(contentsOf: bytes[first.lowerBound..<last.upperBound])
    chunk.append(UInt8(ascii: "]"))
    let rows = try withLentData(chunk) { try decoder.decode([Row].self, from: $0) }
    guard rows.count == elements.count else {
      throw InvalidDocument(reason: .chunkLostRecords)
    }
    return rows
  }

  /// Every record of `list`, each row made a record by `record` with its index.
  func records<Row: Decodable, Record>(
    _ list: JSONLayout.List, _ path: WritableKeyPath<JSONDocument, [Row]>,
    _ record: (Row, Int) throws -> Record
  ) throws -> [Record] {
    var records: [Record] = []
    records.reserveCapacity(list.elements.count)
    for start in stride(from: 0, to: list.elements.count, by: chunkSize) {
      let end = min(start + chunkSize, list.elements.count)
      let rows = try rows(list.elements[start..<end], Row.self)
      for (offset, row) in versions.migrate(rows, at: path, from: version).enumerated() {
        records.append(try record(row, start + offset))
      }
    }
    return records
  }
}

/// Reads chat message objects written plainly — the four fields once each, integers
/// without fraction or exponent, strings of valid UTF-8 with JSON's escapes — much faster
/// than a decoder, which stays the judge of everything else: anything else makes `nil`,
/// and the caller decodes those messages with `JSONDecoder`.
struct PlainMessageReader {
  let bytes: UnsafeBufferPointer<UInt8>

  func messages(_ ranges: ArraySlice<Range<Int>>) -> [ChatMessageFields]? {
    var messages: [ChatMessageFields] = []
    messages.reserveCapacity(ranges.count)
    for range in ranges {
      guard let message = message(range) else { return nil }
      messages.append(message)
    }
    return messages
  }

  private func skipSpace(_ index: Int, _ end: Int) -> Int {
    var index = index
    while index < end {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return index
      }
    }
    return index
  }

  private func message(_ range: Range<Int>) -> ChatMessageFields? {
    let end = range.upperBound
    var index = skipSpace(range.lowerBound, end)
    guard index < end, bytes[index] == UInt8(ascii: "{") else { return nil }
    var id: Int64?
    var content: String?
    var dateMs: Int64?
    var isEdited: Bool?
    index = skipSpace(index + 1, end)
    while true {
      guard index < end, bytes[index] == UInt8(ascii: "\"") else { return nil }
      let keyStart = index + 1
      var keyEnd = keyStart
      while keyEnd < end, bytes[keyEnd] != UInt8(ascii: "\""), bytes[keyEnd] != UInt8(ascii: "\\") {
        keyEnd += 1
      }
      guard keyEnd < end, bytes[keyEnd] == UInt8(ascii: "\"") else { return nil }
      let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd])
      index = skipSpace(keyEnd + 1, end)
      guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
      index = skipSpace(index + 1, end)
      if key.elementsEqual("content".utf8), content == nil {
        guard let (text, after) = string(at: index, end) else { return nil }
        content = text
        index = after
      } else if key.elementsEqual("id".utf8), id == nil {
        guard let (number, after) = integer(at: index, end) else { return nil }
        id = number
        index = after
      } else if key.elementsEqual("dateMs".utf8), dateMs == nil {
        guard let (number, after) = integer(at: index, end) else { return nil }
        dateMs = number
        index = after
      } else if key.elementsEqual("isEdited".utf8), isEdited == nil {
        if bytes[index...].starts(with: "true".utf8) {
          isEdited = true
          index += 4
        } else if bytes[index...].starts(with: "false".utf8) {
          isEdited = false
          index += 5
        } else {
          return nil
        }
      } else {
        return nil
      }
      index = skipSpace(index, end)
      guard index < end else { return nil }
      if bytes[index] == UInt8(ascii: "}") { break }
      guard bytes[index] == UInt8(ascii: ",") else { return nil }
      index = skipSpace(index + 1, end)
    }
    guard skipSpace(index + 1, end) == end, let id, let content, let dateMs, let isEdited
    else { return nil }
    return ChatMessageFields(id: id, content: content, dateMs: dateMs, isEdited: isEdited)
  }

  /// An integer of at most 18 digits, without a leading zero, fraction or exponent.
  private func integer(at start: Int, _ end: Int) -> (Int64, Int)? {
    var index = start
    let negative = index < end && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digitsStart = index
    var value: Int64 = 0
    while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      guard index - digitsStart < 18 else { return nil }  // more than Int64 surely holds
      value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
      index += 1
    }
    let digits = index - digitsStart
    guard digits >= 1, digits <= 18, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0")
    else { return nil }
    if index < end {
      switch bytes[index] {
      case UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09: break
      default: return nil
      }
    }
    return (negative ? -value : value, index)
  }

  /// A string of valid UTF-8, no raw control characters, and JSON's escapes.
  private func string(at start: Int, _ end: Int) -> (String, Int)? {
    guard start < end, bytes[start] == UInt8(ascii: "\"") else { return nil }
    var index = start + 1
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard let text = String(validating: bytes[(start + 1)..<index], as: UTF8.self) else {
          return nil
        }
        return (text, index + 1)
      }
      if byte == UInt8(ascii: "\\") { return escapedString(at: start, end) }
      if byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  private func escapedString(at start: Int, _ end: Int) -> (String, Int)? {
    var utf8: [UInt8] = []
    var index = start + 1
    while index < end {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: utf8, as: UTF8.self) else { return nil }
        return (text, index + 1)
      case UInt8(ascii: "\\"):
        guard index + 1 < end else { return nil }
        let escape = bytes[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard var unit = hex(at: index, end) else { return nil }
          index += 4
          if (0xD800...0xDBFF).contains(unit) {
            guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u"), let low = hex(at: index + 2, end),
              (0xDC00...0xDFFF).contains(low)
            else { return nil }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          } else if (0xDC00...0xDFFF).contains(unit) {
            return nil
          }
          guard let scalar = Unicode.Scalar(unit) else { return nil }
          utf8.append(contentsOf: String(Character(scalar)).utf8)
        default: return nil
        }
      default:
        if byte < 0x20 { return nil }
        utf8.append(byte)
        index += 1
      }
    }
    return nil
  }

  private func hex(at start: Int, _ end: Int) -> UInt32? {
    guard start + 4 <= end else { return nil }
    var value: UInt32 = 0
    for byte in bytes[start..<(start + 4)] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}

extension ChatMessageFields {
  init(id: Int64, content: String, dateMs: Int64, isEdited: Bool) {
    self.id = id
    self.content = content
    self.dateMs = dateMs
    self.isEdited = isEdited
  }
}
