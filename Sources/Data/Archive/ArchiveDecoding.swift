import Domain
import Foundation

/// Reads an archive's bytes without decoding them all at once.
///
/// Decoding a whole archive with `JSONDecoder` holds, besides the bytes, the decoder's map
/// of every value and every record twice (as file rows and as domain values): more than
/// three times the file's size at a million messages. Here the chat messages, which make
/// up nearly all of a large archive, are decoded in chunks of `chunkSize` (the rest of the
/// document, with an empty message list in their place, in one call), each chunk turned
/// into domain values at once and its rows let go. The one `JSONDecoder` reads every chunk.
///
/// Whatever this path does not expect (no plain `chat.messages` list, a key written with
/// escapes, an older version, any error at all) is read again the whole-document way, so
/// that what is accepted and every refusal's wording are exactly those of `decodeDocument`.
enum ArchiveDecoding {
  /// How many messages one decoder call reads.
  static let chunkSize = 8_192

  /// The archive in `bytes`, its messages read `chunkSize` at a time (tests make it
  /// small); `progress` is told how many messages were read, of how many.
  static func decode(
    _ bytes: [UInt8], chunkSize: Int = chunkSize,
    progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) throws(InvalidDocument) -> StoreArchive {
    if let layout = JSONLayout.messages(in: bytes),
      let archive = try? decode(bytes, layout: layout, chunkSize: chunkSize, progress: progress)
    {
      return archive
    }
    return try JSONFileStore.decodeDocument(bytes).document.toDomain()
  }

  private static func decode(
    _ bytes: [UInt8], layout: JSONLayout, chunkSize: Int, progress: ((Int, Int) -> Void)?
  ) throws -> StoreArchive {
    let decoder = JSONDecoder()
    decoder.userInfo[CheckedDocument.newestVersion] = JSONDocument.currentVersion
    // The document with `[]` in place of the messages.
    var rest: [UInt8] = []
    rest.reserveCapacity(bytes.count - layout.messages.count + 2)
    rest.append(contentsOf: bytes[..<layout.messages.lowerBound])
    rest.append(contentsOf: Array("[]".utf8))
    rest.append(contentsOf: bytes[layout.messages.upperBound...])
    let head = try withLentData(rest) { try decoder.decode(CheckedDocument.self, from: $0) }
    guard head.version == JSONDocument.currentVersion else {
      throw InvalidDocument(reason: "an older version is read whole")
    }
    rest = []
    var archive = try head.document.toDomain()
    let total = layout.elements.count
    var messages: [ChatMessage] = []
    messages.reserveCapacity(total)
    var chunk: [UInt8] = []
    var first = 0
    while first < total {
      let last = min(first + chunkSize, total) - 1
      chunk.removeAll(keepingCapacity: true)
      chunk.append(UInt8(ascii: "["))
      chunk.append(
        contentsOf: bytes[layout.elements[first].lowerBound..<layout.elements[last].upperBound])
      chunk.append(UInt8(ascii: "]"))
      let rows = try withLentData(chunk) { try decoder.decode([ChatMessageFields].self, from: $0) }
      guard rows.count == last - first + 1 else {
        throw InvalidDocument(reason: "a chunk did not hold its messages")
      }
      for (offset, row) in rows.enumerated() {
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
    return archive
  }
}

/// Where the chat messages lie in a document's bytes, found by following its brackets and
/// strings without decoding any value.
struct JSONLayout {
  /// The bytes of the `chat.messages` array, brackets included.
  var messages: Range<Int>
  /// The bytes of each of its elements.
  var elements: [Range<Int>]
  /// Whether the `chat` object names its `lastID` (when not, it is the highest id).
  var hasLastID: Bool

  /// `nil` when the document is not an object with one `chat` object holding one
  /// `messages` array, keys written plainly; the whole-document decoding then decides.
  static func messages(in bytes: [UInt8]) -> JSONLayout? {
    bytes.withUnsafeBufferPointer { buffer in
      let scanner = JSONByteScanner(bytes: buffer)
      guard let chat = scanner.members(["chat"], ofObjectAt: 0)["chat"],
        buffer[chat.lowerBound] == openBrace
      else { return nil }
      let members = scanner.members(["messages", "lastID"], ofObjectAt: chat.lowerBound)
      guard let messages = members["messages"], buffer[messages.lowerBound] == openBracket,
        let elements = scanner.elements(ofArrayAt: messages.lowerBound)
      else { return nil }
      return JSONLayout(
        messages: messages, elements: elements, hasLastID: members["lastID"] != nil)
    }
  }
}

private let openBrace = UInt8(ascii: "{")
private let openBracket = UInt8(ascii: "[")

/// Follows the structure of JSON bytes: strings (with their escapes), objects and arrays.
/// It checks only what it needs to find its way; the decoder checks the rest.
private struct JSONByteScanner {
  let bytes: UnsafeBufferPointer<UInt8>

  private func skipSpace(_ index: Int) -> Int {
    var index = index
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return index
      }
    }
    return index
  }

  /// The index past the string whose opening quote is at `index`.
  private func stringEnd(_ index: Int) -> Int? {
    var index = index + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""): return index + 1
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    return nil
  }

  /// The index past the value that starts at `index`.
  private func valueEnd(_ index: Int) -> Int? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return stringEnd(index)
    case openBrace, openBracket:
      var depth = 0
      var index = index
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard let end = stringEnd(index) else { return nil }
          index = end
          continue
        case openBrace, openBracket: depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
      return nil
    default:
      var end = index
      while end < bytes.count {
        switch bytes[end] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
          return end > index ? end : nil
        default: end += 1
        }
      }
      return end > index ? end : nil
    }
  }

  /// The values of the members named `names` of the object at `start`, those it has;
  /// empty when it is not an object, a key holds an escape or a name is there twice.
  func members(_ names: [String], ofObjectAt start: Int) -> [String: Range<Int>] {
    let wanted = names.map { Array($0.utf8) }
    var found: [String: Range<Int>] = [:]
    var index = skipSpace(start)
    guard index < bytes.count, bytes[index] == openBrace else { return [:] }
    index = skipSpace(index + 1)
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return [:] }
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
        let keyEnd = stringEnd(index)
      else { return [:] }
      let key = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(keyEnd - 1)])
      if key.contains(UInt8(ascii: "\\")) { return [:] }
      index = skipSpace(keyEnd)
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return [:] }
      let valueStart = skipSpace(index + 1)
      guard let valueEnd = valueEnd(valueStart) else { return [:] }
      if let which = wanted.firstIndex(where: { key.elementsEqual($0) }) {
        if found[names[which]] != nil { return [:] }
        found[names[which]] = valueStart..<valueEnd
      }
      index = skipSpace(valueEnd)
      guard index < bytes.count else { return [:] }
      if bytes[index] == UInt8(ascii: "}") { return found }
      guard bytes[index] == UInt8(ascii: ",") else { return [:] }
      index = skipSpace(index + 1)
    }
  }

  /// The ranges of the elements of the array at `start`.
  func elements(ofArrayAt start: Int) -> [Range<Int>]? {
    var index = skipSpace(start)
    guard index < bytes.count, bytes[index] == openBracket else { return nil }
    index = skipSpace(index + 1)
    var elements: [Range<Int>] = []
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return elements }
    while true {
      guard let end = valueEnd(index) else { return nil }
      elements.append(index..<end)
      index = skipSpace(end)
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "]") { return elements }
      guard bytes[index] == UInt8(ascii: ",") else { return nil }
      index = skipSpace(index + 1)
    }
  }
}
