import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

/// A refresh cancelled while it fetches (Ctrl-C in a session) says so and keeps the
/// cached rates: the cancellation is not a "Could not load data".
@MainActor
@Suite("Cancelled refresh")
struct RatesRefreshCancelTests {
  /// A source whose fetch is cancelled.
  struct CancelledSource: ExchangeRateSource {
    var name: String { "cancelled" }
    func fetch() async throws -> RateSnapshot { throw CancellationError() }
  }

  @Test func aCancelledRefreshSaysSoAndKeepsTheCachedRates() async throws {
    let store = InMemoryStore().repositories
    let viewModel = RatesViewModel(
      rates: store.rates, seed: BundledRateSource(), source: CancelledSource(),
      now: { Fixtures.referenceDate })
    await viewModel.load()
    let cached = viewModel.state.quotes
    let latest = try await store.rates.latest()
    await viewModel.refresh(force: true)
    #expect(viewModel.state.message == .refreshCancelled)
    #expect(viewModel.state.message?.isRefusal == true)
    #expect(viewModel.state.quotes == cached)
    #expect(try await store.rates.latest() == latest)
    #expect(
      Strings(language: .en, timeZone: .gmt).text(.refreshCancelled)
        == "Refresh cancelled; the cached rates stay")
  }

  @Test func theUseCaseLetsTheCancellationThrough() async throws {
    let store = InMemoryStore().repositories
    let refresh = RefreshExchangeRates(
      rates: store.rates, source: CancelledSource(), now: { Fixtures.referenceDate })
    await #expect(throws: CancellationError.self) { try await refresh(force: true) }
    #expect(try await store.rates.latest() == nil)
  }

  /// A source that answers once the test lets it: a view can show the refresh running.
  struct HeldSource: ExchangeRateSource {
    let gate: AsyncStream<Void>
    var name: String { "held" }
    func fetch() async throws -> RateSnapshot {
      for await _ in gate { break }
      return try await BundledRateSource().fetch()
    }
  }

  @Test func aRunningRefreshIsShownUntilItEnds() async throws {
    let store = InMemoryStore().repositories
    let (gate, open) = AsyncStream<Void>.makeStream()
    let viewModel = RatesViewModel(
      rates: store.rates, seed: BundledRateSource(), source: HeldSource(gate: gate),
      now: { Fixtures.referenceDate })
    await viewModel.load()
    #expect(!viewModel.state.isRefreshing)
    let refresh = Task { await viewModel.refresh(force: true) }
    while !viewModel.state.isRefreshing { await Task.yield() }
    #expect(viewModel.state.isRefreshing)
    open.yield()
    await refresh.value
    #expect(!viewModel.state.isRefreshing)
    #expect(viewModel.state.message != nil)
  }
}
