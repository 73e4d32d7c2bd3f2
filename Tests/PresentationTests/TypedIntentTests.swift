import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// Intents for a front end that has values, not typed text: a score from a slider or a
/// stepper is a `Decimal`, checked as a typed one is.
@MainActor @Suite struct TypedIntentTests {
  let now: @Sendable () -> Date = { Fixtures.referenceDate }

  @Test func aScoreGivenAsANumberIsAddedAndEditedAndOneOutOfRangeIsRefused() async throws {
    let store = InMemoryStore().repositories
    let mindLog = MindLogViewModel(
      mindLogs: store.mindLogs, now: now, language: .en, timeZone: .gmt)
    await mindLog.add(score: Decimal(string: "7.5")!, note: "walk")
    #expect(mindLog.state.page.items.map(\.score) == [Decimal(string: "7.5")!])

    await mindLog.add(score: 11, note: "too much")
    #expect(mindLog.message == .input(.scoreOutOfRange))
    #expect(try await store.mindLogs.entries(offset: 0, limit: 10).total == 1)

    let row = try #require(mindLog.state.shownItems.first)
    await mindLog.edit(row, score: 3, note: nil)
    #expect(mindLog.state.page.items.map(\.score) == [3])
    #expect(mindLog.state.page.items.map(\.note) == ["walk"])
  }
}
