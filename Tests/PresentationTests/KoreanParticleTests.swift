import PocketPresentation
import Testing

/// Korean particles follow how the word before them is read aloud.
@Suite("Korean particles")
struct KoreanParticleTests {
  /// (word, its 은/는, its (으)로), each read by hand: the reading is in the comment.
  @Test(arguments: [
    ("'rename'", "은", "으로"),  // 리네임
    ("'edit'", "는", "로"),  // 에디트
    ("'0'", "은", "으로"),  // 영
    ("'1'", "은", "로"),  // 일
    ("'2'", "는", "로"),  // 이
    ("'3'", "은", "으로"),  // 삼
    ("'10'", "은", "으로"),  // 십
    ("'100'", "은", "으로"),  // 백
    ("1000000000000", "는", "로"),  // 일조
    ("1.5", "는", "로"),  // 일 점 오
    ("chat", "은", "으로"),  // 챗
    ("mindlog", "는", "로"),  // 마인드로그
    ("stopwatch", "는", "로"),  // 스톱워치
    ("bookmarks", "는", "로"),  // 북마크스
    ("stop", "은", "으로"),  // 스톱
    ("help", "는", "로"),  // 헬프
    ("reset --yes", "는", "로"),  // 리셋 예스
    ("file", "은", "로"),  // 파일
    ("back", "은", "으로"),  // 백
    ("/tmp/x.json", "은", "으로"),  // 제이슨
    ("KRW", "는", "로"),  // 케이알더블유
    ("EUR", "은", "로"),  // 이유알
    ("USD", "는", "로"),  // 유에스디
    ("2026-11-31", "은", "로"),  // …삼십일 일
    ("2026. 11. 28.", "은", "로"),  // …이십팔 일: the full stop is not read
    ("번호(N)", "는", "로"),  // 번호
    ("통화 코드(CODE)", "는", "로"),  // 코드
    ("11월", "은", "로"),
    ("사과", "는", "로"),
    ("수박", "은", "으로"),
    ("ㅇ", "은", "으로"),
  ])
  func particlesFollowTheReading(word: String, topic: String, direction: String) {
    #expect(Korean.particle(.topic, after: word) == topic)
    #expect(Korean.particle(.direction, after: word) == direction)
    let consonant = topic == "은"
    #expect(Korean.particle(.subject, after: word) == (consonant ? "이" : "가"))
    #expect(Korean.particle(.object, after: word) == (consonant ? "을" : "를"))
    #expect(Korean.particle(.and, after: word) == (consonant ? "과" : "와"))
    #expect(Korean.word(word, .topic) == word + topic)
  }

  /// A word whose reading cannot be told takes both forms, as Korean writes them.
  @Test func anUnreadableWordTakesBothForms() {
    #expect(Korean.particle(.topic, after: "漢") == "은(는)")
    #expect(Korean.particle(.direction, after: "/tmp/") == "(으)로")
    #expect(Korean.particle(.object, after: "") == "을(를)")
  }

  @Test func listsAreJoinedAsKoreanWritesThem() {
    #expect(
      Korean.list(["stopwatch", "bookmarks", "mindlog", "chat"])
        == "stopwatch, bookmarks, mindlog 또는 chat")
    #expect(Korean.list(["mindlog", "chat"]) == "mindlog 또는 chat")
    #expect(Korean.list(["chat"]) == "chat")
  }
}
