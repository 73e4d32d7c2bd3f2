import Foundation

/// One published set of exchange rates: how many units of each currency one unit of
/// `base` buys.
public struct RateSnapshot: Equatable, Sendable {
  public var base: String
  public var publishedAt: Date
  public var nextUpdateAt: Date
  public var rates: [String: Decimal]

  public init(base: String, publishedAt: Date, nextUpdateAt: Date, rates: [String: Decimal]) {
    self.base = base
    self.publishedAt = publishedAt
    self.nextUpdateAt = nextUpdateAt
    self.rates = rates
  }

  /// Units of `code` per unit of `base`; the base itself is 1.
  public func rate(for code: String) -> Decimal? {
    code == base ? 1 : rates[code]
  }

  /// Every listed code, the base included.
  public var codes: Set<String> { Set(rates.keys).union([base]) }

  /// How far past the machine's clock a publication may be: a day, for clocks set a
  /// little wrong and providers a time zone ahead.
  public static let clockTolerance: TimeInterval = 24 * 60 * 60

  /// Why this set cannot be a real publication at `now`, naming its fields as `fields`
  /// does (open.er-api.com's names unless told): published more than `clockTolerance`
  /// after `now`, or due for its next update before it was published. `nil` when it can be.
  ///
  /// A set published in the future would stay the newest forever and keep every true one
  /// out (`RefreshExchangeRates` stores only newer publications).
  public func impossibility(now: Date, fields: PublicationFields = .openERAPI)
    -> PublicationProblem?
  {
    Self.impossibility(
      publishedAt: publishedAt, nextUpdateAt: nextUpdateAt, now: now, fields: fields)
  }

  /// `impossibility(now:fields:)` of a set published at `publishedAt`, due again at
  /// `nextUpdateAt`.
  public static func impossibility(
    publishedAt: Date, nextUpdateAt: Date, now: Date, fields: PublicationFields = .openERAPI
  ) -> PublicationProblem? {
    if publishedAt.timeIntervalSince(now) > clockTolerance {
      return .afterClock(
        published: fields.value(publishedAt, named: fields.published), clock: iso(now))
    }
    if nextUpdateAt < publishedAt {
      return .nextUpdateFirst(
        next: fields.value(nextUpdateAt, named: fields.nextUpdate),
        published: fields.value(publishedAt, named: fields.published))
    }
    return nil
  }

  /// How a rate set's publication times are named where they came from.
  public struct PublicationFields: Sendable {
    public var published: String
    public var nextUpdate: String
    /// Whether the values are milliseconds (else seconds) since 1970.
    public var milliseconds: Bool

    /// open.er-api.com's response.
    public static let openERAPI = PublicationFields(
      published: "time_last_update_unix", nextUpdate: "time_next_update_unix",
      milliseconds: false)
    /// An archive's rate sets (docs/storage.md).
    public static let archive = PublicationFields(
      published: "publishedAtMs", nextUpdate: "nextUpdateAtMs", milliseconds: true)

    /// `date` as the field `name` holds it, and when that is.
    func value(_ date: Date, named name: String) -> PublicationTime {
      let number =
        milliseconds
        ? date.epochMilliseconds : Int64(date.timeIntervalSince1970.rounded(.down))
      return PublicationTime(field: name, number: "\(number)", iso: RateSnapshot.iso(date))
    }
  }

  fileprivate static func iso(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle())
  }
}

/// How a rate moved against the previously cached snapshot.
public enum Trend: Equatable, Sendable {
  case up, down, flat

  /// Up or down only when the move is larger than `threshold` (0.01 by default).
  public init(
    current: Decimal, previous: Decimal?,
    threshold: Decimal = Decimal(sign: .plus, exponent: -2, significand: 1)
  ) {
    guard let previous else {
      self = .flat
      return
    }
    let change = current - previous
    if change > threshold {
      self = .up
    } else if change < -threshold {
      self = .down
    } else {
      self = .flat
    }
  }
}

/// One row of the rate list.
public struct RateQuote: Equatable, Sendable {
  public var code: String
  public var rate: Decimal
  public var trend: Trend
  public var isFavorite: Bool

  public init(code: String, rate: Decimal, trend: Trend, isFavorite: Bool) {
    self.code = code
    self.rate = rate
    self.trend = trend
    self.isFavorite = isFavorite
  }
}

/// The rate list as the store holds it.
public struct RateBoard: Equatable, Sendable {
  /// The currency every rate is quoted against (USD for the bundled snapshot).
  public var base: String
  /// Favourites first, sorted by code, then the rest sorted by code.
  public var quotes: [RateQuote]
  public var publishedAt: Date
  public var nextUpdateAt: Date

  public init(base: String, quotes: [RateQuote], publishedAt: Date, nextUpdateAt: Date) {
    self.base = base
    self.quotes = quotes
    self.publishedAt = publishedAt
    self.nextUpdateAt = nextUpdateAt
  }

  /// Since when newer rates are due at `now`: the next update time once it has passed, or
  /// `now` for a set that cannot be a real publication (`RateSnapshot.impossibility`);
  /// `nil` while the rates are current.
  public func dueSince(now: Date) -> Date? {
    if now >= nextUpdateAt { return nextUpdateAt }
    let impossible = RateSnapshot.impossibility(
      publishedAt: publishedAt, nextUpdateAt: nextUpdateAt, now: now)
    return impossible != nil ? now : nil
  }

  /// `quotes` in the board's order: favourites first, each part by code.
  public static func ordered(_ quotes: [RateQuote]) -> [RateQuote] {
    quotes.sorted { ($0.isFavorite ? 0 : 1, $0.code) < ($1.isFavorite ? 0 : 1, $1.code) }
  }

  /// The board with `code` pinned or unpinned, in order again; the rates stay as they are.
  public func marking(_ code: String, favorite: Bool) -> RateBoard {
    var board = self
    board.quotes = Self.ordered(
      quotes.map { quote in
        var quote = quote
        if quote.code == code { quote.isFavorite = favorite }
        return quote
      })
    return board
  }
}

/// The result of a conversion, rounded half away from zero to 2 decimals, with the rates it
/// was computed from, so a screen shows the rates it used: `result` is
/// `amount × toRate ÷ fromRate` rounded, each rate as the snapshot gives it (units per one
/// `base`; the base itself is 1).
public struct Conversion: Equatable, Sendable {
  public var amount: Decimal
  public var from: String
  public var result: Decimal
  public var to: String
  /// The currency both rates are quoted against.
  public var base: String
  /// Units of `from` per one `base`.
  public var fromRate: Decimal
  /// Units of `to` per one `base`.
  public var toRate: Decimal

  public init(
    amount: Decimal, from: String, result: Decimal, to: String, base: String,
    fromRate: Decimal, toRate: Decimal
  ) {
    self.amount = amount
    self.from = from
    self.result = result
    self.to = to
    self.base = base
    self.fromRate = fromRate
    self.toRate = toRate
  }
}

extension RateSnapshot {
  /// Whether `code` is an ISO 4217 code as rate sources write them: three capital letters
  /// A–Z, nothing around them (not `krw`, `KRWXX`, `"KRW "` or one holding ESC). Every door
  /// a code comes in by (a refresh, an import, a store read) asks here.
  public static func isCurrencyCode(_ code: String) -> Bool {
    code.utf8.count == 3
      && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  /// Why a text is not a currency code, after the text (as `CheckFailure.notACurrencyCode`
  /// words it in English).
  public static let notACode = "is not a currency code (three capital letters A–Z)"

  /// Why `code`, named `field`, is not a currency code, with what cannot be seen escaped;
  /// `nil` when it is one.
  public static func codeProblem(_ code: String, field: String) -> CheckFailure? {
    guard !isCurrencyCode(code) else { return nil }
    // A text from a file may be long: its start is enough to see it is no code.
    return code.count > 40
      ? .notACurrencyCode(
        field: field, code: String(code.prefix(40)).debugDescription, characters: code.count)
      : .notACurrencyCode(field: field, code: code.debugDescription, characters: nil)
  }
}
