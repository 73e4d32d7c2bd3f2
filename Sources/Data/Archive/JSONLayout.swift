import Foundation

/// Where a document's four lists (laps, bookmarks, mind-log entries, chat messages) lie in
/// its bytes, found by following its brackets and strings without decoding any value.
struct JSONLayout {
  /// One list: the bytes of the array, brackets included, and of each of its elements.
  struct List {
    var array: Range<Int>
    var elements: [Range<Int>]
  }

  var laps: List?
  var bookmarks: List?
  var mindLogs: List?
  var messages: List?
  /// Whether the `mindLog` object names its `lastID` (when not, it is the highest id).
  var hasMindLogLastID: Bool
  /// Whether the `chat` object names its `lastID` (when not, it is the highest id).
  var hasLastID: Bool

  /// The lists found, in the order they lie in the bytes.
  var lists: [List] {
    [laps, bookmarks, mindLogs, messages].compactMap { $0 }.sorted {
      $0.array.lowerBound < $1.array.lowerBound
    }
  }

  /// `nil` when the document is not an object with one `chat` object holding one
  /// `messages` array, keys written plainly, or when a list it names is not an array; the
  /// whole-document decoding then decides. A list that is absent is `nil`.
  static func lists(in bytes: [UInt8]) -> JSONLayout? {
    bytes.withUnsafeBufferPointer { buffer in
      let scanner = JSONByteScanner(bytes: buffer)
      let top = scanner.members(["chat", "laps", "bookmarks", "mindLog"], ofObjectAt: 0)
      guard let chat = top["chat"], buffer[chat.lowerBound] == openBrace else { return nil }
      func list(_ range: Range<Int>?) -> List?? {
        guard let range else { return .some(nil) }
        guard buffer[range.lowerBound] == openBracket,
          let elements = scanner.elements(ofArrayAt: range.lowerBound)
        else { return nil }
        return List(array: range, elements: elements)
      }
      let chatMembers = scanner.members(["messages", "lastID"], ofObjectAt: chat.lowerBound)
      guard let messagesRange = chatMembers["messages"], let messages = list(messagesRange),
        let laps = list(top["laps"]), let bookmarks = list(top["bookmarks"])
      else { return nil }
      var mindLogs: List?
      var hasMindLogLastID = false
      if let mindLog = top["mindLog"] {
        guard buffer[mindLog.lowerBound] == openBrace else { return nil }
        let members = scanner.members(["entries", "lastID"], ofObjectAt: mindLog.lowerBound)
        guard let entries = list(members["entries"]) else { return nil }
        mindLogs = entries
        hasMindLogLastID = members["lastID"] != nil
      }
      return JSONLayout(
        laps: laps, bookmarks: bookmarks, mindLogs: mindLogs, messages: messages,
        hasMindLogLastID: hasMindLogLastID, hasLastID: chatMembers["lastID"] != nil)
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
