import Domain
import Foundation

/// An archive file read without holding it: its layout (`ArchiveFileLayout`) and its small
/// records are read when it is opened; each list is read again from the file when it is
/// asked for, through a `ByteCursor`, `pageSize` elements at a time decoded with one
/// `JSONDecoder` (chat messages written plainly by `PlainMessageReader`), brought to the
/// current version (`DocumentVersions`) and turned into domain values, the chunk's bytes
/// and rows then let go. What is held is the window, one chunk and the page handed on.
///
/// A list that cannot be read as it was laid out (a record the decoder or the format
/// refuses, a file changed since it was opened) is refused with the reason the
/// whole-document reading gives for the file, so every refusal's wording is that of
/// `ArchiveFile.decode`.
struct ArchiveFileReader: ArchiveReader, Sendable {
  private let file: WindowedFile
  private let path: String
  private let layout: ArchiveFileLayout
  private let small: StoreArchive
  private let versions: DocumentVersions
  /// The version the file was written as: each chunk is brought to the current one.
  private let version: Int

  /// The reader of `file` (named `path` in messages), or `nil` when it is not laid out as
  /// `pocket export` writes or its small records cannot be read so: the caller then reads
  /// it whole, which names what is wrong.
  init?(_ file: WindowedFile, path: String, versions: DocumentVersions = .pocket) {
    guard let layout = ArchiveFileLayout.scan(file) else { return nil }
    // The document with `[]` in place of each list.
    var rest: [UInt8] = []
    var from = 0
    do {
      for list in layout.lists {
        rest += try file.bytes(in: from..<list.range.lowerBound)
        rest += Array("[]".utf8)
        from = list.range.upperBound
      }
      rest += try file.bytes(in: from..<file.count)
    } catch {
      return nil
    }
    // A fraction or exponent where an integer belongs is named by the whole reading.
    guard JSONNesting.problem(in: rest) == nil, JSONDocument.integerProblem(in: rest) == nil
    else { return nil }
    let decoder = JSONDecoder()
    decoder.userInfo[CheckedDocument.newestVersion] = versions.current
    guard
      let head = try? withLentData(rest, { try decoder.decode(CheckedDocument.self, from: $0) }),
      var small = try? versions.migrate(from: head.version, head.document).toDomain()
    else { return nil }
    // A list's last id, when the file does not name it, is its highest id. An id above the
    // last id given is left to the whole-document reading to name.
    func lastID(_ named: Int64, _ hasLastID: Bool, _ list: ArchiveFileLayout.List?) -> Int64? {
      let highest = list?.lastKey ?? 0
      let lastID = hasLastID ? named : highest
      guard Limits.counter.problem(lastID, field: "") == nil, highest <= lastID else { return nil }
      return lastID
    }
    guard
      let lastMindLogID = lastID(
        small.lastMindLogID, layout.hasMindLogLastID, layout.mindLogs),
      let lastMessageID = lastID(small.lastMessageID, layout.hasLastID, layout.messages)
    else { return nil }
    small.lastMindLogID = lastMindLogID
    small.lastMessageID = lastMessageID
    self.file = file
    self.path = path
    self.layout = layout
    self.small = small
    self.versions = versions
    version = head.version
  }

  func head() -> StoreArchive { small }

  func recordCounts() -> RecordCounts {
    var counts = small.counts
    counts.laps = layout.laps?.count ?? 0
    counts.bookmarks = layout.bookmarks?.count ?? 0
    counts.mindLogs = layout.mindLogs?.count ?? 0
    counts.chatMessages = layout.messages?.count ?? 0
    return counts
  }

  func laps(pageSize: Int, _ page: ([Lap]) throws -> Void) throws {
    try records(layout.laps, \.laps, pageSize: pageSize, page) {
      row, index throws(InvalidDocument) in
      try row.toDomain { "laps[\(index)].\($0)" }
    }
  }

  func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    try records(layout.bookmarks, \.bookmarks, pageSize: pageSize, page) {
      row, index throws(InvalidDocument) in
      try row.toDomain { "bookmarks[\(index)].\($0)" }
    }
  }

  func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    try records(layout.mindLogs, \.mindLog.entries, pageSize: pageSize, page) {
      row, index throws(InvalidDocument) in
      try row.toDomain { "mindLog.entries[\(index)].\($0)" }
    }
  }

  func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    try records(
      layout.messages, \.chat.messages, pageSize: pageSize, page,
      plain: { bytes, elements in
        bytes.withUnsafeBufferPointer { PlainMessageReader(bytes: $0).messages(elements) }
      }
    ) { row, index throws(InvalidDocument) in
      try row.toDomain { "chat.messages[\(index)].\($0)" }
    }
  }

  /// Reads `list` a chunk of `pageSize` elements at a time, each row made a record by
  /// `record` with its index, and hands each chunk's records to `page`. `plain` reads a
  /// chunk's rows faster than the decoder, or gives `nil` to leave them to it.
  private func records<Row: Decodable, Record>(
    _ list: ArchiveFileLayout.List?, _ member: WritableKeyPath<JSONDocument, [Row]>,
    pageSize: Int, _ page: ([Record]) throws -> Void,
    plain: (([UInt8], ArraySlice<Range<Int>>) -> [Row]?)? = nil,
    _ record: (Row, Int) throws(InvalidDocument) -> Record
  ) throws {
    precondition(pageSize > 0, "a page holds at least one record")
    guard let list, list.count > 0 else { return }
    let cursor = ByteCursor(file, at: list.range.lowerBound)
    let decoder = JSONDecoder()
    decoder.userInfo[CheckedDocument.newestVersion] = versions.current
    guard cursor.next() == UInt8(ascii: "[") else { throw refusal(cursor, "a list moved") }
    var done = 0
    var elements: [Range<Int>] = []
    while done < list.count {
      let size = min(pageSize, list.count - done)
      cursor.skipSpace()
      if done > 0 {
        guard cursor.next() == UInt8(ascii: ",") else { throw refusal(cursor, "a list changed") }
        cursor.skipSpace()
      }
      // The chunk's elements as one array: `[`, their bytes as the file has them, `]`.
      let chunkStart = cursor.offset - 1
      cursor.clearCopied()
      cursor.append(toCopied: UInt8(ascii: "["))
      cursor.startCopying()
      elements.removeAll(keepingCapacity: true)
      for index in 0..<size {
        if index > 0 {
          cursor.skipSpace()
          guard cursor.next() == UInt8(ascii: ",") else {
            throw refusal(cursor, "a list changed")
          }
          cursor.skipSpace()
        }
        let start = cursor.offset
        guard cursor.skipValue(depth: 3) else { throw refusal(cursor, "a list changed") }
        elements.append((start - chunkStart)..<(cursor.offset - chunkStart))
      }
      cursor.stopCopying()
      cursor.append(toCopied: UInt8(ascii: "]"))
      let rows: [Row]
      var plainRows: [Row]?
      do {
        let chunk = cursor.copied
        if let rows = plain?(chunk, elements[...]) {
          plainRows = rows
        } else if let problem = JSONDocument.integerProblem(in: chunk) {
          // The decoder reads `1.0` and `1e0` as an integer; the format has none of them.
          throw InvalidDocument(reason: problem)
        }
        rows = try plainRows ?? withLentData(chunk) { try decoder.decode([Row].self, from: $0) }
      } catch {
        throw refusal(cursor, "\(error)")
      }
      guard rows.count == size else { throw refusal(cursor, "a chunk did not hold its records") }
      var records: [Record] = []
      records.reserveCapacity(size)
      do {
        for (offset, row) in versions.migrate(rows, at: member, from: version).enumerated() {
          records.append(try record(row, done + offset))
        }
      } catch {
        throw refusal(cursor, error.reason)
      }
      done += size
      try page(records)
    }
    cursor.skipSpace()
    guard cursor.next() == UInt8(ascii: "]") else { throw refusal(cursor, "a list changed") }
  }

  /// Why the file is refused: the cursor's failure to read it, or else what the
  /// whole-document reading says of it (`reason` when it reads it, the file having changed).
  private func refusal(_ cursor: ByteCursor, _ reason: String) -> DomainError {
    if let failure = cursor.failure {
      return .storageUnavailable(path: path, reason: ArchiveFile.reason(failure))
    }
    guard let bytes = try? file.bytes(in: 0..<file.count) else {
      return .corruptStore(path: path, reason: reason)
    }
    do {
      _ = try ArchiveDecoding.decode(bytes, versions: versions)
      return .corruptStore(path: path, reason: reason)
    } catch {
      return .corruptStore(path: path, reason: error.reason)
    }
  }
}
