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
