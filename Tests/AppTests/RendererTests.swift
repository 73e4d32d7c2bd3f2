import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

@Suite("Renderer golden screens")
struct RendererTests {
  let date = Fixtures.referenceDate  // 2026-11-29 01:32 UTC

  func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

  func renderer(
    _ language: Language = .en, in zone: String = "UTC", _ registry: ScreenRegistry = .standard
  ) -> Renderer {
    Renderer(
      strings: Strings(language: language, timeZone: TimeZone(identifier: zone) ?? .gmt),
      registry: registry)
  }

  /// An instant written as UTC ISO 8601 ("2026-11-29T23:30:00Z").
  func instant(_ text: String) -> Date {
    (try? Date(text, strategy: .iso8601)) ?? .distantPast
  }

  @Test(arguments: ScreenRegistry.underTest)
  func chatInEnglish(registry: ScreenRegistry) {
    let day = 86_400.0
    let state = ChatViewModel.State(
      page: Page(
        items: [
          ChatMessage(id: 1, content: "hello", date: date),
          ChatMessage(id: 2, content: "fixed typo", date: date + 3_600, isEdited: true),
          ChatMessage(id: 3, content: "next day", date: date + day),
          ChatMessage(id: 4, content: "two days on", date: date + 2 * day + 600),
        ], offset: 0, total: 4))
    #expect(
      renderer(.en, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .chat))

        Messages: 4

        Sunday, November 29, 2026
        1  1:32 AM  hello
        2  2:32 AM  fixed typo (edited)

        Monday, November 30, 2026
        3  1:32 AM  next day

        Tuesday, December 1, 2026
        4  1:42 AM  two days on

        Commands: say TEXT · edit N TEXT · delete N · more · page N · help

        """)
  }

  /// 23:30 UTC on the 29th is 08:30 on the 30th in Seoul: the day line follows the user's
  /// time zone, so the two messages fall on two days there and on one day in UTC.
  @Test(arguments: ScreenRegistry.underTest)
  func chatInKorean(registry: ScreenRegistry) {
    let state = ChatViewModel.State(
      page: Page(
        items: [
          ChatMessage(id: 1, content: "안녕", date: date, isEdited: true),
          ChatMessage(id: 2, content: "늦은 밤", date: instant("2026-11-29T23:30:00Z")),
        ], offset: 0, total: 2))
    #expect(
      renderer(.ko, in: "Asia/Seoul", registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .chat, .ko))

        채팅 수: 2

        2026년 11월 29일 일요일
        1  오전 10:32  안녕 (수정됨)

        2026년 11월 30일 월요일
        2   오전 8:30  늦은 밤

        명령: say TEXT · edit N TEXT · delete N · more · page N · 도움말 help

        """)
    #expect(
      renderer(.ko, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .chat, .ko))

        채팅 수: 2

        2026년 11월 29일 일요일
        1   오전 1:32  안녕 (수정됨)
        2  오후 11:30  늦은 밤

        명령: say TEXT · edit N TEXT · delete N · more · page N · 도움말 help

        """)
  }

  /// New York leaves daylight saving time at 2:00 on Sunday, November 1, 2026: that day has
  /// 25 hours, 1:30 twice, and its messages still share one day line.
  @Test(arguments: ScreenRegistry.underTest)
  func chatDayLinesAcrossADaylightSavingChange(registry: ScreenRegistry) {
    let state = ChatViewModel.State(
      page: Page(
        items: [
          ChatMessage(id: 1, content: "saturday night", date: instant("2026-11-01T03:30:00Z")),
          ChatMessage(id: 2, content: "first 1:30", date: instant("2026-11-01T05:30:00Z")),
          ChatMessage(id: 3, content: "second 1:30", date: instant("2026-11-01T06:30:00Z")),
          ChatMessage(id: 4, content: "late sunday", date: instant("2026-11-02T04:30:00Z")),
          ChatMessage(id: 5, content: "monday", date: instant("2026-11-02T05:30:00Z")),
        ], offset: 0, total: 5))
    #expect(
      renderer(.en, in: "America/New_York", registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .chat))

        Messages: 5

        Saturday, October 31, 2026
        1  11:30 PM  saturday night

        Sunday, November 1, 2026
        2   1:30 AM  first 1:30
        3   1:30 AM  second 1:30
        4  11:30 PM  late sunday

        Monday, November 2, 2026
        5  12:30 AM  monday

        Commands: say TEXT · edit N TEXT · delete N · more · page N · help

        """)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func emptyChatAndAMessageLine(registry: ScreenRegistry) {
    #expect(
      renderer(.ko, registry).render(
        ScreenContent(ChatViewModel.State()), message: .input(.emptyAmount))
          == """
          \(registry.tabLine(current: .chat, .ko))

          채팅 수: 0

          아직 입력된 채팅이 없습니다.

          명령: say TEXT · edit N TEXT · delete N · more · page N · 도움말 help

          금액을 입력해주세요

          """)
  }

  /// A page that starts mid-day still opens with its first message's day line.
  @Test func longListsSayWhichPageShows() {
    let items = (81...100).map { ChatMessage(id: Int64($0), content: "m\($0)", date: date) }
    var state = ChatViewModel.State(page: Page(items: items, offset: 80, total: 100))
    state.pageCount = 5
    let screen = renderer().render(ScreenContent(state))
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[2] == "Messages: 100")
    #expect(lines[4] == "Sunday, November 29, 2026")
    #expect(lines[5] == " 81  1:32 AM  m81")
    #expect(lines[24] == "100  1:32 AM  m100")
    #expect(lines[26] == "Page 1 of 5 · 81–100 of 100 · more: next page · page N")
    state.pageNumber = 5
    state.page = Page(items: Array(items.prefix(3)), offset: 0, total: 100)
    let last = renderer(.ko).render(ScreenContent(state)).split(separator: "\n")
    #expect(last[1] == "채팅 수: 100")
    #expect(last[2] == "2026년 11월 29일 일요일")
    #expect(last.contains("5쪽 중 5쪽 · 전체 100개 중 1–3 · 마지막 쪽 · page N"))
  }

  @Test(arguments: ScreenRegistry.underTest)
  func stopwatchWithMarkedLaps(registry: ScreenRegistry) {
    let state = StopwatchViewModel.State(
      status: .running, elapsed: .milliseconds(3_723_456),
      laps: [
        .init(lap: Lap(number: 3, lapTime: .milliseconds(7_000), total: .milliseconds(21_000))),
        .init(
          lap: Lap(number: 2, lapTime: .milliseconds(4_010), total: .milliseconds(14_000)),
          mark: .fastest),
        .init(
          lap: Lap(number: 1, lapTime: .milliseconds(9_990), total: .milliseconds(9_990)),
          mark: .slowest),
      ], lapCount: 3,
      fastest: Lap(number: 2, lapTime: .milliseconds(4_010), total: .milliseconds(14_000)),
      slowest: Lap(number: 1, lapTime: .milliseconds(9_990), total: .milliseconds(9_990)))
    #expect(
      renderer(.en, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .stopwatch))

        Stopwatch · running
          1:02:03.45

        Lap 4  1:01:42.45  1:02:03.45
        Lap 3    00:07.00    00:21.00
        Lap 2    00:04.01    00:14.00  fastest
        Lap 1    00:09.99    00:09.99  slowest

        Fastest: Lap 2 00:04.01 · Slowest: Lap 1 00:09.99

        Commands: start · stop · lap · reset · more · page N · help

        """)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func calculatorResult(registry: ScreenRegistry) {
    let state = CalculatorViewModel.State(
      currency: "KRW", rate: decimal("1350.003043"),
      conversion: Conversion(
        amount: 100, from: "USD", result: decimal("135000.3"), to: "KRW", base: "USD",
        fromRate: 1, toRate: decimal("1350.003043")))
    #expect(
      renderer(.en, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .rates))

        Calculator · KRW South Korean Won
        1 USD = 1,350.003043 KRW

        100.00 USD → 135,000.30 KRW

        """)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func ratesWithFavouritesAndTrends(registry: ScreenRegistry) {
    let state = RatesViewModel.State(
      quotes: [
        RateQuote(code: "KRW", rate: decimal("1350.003043"), trend: .up, isFavorite: true),
        RateQuote(code: "EUR", rate: decimal("0.907539"), trend: .flat, isFavorite: false),
        RateQuote(code: "JPY", rate: decimal("140.5"), trend: .down, isFavorite: false),
      ], publishedAt: date, nextUpdateAt: date + 86_400)
    #expect(
      renderer(.en, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .rates))

        Published Nov 29, 2026 at 1:32 AM · 1 USD buys (calculator: full rate)
        ★ KRW  1,350.0030 🔼 South Korean Won
          EUR      0.9075    Euro
          JPY    140.5000 🔽 Japanese Yen

        3 currencies

        Commands: rates QUERY · fav CODE · calc CODE · refresh · help

        """)
  }

  /// A source quoting another base: the header and the calculator name it, and small rates
  /// keep four significant digits (none reads as 0.0000).
  @Test(arguments: ScreenRegistry.underTest)
  func anotherBaseIsShownAndSmallRatesKeepTheirDigits(registry: ScreenRegistry) {
    let state = RatesViewModel.State(
      quotes: [
        RateQuote(code: "EUR", rate: 1, trend: .flat, isFavorite: false),
        RateQuote(code: "IDR", rate: decimal("17283.4"), trend: .flat, isFavorite: false),
        RateQuote(code: "KWD", rate: decimal("0.3368"), trend: .flat, isFavorite: false),
        RateQuote(code: "VES", rate: decimal("0.0000741234"), trend: .flat, isFavorite: false),
      ], publishedAt: date, nextUpdateAt: date + 86_400, base: "EUR")
    #expect(
      renderer(.en, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .rates))

        Published Nov 29, 2026 at 1:32 AM · 1 EUR buys (calculator: full rate)
          EUR       1.0000        Euro
          IDR  17,283.4000        Indonesian Rupiah
          KWD       0.3368        Kuwaiti Dinar
          VES       0.00007412    Venezuelan Bolívar

        4 currencies

        Commands: rates QUERY · fav CODE · calc CODE · refresh · help

        """)
    let calculator = CalculatorViewModel.State(
      currency: "VES", rate: decimal("0.0000741234"), base: "EUR")
    #expect(
      renderer(.en, registry).render(ScreenContent(calculator)) == """
        \(registry.tabLine(current: .rates))

        Calculator · VES Venezuelan Bolívar
        1 EUR = 0.0000741234 VES

        Type: convert AMOUNT [FROM] (an amount in EUR unless FROM is given)

        """)
  }

  @Test func oneCurrencyIsSingular() {
    let state = RatesViewModel.State(
      quotes: [RateQuote(code: "KRW", rate: decimal("1350"), trend: .flat, isFavorite: false)],
      query: "krw", publishedAt: date, nextUpdateAt: date + 86_400, base: "USD")
    #expect(renderer().render(ScreenContent(state)).contains("\n1 currency\n"))
    #expect(renderer(.ko).render(ScreenContent(state)).contains("\n통화 1개\n"))
  }

  @Test(arguments: ScreenRegistry.underTest)
  func searchWithNoResultsInKorean(registry: ScreenRegistry) {
    let state = RatesViewModel.State(
      query: "zzz", publishedAt: date, nextUpdateAt: date - 1, dueSince: date - 1,
      hasSource: true)
    #expect(
      renderer(.ko, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .rates, .ko))

        2026년 11월 29일 오전 1:32 기준, 2026년 11월 29일부터 갱신 시각 지남 · 1 USD당 (계산기는 전체 자릿수 환율 사용)
        찾기: zzz
        검색 결과 없음

        명령: rates QUERY · fav CODE · calc CODE · refresh · 도움말 help

        """)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func mindLogRows(registry: ScreenRegistry) {
    let state = MindLogViewModel.State(
      page: Page(
        items: [
          MindLog(id: 2, date: date, score: decimal("7.5"), note: "sunny walk"),
          MindLog(id: 1, date: date - 86_400, score: 10, note: ""),
        ], offset: 0, total: 2))
    #expect(
      renderer(.en, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .mindLog))

        1  11/29/2026   7.5  sunny walk
        2  11/28/2026  10

        Commands: add [--date DATE] SCORE NOTE · edit N SCORE [NOTE] · delete N · more · page N · mindlog --days N · help

        """)
  }
}
