import Foundation
import PocketDomain

/// An archive file read without holding it: its layout (`ArchiveFileLayout`) and its small
/// records are read when it is opened; each list is read again from the file when it is
/// asked for, through a `ByteCursor`, a chunk at a time (at most `pageSize` elements,
/// `chunkBytes` and `chunkValues`) decoded with one `JSONDecoder` (chat messages written
/// plainly by `PlainMessageReader`), brought to the current version (`DocumentVersions`)
/// and turned into domain values, the chunk's bytes and rows then let go. What is held is
/// the window, one chunk and the page handed on, whatever the file holds.
///
/// A problem is named as the whole-document reading (`ArchiveFile.decode`) names it: a
/// field by its path in the file (`chat.messages[8999].content`), the first problem met.
struct ArchiveFileReader: ArchiveReader, Sendable {
  /// The most bytes a chunk holds, as written, besides its first element (which may hold a
  /// record's limit, `ArchiveFileLayout.recordBytes`).
  static let chunkBytes = 1 << 20
  /// The most values a chunk holds (`ByteCursor.values`), besides its first element: what
  /// a decoder's map of the chunk costs stays a few MiB.
  static let chunkValues = 65_536

  private let file: WindowedFile
  private let path: String
  private let layout: ArchiveFileLayout
  private let small: StoreArchive
  private let versions: DocumentVersions
  /// The version the file was written as: each chunk is brought to the current one.
  private let version: Int

  /// The reader of `file`, laid out as `layout` says (`ArchiveFileLayout.scan`), named `path`
  /// in messages; its small records (the document with `[]` for each list, within
  /// `ArchiveFileLayout.restBytes`) are read now.
  /// - Throws: why they cannot be read, as the whole-document reading says it, the lists
  ///   being empty in it and every other field where it is; `.unreadable` when the file
  ///   cannot be read.
  init(
    _ file: WindowedFile, layout: ArchiveFileLayout, path: String,
    versions: DocumentVersions = .pocket
  ) throws(ArchiveFileLayout.Failure) {
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
      throw .unreadable(error)
    }
    // A fraction or exponent where an integer belongs is named before the decoder reads it.
    if let problem = JSONDocument.integerProblem(in: rest) { throw .refused(.document(problem)) }
    let decoder = JSONDecoder()
    decoder.userInfo[CheckedDocument.newestVersion] = versions.current
    let head: CheckedDocument
    var small: StoreArchive
    do {
      head = try withLentData(rest) { try decoder.decode(CheckedDocument.self, from: $0) }
      small = try versions.migrate(from: head.version, head.document).toDomain()
    } catch {
      throw .refused(Self.reason(error))
    }
    // A list's last id, when the file does not name it, is its highest id.
    func lastID(_ named: Int64, _ hasLastID: Bool, _ list: ArchiveFileLayout.List?, _ field: String)
      throws(ArchiveFileLayout.Failure) -> Int64
    {
      let highest = list?.lastKey ?? 0
      // An identity out of range is named when its record is read, as a whole reading names
      // it: before the last id.
      guard Limits.counter.contains(highest) else { return hasLastID ? named : 0 }
      do {
        let lastID = hasLastID ? named : highest
        return try checkedLastID(checked(lastID, Limits.counter, field), ids: [highest], field)
      } catch {
        throw .refused(error.reason)
      }
    }
    small.lastMindLogID = try lastID(
      small.lastMindLogID, layout.hasMindLogLastID, layout.mindLogs, "mindLog.lastID")
    small.lastMessageID = try lastID(
      small.lastMessageID, layout.hasLastID, layout.messages, "chat.lastID")
    self.file = file
    self.path = path
    self.layout = layout
    self.small = small
    self.versions = versions
    version = head.version
  }

  /// What the whole-document reading says of `error`, thrown by a decoder reading a part
  /// of the file: the elements of `list` from `first` on, when it is a list's chunk.
  static func reason(_ error: any Error, elementsOf list: String? = nil, from first: Int = 0)
    -> StoreCause
  {
    switch error {
    case let error as InvalidDocument: error.reason
    case let error as DecodingError:
      .document(JSONFileStore.describe(error, elementsOf: list, from: first))
    default: .document(.notPocketDocument(because: .system("\(error)")))
    }
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
    try records(layout.laps, "laps", \.laps, pageSize: pageSize, page) {
      row, index throws(InvalidDocument) in
      try row.toDomain { "laps[\(index)].\($0)" }
    }
  }

  func bookmarks(pageSize: Int, _ page: ([Bookmark]) throws -> Void) throws {
    try records(layout.bookmarks, "bookmarks", \.bookmarks, pageSize: pageSize, page) {
      row, index throws(InvalidDocument) in
      try row.toDomain { "bookmarks[\(index)].\($0)" }
    }
  }

  func mindLogs(pageSize: Int, _ page: ([MindLog]) throws -> Void) throws {
    try records(layout.mindLogs, "mindLog.entries", \.mindLog.entries, pageSize: pageSize, page) {
      row, index throws(InvalidDocument) in
      try row.toDomain { "mindLog.entries[\(index)].\($0)" }
    }
  }

  func messages(pageSize: Int, _ page: ([ChatMessage]) throws -> Void) throws {
    try records(
      layout.messages, "chat.messages", \.chat.messages, pageSize: pageSize, page,
      plain: { bytes, elements in
        bytes.withUnsafeBufferPointer { PlainMessageReader(bytes: $0).messages(elements) }
      }
    ) { row, index throws(InvalidDocument) in
      try row.toDomain { "chat.messages[\(index)].\($0)" }
    }
  }

  /// Reads `list` (named `name` in the file) a chunk at a time, each row made a record by
  /// `record` with its index, and hands each chunk's records to `page`. `plain` reads a
  /// chunk's rows faster than the decoder, or gives `nil` to leave them to it.
  private func records<Row: Decodable, Record>(
    _ list: ArchiveFileLayout.List?, _ name: String,
    _ member: WritableKeyPath<JSONDocument, [Row]>, pageSize: Int,
    _ page: ([Record]) throws -> Void,
    plain: (([UInt8], ArraySlice<Range<Int>>) -> [Row]?)? = nil,
    _ record: (Row, Int) throws(InvalidDocument) -> Record
  ) throws {
    precondition(pageSize > 0, "a page holds at least one record")
    guard let list, list.count > 0 else { return }
    let cursor = ByteCursor(file, at: list.range.lowerBound)
    let decoder = JSONDecoder()
    decoder.userInfo[CheckedDocument.newestVersion] = versions.current
    guard cursor.next() == UInt8(ascii: "[") else { throw refusal(cursor, Self.changed) }
    var done = 0
    var elements: [Range<Int>] = []
    while done < list.count {
      cursor.skipSpace()
      if done > 0 {
        guard cursor.next() == UInt8(ascii: ",") else { throw refusal(cursor, Self.changed) }
        cursor.skipSpace()
      }
      // The chunk's elements as one array: `[`, their bytes as the file has them, `]`.
      let chunkStart = cursor.offset - 1
      let valuesStart = cursor.values
      cursor.clearCopied()
      cursor.append(toCopied: UInt8(ascii: "["))
      cursor.startCopying()
      elements.removeAll(keepingCapacity: true)
      while done + elements.count < list.count, elements.count < pageSize {
        if !elements.isEmpty {
          // The chunk ends at its limits, the element after it starting the next.
          guard cursor.offset - chunkStart < Self.chunkBytes,
            cursor.values - valuesStart < Self.chunkValues
          else { break }
          cursor.skipSpace()
          guard cursor.peek() == UInt8(ascii: ",") else { throw refusal(cursor, Self.changed) }
          cursor.advance()
          cursor.skipSpace()
        }
        let start = cursor.offset
        guard cursor.skipValue(depth: 3) else { throw refusal(cursor, Self.changed) }
        elements.append((start - chunkStart)..<(cursor.offset - chunkStart))
      }
      cursor.stopCopying()
      cursor.append(toCopied: UInt8(ascii: "]"))
      let size = elements.count
      let rows: [Row]
      do {
        let chunk = cursor.copied
        if let plainRows = plain?(chunk, elements[...]) {
          rows = plainRows
        } else if let problem = JSONDocument.integerProblem(in: chunk, elementsOf: name, from: done)
        {
          // The decoder reads `1.0` and `1e0` as an integer; the format has none of them.
          throw InvalidDocument(reason: .document(problem))
        } else {
          rows = try withLentData(chunk) { try decoder.decode([Row].self, from: $0) }
        }
      } catch {
        throw refusal(cursor, Self.reason(error, elementsOf: name, from: done))
      }
      guard rows.count == size else { throw refusal(cursor, Self.changed) }
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
    guard cursor.next() == UInt8(ascii: "]") else { throw refusal(cursor, Self.changed) }
  }

  /// Why a list read again is not where the layout found it. Computed, not stored: a stored
  /// constant holding an indirect enum's case keeps its box behind a tagged pointer, which
  /// LeakSanitizer cannot follow (the fuzzers' leak check reported it as leaked).
  private static var changed: StoreCause { .document(.changedWhileRead) }

  /// Why the file is refused: the cursor's failure to read it, or else `reason`.
  private func refusal(_ cursor: ByteCursor, _ reason: StoreCause) -> DomainError {
    if let failure = cursor.failure {
      return .storageUnavailable(path: path, reason: ArchiveFile.reason(failure))
    }
    return .corruptStore(path: path, reason: StoreProblem(reason))
  }
}
