import Data
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// A conversion line `A X → B Y` shows the amount actually converted (as typed, every digit
/// it was parsed with) and a result that is that amount times the rate, rounded half up to
/// 2 decimals: the line is arithmetically true at the precision shown.
@Suite("Conversion lines")
struct ConversionLineTests {
  let strings = Strings(language: .en)

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

  @Test func everyLineIsTrueAtThePrecisionShown() async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("Conversion lines: seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let store = InMemoryStore().repositories
    let convert = ConvertCurrency(rates: store.rates)
    let cases = Soak.size(1_000, full: 20_000)
    for index in 0..<cases {
      func rate() -> Decimal {
        Decimal(
          sign: .plus, exponent: Int.random(in: -9...(-2), using: &random),
          significand: Decimal(Int.random(in: 1...999_999_999, using: &random)))
      }
      let rates = ["AAA": rate(), "BBB": rate()]
      try await store.rates.storeNewer(
        RateSnapshot(
          base: "USD", publishedAt: Date(timeIntervalSince1970: Double(index)),
          nextUpdateAt: Date(timeIntervalSince1970: Double(index + 1)), rates: rates))
      let digits = Int.random(in: 0...5, using: &random)
      let whole = Int.random(in: 0...99_999_999, using: &random)
      let fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }
      let text = digits == 0 ? "\(whole)" : "\(whole).\(fraction.joined())"
      let amount = try DecimalInput.parse(text, groupingSeparator: ",", decimalSeparator: ".")
      let from = ["USD", "AAA"].randomElement(using: &random) ?? "USD"
      let conversion: Conversion
      do {
        conversion = try await convert(amount, from: from, to: "BBB")
      } catch DomainError.invalidInput(.resultTooLarge) {
        continue
      }
      let line = strings.conversion(conversion)
      let sides = line.split(separator: " → ")
      let shownAmount = try #require(shown(sides[0]))
      let shownResult = try #require(shown(sides[1]))
      #expect(shownAmount == amount, "\(text): \(line) (seed \(seed))")
      let fromRate = from == "USD" ? 1 : rates["AAA"] ?? 0
      let exact = shownAmount * (rates["BBB"] ?? 0) / fromRate
      #expect(shownResult == exact.rounded(scale: 2), "\(text): \(line) (seed \(seed))")
    }
  }
}
