import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

@Suite("Columns aligned by display width")
struct DisplayWidthTests {
  let date = Fixtures.referenceDate  // 2026-11-29 01:32 UTC
  let utc = TimeZone(identifier: "UTC") ?? .gmt

  func renderer(_ language: Language) -> Renderer {
    Renderer(strings: Strings(language: language, timeZone: utc))
  }

  @Test func widthsOfWideAmbiguousCombiningAndEmojiCharacters() {
    let narrow = DisplayWidth(ambiguousIsWide: false)
    let wide = DisplayWidth(ambiguousIsWide: true)
    #expect(narrow.of("abc") == 3)
    #expect(narrow.of("즐겨찾는 통화") == 13)
    #expect(narrow.of("日本") == 4)
    #expect(narrow.of("ＡＢ") == 4)
    #expect(narrow.of("e\u{301}") == 1)  // e + combining acute
    #expect(narrow.of("\u{1100}\u{1161}\u{11A8}") == 2)  // 각 from jamo
    #expect(narrow.of("🔼") == 2)
    #expect(narrow.of("👍🏽") == 2)
    #expect(narrow.of("★") == 1)
    #expect(wide.of("★") == 2)
    #expect(wide.of("a·b") == 4)
  }

  @Test func koreanStoreTableLinesUpItsCounts() {
    let counts = RecordCounts(
      laps: 1, bookmarks: 2, rateSnapshots: 3, favoriteCurrencies: 4, mindLogs: 5,
      chatMessages: 6)
    let state = StoreViewModel.State(
      kind: "sqlite", path: "/tmp/p", version: 3, watch: .fileEvents, report: .summary(counts))
    let text = renderer(.ko).render(state)
    #expect(
      text == """
        저장소: sqlite
        경로: /tmp/p
        스키마 버전: 3
        다른 프로세스의 변경: 바로 보입니다 (파일 이벤트)
        환율 받을 곳: 없음
          랩             1
          북마크         2
          환율 스냅샷    3
          즐겨찾는 통화  4
          마음 일기      5
          채팅           6

        """)
    let columns = Set(
      text.split(separator: "\n").dropFirst(5).map {
        DisplayWidth(ambiguousIsWide: true).of(String($0))
      })
    #expect(columns.count == 1)
  }

  @Test func englishStoreTableIsUnchanged() {
    let counts = RecordCounts(
      laps: 1, bookmarks: 2, rateSnapshots: 3, favoriteCurrencies: 4, mindLogs: 5,
      chatMessages: 6)
    let state = StoreViewModel.State(
      kind: "json", path: "/tmp/p", version: 3,
      watch: .polling(interval: .milliseconds(250), reason: "a network file system (nfs4)"),
      report: .summary(counts))
    #expect(
      renderer(.en).render(state) == """
        Store: json
        Path: /tmp/p
        Schema version: 3
        Other processes' changes: checked every 250 ms (a network file system (nfs4))
        Rate source: none
          laps                  1
          bookmarks             2
          rate snapshots        3
          favourite currencies  4
          mind logs             5
          chat messages         6

        """)
  }

  @Test func koreanRatesKeepTheStarColumnInLine() {
    let state = RatesViewModel.State(
      quotes: [
        RateQuote(
          code: "KRW", rate: Decimal(string: "1350.003043") ?? 0, trend: .up, isFavorite: true),
        RateQuote(
          code: "EUR", rate: Decimal(string: "0.907539") ?? 0, trend: .flat, isFavorite: false),
      ], publishedAt: date, nextUpdateAt: date + 86_400)
    let lines = renderer(.ko).render(ScreenContent(state)).split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("★ KRW  1,350.0030 🔼 ") })
    #expect(lines.contains { $0.hasPrefix("   EUR      0.9075    ") })
  }

  @Test func koreanNoticesKeepTheStarColumnInLine() {
    let notices = NoticesViewModel.State(items: [
      NoticeItem(
        notice: Notice(title: "겨울 운영 시간", date: date, url: "https://n.example/1"),
        isBookmarked: true),
      NoticeItem(
        notice: Notice(title: "메뉴", date: date, url: "https://n.example/2"), isBookmarked: false),
    ])
    let lines = renderer(.ko).render(ScreenContent(notices)).split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("1 ★ 겨울 운영 시간 · ") })
    #expect(lines.contains { $0.hasPrefix("2    메뉴 · ") })
    #expect(
      lines.filter { $0 == "     https://n.example/1" || $0 == "     https://n.example/2" }.count
        == 2)
  }
}
