import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import Synchronization
import TestSupport
import Testing

/// The rate list's refresh when due, as any front end gets it: from the remembered (or
/// chosen) source, once due, once per published period, a failure said once; a refresh
/// asked for remembers the source chosen for the run when the source answered.
@MainActor
@Suite("Rates refreshed when due, in the view model")
struct RatesWhenDueViewModelTests {
  /// A source that counts its fetches and gives a set published at `published` (due a day
  /// later), or fails.
  final class Source: ExchangeRateSource {
    let fetches = Mutex(0)
    let failing: Bool
    let published: Date
    init(published: Date, failing: Bool = false) {
      self.published = published
      self.failing = failing
    }
    var name: String { "counted" }
    var count: Int { fetches.withLock { $0 } }
    func fetch() async throws -> RateSnapshot {
      fetches.withLock { $0 += 1 }
      if failing { throw DomainError.ratesUnavailable(reason: .system("counted: down")) }
      return RateSnapshot(
        base: "USD", publishedAt: published, nextUpdateAt: published + 86_400,
        rates: ["USD": 1, "KRW": 1_300])
    }
  }

  /// Now: a day after the reference date; the bundled rates (2024) are long due.
  nonisolated static let now = Fixtures.referenceDate + 86_400
  nonisolated static let remembered = RateSourceChoice.file("/rates/remembered.json")

  func viewModel(
    _ source: Source, settings: RateSettings = RateSettings(source: remembered),
    chosen: RateSourceChoice? = nil, refreshesWhenDue: Bool = true,
    given: (any ExchangeRateSource)? = nil, kept: InMemoryRateSettings? = nil
  ) -> (RatesViewModel, InMemoryRateSettings) {
    let kept = kept ?? InMemoryRateSettings(settings)
    let refreshing = RateRefreshing(
      settings: kept, chosen: chosen, source: { _, _ in source },
      refreshesWhenDue: refreshesWhenDue)
    let viewModel = RatesViewModel(
      rates: InMemoryStore().repositories.rates, seed: BundledRateSource(), source: given,
      refreshing: refreshing, now: { Self.now })
    return (viewModel, kept)
  }

  @Test func dueRatesAreFetchedOnceAndShownCurrent() async {
    let source = Source(published: Self.now - 3_600)
    let (viewModel, settings) = viewModel(source)
    #expect(await viewModel.refreshWhenDue())
    #expect(source.count == 1)
    #expect(viewModel.state.message == .ratesUpdated(publishedAt: Self.now - 3_600))
    #expect(viewModel.state.dueSince == nil)
    #expect(viewModel.state.quotes.first { $0.code == "KRW" }?.rate == 1_300)
    #expect(await settings.settings().triedWhenDueAt == Self.now)
    // Current now: nothing more is asked.
    #expect(await !viewModel.refreshWhenDue())
    #expect(source.count == 1)
  }

  @Test func aFailureIsSaidOnceAndTriedAgainOnlyWhenRetriedOrAPeriodOn() async {
    let source = Source(published: Self.now, failing: true)
    let (viewModel, settings) = viewModel(source)
    #expect(await viewModel.refreshWhenDue())
    #expect(viewModel.state.message == .couldNotLoad(reason: .system("counted: down")))
    #expect(viewModel.state.dueSince != nil, "the cached rates stay, marked as due")
    // Another process (a second view model on the same settings) does not ask again.
    let (other, _) = self.viewModel(source, kept: settings)
    #expect(await !other.refreshWhenDue())
    #expect(source.count == 1)
    // A view that stays open retries when it decides.
    #expect(await viewModel.refreshWhenDue(retry: true))
    #expect(source.count == 2)
  }

  @Test func nothingIsFetchedOfflineOrWithoutASource() async {
    let source = Source(published: Self.now)
    #expect(await !viewModel(source, refreshesWhenDue: false).0.refreshWhenDue())
    let (unset, _) = viewModel(source, settings: RateSettings())
    #expect(await !unset.refreshWhenDue())
    await unset.load()
    #expect(unset.state.hasSource == false)
    #expect(source.count == 0)
  }

  @Test func aRefreshFromTheChosenSourceRemembersItWhenTheSourceAnswers() async {
    let chosen = RateSourceChoice.file("/rates/latest.json")
    let failing = Source(published: Self.now, failing: true)
    let (refused, kept) = viewModel(
      failing, settings: RateSettings(), chosen: chosen, given: failing)
    await refused.refresh()
    #expect(await kept.settings().source == nil)
    let answering = Source(published: Self.now - 60)
    let (refreshed, remembered) = viewModel(
      answering, settings: RateSettings(), chosen: chosen, given: answering)
    await refreshed.refresh()
    #expect(refreshed.state.message == .ratesUpdated(publishedAt: Self.now - 60))
    #expect(await remembered.settings().source == chosen)
  }

  @Test func theStoreShowsRemembersAndForgetsTheSource() async throws {
    let store = InMemoryStore().repositories
    let settings = InMemoryRateSettings()
    func model(_ chosen: RateSourceChoice?) -> StoreViewModel {
      StoreViewModel(
        archive: store.archive, files: DiskArchiveFileRepository(), kind: "memory",
        path: "memory", version: 1, changes: store.changes, now: { Self.now },
        rateSettings: settings, chosenRateSource: chosen)
    }
    await model(nil).rateSource(forget: false)
    let shown = model(nil)
    await shown.rateSource(forget: false)
    #expect(shown.state.report == .rateSource(nil, .shown))
    let remembering = model(Self.remembered)
    await remembering.rateSource(forget: false)
    #expect(remembering.state.report == .rateSource(Self.remembered, .remembered))
    let summary = model(nil)
    await summary.summarize()
    #expect(summary.state.rateSource == Self.remembered)
    let forgetting = model(nil)
    await forgetting.rateSource(forget: true)
    #expect(forgetting.state.report == .rateSource(Self.remembered, .forgotten))
    #expect(await settings.settings().source == nil)
  }
}
