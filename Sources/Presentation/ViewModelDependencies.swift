import Foundation
import PocketDomain

/// Everything a view model is built from, in one value, so every view model is made the
/// same way (`XViewModel(dependencies)`): the store's repositories, the clock, the user's
/// language and time zone, where rates come from, and the notice board. A front end builds
/// one in its composition root; Pocket's text front end hands the same value to its screens.
public struct ViewModelDependencies: Sendable {
  public var repositories: Repositories
  /// The wall clock, the time within the process and the boot clock (`Timeline`).
  public var timeline: Timeline
  public var language: Language
  /// The user's time zone: days (the mind log's) are its calendar days.
  public var timeZone: TimeZone
  /// The currency names (and search keys) a search finds currencies by.
  public var currencyNames: CurrencyNames
  /// The rates shown before the first refresh (the bundled snapshot, in Pocket).
  public var bundledRates: any ExchangeRateSource
  /// Where a refresh fetches rates from; `nil` when none is configured.
  public var rateSource: (any ExchangeRateSource)?
  /// A source remembered once chosen, and refreshes when due (`RateRefreshing`); `nil`:
  /// only `rateSource`, and refreshes only when asked.
  public var rateRefreshing: RateRefreshing?
  /// The notices of the board.
  public var notices: [Notice]

  public init(
    repositories: Repositories, timeline: Timeline, language: Language = .en,
    timeZone: TimeZone = .current, currencyNames: CurrencyNames = .shared,
    bundledRates: any ExchangeRateSource, rateSource: (any ExchangeRateSource)? = nil,
    rateRefreshing: RateRefreshing? = nil, notices: [Notice] = []
  ) {
    self.repositories = repositories
    self.timeline = timeline
    self.language = language
    self.timeZone = timeZone
    self.currencyNames = currencyNames
    self.bundledRates = bundledRates
    self.rateSource = rateSource
    self.rateRefreshing = rateRefreshing
    self.notices = notices
  }

  /// The wall clock, read off the timeline.
  public var now: @Sendable () -> Date {
    let timeline = timeline
    return { timeline.now() }
  }
}

/// A view model made from the one `ViewModelDependencies` value, as every view model of
/// Pocket is: a front end can make any screen's view model alike (`T(dependencies)`).
@MainActor
public protocol MadeFromDependencies: AnyObject {
  init(_ dependencies: ViewModelDependencies)
}

extension RatesViewModel: MadeFromDependencies {
  /// The rate list of `dependencies`' store.
  public convenience init(_ dependencies: ViewModelDependencies) {
    self.init(
      rates: dependencies.repositories.rates, seed: dependencies.bundledRates,
      source: dependencies.rateSource, refreshing: dependencies.rateRefreshing,
      now: dependencies.now, names: dependencies.currencyNames)
  }
}

extension CalculatorViewModel: MadeFromDependencies {
  /// The calculator on `dependencies`' cached rates.
  public convenience init(_ dependencies: ViewModelDependencies) {
    self.init(
      rates: dependencies.repositories.rates, seed: dependencies.bundledRates,
      language: dependencies.language, names: dependencies.currencyNames, now: dependencies.now)
  }
}

extension StopwatchViewModel: MadeFromDependencies {
  /// The stopwatch of `dependencies`' store, on its timeline.
  public convenience init(_ dependencies: ViewModelDependencies) {
    self.init(stopwatch: dependencies.repositories.stopwatch, timeline: dependencies.timeline)
  }
}

extension NoticesViewModel: MadeFromDependencies {
  /// `dependencies`' notice board, marked with its store's bookmarks.
  public convenience init(_ dependencies: ViewModelDependencies) {
    self.init(
      catalog: dependencies.notices, bookmarks: dependencies.repositories.bookmarks,
      now: dependencies.now)
  }
}

extension BookmarksViewModel: MadeFromDependencies {
  /// The bookmarks of `dependencies`' store.
  public convenience init(_ dependencies: ViewModelDependencies) {
    self.init(bookmarks: dependencies.repositories.bookmarks)
  }
}

extension MindLogViewModel: MadeFromDependencies {
  /// The mind log of `dependencies`' store, its days in the user's time zone.
  public convenience init(_ dependencies: ViewModelDependencies) {
    self.init(
      mindLogs: dependencies.repositories.mindLogs, now: dependencies.now,
      language: dependencies.language, timeZone: dependencies.timeZone)
  }
}

extension ChatViewModel: MadeFromDependencies {
  /// The chat of `dependencies`' store.
  public convenience init(_ dependencies: ViewModelDependencies) {
    self.init(chat: dependencies.repositories.chat, now: dependencies.now)
  }
}
