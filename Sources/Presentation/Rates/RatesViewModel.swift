import Foundation
import Observation
import PocketDomain

/// The exchange-rate list: search by code, currency name or the name of a country or
/// territory using it (English or Korean),
/// favourites pinned on top, rise/fall marks against the previously cached rates.
@MainActor @Observable
public final class RatesViewModel: ObservedViewModel, OrderedReads, ReloadsByLoading {
  /// What the rate list shows: the quotes (searched, favourites first), their publication,
  /// and a message.
  public struct State: MessageShowing, Equatable, Sendable {
    /// The rows that match the query, favourites first.
    public var quotes: [RateQuote] = []
    public var query = ""
    public var publishedAt: Date?
    public var nextUpdateAt: Date?
    /// The currency every rate is quoted against.
    public var base: String?
    /// Since when newer rates are due, when they are: the provider's next update time once
    /// it has passed (now, for a set that cannot be a real publication), whether or not a
    /// source is configured; `nil` while these are current.
    public var dueSince: Date?
    /// Newer rates are due (`dueSince`).
    public var isOutdated: Bool { dueSince != nil }
    /// A source to refresh from is configured (`--online`, `--rates-url`, `--rates-file`):
    /// without one, an outdated list says how to get one.
    public var hasSource = false
    /// A refresh is running: a view says so until it ends.
    public var isRefreshing = false
    public var message: Message?

    public init(
      quotes: [RateQuote] = [], query: String = "", publishedAt: Date? = nil,
      nextUpdateAt: Date? = nil, base: String? = nil, dueSince: Date? = nil,
      hasSource: Bool = false, message: Message? = nil
    ) {
      self.quotes = quotes
      self.base = base
      self.query = query
      self.publishedAt = publishedAt
      self.nextUpdateAt = nextUpdateAt
      self.dueSince = dueSince
      self.hasSource = hasSource
      self.message = message
    }

    /// A search that found nothing.
    public var hasNoResults: Bool { quotes.isEmpty && !query.isEmpty }
  }

  /// The state `state` reads (`message`, `quotes` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [.at(\.quotes)])
  /// The rates shown. Their search keys (`CurrencySearch.keys`) are built by the first
  /// search, not by a load: the list without a query needs none.
  private var board: RateBoard?
  private let now: @Sendable () -> Date
  private let rates: any ExchangeRateRepository
  private let loadRates: LoadExchangeRates
  private let toggleFavoriteCurrency: ToggleFavoriteCurrency
  private let source: (any ExchangeRateSource)?
  private let refreshing: RateRefreshing?
  /// The source the settings remembered when the rates were last read.
  private var remembered: RateSourceChoice?
  private let names: CurrencyNames

  /// - Parameters:
  ///   - rates: where the rates and the favourites are kept.
  ///   - seed: fills an empty cache (the bundled snapshot, so the list never waits).
  ///   - source: where `refresh` fetches from; `nil` when none is given (then the source
  ///     `refreshing` remembers, if any; with neither, `refresh` says how to configure one).
  ///   - refreshing: where a source chosen once is remembered, and whether due rates are
  ///     refreshed by themselves (`refreshWhenDue()`); `nil`: neither.
  ///   - now: the wall clock (whether the rates are due for a refresh).
  ///   - names: where a search finds the currencies' names and keeps their search keys.
  public init(
    rates: any ExchangeRateRepository, seed: any ExchangeRateSource,
    source: (any ExchangeRateSource)?, refreshing: RateRefreshing? = nil,
    now: @escaping @Sendable () -> Date, names: CurrencyNames = .shared
  ) {
    self.now = now
    self.names = names
    self.rates = rates
    self.source = source
    self.refreshing = refreshing
    loadRates = LoadExchangeRates(rates: rates, source: seed)
    toggleFavoriteCurrency = ToggleFavoriteCurrency(rates: rates)
  }

  nonisolated public static let records: RecordKinds = .rates
  @ObservationIgnored var reads = ReadOrder()

  /// Reads the cached rates (filling the cache from the source on first use).
  public func load() async {
    state.message = nil
    guard let board = await newest({ try await loadRates() }) else { return }
    // Settings that cannot be read do not keep the rates from showing: a refresh, which
    // needs them, reports why.
    if let refreshing { remembered = try? await refreshing.settings.settings().source }
    show(board)
  }

  private func show(_ board: RateBoard) {
    self.board = board
    state.publishedAt = board.publishedAt
    state.nextUpdateAt = board.nextUpdateAt
    state.base = board.base
    // Cached rates that cannot be real (published in the future) are due for replacing.
    state.dueSince = board.dueSince(now: now())
    state.hasSource = source != nil || refreshing?.chosen != nil || remembered != nil
    applyQuery()
  }

  /// Fetches new rates once the provider has published them (any time with `force`).
  /// A failure keeps the cached rates and says why.
  public func refresh(force: Bool = false) async {
    state.message = nil
    state.isRefreshing = true
    defer { state.isRefreshing = false }
    guard let result = await attempt({ try await refreshFromSource(force: force, whenDue: false) })
    else { return }
    await load()
    switch result {
    case .updated(let snapshot): state.message = .ratesUpdated(publishedAt: snapshot.publishedAt)
    case .notDue(let next): state.message = .ratesNotDue(nextUpdateAt: next)
    case .sourceOlder(let publishedAt):
      state.message = .ratesOlderThanCached(publishedAt: publishedAt)
    case .unchanged(let publishedAt): state.message = .ratesUnchanged(publishedAt: publishedAt)
    case .noSource: state.message = .noRateSource
    }
  }

  /// Refreshes from the chosen or remembered source when the cached rates are due, at most
  /// once per published period whichever process tries (the try is kept in the settings
  /// before the fetch; `retry`: a view that stays open tries again after a failure, when
  /// it decides, without that bound). A failure keeps the cached rates and says why; new
  /// rates say so. Nothing happens without `RateRefreshing`, with `--offline`, without a
  /// source, or while the rates are current.
  /// - Returns: whether it fetched.
  @discardableResult
  public func refreshWhenDue(retry: Bool = false) async -> Bool {
    guard let refreshing, refreshing.refreshesWhenDue, !state.isRefreshing else { return false }
    // Without a source nothing is tried, and the rates are not read for it. Settings that
    // cannot be read are reported by what needs them (`refresh`, `source`, `store`).
    guard let settings = try? await refreshing.settings.settings(),
      refreshing.chosen ?? settings.source != nil
    else { return false }
    if board == nil { await load() }
    guard let board else { return false }
    let now = now()
    let due = retry ? board.dueSince(now: now) != nil : settings.shouldTryWhenDue(board, now: now)
    guard due,
      await attempt({ try await refreshing.settings.update { $0.triedWhenDueAt = now } }) != nil
    else { return false }
    state.isRefreshing = true
    defer { state.isRefreshing = false }
    guard let result = await attempt({ try await refreshFromSource(force: false, whenDue: true) })
    else { return true }
    await load()
    if case .updated(let snapshot) = result {
      state.message = .ratesUpdated(publishedAt: snapshot.publishedAt)
    }
    return true
  }

  /// A refresh from the source given, else the chosen or remembered one; a refresh asked
  /// for (`whenDue` false) that the source answers remembers the source chosen for this run.
  private func refreshFromSource(force: Bool, whenDue: Bool) async throws -> RefreshResult {
    var source = whenDue ? nil : self.source
    if source == nil, let refreshing {
      var choice = refreshing.chosen
      if choice == nil { choice = try await refreshing.settings.settings().source }
      source = choice.map { refreshing.source($0, whenDue) }
    }
    let result = try await RefreshExchangeRates(rates: rates, source: source, now: now)(
      force: force)
    if !whenDue, let refreshing, let chosen = refreshing.chosen {
      try await refreshing.settings.update { $0.source = chosen }
    }
    return result
  }

  /// Filters by code, currency name or region name, ignoring case, accents and spaces, in
  /// either language.
  /// An empty query shows every currency.
  public func search(_ query: String) async {
    state.message = nil
    state.query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    if board == nil { await load() } else { applyQuery() }
  }

  /// Pins or unpins the currency `word` names, read as `calc` reads it: its code (any
  /// case), else the one currency whose name, country or alias it is (`원화`, `yen`); a word
  /// that names several is refused naming them (`.ambiguousCurrency`). A code the rates no
  /// longer list can still be unpinned.
  public func toggleFavorite(_ word: String) async {
    state.message = nil
    if board == nil { await load() }
    guard state.message == nil, let code = favoriteCode(word) else { return }
    let shown = board.map { Set($0.quotes.map(\.code)) }
    guard let isFavorite = await attempt({ try await toggleFavoriteCurrency(code, among: shown) })
    else { return }
    // Only the pin changed: the board shown is reordered, not read again; a read still on
    // its way is older than the pin.
    if let board {
      supersedeReads()
      show(board.marking(code, favorite: isFavorite))
    } else {
      await load()
    }
    state.message = isFavorite ? .favoriteAdded(code) : .favoriteRemoved(code)
  }

  /// The code `word` names among the rates shown (`CurrencySearch.resolve`); a word that
  /// names none is taken as a code, for the use case to pin, unpin or refuse. `nil`, with
  /// the refusal in the state, when it names several.
  private func favoriteCode(_ word: String) -> String? {
    switch CurrencySearch.resolve(word, among: board?.quotes.map(\.code) ?? [], names: names) {
    case .one(let code): return code
    case .none: return word.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    case .several(let codes):
      state.message = .ambiguousCurrency(word, candidates: codes)
      return nil
    }
  }

  private func applyQuery() {
    let quotes = board?.quotes ?? []
    guard !state.query.isEmpty else {
      state.quotes = quotes
      return
    }
    let named = Set(
      CurrencySearch.named(
        CurrencySearch.folded(state.query), among: quotes.map(\.code), names: names))
    state.quotes = quotes.filter { named.contains($0.code) }
  }
}
