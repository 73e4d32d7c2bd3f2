import Foundation
import PocketDomain
import Testing

/// When a refresh when due is tried: once the cached set's next update time has passed, at
/// most once per published period whichever process tries, and never for current rates.
@Suite("Rate settings: when a refresh when due is tried")
struct RateSettingsTests {
  /// Published at 100,000 s, due a day later: the period is a day.
  static let published = Date(timeIntervalSince1970: 100_000)
  static let due = published.addingTimeInterval(86_400)
  static let board = RateBoard(base: "USD", quotes: [], publishedAt: published, nextUpdateAt: due)

  static func settings(triedAt seconds: Double?) -> RateSettings {
    RateSettings(triedWhenDueAt: seconds.map { due.addingTimeInterval($0) })
  }

  /// (when the last try was, relative to the due time; now, relative to it; expected)
  @Test(
    arguments: [
      (nil, -1, false),  // not due yet
      (nil, 0, true),  // due now, never tried
      (-3_600, 10, true),  // the last try was for the period before
      (5, 60, false),  // tried since it fell due
      (5, 86_404, false),  // a period has not passed since that try
      (5, 86_405, true),  // a period has
      (120, 60, true),  // a try "after now": the clock went back, it holds nothing off
    ] as [(Double?, Double, Bool)])
  func aTryIsOncePerPeriodOnceDue(tried: Double?, now: Double, expected: Bool) {
    let settings = Self.settings(triedAt: tried)
    #expect(
      settings.shouldTryWhenDue(Self.board, now: Self.due.addingTimeInterval(now)) == expected)
  }

  /// A period shorter than an hour counts as an hour, so a source that says it publishes
  /// every minute is not asked every minute.
  @Test func aPeriodIsAtLeastAnHour() {
    let board = RateBoard(
      base: "USD", quotes: [], publishedAt: Self.published,
      nextUpdateAt: Self.published.addingTimeInterval(60))
    let settings = RateSettings(triedWhenDueAt: Self.published.addingTimeInterval(120))
    #expect(!settings.shouldTryWhenDue(board, now: Self.published.addingTimeInterval(1_800)))
    #expect(settings.shouldTryWhenDue(board, now: Self.published.addingTimeInterval(3_720)))
  }

  /// A cached set published in the future cannot be real: it is due at once, and tried
  /// once a period like any other, not at every command.
  @Test func aSetFromTheFutureIsTriedOncePerPeriod() {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let future = RateBoard(
      base: "USD", quotes: [], publishedAt: now.addingTimeInterval(10 * 86_400),
      nextUpdateAt: now.addingTimeInterval(11 * 86_400))
    #expect(future.dueSince(now: now) == now)
    #expect(RateSettings().shouldTryWhenDue(future, now: now))
    let tried = RateSettings(triedWhenDueAt: now)
    #expect(!tried.shouldTryWhenDue(future, now: now.addingTimeInterval(600)))
    #expect(tried.shouldTryWhenDue(future, now: now.addingTimeInterval(86_400)))
  }
}
