import Domain
import Foundation

/// Writes an archive's bytes without encoding them all at once: the document with no chat
/// messages in one call, and the messages `chunkSize` at a time, each chunk indented to its
/// place. The bytes are exactly what one `JSONFileStore.encodeDocument` call writes (tests
/// compare them), and the encoder's output for the whole list is never held.
enum ArchiveEncoding {
  static let chunkSize = 8_192

  /// The bytes of `document`; `progress` is told how many messages were written, of how many.
  static func encode(
    _ document: JSONDocument, chunkSize: Int = chunkSize,
    progress: ((_ done: Int, _ total: Int) -> Void)? = nil
  ) throws -> [UInt8] {
    let messages = document.chat.messages
    var head = document
    head.chat.messages = []
    let headBytes = try JSONFileStore.encodeDocument(head)
    let empty = Array("\n    \"messages\" : [\n\n    ]".utf8)
    guard !messages.isEmpty, let place = headBytes.firstRange(of: empty) else {
      return try JSONFileStore.encodeDocument(document)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var bytes = Array(headBytes[..<place.lowerBound])
    bytes.reserveCapacity(headBytes.count + messages.count * 160)
    bytes.append(contentsOf: Array("\n    \"messages\" : [\n".utf8))
    var first = 0
    while first < messages.count {
      let last = min(first + chunkSize, messages.count)
      // "[\n  {\n    …\n  }\n]": the lines between the brackets, four spaces deeper.
      let chunk = Array(try encoder.encode(Array(messages[first..<last])))
      if first > 0 { bytes.append(contentsOf: Array(",\n".utf8)) }
      var lineStart = true
      for byte in chunk.dropFirst(2).dropLast(2) {
        if lineStart { bytes.append(contentsOf: [0x20, 0x20, 0x20, 0x20]) }
        bytes.append(byte)
        lineStart = byte == UInt8(ascii: "\n")
      }
      first = last
      progress?(first, messages.count)
    }
    bytes.append(contentsOf: Array("\n    ]".utf8))
    bytes.append(contentsOf: headBytes[place.upperBound...])
    return bytes
  }
}
