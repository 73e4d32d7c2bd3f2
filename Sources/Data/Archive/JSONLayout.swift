import Foundation

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
