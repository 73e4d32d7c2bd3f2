import Foundation
import PocketDomain

/// Writes an archive's bytes without encoding them all at once, and without holding them:
/// the document with its four lists empty in one call, then each list's records a page at
/// a time in the document's key order, each page indented to its place and handed on. The
/// bytes are exactly what one `JSONFileStore.encodeDocument` call writes (tests compare
/// them).
enum ArchiveEncoding {
  /// How many records one encoder call writes.
  static let chunkSize = 8_192

  /// The lists written apart from the rest of the document: a member's key and how deep
  /// its object lies (the top level is 1).
  static let lists: [(key: String, depth: Int)] = [
    ("bookmarks", 1), ("messages", 2), ("laps", 1), ("entries", 2),
  ]

  /// How many bytes one encoder call aims to write: a page of records may be large (a
  /// message may hold 1 MiB), so a page is encoded a part at a time, the part's size set
  /// from the bytes the one before it made.
  static let encodedPartBytes = 256 << 10

  /// Takes one list's records, a page at a time, and writes them in place.
  final class ListWriter {
    private let indent: [UInt8]
    private let encoder: JSONEncoder
    private let write: ([UInt8]) throws -> Void
    /// How many records one encoder call takes next.
    private var part = 16
    /// How many records were written.
    private(set) var count = 0

    fileprivate init(depth: Int, encoder: JSONEncoder, write: @escaping ([UInt8]) throws -> Void) {
      indent = Array(repeating: 0x20, count: depth * 2)
      self.encoder = encoder
      self.write = write
    }

    /// Writes `rows` after the rows written before, about `encodedPartBytes` at a time.
    func append<Row: Encodable>(_ rows: [Row]) throws {
      var start = 0
      while start < rows.count {
        let end = min(start + part, rows.count)
        let written = try appendPart(Array(rows[start..<end]))
        part = max(1, min(chunkSize, (end - start) * encodedPartBytes / max(written, 1)))
        start = end
      }
    }

    /// Writes `rows` in one encoder call; returns how many bytes that wrote.
    private func appendPart<Row: Encodable>(_ rows: [Row]) throws -> Int {
      // "[\n  {\n    …\n  }\n]": the lines between the brackets, indented to the list's depth.
      let encoded = try encoder.encode(rows)
      var bytes: [UInt8] = count == 0 ? [0x0A] : Array(",\n".utf8)
      bytes.reserveCapacity(encoded.count + encoded.count / 4)
      var lineStart = true
      for byte in encoded.dropFirst(2).dropLast(2) {
        if lineStart { bytes.append(contentsOf: indent) }
        bytes.append(byte)
        lineStart = byte == UInt8(ascii: "\n")
      }
      count += rows.count
      try write(bytes)
      return bytes.count
    }
  }

  /// Writes the bytes of `head` with each of `lists` (keyed as `ArchiveEncoding.lists`)
  /// filling its list in place, to `write` a piece at a time. `head`'s own lists must be
  /// empty. Returns how many records each list wrote.
  static func write(
    head: JSONDocument, lists fill: [String: (ListWriter) throws -> Void],
    to write: ([UInt8]) throws -> Void
  ) throws -> [String: Int] {
    try withoutActuallyEscaping(write) { write in
      try self.write(head: head, lists: fill, escaping: write)
    }
  }

  private static func write(
    head: JSONDocument, lists fill: [String: (ListWriter) throws -> Void],
    escaping write: @escaping ([UInt8]) throws -> Void
  ) throws -> [String: Int] {
    let headBytes = try JSONFileStore.encodeDocument(head)
    let places = lists.map { list in
      let indent = String(repeating: " ", count: list.depth * 2)
      let empty = Array("\n\(indent)\"\(list.key)\" : [\n\n\(indent)]".utf8)
      guard let place = headBytes.firstRange(of: empty) else {
        preconditionFailure("The document writes an empty \(list.key) list as one")
      }
      return (list: list, place: place, opening: Array("\n\(indent)\"\(list.key)\" : [".utf8))
    }
    .sorted { $0.place.lowerBound < $1.place.lowerBound }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var counts: [String: Int] = [:]
    var written = 0
    for (list, place, opening) in places {
      try write(Array(headBytes[written..<place.lowerBound]) + opening)
      let writer = ListWriter(depth: list.depth, encoder: encoder, write: write)
      try fill[list.key]?(writer)
      let indent = [UInt8](repeating: 0x20, count: list.depth * 2)
      try write((writer.count == 0 ? [0x0A, 0x0A] : [0x0A]) + indent + [UInt8(ascii: "]")])
      counts[list.key] = writer.count
      written = place.upperBound
    }
    try write(Array(headBytes[written...]))
    return counts
  }

  /// The bytes of `document` (`write(_:pageSize:progress:to:)`).
  static func encode(
    _ document: JSONDocument, pageSize: Int = chunkSize,
    progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try write(document, pageSize: pageSize, progress: progress) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Replaces the file at `path` (in `directory`) with the bytes of `document`, atomically
  /// and durably, written a part at a time, never held whole (a json store of 250 MiB of
  /// messages writes its snapshot through a buffer, beside the records it holds anyway);
  /// returns how many bytes it wrote.
  static func replace(_ path: String, in directory: String, with document: JSONDocument)
    throws -> Int
  {
    var size = 0
    try DurableFile.replace(path, in: directory) { write in
      try self.write(document) { bytes in
        size += bytes.count
        try write(bytes)
      }
    }
    return size
  }

  /// Writes the bytes of `document` to `write` a piece at a time, its lists handed on
  /// `pageSize` records at a time; `progress` is told how many messages were written, of
  /// how many. Never more than a part of a page is held encoded.
  static func write(
    _ document: JSONDocument, pageSize: Int = chunkSize,
    progress: ((_ done: Int, _ total: Int) -> Void)? = nil, to write: ([UInt8]) throws -> Void
  ) throws {
    var head = document
    head.laps = []
    head.bookmarks = []
    head.mindLog.entries = []
    head.chat.messages = []
    func pages<Row: Encodable>(_ rows: [Row], _ done: ((Int) -> Void)? = nil)
      -> (ListWriter) throws -> Void
    {
      { writer in
        for start in stride(from: 0, to: rows.count, by: pageSize) {
          try writer.append(Array(rows[start..<min(start + pageSize, rows.count)]))
          done?(writer.count)
        }
      }
    }
    let total = document.chat.messages.count
    _ = try self.write(
      head: head,
      lists: [
        "bookmarks": pages(document.bookmarks), "laps": pages(document.laps),
        "entries": pages(document.mindLog.entries),
        "messages": pages(document.chat.messages) { progress?($0, total) },
      ], to: write)
  }
}
