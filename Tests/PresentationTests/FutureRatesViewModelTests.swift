import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// Cached rates published in the future (stored before refreshes checked the clock, or by
/// hand) are shown as due for an update, and a plain `refresh` replaces them.
@MainActor
@Suite("Rates from the future")
struct FutureRatesViewModelTests {
  @Test func aCachedSetFromTheFutureIsDueAndReplacedByAPlainRefresh() async throws {
    let store = InMemoryStore().repositories
    let year2100 = Date(timeIntervalSince1970: 4_102_444_800)
    try await store.rates.storeNewer(
      RateSnapshot(
        base: "USD", publishedAt: year2100, nextUpdateAt: year2100 + 86_400,
        rates: ["KRW": 1]))
    let viewModel = RatesViewModel(
      rates: store.rates, seed: BundledRateSource(), source: BundledRateSource(),
      now: { Fixtures.referenceDate })
    await viewModel.load()
    #expect(viewModel.state.publishedAt == year2100)
    #expect(viewModel.state.isOutdated, "the header says an update is due")
    await viewModel.refresh()
    let bundled = try await BundledRateSource().fetch()
    #expect(viewModel.state.message == .ratesUpdated(publishedAt: bundled.publishedAt))
    #expect(viewModel.state.publishedAt == bundled.publishedAt)
    #expect(try await store.rates.latest() == bundled)
  }
}
