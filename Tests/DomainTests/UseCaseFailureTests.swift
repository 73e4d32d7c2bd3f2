import Foundation
import PocketDomain
import PocketTesting
import TestSupport
import Testing

/// A store that cannot be used: every use case hands its error on unchanged (the view
/// models word it and the front end picks the exit status from it), and input that is
/// wrong is refused as such before the store is asked.
@Suite("Use cases on a store that fails")
struct UseCaseFailureTests {
  static let errors = [FailingStore.unavailable, FailingStore.corrupt]

  let now: @Sendable () -> Date = { Fixtures.referenceDate }
  let notice = Notice(
    title: "Winter hours", date: Fixtures.referenceDate, url: "https://n.example/1")
  let bookmark = Bookmark(
    url: "https://n.example/1", title: "Winter hours", noticeDate: Fixtures.referenceDate,
    bookmarkedAt: Fixtures.referenceDate)
  let entry = MindLog(id: 1, date: Fixtures.referenceDate, score: 5, note: "walk")
  let message = ChatMessage(id: 1, content: "hello", date: Fixtures.referenceDate)

  /// A rates source that answers with one snapshot; the store is what fails.
  struct OneSnapshot: ExchangeRateSource {
    var name: String { "one snapshot" }
    func fetch() async throws -> RateSnapshot {
      RateSnapshot(
        base: "USD", publishedAt: Fixtures.referenceDate,
        nextUpdateAt: Fixtures.referenceDate.addingTimeInterval(86_400), rates: ["KRW": 1350])
    }
  }

  @Test(arguments: errors)
  func stopwatchUseCasesHandOnTheStoresError(error: DomainError) async {
    let store = FailingStore(failingWith: error).repositories
    let timeline = Timeline.manual(ManualClock())
    await #expect(throws: error) {
      try await LoadStopwatch(stopwatch: store.stopwatch)(lapLimit: 20)
    }
    await #expect(throws: error) {
      try await StartStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    }
    await #expect(throws: error) {
      try await StopStopwatch(stopwatch: store.stopwatch, timeline: timeline)()
    }
    await #expect(throws: error) {
      try await SaveLap(stopwatch: store.stopwatch, timeline: timeline)()
    }
  }

  @Test(arguments: errors)
  func bookmarkUseCasesHandOnTheStoresError(error: DomainError) async {
    let store = FailingStore(failingWith: error).repositories
    await #expect(throws: error) {
      try await ListNotices(catalog: [notice], bookmarks: store.bookmarks)()
    }
    await #expect(throws: error) {
      try await ToggleBookmark(bookmarks: store.bookmarks, now: now)(notice)
    }
    await #expect(throws: error) {
      try await RenameBookmark(bookmarks: store.bookmarks)(bookmark, to: "Library")
    }
  }

  @Test(arguments: errors)
  func rateAndScreenUseCasesHandOnTheStoresError(error: DomainError) async {
    let store = FailingStore(failingWith: error).repositories
    await #expect(throws: error) {
      try await LoadExchangeRates(rates: store.rates, source: OneSnapshot())()
    }
    await #expect(throws: error) {
      try await RefreshExchangeRates(rates: store.rates, source: OneSnapshot(), now: now)(
        force: true)
    }
    await #expect(throws: error) {
      try await ConvertCurrency(rates: store.rates)(100, from: "USD", to: "KRW")
    }
    await #expect(throws: error) { try await ToggleFavoriteCurrency(rates: store.rates)("KRW") }
    await #expect(throws: error) { try await RestoreLastScreen(screens: store.screens)() }
  }

  @Test(arguments: errors)
  func mindLogChatAndArchiveUseCasesHandOnTheStoresError(error: DomainError) async {
    let store = FailingStore(failingWith: error).repositories
    await #expect(throws: error) {
      try await AddMindLog(mindLogs: store.mindLogs, now: now, calendar: Fixtures.utcCalendar)(
        score: 5, note: "walk")
    }
    await #expect(throws: error) {
      try await UpdateMindLog(mindLogs: store.mindLogs, now: now, calendar: Fixtures.utcCalendar)(
        entry, score: 6, note: "run")
    }
    await #expect(throws: error) { try await SendMessage(chat: store.chat, now: now)("hello") }
    await #expect(throws: error) { try await EditMessage(chat: store.chat)(message, content: "hi") }
    await #expect(throws: error) {
      try await ImportStore(archive: store.archive, now: Date.init)(
        StoreArchive.sample(), replace: true)
    }
  }

  /// Input that is wrong is refused for what it is, even when the store could not be used:
  /// the user fixes the input first, and nothing was asked of the store.
  @Test func wrongInputIsRefusedBeforeTheStoreIsAsked() async {
    let store = FailingStore().repositories
    await #expect(throws: DomainError.invalidInput(.emptyText)) {
      try await SendMessage(chat: store.chat, now: self.now)("   ")
    }
    await #expect(throws: DomainError.invalidInput(.scoreOutOfRange)) {
      try await AddMindLog(
        mindLogs: store.mindLogs, now: self.now, calendar: Fixtures.utcCalendar)(
          score: 11, note: "")
    }
    await #expect(throws: DomainError.invalidInput(.emptyText)) {
      try await RenameBookmark(bookmarks: store.bookmarks)(self.bookmark, to: " ")
    }
  }
}
