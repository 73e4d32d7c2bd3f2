import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// Columns of numbers line up on the decimal point and columns after text of varying width
/// start at one display column, in both languages; every day of the mood picture takes the
/// same width whatever width a terminal gives East Asian Ambiguous characters.
@Suite("Columns and pictures line up")
struct ColumnAlignmentTests {
  let utc = TimeZone(identifier: "UTC") ?? .gmt

  func renderer(_ language: Language) -> Renderer {
    Renderer(strings: Strings(language: language, timeZone: utc))
  }

  /// The display columns before `index` in `line`, the way a terminal set up for `language`
  /// counts them (Ambiguous characters wide in Korean).
  func column(_ line: String, _ index: String.Index, _ language: Language) -> Int {
    DisplayWidth(ambiguousIsWide: language == .ko).of(String(line[..<index]))
  }

  /// The column at which a number's units digit ends: where its decimal point stands, or
  /// where a number without a point would put it (right after its last digit).
  func pointColumn(_ line: String, number: String, _ language: Language) -> Int? {
    guard let range = line.range(of: number) else { return nil }
    let point = line[range].firstIndex(of: ".") ?? range.upperBound
    return column(line, point, language)
  }

  func date(_ month: Int, _ day: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    return calendar.date(from: DateComponents(year: 2026, month: month, day: day, hour: 12))
      ?? Fixtures.referenceDate
  }

  /// `11/8/2026   3` and `11/28/2026   7`: the scores start at one column and line up on the
  /// decimal point whatever the length of the day before them.
  @Test(arguments: [Language.en, .ko])
  func mindLogScoresLineUpWhateverTheDaysLength(language: Language) {
    let entries = [
      MindLog(id: 4, date: date(11, 28), score: 7, note: "long day"),
      MindLog(id: 3, date: date(11, 8), score: 3, note: "a"),
      MindLog(id: 2, date: date(10, 8), score: Decimal(string: "7.25") ?? 7, note: "b"),
      MindLog(id: 1, date: date(1, 1), score: 10, note: ""),
    ]
    let state = MindLogViewModel.State(page: Page(items: entries, offset: 0, total: 4))
    let lines = renderer(language).render(ScreenContent(state)).split(separator: "\n").map(
      String.init)
    let strings = Strings(language: language, timeZone: utc)
    var points: [Int] = []
    for entry in entries {
      let day = strings.day(entry.date)
      guard let line = lines.first(where: { $0.contains(day) }),
        let after = line.range(of: day)?.upperBound,
        let score = line[after...].range(of: strings.score(entry.score)),
        let point = pointColumn(
          String(line[..<score.upperBound]), number: strings.score(entry.score), language)
      else {
        Issue.record("no row for \(day): \(lines)")
        continue
      }
      _ = score
      points.append(point)
    }
    #expect(Set(points).count == 1, "\(points): \(lines)")
    // Notes start at one column too.
    let notes = ["long day", "a", "b"].compactMap { note in
      lines.first { $0.hasSuffix("  " + note) }.map {
        column($0, $0.index($0.endIndex, offsetBy: -note.count), language)
      }
    }
    #expect(notes.count == 3 && Set(notes).count == 1, "\(notes): \(lines)")
  }

  /// Every day of the mood picture takes the same width, logged or not, whether the terminal
  /// shows Ambiguous characters one column wide or two, in both languages.
  @Test(arguments: [Language.en, .ko])
  func everyDayOfTheMoodPictureTakesTheSameWidth(language: Language) {
    var days: [Decimal?] = Array(repeating: nil, count: 10)
    days[2] = 0
    days[5] = 10
    days[9] = 6
    var state = MindLogViewModel.State(
      page: Page(
        items: [MindLog(id: 1, date: Fixtures.referenceDate, score: 6, note: "")], offset: 0,
        total: 1))
    state.mood = MoodSummary(
      days: days, lastDay: CalendarDay(year: 2026, month: 11, day: 29), endsToday: true)
    let strings = Strings(language: language, timeZone: utc)
    let lines = renderer(language).render(ScreenContent(state)).split(separator: "\n").map(
      String.init)
    guard let line = lines.first(where: { $0.hasPrefix(strings.mood + "  ") }) else {
      Issue.record("no mood line: \(lines)")
      return
    }
    let picture = Array(line.dropFirst(strings.mood.count + 2).prefix(days.count))
    #expect(picture.count == days.count)
    for ambiguousIsWide in [false, true] {
      let widths = picture.map { DisplayWidth(ambiguousIsWide: ambiguousIsWide).of($0) }
      #expect(Set(widths).count == 1, "\(ambiguousIsWide): \(picture) \(widths)")
    }
  }

  /// Rates of every size line up on the decimal point: `0.002720`, `0.05260`, `0.2875`,
  /// `1,350.0030`, with favourites and trend marks around them.
  @Test(arguments: [Language.en, .ko])
  func ratesLineUpOnTheDecimalPoint(language: Language) {
    let rates: [(String, String, Trend, Bool)] = [
      ("KRW", "1350.003", .up, true), ("JOD", "0.00272", .flat, false),
      ("KWD", "0.0526", .down, false), ("OMR", "0.2875", .flat, false),
      ("EUR", "0.9", .up, false), ("JPY", "146", .flat, false),
    ]
    let state = RatesViewModel.State(
      quotes: rates.map {
        RateQuote(code: $0.0, rate: Decimal(string: $0.1) ?? 0, trend: $0.2, isFavorite: $0.3)
      }, publishedAt: Fixtures.referenceDate, base: "USD")
    let strings = Strings(language: language, timeZone: utc)
    let lines = renderer(language).render(ScreenContent(state)).split(separator: "\n").map(
      String.init)
    var points: [Int] = []
    for (code, rate, _, _) in rates {
      let shown = strings.rate(Decimal(string: rate) ?? 0)
      guard let line = lines.first(where: { $0.contains(" \(code)  ") }),
        let point = pointColumn(line, number: shown, language)
      else {
        Issue.record("no row for \(code) \(shown): \(lines)")
        continue
      }
      points.append(point)
    }
    #expect(points.count == rates.count && Set(points).count == 1, "\(points): \(lines)")
  }

  /// The stopwatch's lap and total columns end on the same column, so their points line up.
  @Test func lapColumnsLineUpOnTheDecimalPoint() {
    let laps = [
      Lap(number: 10, lapTime: .milliseconds(3_600_010), total: .milliseconds(3_612_340)),
      Lap(number: 9, lapTime: .milliseconds(12_330), total: .milliseconds(12_330)),
    ]
    let state = StopwatchViewModel.State(
      status: .stopped, elapsed: .milliseconds(3_612_340), laps: laps.map { .init(lap: $0) },
      lapCount: 10)
    let lines = renderer(.en).render(ScreenContent(state)).split(separator: "\n")
      .map(String.init).filter { $0.hasPrefix("Lap ") }
    #expect(lines.count == 3)
    let points = lines.map { line in
      line.indices.filter { line[$0] == "." }.map { column(line, $0, .en) }
    }
    #expect(Set(points).count == 1, "\(lines)")
  }

  /// A message at 1:32 and one at 11:30: the times end at one column and every message
  /// starts at one column, in both languages.
  @Test(arguments: [Language.en, .ko])
  func chatMessagesStartAtOneColumnWhateverTheTime(language: Language) {
    let day = Fixtures.referenceDate  // 01:32 UTC
    let texts = ["early", "late", "noon"]
    let state = ChatViewModel.State(
      page: Page(
        items: [
          ChatMessage(id: 1, content: texts[0], date: day),
          ChatMessage(id: 2, content: texts[1], date: day + 22 * 3_600 - 120),
          ChatMessage(id: 3, content: texts[2], date: day + 10 * 3_600 + 28 * 60),
        ], offset: 0, total: 3))
    let lines = renderer(language).render(ScreenContent(state)).split(separator: "\n").map(
      String.init)
    let starts = texts.compactMap { text in
      lines.first { $0.hasSuffix("  " + text) }.map {
        column($0, $0.index($0.endIndex, offsetBy: -text.count), language)
      }
    }
    #expect(starts.count == 3 && Set(starts).count == 1, "\(starts): \(lines)")
  }

  /// The store summary's counts stand units under units: 7 under 120.
  @Test(arguments: [Language.en, .ko])
  func storeCountsAreRightAligned(language: Language) {
    let counts = RecordCounts(
      laps: 7, bookmarks: 120, rateSnapshots: 2, favoriteCurrencies: 0, mindLogs: 31,
      chatMessages: 4_000)
    let state = StoreViewModel.State(
      kind: "sqlite", path: "/tmp/p", version: 3, report: .summary(counts))
    let rows = renderer(language).render(state).split(separator: "\n").dropFirst(5)
      .map(String.init)
    #expect(rows.count == 6)
    let ends = Set(rows.map { column($0, $0.endIndex, language) })
    #expect(ends.count == 1, "\(rows)")
  }
}
