import Foundation

/// An archive file of about a given size in one shape that once made `pocket import` hold
/// several times the file (one long string, many small values, a layout read whole, a
/// problem found at the end), written piece by piece so a test never holds it, with what
/// the import says of it: the reason after "Cannot use the file PATH: ", written out here.
enum ArchiveShape: String, CaseIterable, Sendable, CustomStringConvertible {
  /// One chat message whose content is the file, as `pocket export` lays it out.
  case longMessage
  /// The same on one line, without white space.
  case longMessageOnOneLine
  /// A member Pocket does not know, holding one long string.
  case longUnknownMember
  /// The `format` member holding one long string.
  case longFormat
  /// A member whose key is one long string.
  case longKey
  /// One bookmark whose url is the file.
  case longURL
  /// A chat message with a member holding a list of many small numbers.
  case manyValuesInAMessage
  /// A member Pocket does not know holding a list of many small numbers.
  case manyValuesOutsideTheLists
  /// Many small messages on one line, their ids going down: not laid out as export writes.
  case messagesOutOfOrder
  /// Many small messages, as export lays them out, the file cut short.
  case truncatedExport
  /// Many bookmarks on one line, each url 16 characters: the urls seen are most of the file.
  case shortURLs
  /// Messages of 4,000 characters each (12,000 bytes), all valid.
  case largeMessages
  /// The same, the last one's `isEdited` a string.
  case largeMessagesBrokenAtTheEnd

  var description: String { rawValue }

  /// The size of one large message's content, and what each large message takes.
  private static let largeContent = String(repeating: "가", count: 4_000)
  private static let largeMessageBytes = 12_100
  /// What each small message takes on one line, about.
  private static let smallMessageBytes = 75

  /// What each bookmark of `shortURLs` takes.
  private static let shortBookmarkBytes = 78

  /// How many records the shape holds in a file of `size` bytes (1 for the long ones).
  func messages(size: Int) -> Int {
    switch self {
    case .messagesOutOfOrder, .truncatedExport: size / Self.smallMessageBytes
    case .shortURLs: size / Self.shortBookmarkBytes
    case .largeMessages, .largeMessagesBrokenAtTheEnd: size / Self.largeMessageBytes
    default: 1
    }
  }

  /// What the import of a file of `size` bytes says after "Cannot use the file PATH: "
  /// (a part of it, where it names a byte); `nil` when it is imported.
  func refusal(size: Int) -> String? {
    let count = messages(size: size)
    return switch self {
    case .longMessage, .longMessageOnOneLine:
      "chat.messages[0].content makes its record larger than 1 MiB, the most a record may be"
    case .longUnknownMember, .manyValuesOutsideTheLists:
      "extra makes the document outside its lists larger than 4 MiB, the most it may be"
    case .longFormat:
      "format makes the document outside its lists larger than 4 MiB, the most it may be"
    case .longKey:
      "byte 4194304 makes the document outside its lists larger than 4 MiB, the most it may be"
    case .longURL:
      "bookmarks[0].url makes its record larger than 1 MiB, the most a record may be"
    case .manyValuesInAMessage:
      "chat.messages[0].tags makes its record larger than 1 MiB, the most a record may be"
    case .messagesOutOfOrder:
      "chat.messages[1].id \(count - 1) comes after \(count), out of order; a file larger than "
        + "256 KiB is read only as pocket export lays it out"
    case .truncatedExport: "(truncated or damaged)"
    case .shortURLs, .largeMessages: nil
    case .largeMessagesBrokenAtTheEnd:
      "wrong type at .chat.messages[\(count - 1)].isEdited: Expected to decode Bool but found "
        + "a string instead."
    }
  }

  /// Writes the shape, about `size` bytes, to `file`.
  func write(size: Int, to file: URL) throws {
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    func put(_ text: String) throws { try handle.write(contentsOf: Foundation.Data(text.utf8)) }
    /// `count` bytes of `unit` repeated, a MiB at a time.
    func fill(_ unit: String, _ count: Int) throws {
      let piece = Foundation.Data(String(repeating: unit, count: (1 << 20) / unit.utf8.count).utf8)
      var left = count
      while left > 0 {
        let part = piece.prefix(min(left, piece.count))
        try handle.write(contentsOf: part)
        left -= part.count
      }
    }
    let tail = "\n  \"format\" : \"pocket-json\",\n  \"version\" : 1\n}\n"
    switch self {
    case .longMessage:
      try put("{\n  \"chat\" : {\n    \"lastID\" : 1,\n    \"messages\" : [\n      {\n")
      try put("        \"content\" : \"")
      try fill("x", size)
      try put("\",\n        \"dateMs\" : 0,\n        \"id\" : 1,\n        \"isEdited\" : false\n")
      try put("      }\n    ]\n  }," + tail)
    case .longMessageOnOneLine:
      try put("{\"chat\":{\"lastID\":1,\"messages\":[{\"content\":\"")
      try fill("x", size)
      try put(
        "\",\"dateMs\":0,\"id\":1,\"isEdited\":false}]},\"format\":\"pocket-json\",\"version\":1}")
    case .longUnknownMember:
      try put("{\n  \"extra\" : \"")
      try fill("x", size)
      try put("\"," + tail)
    case .longFormat:
      try put("{\n  \"format\" : \"")
      try fill("x", size)
      try put("\",\n  \"version\" : 1\n}\n")
    case .longKey:
      try put("{\n  \"")
      try fill("k", size)
      try put("\" : 1," + tail)
    case .longURL:
      try put("{\n  \"bookmarks\" : [\n    {\n      \"bookmarkedAtMs\" : 0,\n")
      try put("      \"noticeDateMs\" : 0,\n      \"title\" : \"t\",\n      \"url\" : \"https://")
      try fill("u", size)
      try put("\"\n    }\n  ]," + tail)
    case .manyValuesInAMessage:
      try put("{\n  \"chat\" : {\n    \"messages\" : [\n      {\n        \"content\" : \"a\",\n")
      try put("        \"dateMs\" : 0,\n        \"id\" : 1,\n        \"isEdited\" : false,\n")
      try put("        \"tags\" : [")
      try fill("1,", size)
      try put("1]\n      }\n    ]\n  }," + tail)
    case .manyValuesOutsideTheLists:
      try put("{\n  \"extra\" : [")
      try fill("1,", size)
      try put("1]," + tail)
    case .messagesOutOfOrder, .truncatedExport:
      let count = messages(size: size)
      let down = self == .messagesOutOfOrder
      try put("{\"chat\":{\"lastID\":\(count),\"messages\":[")
      for first in stride(from: 0, to: count, by: 10_000) {
        var text = ""
        for index in first..<min(first + 10_000, count) {
          if index > 0 { text += "," }
          text += "{\"content\":\"m\(index)\",\"dateMs\":\(index),"
          text += "\"id\":\(down ? count - index : index + 1),\"isEdited\":false}"
        }
        try put(text)
      }
      // Out of order, the document is whole; cut short, it ends in its last message.
      try put(down ? "]},\"format\":\"pocket-json\",\"version\":1}" : ",{\"content\":\"m")
    case .shortURLs:
      let count = messages(size: size)
      try put("{\"bookmarks\":[")
      for first in stride(from: 0, to: count, by: 10_000) {
        var text = ""
        for index in first..<min(first + 10_000, count) {
          if index > 0 { text += "," }
          let url = String(index).padding(toLength: 16, withPad: "u", startingAt: 0)
          text +=
            "{\"bookmarkedAtMs\":\(index),\"noticeDateMs\":0,\"title\":\"\",\"url\":\"\(url)\"}"
        }
        try put(text)
      }
      try put("],\"format\":\"pocket-json\",\"version\":1}")
    case .largeMessages, .largeMessagesBrokenAtTheEnd:
      let count = messages(size: size)
      try put("{\n  \"chat\" : {\n    \"lastID\" : \(count),\n    \"messages\" : [\n")
      for index in 0..<count {
        let broken = self == .largeMessagesBrokenAtTheEnd && index == count - 1
        try put(
          (index > 0 ? ",\n" : "") + "      {\n        \"content\" : \"\(Self.largeContent)\",\n"
            + "        \"dateMs\" : \(index),\n        \"id\" : \(index + 1),\n"
            + "        \"isEdited\" : \(broken ? "\"no\"" : "false")\n      }")
      }
      try put("\n    ]\n  }," + tail)
    }
  }
}
