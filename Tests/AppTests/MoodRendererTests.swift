import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The mood picture above the mind log, in both languages.
@Suite("The mood picture's golden screens")
struct MoodRendererTests {
  let date = Fixtures.referenceDate  // 2026-11-29 01:32 UTC
  let utc = TimeZone(identifier: "UTC") ?? .gmt

  func renderer(_ language: Language, _ registry: ScreenRegistry = .standard) -> Renderer {
    Renderer(strings: Strings(language: language, timeZone: utc), registry: registry)
  }

  /// 30 days, oldest first: blank days, every block from 0 to 10, a day's mean of 7.25;
  /// the means (23.25 / 3 = 7.75, 54.75 / 10 = 5.475) show half-up.
  var state: MindLogViewModel.State {
    var days: [Decimal?] = Array(repeating: nil, count: 30)
    let scores: [Decimal] = [0, 1.5, 3, 4.5, 6, 7.5, 9, 10]
    for (index, score) in scores.enumerated() { days[10 + index * 2] = score }
    days[29] = 7.25  // today: the mean of 7 and 7.5
    days[28] = 6
    var state = MindLogViewModel.State(
      page: Page(
        items: [
          MindLog(id: 3, date: date, score: 7.5, note: "sunny walk"),
          MindLog(id: 2, date: date - 3_600, score: 7, note: ""),
        ], offset: 0, total: 2))
    state.mood = MoodSummary(
      days: days, lastDay: CalendarDay(year: 2026, month: 11, day: 29), endsToday: true)
    return state
  }

  @Test(arguments: ScreenRegistry.underTest)
  func inEnglish(registry: ScreenRegistry) {
    #expect(
      renderer(.en, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .mindLog))

        Mood  ··········▁·▂·▃·▄·▅·▆·▇·█···▅▆  (last 30 days)
        7-day mean 7.8 · 30-day mean 5.5 · 10 of 30 days logged

        1  11/29/2026  7.5  sunny walk
        2  11/29/2026  7

        Commands: add [--date DATE] SCORE NOTE · edit N SCORE [NOTE] · delete N · more · page N · mindlog --days N · help

        """)
  }

  @Test(arguments: ScreenRegistry.underTest)
  func inKorean(registry: ScreenRegistry) {
    #expect(
      renderer(.ko, registry).render(ScreenContent(state)) == """
        \(registry.tabLine(current: .mindLog, .ko))

        기분  ··········▁·▂·▃·▄·▅·▆·▇·█···▅▆  (최근 30일)
        7일 평균 7.8 · 30일 평균 5.5 · 30일 중 10일 기록

        1  2026. 11. 29.  7.5  sunny walk
        2  2026. 11. 29.  7

        명령: add [--date DATE] SCORE NOTE · edit N SCORE [NOTE] · delete N · more · page N · mindlog --days N · 도움말 help

        """)
  }

  @Test func meansAreShownWithOneDecimalHalfUp() {
    let strings = Strings(language: .en, timeZone: utc)
    #expect(strings.oneDecimal(Decimal(string: "6.25")) == "6.3")
    #expect(strings.oneDecimal(Decimal(string: "6.24999")) == "6.2")
    #expect(strings.oneDecimal(Decimal(string: "6.05")) == "6.1")
    #expect(strings.oneDecimal(7) == "7.0")
    #expect(strings.oneDecimal(Decimal(10) / Decimal(3)) == "3.3")
    #expect(strings.oneDecimal(nil) == "–")
  }
}
