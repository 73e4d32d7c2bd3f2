import Foundation
import Testing

@testable import PocketData

/// The one pass that finds where an archive's four lists lie (`ArchiveFileLayout.scan`)
/// moves past strings by their escapes, containers by their brackets and scalars by their
/// delimiters, across the cursor's window, wherever a value ends. A wrong skip makes no
/// layout (the file is then read whole: the same records, without the chunks' bound) or a
/// wrong one; these documents are built here piece by piece, so each list's place, count
/// and last identity are known without the scanner.
@Suite struct ArchiveFileLayoutTests {
  /// A document as it is built: its bytes, and where each list was put.
  struct Document {
    var text = ""
    var ranges: [String: Range<Int>] = [:]

    mutating func append(_ piece: String) { text += piece }

    /// Appends the list `name` of `elements` (each an object's text), noting its range.
    mutating func list(_ name: String, _ elements: [String]) {
      let start = text.utf8.count
      text += elements.isEmpty ? "[\n\n]" : "[\n" + elements.joined(separator: ",\n") + "\n]"
      ranges[name] = start..<text.utf8.count
    }

    func scanned() -> ArchiveFileLayout? {
      try? ArchiveFileLayout.scan(WindowedFile(bytes: Array(text.utf8)))
    }
  }

  /// JSON string contents (escaped as JSON writes them) that hold what ends or opens a value
  /// when it is not skipped as a string: quotes, backslashes, brackets, braces, commas.
  static let awkward = [
    #"a \"quoted\" word"#, #"back\\slash\\"#, #"\\\"both\\\""#, #"{ not an object }"#,
    #"[ not, a, list ]"#, #"ends in a backslash\\"#, #"\u005C\u0022 by number"#, "",
    #"tab\tand\nnewline, comma"#, "안녕하세요 🙂",
  ]

  /// Every list with awkward strings in its records, and members the scanner passes over:
  /// nested objects and lists, `true`, `false`, `null`, negative and exponent numbers, some
  /// written without spaces, so a scalar ends at a bracket, a brace or a comma.
  static func document(padding: Int = 0) -> Document {
    var document = Document()
    document.append("{\n  \"bookmarks\" : ")
    document.list(
      "bookmarks",
      awkward.enumerated().map { index, text in
        #"{ "bookmarkedAtMs" : \#(1_000 + index), "noticeDateMs" : -5, "title" : "\#(text)", "#
          + #""url" : "https://example.com/\#(index)?q=\"]\"" }"#
      })
    document.append(
      ",\n  \"chat\" : { \"extra\" : [ { \"a\" : [ [ ], { } ] }, null, [1,-2.5e3,true], {\"n\":5} ], "
    )
    document.append("\"messages\" : ")
    document.list(
      "messages",
      awkward.enumerated().map { index, text in
        #"{ "content" : "\#(text)", "dateMs" : 1.5e3, "id" : \#(index * 3 + 1), "isEdited" : true}"#
      })
    document.append(", \"lastID\" : 40 },\n  \"format\" : \"pocket-json\",\n  \"laps\" : ")
    document.list("laps", [])
    document.append(",\n  \"mindLog\" : { \"entries\" : ")
    var entries = awkward.enumerated().map { index, text in
      #"{ "dateMs" : 0, "id" : \#(index + 1), "note" : "\#(text)", "score" : "5" }"#
    }
    if padding > 0 {
      // One more entry whose note is long enough to reach past the cursor's window, an
      // escaped quote right after its `padding` bytes.
      let note = String(repeating: "x", count: padding) + #"\" and \\ after"#
      entries.append(#"{ "dateMs" : 0, "id" : 1000, "note" : "\#(note)", "score" : "5" }"#)
    }
    document.list("entries", entries)
    document.append(
      ", \"lastID\" : 1000 },\n  \"rates\" : { \"favorites\" : [ \"EUR\" ], \"x\" : false},\n"
        + "  \"stopwatch\" : { \"accumulatedMs\" : 0 },\n  \"version\" : 1\n}\n")
    return document
  }

  static func expectLayout(
    _ document: Document, entries: Int, lastEntry: Int64,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let layout = try #require(document.scanned(), sourceLocation: sourceLocation)
    let count = awkward.count
    #expect(layout.bookmarks?.range == document.ranges["bookmarks"], sourceLocation: sourceLocation)
    #expect(layout.bookmarks?.count == count, sourceLocation: sourceLocation)
    #expect(layout.messages?.range == document.ranges["messages"], sourceLocation: sourceLocation)
    #expect(layout.messages?.count == count, sourceLocation: sourceLocation)
    #expect(
      layout.messages?.lastKey == Int64((count - 1) * 3 + 1), sourceLocation: sourceLocation)
    #expect(layout.laps?.range == document.ranges["laps"], sourceLocation: sourceLocation)
    #expect(layout.laps?.count == 0, sourceLocation: sourceLocation)
    #expect(layout.mindLogs?.range == document.ranges["entries"], sourceLocation: sourceLocation)
    #expect(layout.mindLogs?.count == entries, sourceLocation: sourceLocation)
    #expect(layout.mindLogs?.lastKey == lastEntry, sourceLocation: sourceLocation)
    #expect(layout.hasLastID && layout.hasMindLogLastID, sourceLocation: sourceLocation)
  }

  @Test func everyListIsFoundPastStringsContainersAndScalarsOfEveryKind() throws {
    // The document is JSON, as Foundation's own parser reads it.
    _ = try JSONSerialization.jsonObject(with: Foundation.Data(Self.document().text.utf8))
    try Self.expectLayout(
      Self.document(), entries: Self.awkward.count, lastEntry: Int64(Self.awkward.count))
  }

  /// A string across the window's end, its escaped quote the next window's first byte or
  /// its backslash that window's last, and one that ends the window plainly.
  @Test(arguments: [-2, -1, 0, 1])
  func aStringAcrossTheWindowsEndIsSkippedWhole(shift: Int) throws {
    // The long note's text begins at the same place whatever its length.
    let probe = Array(Self.document(padding: 1).text.utf8)
    let marker = Array(#""note" : "x"#.utf8)
    let found = try #require(probe.firstRange(of: marker))
    let backslashAt = ByteCursor.windowSize - 1 + shift
    let padding = backslashAt - (found.upperBound - 1)
    let document = Self.document(padding: padding)
    let bytes = Array(document.text.utf8)
    #expect(
      bytes[backslashAt] == UInt8(ascii: "\\") && bytes[backslashAt + 1] == UInt8(ascii: "\""))
    try Self.expectLayout(document, entries: Self.awkward.count + 1, lastEntry: 1000)
  }

  /// The document with the rates' `favorites` a list nested `levels` deep.
  static func document(favoritesNested levels: Int) -> Document {
    var document = Self.document()
    document.text = document.text.replacingOccurrences(
      of: "\"favorites\" : [ \"EUR\" ]",
      with: "\"favorites\" : "
        + String(repeating: "[", count: levels) + String(repeating: "]", count: levels))
    return document
  }

  /// The document is at depth 1 and the rates object at 2, so lists nested 62 deep in it
  /// reach the limit of 64 and one more passes it.
  @Test func aMemberNestedDeeperThanTheLimitMakesNoLayout() {
    let levels = JSONNesting.maxDepth - 2
    #expect(Self.document(favoritesNested: levels).scanned() != nil)
    #expect(Self.document(favoritesNested: levels + 1).scanned() == nil)
  }
}
