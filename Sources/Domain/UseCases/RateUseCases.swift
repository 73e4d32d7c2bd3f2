import Foundation

/// The cached rate list with trends and favourites. When the store holds no rates yet it
/// is filled once from the source (the bundled snapshot by default).
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
      latest = try await source.fetch()
      try await rates.store(latest)
    }
    let previous = try await rates.previous()
    let favorites = try await rates.favorites()
    let quotes = latest.codes.map { code in
      RateQuote(
        code: code, rate: latest.rate(for: code) ?? 0,
        trend: Trend(current: latest.rate(for: code) ?? 0, previous: previous?.rate(for: code)),
        isFavorite: favorites.contains(code))
    }
    .sorted { ($0.isFavorite ? 0 : 1, $0.code) < ($1.isFavorite ? 0 : 1, $1.code) }
    return RateBoard(
      quotes: quotes, publishedAt: latest.publishedAt, nextUpdateAt: latest.nextUpdateAt)
  }
}

/// Fetches fresh rates from the source into the store; the cached rates stay when it fails.
public struct RefreshExchangeRates: Sendable {
  private let rates: any ExchangeRateRepository
  private let source: any ExchangeRateSource
  public init(rates: any ExchangeRateRepository, source: any ExchangeRateSource) {
    self.rates = rates
    self.source = source
  }

  @discardableResult
  public func callAsFunction() async throws -> RateSnapshot {
    let snapshot: RateSnapshot
    do {
      snapshot = try await source.fetch()
    } catch let error as DomainError {
      throw error
    } catch {
      throw DomainError.ratesUnavailable(reason: "\(source.name): \(error.localizedDescription)")
    }
    try await rates.store(snapshot)
    return snapshot
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
      throw DomainError.ratesUnavailable(reason: "no cached rates")
    }
    guard let fromRate = snapshot.rate(for: from), fromRate > 0 else {
      throw DomainError.invalidInput(.unknownCurrency(from))
    }
    guard let toRate = snapshot.rate(for: to) else {
      throw DomainError.invalidInput(.unknownCurrency(to))
    }
    let result = from == snapshot.base ? amount * toRate : amount * toRate / fromRate
    return Conversion(amount: amount, from: from, result: result.rounded(scale: 2), to: to)
  }
}

/// Pins a currency on top of the list, or unpins it. Returns whether it is now a favourite.
public struct ToggleFavoriteCurrency: Sendable {
  private let rates: any ExchangeRateRepository
  public init(rates: any ExchangeRateRepository) { self.rates = rates }

  @discardableResult
  public func callAsFunction(_ code: String) async throws -> Bool {
    guard let snapshot = try await rates.latest(), snapshot.codes.contains(code) else {
      throw DomainError.invalidInput(.unknownCurrency(code))
    }
    let isFavorite = !(try await rates.favorites().contains(code))
    try await rates.setFavorite(code, isFavorite)
    return isFavorite
  }
}
