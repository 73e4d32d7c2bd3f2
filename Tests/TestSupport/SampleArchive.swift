import Domain
import Foundation

extension StoreArchive {
  /// A store with some of everything, in canonical order, for archive and import tests.
  public static func sample() -> StoreArchive {
    let rates = RateSnapshot(
      base: "USD", publishedAt: Fixtures.date(-86_400_000), nextUpdateAt: Fixtures.date(),
      rates: ["KRW": Decimal(string: "1350.003043") ?? 0, "EUR": Decimal(string: "0.907539") ?? 0])
    var older = rates
    older.publishedAt = Fixtures.date(-2 * 86_400_000)
    older.rates["KRW"] = Decimal(string: "1315.579762") ?? 0
    return StoreArchive(
      stopwatch: Stopwatch(accumulated: .milliseconds(4_500), startedAt: Fixtures.date(9_000)),
      laps: [
        Lap(number: 1, lapTime: .milliseconds(1_000), total: .milliseconds(1_000)),
        Lap(number: 2, lapTime: .milliseconds(2_500), total: .milliseconds(3_500)),
      ],
      bookmarks: [
        Bookmark(
          url: "https://n.example/2", title: "Second", noticeDate: Fixtures.date(-5_000),
          bookmarkedAt: Fixtures.date(100)),
        Bookmark(
          url: "https://n.example/1", title: "제목 \"quoted\"", noticeDate: Fixtures.date(-9_000),
          bookmarkedAt: Fixtures.date(200)),
      ],
      latestRates: rates, previousRates: older, favoriteCurrencies: ["EUR", "KRW"],
      lastScreen: .chat, lastCalculatorCurrency: "KRW",
      mindLogs: [
        MindLog(
          id: 2, date: Fixtures.date(1_000), score: Decimal(string: "7.25") ?? 0, note: "walk"),
        MindLog(id: 5, date: Fixtures.date(500), score: 0, note: ""),
      ], lastMindLogID: 6,
      messages: [
        ChatMessage(id: 1, content: "hello\nworld", date: Fixtures.date(10)),
        ChatMessage(id: 3, content: "édité ✓", date: Fixtures.date(10), isEdited: true),
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
