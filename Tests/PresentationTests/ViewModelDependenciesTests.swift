import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// Every view model is made the same way, from one `ViewModelDependencies`, and each reads
/// what that value names: its store, its clock, its language and time zone, its notices.
@MainActor @Suite struct ViewModelDependenciesTests {
  @Test func everyViewModelMadeFromOneValueReadsItsStore() async throws {
    let store = InMemoryStore().repositories
    try await store.archive.replaceAll(with: StoreArchive.sample())
    let dependencies = ViewModelDependencies(
      repositories: store, timeline: .manual(ManualClock()), language: .ko, timeZone: .gmt,
      bundledRates: BundledRateSource(), notices: SampleNotices.all)

    let chat = ChatViewModel(dependencies)
    let mindLog = MindLogViewModel(dependencies)
    let bookmarks = BookmarksViewModel(dependencies)
    let stopwatch = StopwatchViewModel(dependencies)
    let rates = RatesViewModel(dependencies)
    let notices = NoticesViewModel(dependencies)
    let calculator = CalculatorViewModel(dependencies)
    await chat.load()
    await mindLog.load()
    await bookmarks.load()
    await stopwatch.load()
    await rates.load()
    await notices.load()
    #expect(chat.state.page.items.map(\.content) == ["hello\nworld", "édité ✓"])
    #expect(mindLog.state.page.total == 2)
    #expect(bookmarks.state.page.total == 2)
    #expect(stopwatch.state.lapCount == 2)
    #expect(rates.state.base == "USD")
    #expect(notices.state.items.count == SampleNotices.all.count)
    #expect(await calculator.open("원화"), "a word that names one currency opens it")
    #expect(calculator.state.currency == "KRW")
  }
}
