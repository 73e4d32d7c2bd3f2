import Domain
import Foundation
import Observation

/// Converts a typed amount into the chosen currency with the cached rate. A relaunch
/// brings back the currency, never the typed amount.
@MainActor @Observable
public final class CalculatorViewModel: MessageReporting {
  public struct State: Equatable, Sendable {
    public var currency: String
    /// Units of `currency` per unit of `base` in the cached rates.
    public var rate: Decimal?
    public var base = "USD"
    public var conversion: Conversion?
    public var message: Message?

    public init(
      currency: String = "", rate: Decimal? = nil, base: String = "USD",
      conversion: Conversion? = nil, message: Message? = nil
    ) {
      self.currency = currency
      self.rate = rate
      self.base = base
      self.conversion = conversion
      self.message = message
    }
  }

  public private(set) var state = State()
  private let loadRates: LoadExchangeRates
  private let convertCurrency: ConvertCurrency
  private let language: Language

  public init(
    rates: any ExchangeRateRepository, seed: any ExchangeRateSource, language: Language
  ) {
    loadRates = LoadExchangeRates(rates: rates, source: seed)
    self.language = language
    convertCurrency = ConvertCurrency(rates: rates)
  }

  func report(_ message: Message?) { state.message = message }

  /// Opens the calculator for `currency`, with its cached rate and no amount.
  /// - Returns: false, with `.unknownCurrency`, when the rates do not list it.
  @discardableResult
  public func open(_ currency: String) async -> Bool {
    let code = currency.uppercased()
    guard let board = await attempt({ try await loadRates() }) else { return false }
    guard let quote = board.quotes.first(where: { $0.code == code }) else {
      state.message = .unknownCurrency(code)
      return false
    }
    state = State(currency: code, rate: quote.rate, base: board.base)
    return true
  }

  /// Converts the typed amount from the cached rates' base currency (`state.base`: USD for
  /// the bundled rates and `--online`; another source may quote another base), or from
  /// `from` through the base rates.
  public func convert(_ amountText: String, from: String? = nil) async {
    state.message = nil
    let currency = state.currency
    let source = from?.uppercased() ?? state.base
    let conversion = await attempt {
      let amount = try DecimalInput.parse(
        amountText, groupingSeparator: language.groupingSeparator,
        decimalSeparator: language.decimalSeparator)
      return try await convertCurrency(amount, from: source, to: currency)
    }
    if let conversion { state.conversion = conversion }
  }
}
