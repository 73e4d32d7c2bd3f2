import Foundation

/// Text searched for in a list (the chat's messages, the mind log's notes, the titles of
/// bookmarks and notices): a match is an item whose text holds the query, compared after
/// both are folded alike, so `KIM`, `kim` and full-width `ｋｉｍ` find `Kim`, `cafe` finds
/// `Café`, and `ㄱ` or `기` find `김`.
public struct TextSearch: Equatable, Sendable {
  /// The query as typed, trimmed.
  public let query: String
  /// The query folded (`folded(_:)`), as UTF-8: a run of whole scalars in UTF-8 is a run of
  /// bytes, so text holds the query when its folded bytes hold these.
  private let bytes: [UInt8]

  public init(_ query: String) {
    self.query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    bytes = Array(Self.folded(self.query).utf8)
  }

  /// Whether there is no query: every item matches.
  public var isEmpty: Bool { bytes.isEmpty }

  /// Whether `text` holds the query. Text of ASCII alone folds to its lowercase letters
  /// (NFKD changes no ASCII character and leaves no mark), so it is only lowercased: most
  /// of a long list is read that way.
  public func matches(_ text: String) -> Bool {
    guard !bytes.isEmpty else { return true }
    let ascii = text.utf8.allSatisfy { $0 < 0x80 }
    return Self.holds(ascii ? text.lowercased() : Self.folded(text), bytes)
  }

  /// Whether any of `texts` holds the query.
  public func matches(any texts: [String]) -> Bool {
    texts.contains { matches($0) }
  }

  /// Whether the UTF-8 of `text` holds `part` as a run of bytes.
  private static func holds(_ text: String, _ part: [UInt8]) -> Bool {
    var text = text
    return text.withUTF8 { text in
      part.withUnsafeBufferPointer { part in
        guard part.count <= text.count else { return false }
        var start = 0
        while start + part.count <= text.count {
          var matched = 0
          while matched < part.count, text[start + matched] == part[matched] { matched += 1 }
          if matched == part.count { return true }
          start += 1
        }
        return false
      }
    }
  }

  /// `text` in the form a search compares: lowercased, then decomposed by compatibility
  /// (NFKD: full-width and half-width forms become the ordinary letters, a Hangul syllable
  /// its conjoining jamo, a compatibility jamo such as `ㄱ` the conjoining one it stands
  /// for), without the nonspacing marks NFKD leaves (diacritics: `é` is `e`, as the rates'
  /// filter reads them; Hangul jamo are letters, not marks, so they stay). The marks are
  /// told by the standard library's Unicode properties, not by a locale.
  public static func folded(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      scalars.append(scalar)
    }
    return String(scalars)
  }
}

/// Reads the items of a list that match a search, a window at a time, by scanning the
/// list a chunk at a time: only one chunk and the window's matches are held at once,
/// whatever the length of the list, and every store gives the same matches, since the
/// matching is `TextSearch`'s.
public struct MatchingItems<Item: Equatable & Sendable>: Sendable {
  /// How many items each read of the list asks for.
  public static var chunk: Int { 500 }

  public let search: TextSearch
  /// The texts of an item a search looks in.
  public let texts: @Sendable (Item) -> [String]

  public init(_ search: TextSearch, texts: @escaping @Sendable (Item) -> [String]) {
    self.search = search
    self.texts = texts
  }

  /// The matches newest first that leave out the `skipping` newest matches, at most
  /// `limit`, and how many matches the list holds (the page's `total`; its `offset` is
  /// `skipping`). `read(skip, limit)` reads the list newest first, skipping `skip` items;
  /// its page's `total` is the list's length. Runs on the caller's actor, as the package's
  /// code does (a one-shot command starts no thread: `OneShotThreadTests`).
  public func newestFirst(
    skipping: Int, limit: Int,
    read: @Sendable (_ skip: Int, _ limit: Int) async throws -> Page<Item>
  ) async throws -> Page<Item> {
    let start = max(skipping, 0)
    let wanted = start..<(max(limit, 0) > Int.max - start ? Int.max : start + max(limit, 0))
    var kept: [Item] = []
    var matches = 0
    var skip = 0
    while true {
      let chunk = try await read(skip, Self.chunk)
      for item in chunk.items where search.matches(any: texts(item)) {
        if wanted.contains(matches) { kept.append(item) }
        matches += 1
      }
      skip += chunk.items.count
      if chunk.items.count < Self.chunk || skip >= chunk.total { break }
    }
    return Page(items: kept, offset: max(skipping, 0), total: matches)
  }
}

extension MatchingItems {
  /// The window of matches of a list stored oldest first that `newestFirst(skipping:limit:
  /// read:)` reads newest first, given back oldest first with its offset from the oldest
  /// match, as the chat shows a page.
  public func oldestFirst(
    skipping: Int, limit: Int,
    read: @Sendable (_ skip: Int, _ limit: Int) async throws -> Page<Item>
  ) async throws -> Page<Item> {
    let newest = try await newestFirst(skipping: skipping, limit: limit, read: read)
    let offset = max(0, newest.total - skipping - newest.items.count)
    return Page(items: newest.items.reversed(), offset: offset, total: newest.total)
  }
}
