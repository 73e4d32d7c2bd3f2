import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// The calculator's screen shows the rates it converts with, every digit the source gave,
/// and every conversion line on it can be reproduced with a pencil from the rates on the
/// same screen: for every currency of both real rate files, from the base, from another
/// currency (a cross rate: both legs shown) and from itself.
@Suite("The rate shown is the rate used", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ShownRateTests {
  static let files = ["open-er-api-USD-2024-01-09.json", "open-er-api-USD-2024-08-19.json"]
  /// The amounts converted: the issue's two and a tie at a half cent (more with
  /// POCKET_SOAK=1).
  static let amounts = Soak.size(
    ["1,000.50", "999999999999999", "0.005", "12,345.678"],
    full: ["1,000.50", "999999999999999", "1", "0.01", "0.5", "12,345.678", "0", "0.005", "7.125"])

  let renderer = Renderer(strings: Strings(language: .en, timeZone: .gmt))

  /// A shown number as its digits over a power of ten: `digits / 10^scale`.
  struct Scaled: Equatable, CustomStringConvertible {
    var digits: Int128
    var scale: Int

    /// `text` as shown (grouped with commas, `.` before the decimals); nil when it is not
    /// such a number.
    init?(_ text: Substring) {
      let plain = text.filter { $0 != "," }
      let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), !parts[0].isEmpty,
        parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }),
        let digits = Int128(parts.joined())
      else { return nil }
      self.digits = digits
      scale = parts.count == 2 ? parts[1].count : 0
    }

    init(digits: Int128, scale: Int) {
      self.digits = digits
      self.scale = scale
    }

    /// Whether both stand for the same number, whatever their trailing zeros.
    func sameValue(as other: Scaled) -> Bool {
      let scale = max(self.scale, other.scale)
      return digits * power(scale - self.scale) == other.digits * power(scale - other.scale)
    }

    var description: String { "\(digits)e-\(scale)" }
  }

  static func power(_ exponent: Int) -> Int128 {
    (0..<exponent).reduce(1) { product, _ in product * 10 }
  }

  /// `amount × to ÷ from` at `scale` decimals, rounded half up (nothing here is negative),
  /// in integer arithmetic on the shown digits alone; nil if 128 bits would not hold it.
  static func oracle(_ amount: Scaled, times to: Scaled, over from: Scaled, scale: Int) -> Scaled? {
    let (product, overflow) = amount.digits.multipliedReportingOverflow(by: to.digits)
    let (scaled, overflow2) = product.multipliedReportingOverflow(
      by: power(from.scale + scale) * 2)
    guard !overflow, !overflow2 else { return nil }
    let denominator = from.digits * power(amount.scale + to.scale)
    return Scaled(digits: (scaled + denominator) / (2 * denominator), scale: scale)
  }

  /// The rates of `name` as the file writes them, read with a pattern (not the decoder).
  static func writtenRates(_ name: String) throws -> [String: Substring] {
    let text = try String(contentsOf: Fixtures.url(name), encoding: .utf8)
    let start = try #require(text.range(of: #""rates":{"#))
    let body = text[start.upperBound...].prefix { $0 != "}" }
    var rates: [String: Substring] = [:]
    for member in body.split(separator: ",") {
      let pair = member.split(separator: ":")
      try #require(pair.count == 2, "\(member)")
      rates[pair[0].trimmingCharacters(in: CharacterSet(charactersIn: "\" \n"))] =
        pair[1].drop { $0 == " " || $0 == "\n" }
    }
    return rates
  }

  /// The calculator's screen as lines: its rate lines (`1 USD = 1,350.003043 KRW`, by the
  /// code on the right) and its conversion line's four parts.
  struct Screen {
    var rates: [String: Substring] = [:]
    var base: String?
    var conversion: (amount: Substring, from: String, result: Substring, to: String)?

    init(_ text: String) {
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        if words.count == 5, words[0] == "1", words[2] == "=" {
          base = String(words[1])
          rates[String(words[4])] = words[3]
        } else if words.count == 5, words[2] == "→" {
          conversion = (words[0], String(words[1]), words[3], String(words[4]))
        }
      }
    }
  }

  /// One calculator screen checked: it converted `from` (nil: the base) into `code`, every
  /// rate it shows is the file's with every digit, and its line is the pencil's.
  func check(
    _ state: CalculatorViewModel.State, code: String, from: String?,
    written: [String: Substring], file: String
  ) throws {
    let text = renderer.render(ScreenContent(state))
    let screen = Screen(text)
    let base = try #require(screen.base, "\(text)")
    let line = try #require(screen.conversion, "\(text)")
    #expect(line.to == code)
    #expect(line.from == from ?? base)
    for (shownCode, shownRate) in screen.rates where shownCode != base {
      let shown = try #require(Scaled(shownRate), "\(shownRate)")
      let source = try #require(written[shownCode].flatMap { Scaled($0) })
      #expect(shown.sameValue(as: source), "\(shownCode): \(shownRate) in \(file)")
      #expect(shown.scale == source.scale, "every digit the source gave: \(shownRate)")
    }
    // The pencil: amount × the rate of `to` ÷ the rate of `from`, each from the screen.
    func rate(_ currency: String) throws -> Scaled {
      if currency == base { return Scaled(digits: 1, scale: 0) }
      let shown = try #require(screen.rates[currency], "no rate of \(currency): \(text)")
      return try #require(Scaled(shown))
    }
    let shownAmount = try #require(Scaled(line.amount))
    let shownResult = try #require(Scaled(line.result))
    #expect(shownResult.scale == 2, "\(text)")
    let expected = try #require(
      Self.oracle(
        shownAmount, times: try rate(line.to), over: try rate(line.from), scale: shownResult.scale))
    #expect(shownResult == expected, "\(text)\nexpected \(expected)")
  }

  /// Every currency of both files, from the base, from another currency (a different
  /// partner for each) and from itself: converted by the use case, shown as the calculator
  /// shows a conversion (its rates with it; `theCalculatorShowsTheRatesItConverted` checks
  /// that the view model does so). Off the main actor, which the other suites keep busy.
  /// With `Soak.everyCase` each currency is converted all three ways; else one, the
  /// currencies taking the three in turn.
  @Test(arguments: files)
  func everyLineCanBeCheckedWithAPencil(file: String) async throws {
    let written = try Self.writtenRates(file)
    let codes = written.keys.sorted()
    #expect(codes.count > 150)
    let rates = InMemoryStore().repositories.rates
    let board = try await LoadExchangeRates(
      rates: rates, source: FileRateSource(path: Fixtures.url(file).path))()
    let convert = ConvertCurrency(rates: rates)
    var checked = 0
    for (index, code) in codes.enumerated() {
      let partner = codes[(index * 37 + 11) % codes.count]
      for from in Soak.all([nil, partner, code], quickTurn: index) {
        for amount in Self.amounts {
          let conversion = try await convert(
            try DecimalInput.parse(amount), from: from ?? board.base, to: code)
          let state = CalculatorViewModel.State(
            currency: code, rate: conversion.toRate, base: conversion.base,
            conversion: conversion)
          try check(state, code: code, from: from, written: written, file: file)
          checked += 1
        }
      }
    }
    #expect(checked == codes.count * (Soak.everyCase ? 3 : 1) * Self.amounts.count)
  }

  /// The view model's screen, for a few currencies (large and small rates, the base): the
  /// rates it shows are those it converted with, also when the cached rates changed
  /// between opening the calculator and converting (another process refreshed).
  @Test @MainActor
  func theCalculatorShowsTheRatesItConverted() async throws {
    let file = "open-er-api-USD-2024-08-19.json"
    let written = try Self.writtenRates(file)
    let rates = InMemoryStore().repositories.rates
    let viewModel = CalculatorViewModel(
      rates: rates, seed: FileRateSource(path: Fixtures.url(file).path), language: .en)
    for code in ["KRW", "CHF", "JPY", "KWD", "IRR", "USD"] {
      #expect(await viewModel.open(code))
      for from in [nil, "EUR", "VND", code] {
        for amount in Self.amounts {
          await viewModel.convert(amount, from: from)
          #expect(viewModel.state.message == nil, "\(amount) \(from ?? "") → \(code)")
          try check(viewModel.state, code: code, from: from, written: written, file: file)
        }
      }
    }
    // Opened on the 2024-08-19 rates; the 2024-01-09 set (republished later) is stored
    // before the amount is typed: the screen shows the rates the conversion used.
    #expect(await viewModel.open("KRW"))
    var january = try await FileRateSource(
      path: Fixtures.url("open-er-api-USD-2024-01-09.json").path
    ).fetch()
    january.publishedAt = Date(timeIntervalSince1970: 1_764_000_000)
    january.nextUpdateAt = january.publishedAt + 86_400
    try await rates.storeNewer(january)
    await viewModel.convert("1,000.50", from: "EUR")
    try check(
      viewModel.state, code: "KRW", from: "EUR",
      written: try Self.writtenRates("open-er-api-USD-2024-01-09.json"), file: "2024-01-09")
  }

  /// The oracle rounds half up, on both sides of an even digit, and past 64 bits.
  @Test func theOracleRoundsHalfUp() throws {
    let one = Scaled(digits: 1, scale: 0)
    func cents(_ text: Substring) -> Scaled? {
      Scaled(text).flatMap { Self.oracle($0, times: one, over: one, scale: 2) }
    }
    #expect(cents("0.005") == Scaled(digits: 1, scale: 2))
    #expect(cents("0.015") == Scaled(digits: 2, scale: 2))
    #expect(cents("0.025") == Scaled(digits: 3, scale: 2))
    #expect(cents("0.0049999") == Scaled(digits: 0, scale: 2))
    #expect(
      Self.oracle(one, times: one, over: Scaled(digits: 3, scale: 0), scale: 2)
        == Scaled(digits: 33, scale: 2))
    // 999,999,999,999,999 × 1,350.003043 = 1,350,003,042,999,998,649.996957 (Python's
    // decimal module, ROUND_HALF_UP: 1350003042999998650.00)
    let most = try #require(Scaled("999,999,999,999,999"))
    let krw = try #require(Scaled("1350.003043"))
    let big = try #require(Self.oracle(most, times: krw, over: one, scale: 2))
    #expect(big == Scaled(digits: 135_000_304_299_999_865_000, scale: 2))
    #expect(Scaled("1,350.003043") == Scaled(digits: 1_350_003_043, scale: 6))
    #expect(Scaled("1.2.3") == nil && Scaled("") == nil && Scaled("1e5") == nil)
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
