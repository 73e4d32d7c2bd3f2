import PocketDomain
import Testing

@Suite("TextSearch")
struct TextSearchTests {
  @Test(arguments: [
    ("kim", "Kim Minji", true),
    ("KIM", "kim", true),
    ("ｋｉｍ", "KIM", true),
    ("kim", "ｋｉｍ", true),
    ("cafe", "Café", true),
    ("ㄱ", "김", true),
    ("기", "김", true),
    ("김", "김", true),
    ("ㅁ", "김", false),
    ("lee", "kim", false),
    ("", "anything", true),
  ])
  func matches(query: String, text: String, found: Bool) {
    #expect(TextSearch(query).matches(text) == found)
  }

  @Test func theQueryIsTrimmed() {
    #expect(TextSearch("  kim \n").query == "kim")
    #expect(TextSearch("   ").isEmpty)
  }
}

@Suite("TextSearch on ASCII text")
struct TextSearchASCIITests {
  /// Text of ASCII alone is compared without folding it: what it finds is what folding it
  /// would find, for every query.
  @Test(arguments: ["Hello, World!", "ABC xyz 123", "~`!@#$%^&*()_+-=[]{}|;':\",./<>?", ""])
  func asciiTextMatchesAsFoldedTextDoes(text: String) {
    let queries = ["hello", "WORLD", "c x", "Z 1", "}|;", "ｗｏｒｌｄ", "é", "kim", "!"]
    for query in queries {
      let folded = TextSearch.folded(text).unicodeScalars
      let foldedQuery = TextSearch.folded(query).unicodeScalars
      let expected = Array(folded).firstRange(of: Array(foldedQuery)) != nil
      #expect(TextSearch(query).matches(text) == expected, "\(query) in \(text)")
    }
  }
}

@Suite("MatchingItems")
struct MatchingItemsTests {
  /// A list of `count` items newest first (`item N`, N from `count - 1` down), read as a
  /// repository reads it; every read's limit is kept.
  actor List {
    let items: [String]
    var limits: [Int] = []
    init(count: Int) { items = (0..<count).reversed().map { "item \($0)" } }

    func read(skip: Int, limit: Int) -> Page<String> {
      limits.append(limit)
      let end = min(items.count, skip + limit)
      return Page(items: Array(items[min(skip, end)..<end]), offset: skip, total: items.count)
    }
  }

  /// The window of matches is read a chunk at a time, never the whole list at once, and
  /// holds the matches a filter of the whole list would, with their count.
  @Test func theListIsReadAChunkAtATime() async throws {
    let count = MatchingItems<String>.chunk * 3 + 11
    let list = List(count: count)
    let search = MatchingItems<String>(TextSearch("7")) { [$0] }
    let page = try await search.newestFirst(skipping: 2, limit: 3) {
      await list.read(skip: $0, limit: $1)
    }
    let every = (0..<count).reversed().filter { String($0).contains("7") }.map { "item \($0)" }
    #expect(page.items == Array(every[2..<5]))
    #expect(page.total == every.count)
    #expect(page.offset == 2)
    let limits = await list.limits
    #expect(limits.count == 4)
    #expect(limits.allSatisfy { $0 == MatchingItems<String>.chunk })
  }
}
