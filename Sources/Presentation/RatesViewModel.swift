import Domain
import Foundation
import Observation

/// The exchange-rate list: search by code or currency name (English or Korean),
/// favourites pinned on top, rise/fall marks against the previously cached rates.
@MainActor @Observable
public final class RatesViewModel: MessageReporting {
  public struct State: Equatable, Sendable {
    /// The rows that match the query, favourites first.
    public var quotes: [RateQuote] = []
    public var query = ""
    public var publishedAt: Date?
    public var nextUpdateAt: Date?
    public var message: Message?

    public init(
      quotes: [RateQuote] = [], query: String = "", publishedAt: Date? = nil,
      nextUpdateAt: Date? = nil, message: Message? = nil
    ) {
      self.quotes = quotes
      self.query = query
      self.publishedAt = publishedAt
      self.nextUpdateAt = nextUpdateAt
      self.message = message
    }

    /// A search that found nothing.
    public var hasNoResults: Bool { quotes.isEmpty && !query.isEmpty }
  }

  public private(set) var state = State()
  private var board: RateBoard?
  private let loadRates: LoadExchangeRates
  private let toggleFavoriteCurrency: ToggleFavoriteCurrency

  public init(rates: any ExchangeRateRepository, source: any ExchangeRateSource) {
    loadRates = LoadExchangeRates(rates: rates, source: source)
    toggleFavoriteCurrency = ToggleFavoriteCurrency(rates: rates)
  }

  func report(_ message: Message?) { state.message = message }

  /// Reads the cached rates (filling the cache from the source on first use).
  public func load() async {
    state.message = nil
    guard let board = await attempt({ try await loadRates() }) else { return }
    self.board = board
    state.publishedAt = board.publishedAt
    state.nextUpdateAt = board.nextUpdateAt
    applyQuery()
  }

  /// Filters by code or currency name, case-insensitive, in either language.
  /// An empty query shows every currency.
  public func search(_ query: String) async {
    state.message = nil
    state.query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    if board == nil { await load() } else { applyQuery() }
  }

  /// Pins or unpins a currency.
  public func toggleFavorite(_ code: String) async {
    state.message = nil
    let code = code.uppercased()
    guard let isFavorite = await attempt({ try await toggleFavoriteCurrency(code) }) else { return }
    await load()
    state.message = isFavorite ? .favoriteAdded(code) : .favoriteRemoved(code)
  }

  private func applyQuery() {
    let quotes = board?.quotes ?? []
    state.quotes = quotes.filter { Self.matches($0.code, state.query) }
  }

  static func matches(_ code: String, _ query: String) -> Bool {
    guard !query.isEmpty else { return true }
    let names = [code] + Language.allCases.compactMap { $0.currencyName(code) }
    return names.contains { $0.range(of: query, options: [.caseInsensitive]) != nil }
  }
}
