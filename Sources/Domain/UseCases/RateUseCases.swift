import Foundation

/// The cached rate list with trends (against the previous snapshot of the same base) and
/// favourites. When the store holds no rates yet it
/// is filled once from `source` (the app passes the bundled snapshot, so showing the list
/// never waits for the network).
public struct LoadExchangeRates: Sendable {
  private let rates: any ExchangeRateRepository
  private let source: any ExchangeRateSource
  public init(rates: any ExchangeRateRepository, source: any ExchangeRateSource) {
    self.rates = rates
    self.source = source
  }

  public func callAsFunction() async throws -> RateBoard {
    let latest: RateSnapshot
    if let stored = try await rates.latest() {
      latest = stored
    } else {
      // Only into a store that is still empty: a set another process stored meanwhile wins.
      let seed = try await source.fetch()
      switch try await rates.store(seed, if: .noneStored) {
      case .stored: latest = seed
      case .kept(let stored): latest = stored
      }
    }
    // A snapshot quoted against another base is not comparable rate by rate: no trend. Nor
    // is one not older than `latest`: read after another process stored a newer set.
    let previous = try await rates.previous().flatMap {
      $0.base == latest.base && $0.publishedAt < latest.publishedAt ? $0 : nil
    }
    let favorites = try await rates.favorites()
    let quotes = RateBoard.ordered(
      latest.codes.map { code in
        RateQuote(
          code: code, rate: latest.rate(for: code) ?? 0,
          trend: Trend(current: latest.rate(for: code) ?? 0, previous: previous?.rate(for: code)),
          isFavorite: favorites.contains(code))
      })
    return RateBoard(
      base: latest.base, quotes: quotes, publishedAt: latest.publishedAt,
      nextUpdateAt: latest.nextUpdateAt)
  }
}

/// What a refresh did.
public enum RefreshResult: Equatable, Sendable {
  /// New rates were fetched and stored.
  case updated(RateSnapshot)
  /// The cached rates are current: the provider publishes again at `nextUpdateAt`.
  case notDue(nextUpdateAt: Date)
  /// The source's rates were published at `publishedAt`, before the cached ones: the cache
  /// keeps the newer rates.
  case sourceOlder(publishedAt: Date)
  /// The source publishes the rates the cache holds already: nothing changed.
  case unchanged(publishedAt: Date)
  /// No source is configured (the bundled snapshot only seeds an empty cache).
  case noSource
}

/// Fetches fresh rates from the source into the store, at most once per published update:
/// until the cached rates' next-update time has passed it does nothing (unless `force`),
/// as the provider asks. When the fetch fails the cached rates stay. Rates never go back in
/// time: a publication older than (or the same as) the cached one is not stored, and the
/// store decides that inside its write (`store(_:if: .newerThanLatestOrImpossible)`), so of
/// two refreshes at once the older publication is refused whichever finishes last. A set
/// that cannot be a real publication (`RateSnapshot.impossibility(now:)`: from the future,
/// or due before it was published) is refused, and one already cached is replaced by the
/// next real one.
public struct RefreshExchangeRates: Sendable {
  private let rates: any ExchangeRateRepository
  private let source: (any ExchangeRateSource)?
  private let now: @Sendable () -> Date
  /// - Parameter rates: where the rates are cached.
  /// - Parameter source: where fresh rates come from; `nil` when none is configured.
  /// - Parameter now: the wall clock (whether a set is due, or from the future).
  public init(
    rates: any ExchangeRateRepository, source: (any ExchangeRateSource)?,
    now: @escaping @Sendable () -> Date
  ) {
    self.rates = rates
    self.source = source
    self.now = now
  }

  /// - Throws: `DomainError.ratesUnavailable` with the cause when the source fails;
  ///   `CancellationError` when the task was cancelled during the fetch (nothing is stored).
  @discardableResult
  public func callAsFunction(force: Bool = false) async throws -> RefreshResult {
    guard let source else { return .noSource }
    let cached = try await rates.latest()
    let now = now()
    // Cached rates that cannot be real (published in the future) are never current.
    if !force, let cached, now < cached.nextUpdateAt, cached.impossibility(now: now) == nil {
      return .notDue(nextUpdateAt: cached.nextUpdateAt)
    }
    let snapshot: RateSnapshot
    do {
      snapshot = try await source.fetch()
    } catch let error as DomainError {
      throw error
    } catch let error as CancellationError {
      throw error
    } catch {
      throw DomainError.ratesUnavailable(
        reason: StoreProblem(.fromSource(source.name, .system(error.localizedDescription))))
    }
    if snapshot.publishedAt.timeIntervalSince(now) > RateSnapshot.clockTolerance {
      throw DomainError.ratesFromTheFuture(
        source: source.name, publishedAt: snapshot.publishedAt, clock: now)
    }
    if let impossibility = snapshot.impossibility(now: now) {
      throw DomainError.ratesUnavailable(
        reason: StoreProblem(.fromSource(source.name, .rates(.impossible(impossibility)))))
    }
    switch try await rates.store(snapshot, if: .newerThanLatestOrImpossible(now: now)) {
    case .stored:
      return .updated(snapshot)
    case .kept(let latest):
      return snapshot.publishedAt < latest.publishedAt
        ? .sourceOlder(publishedAt: snapshot.publishedAt)
        : .unchanged(publishedAt: snapshot.publishedAt)
    }
  }
}

/// Converts an amount between two listed currencies with the cached rates (through the
/// base currency), rounded half away from zero to 2 decimals, in exact decimal arithmetic.
public struct ConvertCurrency: Sendable {
  private let rates: any ExchangeRateRepository
  public init(rates: any ExchangeRateRepository) { self.rates = rates }

  public func callAsFunction(_ amount: Decimal, from: String, to: String) async throws
    -> Conversion
  {
    guard amount >= 0 else { throw DomainError.invalidInput(.negativeAmount) }
    guard let snapshot = try await rates.latest() else {
      throw DomainError.ratesUnavailable(reason: StoreProblem(.noCachedRates))
    }
    guard let fromRate = snapshot.rate(for: from), fromRate > 0 else {
      throw DomainError.invalidInput(.unknownCurrency(from))
    }
    guard let toRate = snapshot.rate(for: to) else {
      throw DomainError.invalidInput(.unknownCurrency(to))
    }
    // Decimal arithmetic does not trap: an overflow gives NaN, refused below with any
    // result too large to show. A currency into itself is the amount (a × r ÷ r could lose
    // digits past a Decimal's 38); from the base it is the product alone.
    let exact =
      from == to ? amount : from == snapshot.base ? amount * toRate : amount * toRate / fromRate
    let result = exact.rounded(scale: 2)
    guard !result.isNaN, Limits.conversionResult.contains(result) else {
      throw DomainError.invalidInput(.resultTooLarge)
    }
    return Conversion(
      amount: amount, from: from, result: result, to: to, base: snapshot.base,
      fromRate: fromRate, toRate: toRate)
  }
}

/// Pins a currency the latest rates list on top of the list, or unpins a favourite (listed
/// or not: a new set may drop a pinned code). Returns whether it is now a favourite.
public struct ToggleFavoriteCurrency: Sendable {
  private let rates: any ExchangeRateRepository
  public init(rates: any ExchangeRateRepository) { self.rates = rates }

  /// - Parameter code: the currency's code.
  /// - Parameter shown: the codes of the latest rates when the caller has them at hand
  ///   (a board it loaded), so they are not read again; `nil` reads them.
  @discardableResult
  public func callAsFunction(_ code: String, among shown: Set<String>? = nil) async throws
    -> Bool
  {
    let codes: Set<String>
    if let shown {
      codes = shown
    } else {
      codes = Set(try await rates.latest()?.codes ?? [])
    }
    // A favourite the latest rates no longer list can still be unpinned.
    if !codes.contains(code) {
      guard try await rates.favorites().contains(code) else {
        throw DomainError.invalidInput(.unknownCurrency(code))
      }
    }
    return try await rates.toggleFavorite(code)
  }
}
