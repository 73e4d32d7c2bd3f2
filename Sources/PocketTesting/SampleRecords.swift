import Foundation
import PocketDomain

/// Fixed dates for records made up in tests: whole milliseconds, as every store keeps.
public enum SampleRecords {
  /// 2026-11-29 01:32:00 UTC, a whole second.
  public static let referenceDate = Date(timeIntervalSince1970: 1_795_915_920)

  /// The reference date moved by `milliseconds`.
  public static func date(_ milliseconds: Int64 = 0) -> Date {
    Date(epochMilliseconds: referenceDate.epochMilliseconds + milliseconds)
  }
}

extension StoreArchive {
  /// A store with some of everything, in canonical order, for archive and import tests.
  public static func sample() -> StoreArchive {
    let rates = RateSnapshot(
      base: "USD", publishedAt: SampleRecords.date(-86_400_000), nextUpdateAt: SampleRecords.date(),
      rates: ["KRW": Decimal(string: "1350.003043") ?? 0, "EUR": Decimal(string: "0.907539") ?? 0])
    var older = rates
    older.publishedAt = SampleRecords.date(-2 * 86_400_000)
    older.rates["KRW"] = Decimal(string: "1315.579762") ?? 0
    return StoreArchive(
      stopwatch: Stopwatch(accumulated: .milliseconds(4_500), startedAt: SampleRecords.date(9_000)),
      laps: [
        Lap(number: 1, lapTime: .milliseconds(1_000), total: .milliseconds(1_000)),
        Lap(number: 2, lapTime: .milliseconds(2_500), total: .milliseconds(3_500)),
      ],
      bookmarks: [
        Bookmark(
          url: "https://n.example/2", title: "Second", noticeDate: SampleRecords.date(-5_000),
          bookmarkedAt: SampleRecords.date(100)),
        Bookmark(
          url: "https://n.example/1", title: "제목 \"quoted\"",
          noticeDate: SampleRecords.date(-9_000),
          bookmarkedAt: SampleRecords.date(200)),
      ],
      latestRates: rates, previousRates: older, favoriteCurrencies: ["EUR", "KRW"],
      lastScreen: .named("chat"), lastCalculatorCurrency: "KRW",
      mindLogs: [
        MindLog(
          id: 2, date: SampleRecords.date(1_000), score: Decimal(string: "7.25") ?? 0, note: "walk"),
        MindLog(id: 5, date: SampleRecords.date(500), score: 0, note: ""),
      ], lastMindLogID: 6,
      messages: [
        ChatMessage(id: 1, content: "hello\nworld", date: SampleRecords.date(10)),
        ChatMessage(id: 3, content: "édité ✓", date: SampleRecords.date(10), isEdited: true),
      ], lastMessageID: 4,
      declared: DeclaredRecords([
        .init(
          declaration: sampleDeclaration,
          records: ["clicks": #"{"count":2,"key":"clicks"}"#, "제목": #"{"count":0,"key":"제목"}"#])
      ]))
  }

  /// A declared kind only the sample holds: its records are user data.
  public static let sampleDeclaration = RecordDeclaration(
    name: "sample_tally", kinds: RecordKinds(rawValue: 1 << 7), isUserData: true)
}
