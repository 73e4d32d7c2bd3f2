import Foundation
import PocketDomain

/// Where an archive file's four lists (laps, bookmarks, mind-log entries, chat messages)
/// lie, found in one pass over its bytes through a `ByteCursor`, without decoding a value
/// or holding more than the cursor's window.
///
/// It follows what `pocket export` writes: an object whose lists are arrays of objects, each
/// list's identities (a lap's `number`, an entry's or a message's `id`) plain integers in
/// order, nothing nested deeper than `JSONNesting.maxDepth`; white space, the order of
/// members, escapes in keys and members Pocket does not know are free. Anything else makes
/// no layout (`Failure.notAsExported`, naming where and why). On the way it holds the file
/// to the limits that bound what a reading decodes at once (`recordBytes`, `restBytes`…),
/// stopping at a limit without reading the value that passes it to its end
/// (`Failure.refused`).
struct ArchiveFileLayout {
  /// One list: where its array lies (brackets included), how many elements it holds and
  /// its last identity (the highest, the identities increasing), for a list that has them.
  struct List {
    var range: Range<Int>
    var count: Int
    var lastKey: Int64?
  }

  var laps: List?
  var bookmarks: List?
  var mindLogs: List?
  var messages: List?
  /// Whether the `mindLog` object names its `lastID` (when not, it is the highest id).
  var hasMindLogLastID = false
  /// Whether the `chat` object names its `lastID` (when not, it is the highest id).
  var hasLastID = false

  /// The lists found, in the order they lie in the file.
  var lists: [List] {
    [laps, bookmarks, mindLogs, messages].compactMap { $0 }.sorted {
      $0.range.lowerBound < $1.range.lowerBound
    }
  }

  /// Why a file has no layout.
  enum Failure: Error, Equatable {
    /// The file could not be read.
    case unreadable(BoundedFile.Failure)
    /// It passes a limit of the format, named: it is refused however it is laid out.
    case refused(StoreCause)
    /// It is not laid out as `pocket export` writes it: where, and why.
    case notAsExported(ArchiveLayoutDeparture)
  }

  /// The most one record of a list may be, as written: 1 MiB. Every record a store holds
  /// writes to less (each text at most `Limits.textBytes` of UTF-8, a byte at most six as
  /// written), so every export imports.
  static let recordBytes = 1 << 20
  /// The most values one record may hold, its fields and theirs (`ByteCursor.values`): a
  /// decoder holds tens of bytes for each value it reads, so a record of `[1,1,1,…` would
  /// cost twenty times its size. A record of the format holds five.
  static let recordValues = 4_096
  /// The most the document outside its four lists may be, as written (the stopwatch, the
  /// rates, the screen, the last ids, members Pocket does not know), read and decoded at
  /// once: 4 MiB. Two sets of rates as large as a rates source may send fit.
  static let restBytes = 4 << 20
  /// The most values the document outside its lists may hold: every currency code there
  /// is (26³) in both sets of rates and the favourites fits.
  static let restValues = 65_536

  /// The layout of `file`.
  /// - Throws: why it has none (`Failure`).
  static func scan(_ file: WindowedFile) throws(Failure) -> ArchiveFileLayout {
    try LayoutScanner(ByteCursor(file, at: 0)).top()
  }
}

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let openBrace = UInt8(ascii: "{")
private let closeBrace = UInt8(ascii: "}")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
private let comma = UInt8(ascii: ",")
private let colon = UInt8(ascii: ":")

/// Follows the members of the document, its `chat` and `mindLog` objects and its lists,
/// keeping the path to where it is (`chat.messages[3].content`) for its reasons.
private final class LayoutScanner {
  typealias Failure = ArchiveFileLayout.Failure
  let cursor: ByteCursor
  /// Why the scan stopped, when the place it stopped at named it.
  private var failure: Failure?
  /// The keys and list places that lead to where the scan is.
  private var path: [String] = []
  /// The bytes and values of the lists passed: everything else is the rest.
  private var listBytes = 0
  private var listValues = 0
  /// Whether a record's fence stands (else the rest's).
  private var inRecord = false

  init(_ cursor: ByteCursor) {
    self.cursor = cursor
    fenceTheRest()
  }

  /// `chat.messages[3].content`; empty at the top.
  private var location: String {
    path.filter { !$0.isEmpty }.reduce(into: "") { name, part in
      name += name.isEmpty || part.hasPrefix("[") ? part : ".\(part)"
    }
  }

  private func fenceTheRest() {
    inRecord = false
    cursor.fence(at: listBytes + ArchiveFileLayout.restBytes)
  }

  /// Stops the scan for `failure` (the first one named stays): `false`.
  private func stop(_ failure: Failure) -> Bool {
    if self.failure == nil { self.failure = failure }
    return false
  }

  /// Why the scan stopped where the cursor stands, when no place named it.
  private func stoppedHere() -> Failure {
    if let failure = cursor.failure { return .unreadable(failure) }
    let place = location.isEmpty ? nil : location
    if cursor.isAtFence {
      // What the scan was in: a member, or the record or document itself.
      let member = path.last.map { !$0.isEmpty && !$0.hasPrefix("[") } ?? false
      if inRecord {
        return .refused(
          .document(
            .layout(
              .recordTooLarge(
                location: location, member: member,
                mebibytes: ArchiveFileLayout.recordBytes >> 20))))
      }
      return .refused(
        .document(
          .layout(
            .restTooLarge(
              location: member ? location : nil, byte: cursor.offset,
              mebibytes: ArchiveFileLayout.restBytes >> 20))))
    }
    if cursor.tooDeep {
      return .refused(
        .document(.nestedTooDeep(levels: JSONNesting.maxDepth, byte: cursor.offset)))
    }
    if cursor.peek() == nil {
      // No JSON ends there, however it is laid out.
      return .refused(.document(.layout(.endsAt(byte: cursor.offset, location: place))))
    }
    return .notAsExported(.unexpectedByte(cursor.offset, location: place))
  }

  func top() throws(Failure) -> ArchiveFileLayout {
    var layout = ArchiveFileLayout()
    guard document(&layout) else { throw failure ?? stoppedHere() }
    return layout
  }

  private func document(_ layout: inout ArchiveFileLayout) -> Bool {
    cursor.skipSpace()
    guard take(openBrace) else { return false }
    var seen: Set<String> = []
    let read = members { key in
      switch key {
      case "laps", "bookmarks", "chat", "mindLog":
        guard seen.insert(key).inserted else {
          return self.stop(.notAsExported(.twice(key)))
        }
      default: return self.restValue(depth: 1)
      }
      switch key {
      case "laps":
        layout.laps = self.list(depth: 1, key: "number")
        return layout.laps != nil
      case "bookmarks":
        layout.bookmarks = self.list(depth: 1, key: nil)
        return layout.bookmarks != nil
      case "chat":
        return self.listObject(
          depth: 1, list: "messages", { layout.messages = $0 }, lastID: { layout.hasLastID = true })
      default:
        return self.listObject(
          depth: 1, list: "entries", { layout.mindLogs = $0 },
          lastID: { layout.hasMindLogLastID = true })
      }
    }
    guard read else { return false }
    cursor.skipSpace()
    return cursor.peek() == nil && cursor.failure == nil
  }

  /// Moves past a value outside the lists, at `depth`, within the rest's limits.
  private func restValue(depth: Int) -> Bool {
    guard cursor.skipValue(depth: depth) else { return false }
    guard cursor.values - listValues <= ArchiveFileLayout.restValues else {
      return stop(
        .refused(
          .document(
            .layout(.restTooManyValues(location: location, limit: ArchiveFileLayout.restValues)))))
    }
    return true
  }

  /// Reads the members of the object whose `{` was passed, handing each key to `member`,
  /// which moves past its value; whether all went as expected. The path names the member
  /// being read, and stays where a member failed.
  private func members(_ member: (String) -> Bool) -> Bool {
    path.append("")
    cursor.skipSpace()
    if cursor.peek() == closeBrace {
      cursor.advance()
      path.removeLast()
      return true
    }
    while true {
      path[path.count - 1] = ""
      guard take(quote), let key = key() else { return false }
      path[path.count - 1] = key
      cursor.skipSpace()
      guard take(colon) else { return false }
      cursor.skipSpace()
      guard member(key) else { return false }
      cursor.skipSpace()
      if take(closeBrace) {
        path.removeLast()
        return true
      }
      guard take(comma) else { return false }
      cursor.skipSpace()
    }
  }

  /// Moves past the next byte when it is `byte`; whether it was.
  private func take(_ byte: UInt8) -> Bool {
    guard cursor.peek() == byte else { return false }
    cursor.advance()
    return true
  }

  /// The key whose opening quote was passed, its escapes read; `nil` when it is not a
  /// string. A key longer than any this looks for is its first bytes and `…`.
  private func key() -> String? {
    var bytes: [UInt8] = []
    var escaped = false
    while let byte = cursor.next() {
      if byte == quote {
        guard escaped else { return String(decoding: bytes, as: UTF8.self) }
        let text = [quote] + bytes + [quote]
        return
          (try? JSONSerialization.jsonObject(
            with: Foundation.Data(text), options: .fragmentsAllowed)) as? String
      }
      bytes.append(byte)
      if byte == backslash {
        escaped = true
        guard let next = cursor.next() else { return nil }
        bytes.append(next)
      }
      // Every key this looks for is shorter, each of its letters at most `\uXXXX`.
      if bytes.count > 96 {
        guard cursor.skipStringBody() else { return nil }
        return String(decoding: bytes.prefix(16), as: UTF8.self) + "…"
      }
    }
    return nil
  }

  /// An object holding the list `list` and maybe a `lastID` (`chat`, `mindLog`).
  private func listObject(
    depth: Int, list name: String, _ found: (ArchiveFileLayout.List) -> Void,
    lastID: () -> Void
  ) -> Bool {
    guard cursor.peek() == openBrace else {
      return stop(.notAsExported(.notAnObject(location)))
    }
    cursor.advance()
    cursor.values += 1
    var seen: Set<String> = []
    return members { key in
      if key == name || key == "lastID" {
        guard seen.insert(key).inserted else {
          return self.stop(.notAsExported(.twice(self.location)))
        }
      }
      if key == name {
        guard let list = self.list(depth: depth + 1, key: "id") else { return false }
        found(list)
        return true
      }
      if key == "lastID" { lastID() }
      return self.restValue(depth: depth + 1)
    }
  }

  /// The list whose `[` is next, its container at `depth`; each element an object, whose
  /// member `key` is an integer no smaller than the element's before, when `key` is given.
  /// Each element is read within a record's limits.
  private func list(depth: Int, key: String?) -> ArchiveFileLayout.List? {
    let start = cursor.offset
    guard cursor.peek() == openBracket else {
      _ = stop(.notAsExported(.notAList(location)))
      return nil
    }
    cursor.advance()
    let valuesBefore = cursor.values
    cursor.fence(at: nil)
    path.append("[0]")
    var count = 0
    var lastKey: Int64?
    cursor.skipSpace()
    if cursor.peek() != closeBracket {
      while true {
        path[path.count - 1] = "[\(count)]"
        guard element(depth: depth + 1, key: key, after: &lastKey) else { return nil }
        count += 1
        cursor.skipSpace()
        if take(closeBracket) { break }
        guard take(comma) else { return nil }
        cursor.skipSpace()
      }
    } else {
      cursor.advance()
    }
    path.removeLast()
    listBytes += cursor.offset - start
    listValues += cursor.values - valuesBefore
    fenceTheRest()
    return ArchiveFileLayout.List(range: start..<cursor.offset, count: count, lastKey: lastKey)
  }

  /// Moves past the element that is next, within a record's limits; with `key`, reads its
  /// integer member `key`, found once, no smaller than `last`, and makes it `last`.
  private func element(depth: Int, key name: String?, after last: inout Int64?) -> Bool {
    guard cursor.peek() == openBrace else {
      return stop(.notAsExported(.notAnObject(location)))
    }
    let values = cursor.values
    inRecord = true
    cursor.fence(at: cursor.offset + ArchiveFileLayout.recordBytes)
    cursor.advance()
    cursor.values += 1
    var found: Int64?
    var twice = false
    // The fence stays where the record stopped, for `stoppedHere` to name.
    guard
      members({ key in
        guard key == name else { return self.cursor.skipValue(depth: depth + 1) }
        if found != nil { twice = true }
        found = self.integer()
        return found != nil || self.stop(.notAsExported(.notAPlainInteger(self.location)))
      })
    else { return false }
    cursor.fence(at: nil)
    inRecord = false
    guard cursor.values - values <= ArchiveFileLayout.recordValues else {
      return stop(
        .refused(
          .document(
            .layout(
              .recordTooManyValues(location: location, limit: ArchiveFileLayout.recordValues)))))
    }
    guard let name else { return true }
    guard let found, !twice else {
      return stop(.notAsExported(.missingOrTwice("\(location).\(name)")))
    }
    if let last, found < last {
      return stop(
        .notAsExported(.outOfOrder("\(location).\(name)", found: found, last: last)))
    }
    last = found
    return true
  }

  /// An integer of at most 18 digits, without a leading zero, fraction or exponent.
  private func integer() -> Int64? {
    let negative = cursor.peek() == UInt8(ascii: "-")
    if negative { cursor.advance() }
    var value: Int64 = 0
    var digits = 0
    var leadingZero = false
    while let byte = cursor.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      if digits == 0, byte == UInt8(ascii: "0") { leadingZero = true }
      digits += 1
      guard digits <= 18 else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      cursor.advance()
    }
    guard digits >= 1, !leadingZero || digits == 1 else { return nil }
    switch cursor.peek() {
    case comma, closeBrace, 0x20, 0x0A, 0x0D, 0x09:
      cursor.values += 1
      return negative ? -value : value
    default: return nil
    }
  }
}
