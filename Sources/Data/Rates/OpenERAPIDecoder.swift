import Foundation
import PocketDomain

/// Reads the open.er-api.com `/v6/latest/<base>` response: `result`, `base_code`,
/// `time_last_update_unix`, `time_next_update_unix` and `rates` `{code: number}`.
///
/// Rates are `Decimal` end to end, never through `Double`: Foundation's `JSONDecoder` reads
/// a `Decimal` from the number's text ("1350.003043" is exactly 1350.003043), once
/// `JSONNumberLiterals` has refused, naming it, any number a `Decimal` would not hold
/// exactly (more than 38 significant digits, which the decoder would round silently, or an
/// exponent out of its range, which fails the decoder without a field name).
public struct OpenERAPIDecoder: Sendable {
  public init() {}

  private struct Response: Decodable {
    var result: String?
    var errorType: String?
    var baseCode: String?
    var published: Decimal?
    var next: Decimal?
    var rates: [String: Decimal]?

    enum CodingKeys: String, CodingKey {
      case result, rates
      case errorType = "error-type"
      case baseCode = "base_code"
      case published = "time_last_update_unix"
      case next = "time_next_update_unix"
    }
  }

  /// - Throws: `DomainError.ratesUnavailable` for an error response, malformed JSON, a
  ///   missing or mistyped field, a time outside `Limits.epochSeconds` or a rate outside
  ///   `Limits.rate`, naming the field.
  public func decode(_ data: Foundation.Data) throws(DomainError) -> RateSnapshot {
    if let problem = JSONNesting.problem(in: data) {
      throw Self.unusable(.malformed(problem))
    }
    let bytes = Array(data)
    // The text of each number of the fields read (`rates.KRW`, `time_last_update_unix`),
    // to show values as they were written ("1e100"), not as the Decimal prints them.
    var texts: [String: String] = [:]
    var inexact: (path: String, text: String)?
    JSONNumberLiterals.forEach(in: bytes) { literal in
      if JSONNumberLiterals.isInexactDecimal(literal.text) {
        inexact = (literal.path, literal.text)
        return false
      }
      switch literal.levels.count {
      case 1:
        if case .object(let key) = literal.levels[0] { texts[key] = texts[key] ?? literal.text }
      case 2:
        if case .object("rates") = literal.levels[0], case .object(let code) = literal.levels[1] {
          texts["rates.\(code)"] = texts["rates.\(code)"] ?? literal.text
        }
      default: break
      }
      return true
    }
    if let (path, text) = inexact {
      let field = path.hasPrefix("rates.") ? "the rate of \(path.dropFirst(6))" : path
      let meaning = path.hasPrefix("rates.") ? Limits.rate.meaning : Limits.epochSeconds.meaning
      let shown = JSONNumberLiterals.shown(text)
      if DecimalText.refusal(text) == .tooManyDigits {
        throw .ratesUnavailable(
          reason: StoreProblem(
            .check(
              .tooManyDigits(field: field, value: shown, digits: DecimalText.maxSignificantDigits)))
        )
      }
      throw .ratesUnavailable(
        reason: StoreProblem(.check(.outOfRange(field: field, value: shown, range: meaning))))
    }
    let response: Response
    do {
      response = try JSONDecoder().decode(Response.self, from: data)
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context)
    {
      // The decoder reads an object's members in no fixed order: a response that is not
      // JSON at all is said to be so, whichever member it reached first.
      guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
      else {
        throw Self.unusable(.malformed(.notJSON))
      }
      var path = context.codingPath.map(\.stringValue)
      // Nor does it read the rates in a fixed order: of two that are not numbers, the first
      // by code is named, as the same bytes from a file and as a body must be refused alike.
      if path.count == 2, path[0] == "rates", let code = Self.firstNonNumberRate(in: data) {
        path[1] = code
      }
      throw Self.unusable(Self.mistyped(path))
    } catch {
      throw Self.unusable(.malformed(.notJSON))
    }
    guard let result = response.result else {
      throw Self.unusable(.noMember("result"))
    }
    guard result == "success" else {
      if let errorType = response.errorType {
        throw Self.unusable(.serviceAnswered(result: result, errorType: errorType))
      }
      throw Self.unusable(.serviceAnswered(result: result, errorType: nil))
    }
    guard let base = response.baseCode, !base.isEmpty else {
      throw Self.unusable(.noMember("base_code"))
    }
    guard Self.isCurrencyCode(base) else {
      throw Self.unusable(.baseNotACode(quoted: Self.quoted(base)))
    }
    let publishedAt = try unixTime(
      response.published, "time_last_update_unix", text: texts["time_last_update_unix"])
    let nextUpdateAt = try unixTime(
      response.next, "time_next_update_unix", text: texts["time_next_update_unix"])
    guard nextUpdateAt >= publishedAt else {
      throw Self.unusable(
        .impossible(
          .nextUpdateFirst(
            next: PublicationTime(
              field: "time_next_update_unix", number: texts["time_next_update_unix"] ?? "",
              iso: nil),
            published: PublicationTime(
              field: "time_last_update_unix", number: texts["time_last_update_unix"] ?? "",
              iso: nil))))
    }
    guard let members = response.rates else {
      throw Self.unusable(.noRatesObject)
    }
    guard !members.isEmpty else { throw Self.unusable(.noRates) }
    for (code, rate) in members.sorted(by: { $0.key < $1.key }) {
      guard Self.isCurrencyCode(code) else {
        throw Self.unusable(.listsNotACode(quoted: Self.quoted(code)))
      }
      guard rate > 0 else {
        throw Self.unusable(
          .rateNotPositive(code: code, text: texts["rates.\(code)"] ?? "\(rate)"))
      }
      if let problem = Limits.rate.problem(
        rate, field: "the rate of \(code)", text: texts["rates.\(code)"])
      {
        throw .ratesUnavailable(reason: StoreProblem(.check(problem)))
      }
    }
    return RateSnapshot(
      base: base, publishedAt: publishedAt, nextUpdateAt: nextUpdateAt, rates: members)
  }

  /// Whether `code` is a currency code: the one check every door makes
  /// (`RateSnapshot.isCurrencyCode`).
  static func isCurrencyCode(_ code: String) -> Bool { RateSnapshot.isCurrencyCode(code) }

  /// `text` in JSON quotes with what cannot be seen escaped, so a space or a control
  /// character shows: `"KRW "`, `"K\u{0}RW"`.
  static func quoted(_ text: String) -> String {
    let shown = text.prefix(40).unicodeScalars.map { scalar in
      switch scalar {
      case "\"": "\\\""
      case "\\": "\\\\"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F
        || scalar.properties.isWhitespace && scalar != " ":
        "\\u{\(String(scalar.value, radix: 16))}"
      default: String(scalar)
      }
    }.joined()
    return "\"\(shown)\(text.count > 40 ? "…" : "")\""
  }

  /// A rate read only for whether it is a number.
  private enum RateValue: Decodable, Equatable {
    case number, notANumber

    init(from decoder: any Decoder) throws {
      let value = try? decoder.singleValueContainer().decode(Decimal.self)
      self = value == nil ? .notANumber : .number
    }
  }

  private struct RatesOnly: Decodable {
    var rates: [String: RateValue]?
  }

  /// The first code, in code order, whose rate in `data` is not a number.
  private static func firstNonNumberRate(in data: Foundation.Data) -> String? {
    guard let rates = try? JSONDecoder().decode(RatesOnly.self, from: data).rates else {
      return nil
    }
    return rates.keys.sorted().first { rates[$0] == .notANumber }
  }

  /// A response the decoder refuses, for `problem`.
  private static func unusable(_ problem: RateProblem) -> DomainError {
    .ratesUnavailable(reason: StoreProblem(.rates(problem)))
  }

  /// Why a field at `path` of the wrong type is refused.
  private static func mistyped(_ path: [String]) -> RateProblem {
    guard let key = path.first else { return .notAnObject }
    if key == "rates" {
      return path.count == 2 ? .rateNotANumber(code: path[1]) : .noRatesObject
    }
    if key.hasPrefix("time_") { return .noWholeSecond(key: key, text: nil) }
    return .noMember(path.joined(separator: "."))
  }

  private func unixTime(_ value: Decimal?, _ key: String, text: String?) throws(DomainError)
    -> Date
  {
    guard var value else {
      throw Self.unusable(.noWholeSecond(key: key, text: nil))
    }
    var whole = Decimal()
    NSDecimalRound(&whole, &value, 0, .plain)
    guard whole == value else {
      throw Self.unusable(.noWholeSecond(key: key, text: text ?? "\(value)"))
    }
    let range = Limits.epochSeconds.range
    guard Decimal(range.lowerBound) <= value, value <= Decimal(range.upperBound) else {
      throw .ratesUnavailable(
        reason: StoreProblem(
          .check(
            .outOfRange(field: key, value: text ?? "\(value)", range: Limits.epochSeconds.meaning)))
      )
    }
    // In range, the value is a whole Int64 and seconds × 1000 is far from overflowing.
    return Date(epochMilliseconds: NSDecimalNumber(decimal: value).int64Value * 1000)
  }
}

/// Rates read from an open.er-api.com response saved in a file.
public struct FileRateSource: ExchangeRateSource {
  /// The file's path.
  public let path: String

  public init(path: String) {
    self.path = path
  }

  public var name: String { path }

  /// - Throws: `DomainError.ratesUnavailable` naming the path when the file cannot be read
  ///   or decoded, or when it holds more than `HTTPRateSource.maxBodySize` (1 MiB), the
  ///   most a response over HTTP may: a larger regular file is refused from its size, a
  ///   FIFO or device as soon as it passes the bound, so neither is ever held whole.
  public func fetch() async throws -> RateSnapshot {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.contents(of: path, limit: HTTPRateSource.maxBodySize)
    } catch {
      let reason: StoreCause =
        switch error {
        case .missing: .step(.read, path: path, because: .noSuchFile)
        case .directory: .step(.read, path: path, because: .folderNotFile)
        case .tooLarge: .fromSource(path, .ratesResponseTooLarge(mebibytes: 1))
        case .notReadable(let reason): .step(.read, path: path, because: reason)
        }
      throw DomainError.ratesUnavailable(reason: StoreProblem(reason))
    }
    do {
      return try OpenERAPIDecoder().decode(Foundation.Data(bytes))
    } catch {
      if case .ratesUnavailable(let reason) = error {
        throw DomainError.ratesUnavailable(
          reason: StoreProblem(.fromSource(path, reason.cause), advice: reason.advice))
      }
      throw error
    }
  }
}

/// The rates Pocket ships with: the open.er-api.com USD response of 2024-08-19, compiled in.
public struct BundledRateSource: ExchangeRateSource {
  public init() {}

  public var name: String { "bundled snapshot 2024-08-19" }

  public func fetch() async throws -> RateSnapshot {
    try OpenERAPIDecoder().decode(Foundation.Data(Self.json.utf8))
  }
}
