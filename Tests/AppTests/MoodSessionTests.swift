import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

/// `add --date` and `mindlog --days` through the session, as a user types them.
@Suite("The mood picture through the session")
@MainActor
struct MoodSessionTests {
  func session() -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: InMemoryStore().repositories)
    return Session(
      store: store, timeline: Timeline(clock: ContinuousClock(), now: { Date() }),
      strings: Strings(language: .en, timeZone: .gmt), rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(), archiveFiles: InMemoryArchiveFileRepository(),
      notices: SampleNotices.all)
  }

  func screen(_ session: Session) -> String {
    Renderer(strings: Strings(language: .en, timeZone: .gmt)).render(session.content)
  }

  @Test func theSpanFollowsDaysAndPlainMindlogGoesBackTo30() async throws {
    let session = session()
    #expect(await session.launch() == nil)
    #expect(await session.execute(.add(score: "7", note: "walk", date: .yesterday)) == .done(nil))
    #expect(screen(session).contains("1 of 30 days logged"))
    #expect(screen(session).contains("(last 30 days)"))
    #expect(await session.execute(.mindLogSpan(days: 90, through: nil)) == .done(nil))
    #expect(screen(session).contains("1 of 90 days logged"))
    #expect(await session.execute(.mindLog) == .done(nil))
    #expect(screen(session).contains("(last 30 days)"))
  }

  @Test func aFutureDayIsRefused() async throws {
    let session = session()
    #expect(await session.launch() == nil)
    let result = await session.execute(
      .add(score: "7", note: "", date: .day(CalendarDay(year: 9999, month: 1, day: 1))))
    #expect(result == .refused(.input(.futureDate("9999-01-01"))))
  }
}
