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
