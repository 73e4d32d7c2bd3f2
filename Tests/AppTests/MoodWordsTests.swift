import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// The mood picture's words count right and never say the same thing twice, for spans of
/// one day, a few days, a week and more, in both languages.
@Suite("Mood words")
struct MoodWordsTests {
  let utc = TimeZone(identifier: "UTC") ?? .gmt

  func lines(_ language: Language, days: Int, logged: Int, endsToday: Bool) -> [String] {
    var values: [Decimal?] = Array(repeating: nil, count: days)
    for index in 0..<logged { values[days - 1 - index] = Decimal(5 + index % 5) }
    var state = MindLogViewModel.State(
      page: Page(
        items: [MindLog(id: 1, date: Fixtures.referenceDate, score: 5, note: "")], offset: 0,
        total: 1))
    state.mood = MoodSummary(
      days: values, lastDay: CalendarDay(year: 2026, month: 11, day: 28), endsToday: endsToday)
    let renderer = Renderer(strings: Strings(language: language, timeZone: utc))
    return renderer.render(ScreenContent(state)).split(separator: "\n").map(String.init)
  }

  static let spans = [1, 2, 6, 7, 8, 30]

  /// No "1 days", "last 1 days" or "of 1 days" in English; the number and its noun agree.
  @Test(arguments: spans)
  func countsAgreeWithTheirNouns(days: Int) {
    for endsToday in [true, false] {
      let text = lines(.en, days: days, logged: 1, endsToday: endsToday).joined(separator: "\n")
      #expect(!text.contains(" 1 days"), "\(text)")
      #expect(!text.contains("(1 days"), "\(text)")
      #expect(!text.contains("last 1 "), "\(text)")
      if days == 1 {
        #expect(text.contains("1 of 1 day logged"), "\(text)")
        #expect(text.contains(endsToday ? "(today)" : "(11/28/2026)"), "\(text)")
      } else {
        #expect(text.contains("1 of \(days) days logged"), "\(text)")
      }
    }
  }

  /// The means line names each mean once: a span of 7 days or fewer has one mean (its last
  /// 7 days are the whole span), so "7-day mean" appears once from a week on, and never for
  /// a span shorter than a week.
  @Test(arguments: [Language.en, .ko], spans)
  func noMeanIsShownTwice(language: Language, days: Int) {
    let all = lines(language, days: days, logged: min(days, 3), endsToday: true)
    let week = language == .en ? "7-day mean" : "7일 평균"
    guard let means = all.first(where: { $0.contains(language == .en ? "mean" : "평균") }) else {
      Issue.record("no means: \(all)")
      return
    }
    let parts = means.components(separatedBy: " · ")
    // No two parts name the same thing.
    let names = parts.map { $0.split(separator: " ").dropLast().joined(separator: " ") }
    #expect(Set(names).count == names.count, "\(means)")
    #expect(means.components(separatedBy: week).count - 1 == (days >= 7 ? 1 : 0), "\(means)")
    #expect(!means.contains(language == .en ? "1-day" : " 1일 평균"), "\(means)")
  }
}
