import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

/// A conversion line `A X → B Y` shows the amount actually converted (as typed, every digit
/// it was parsed with) and a result that is that amount times the rate, rounded half up to
/// 2 decimals: the line is arithmetically true at the precision shown.
@Suite("Conversion lines")
struct ConversionLineTests {
  let strings = Strings(language: .en, timeZone: .gmt)

  /// The number a shown amount stands for.
  func shown(_ text: Substring) -> Decimal? {
    Decimal(string: text.split(separator: " ")[0].replacingOccurrences(of: ",", with: ""))
  }

  @Test func theTypedAmountIsShownWithAllItsDigits() async throws {
    let store = InMemoryStore().repositories
    _ = try await LoadExchangeRates(rates: store.rates, source: BundledRateSource())()
    let amount = try DecimalInput.parse("1.005", groupingSeparator: ",", decimalSeparator: ".")
    let conversion = try await ConvertCurrency(rates: store.rates)(amount, from: "USD", to: "KRW")
    // 1.005 × 1350.003043 = 1356.753058…
    #expect(strings.conversion(conversion) == "1.005 USD → 1,356.75 KRW")
  }

  /// A number as its digits over a power of ten: `digits / 10^scale`.
  struct Scaled {
    var digits: Int128
    var scale: Int
  }

  /// `amount × to / from` in cents, rounded half up (half away from zero: nothing here is
  /// negative), in integer arithmetic on the digits alone, so that it shares nothing with
  /// the `Decimal` arithmetic and rounding it checks. 128 bits hold every product here: at
  /// most 10^13 × 10^9 × 10^9 × 100, doubled.
  static func cents(_ amount: Scaled, times to: Scaled, over from: Scaled) -> Int128 {
    func power(_ exponent: Int) -> Int128 {
      (0..<exponent).reduce(1) { product, _ in product * 10 }
    }
    let numerator = amount.digits * to.digits * power(from.scale) * 100
    let denominator = from.digits * power(amount.scale + to.scale)
    return (2 * numerator + denominator) / (2 * denominator)
  }

  /// Cents as the decimal they stand for.
  static func decimal(cents: Int128) -> Decimal? {
    let fraction = String(cents % 100)
    return Decimal(string: "\(cents / 100).\(fraction.count == 1 ? "0" : "")\(fraction)")
  }

  @Test func theIntegerOracleRoundsHalfUpOnBothSidesOfEven() {
    let half = Scaled(digits: 5, scale: 3)  // 0.005
    let one = Scaled(digits: 1, scale: 0)
    #expect(Self.cents(one, times: half, over: one) == 1)  // 0.005 → 0.01
    #expect(Self.cents(Scaled(digits: 3, scale: 0), times: half, over: one) == 2)  // 0.015
    #expect(Self.cents(Scaled(digits: 5, scale: 0), times: half, over: one) == 3)  // 0.025
    #expect(Self.cents(Scaled(digits: 999, scale: 3), times: half, over: one) == 0)  // 0.004995
    #expect(Self.cents(one, times: one, over: Scaled(digits: 3, scale: 0)) == 33)  // 0.3333…
    #expect(
      Self.cents(Scaled(digits: 2, scale: 0), times: one, over: Scaled(digits: 3, scale: 0)) == 67)
    #expect(Self.decimal(cents: 1_234_567_889) == Decimal(string: "12345678.89"))
    #expect(Self.decimal(cents: 5) == Decimal(string: "0.05"))
  }

  /// Random amounts and rates, and every fourth case a tie (an odd whole amount times a
  /// rate of 3 decimals ending in 5 is exactly half a cent past a cent, odd or even): the
  /// shown result is the integer oracle's.
  @Test func everyLineIsTrueAtThePrecisionShown() async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("Conversion lines: seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let store = InMemoryStore().repositories
    let convert = ConvertCurrency(rates: store.rates)
    let cases = Soak.size(1_000, full: 20_000)
    var ties = 0
    for index in 0..<cases {
      let isTie = index % 4 == 0
      func rate() -> Scaled {
        Scaled(
          digits: Int128(Int.random(in: 1...999_999_999, using: &random)),
          scale: Int.random(in: 2...9, using: &random))
      }
      let from = isTie ? Scaled(digits: 1, scale: 0) : rate()
      let to =
        isTie
        ? Scaled(digits: Int128(Int.random(in: 0...99_999, using: &random) * 10 + 5), scale: 3)
        : rate()
      func decimal(_ rate: Scaled) -> Decimal {
        Decimal(sign: .plus, exponent: -rate.scale, significand: Decimal(Int64(rate.digits)))
      }
      try await store.rates.storeNewer(
        RateSnapshot(
          base: "USD", publishedAt: Date(timeIntervalSince1970: Double(index)),
          nextUpdateAt: Date(timeIntervalSince1970: Double(index + 1)),
          rates: ["AAA": decimal(from), "BBB": decimal(to)]))
      let digits = isTie ? 0 : Int.random(in: 0...5, using: &random)
      var whole = Int.random(in: 0...99_999_999, using: &random)
      if isTie { whole |= 1 }
      let fraction = (0..<digits).map { _ in Int.random(in: 0...9, using: &random) }
      let text = digits == 0 ? "\(whole)" : "\(whole).\(fraction.map(String.init).joined())"
      let amount = try DecimalInput.parse(text, groupingSeparator: ",", decimalSeparator: ".")
      let fromCode = isTie ? "USD" : ["USD", "AAA"].randomElement(using: &random) ?? "USD"
      let conversion: Conversion
      do {
        conversion = try await convert(amount, from: fromCode, to: "BBB")
      } catch DomainError.invalidInput(.resultTooLarge) {
        continue
      }
      let line = strings.conversion(conversion)
      let sides = line.split(separator: " → ")
      let shownAmount = try #require(shown(sides[0]))
      let shownResult = try #require(shown(sides[1]))
      #expect(shownAmount == amount, "\(text): \(line) (seed \(seed))")
      let typed = Scaled(
        digits: fraction.reduce(Int128(whole)) { $0 * 10 + Int128($1) }, scale: digits)
      let cents = Self.cents(
        typed, times: to, over: fromCode == "USD" ? Scaled(digits: 1, scale: 0) : from)
      #expect(shownResult == Self.decimal(cents: cents), "\(text): \(line) (seed \(seed))")
      if isTie { ties += 1 }
    }
    #expect(ties == (cases + 3) / 4, "every tie was converted, none refused")
  }
}
