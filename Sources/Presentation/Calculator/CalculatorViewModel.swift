import Foundation
import Observation
import PocketDomain

/// Converts a typed amount into the chosen currency with the cached rate. A relaunch
/// brings back the currency, never the typed amount.
@MainActor @Observable
public final class CalculatorViewModel: ObservedViewModel, OrderedReads, FollowsStore {
  /// What the calculator shows: its currency and rate, the last conversion, and a message.
  public struct State: MessageShowing, Equatable, Sendable {
    public var currency: String
    /// Units of `currency` per unit of `base` in the cached rates.
    public var rate: Decimal?
    public var base = "USD"
    public var conversion: Conversion?
    /// When the rates converted with were published, and since when newer ones are due
    /// (`RateBoard.dueSince`; `nil` while they are current).
    public var publishedAt: Date?
    public var dueSince: Date?
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

  /// The state `state` reads (`message`, `conversion` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [.at(\.conversion)])
  private let loadRates: LoadExchangeRates
  private let convertCurrency: ConvertCurrency
  private let language: Language
  private let names: CurrencyNames
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - rates: where the cached rates are read.
  ///   - seed: fills an empty cache (the bundled snapshot).
  ///   - language: how a typed amount writes its separators.
  ///   - names: where a currency word is looked up (`CurrencySearch`).
  ///   - now: the wall clock (whether the rates are due for a refresh).
  public init(
    rates: any ExchangeRateRepository, seed: any ExchangeRateSource, language: Language,
    names: CurrencyNames = .shared, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.now = now
    loadRates = LoadExchangeRates(rates: rates, source: seed)
    self.language = language
    self.names = names
    convertCurrency = ConvertCurrency(rates: rates)
  }

  nonisolated public static let records: RecordKinds = .rates
  @ObservationIgnored var reads = ReadOrder()

  /// Opens the calculator for `currency`: a code, or a word that names one currency
  /// (`CurrencySearch`: `원화`, `yen`), with its cached rate and no amount.
  /// - Returns: false, with `.unknownCurrency` or `.ambiguousCurrency`, when the word names
  ///   no listed currency or several.
  @discardableResult
  public func open(_ currency: String) async -> Bool {
    // What it opens is newer than any read still on its way.
    supersedeReads()
    guard let board = await attempt({ try await loadRates() }) else { return false }
    guard let code = resolve(currency, among: board),
      let quote = board.quotes.first(where: { $0.code == code })
    else { return false }
    state = State(currency: code, rate: quote.rate, base: board.base)
    state.publishedAt = board.publishedAt
    state.dueSince = board.dueSince(now: now())
    return true
  }

  /// Converts the typed amount from the cached rates' base currency (`state.base`: USD for
  /// the bundled rates and `--online`; another source may quote another base), or from
  /// `from` (a code or a word naming one currency) through the base rates. The screen then
  /// shows the rates the conversion used, whatever it showed before.
  public func convert(_ amountText: String, from: String? = nil) async {
    state.message = nil
    let currency = state.currency
    var source = state.base
    if let from {
      guard let board = await attempt({ try await loadRates() }),
        let code = resolve(from, among: board)
      else { return }
      source = code
    }
    let conversion = await newest {
      let amount = try DecimalInput.parse(
        amountText, groupingSeparator: language.groupingSeparator,
        decimalSeparator: language.decimalSeparator)
      return try await convertCurrency(amount, from: source, to: currency)
    }
    guard let conversion else { return }
    state.conversion = conversion
    state.rate = conversion.toRate
    state.base = conversion.base
  }

  /// Reads the cached rates again (another process refreshed them): the same currency,
  /// their publication, and the amount shown converted again at the new rates.
  public func reload() async {
    state.message = nil
    let currency = state.currency
    guard let board = await newest({ try await loadRates() }) else { return }
    state.publishedAt = board.publishedAt
    state.dueSince = board.dueSince(now: now())
    guard let shown = state.conversion else {
      guard let quote = board.quotes.first(where: { $0.code == currency }) else {
        state.message = .input(.unknownCurrency(currency))
        return
      }
      state.rate = quote.rate
      state.base = board.base
      return
    }
    let conversion = await newest {
      try await convertCurrency(shown.amount, from: shown.from, to: currency)
    }
    guard let conversion else { return }
    state.conversion = conversion
    state.rate = conversion.toRate
    state.base = conversion.base
  }

  /// The code `word` names among the board's currencies; `nil`, with the refusal in the
  /// state, when it names none or several.
  private func resolve(_ word: String, among board: RateBoard) -> String? {
    switch CurrencySearch.resolve(word, among: board.quotes.map(\.code), names: names) {
    case .one(let code):
      return code
    case .several(let codes):
      state.message = .ambiguousCurrency(word, candidates: codes)
    case .none:
      state.message = .input(.unknownCurrency(word.uppercased()))
    }
    return nil
  }
}
