import Domain
import Foundation

/// Reads the open.er-api.com `/v6/latest/<base>` response: `result`, `base_code`,
/// `time_last_update_unix`, `time_next_update_unix` and `rates` `{code: number}`.
///
/// Rates are read from the numbers' literal text into `Decimal`, never through `Double`,
/// so "1350.003043" is exactly 1350.003043.
public struct OpenERAPIDecoder: Sendable {
  public init() {}

  /// - Throws: `DomainError.ratesUnavailable` for an error response, malformed JSON, a
  ///   missing or mistyped field, a time outside `Limits.epochSeconds` or a rate outside
  ///   `Limits.rate`, naming the field.
  public func decode(_ data: Foundation.Data) throws(DomainError) -> RateSnapshot {
    let document: [String: JSONLiteral]
    do throws(InvalidDocument) {
      guard case .object(let members) = try JSONLiteral.parse(Array(data)) else {
        throw InvalidDocument(reason: "the response is not a JSON object")
      }
      document = members
    } catch {
      throw .ratesUnavailable(reason: "malformed response: \(error.reason)")
    }
    guard case .string(let result) = document["result"] else {
      throw .ratesUnavailable(reason: "the response has no \"result\"")
    }
    guard result == "success" else {
      if case .string(let errorType) = document["error-type"] {
        throw .ratesUnavailable(reason: "the rate service answered \(result): \(errorType)")
      }
      throw .ratesUnavailable(reason: "the rate service answered \(result)")
    }
    guard case .string(let base) = document["base_code"], !base.isEmpty else {
      throw .ratesUnavailable(reason: "the response has no \"base_code\"")
    }
    let publishedAt = try unixTime(document, "time_last_update_unix")
    let nextUpdateAt = try unixTime(document, "time_next_update_unix")
    guard case .object(let members) = document["rates"] else {
      throw .ratesUnavailable(reason: "the response has no \"rates\" object")
    }
    guard !members.isEmpty else { throw .ratesUnavailable(reason: "the response lists no rates") }
    var rates: [String: Decimal] = [:]
    for (code, value) in members.sorted(by: { $0.key < $1.key }) {
      guard case .number(let text) = value else {
        throw .ratesUnavailable(reason: "the rate of \(code) is not a number")
      }
      guard let rate = DecimalText.parse(text) else {
        throw .ratesUnavailable(
          reason: "the rate of \(code) \(text) is out of range (\(Limits.rate.meaning))")
      }
      guard rate > 0 else {
        throw .ratesUnavailable(reason: "the rate of \(code) is not positive: \(text)")
      }
      if let problem = Limits.rate.problem(rate, field: "the rate of \(code)", text: text) {
        throw .ratesUnavailable(reason: problem)
      }
      rates[code] = rate
    }
    return RateSnapshot(
      base: base, publishedAt: publishedAt, nextUpdateAt: nextUpdateAt, rates: rates)
  }

  private func unixTime(_ document: [String: JSONLiteral], _ key: String) throws(DomainError)
    -> Date
  {
    guard case .number(let text) = document[key] else {
      throw .ratesUnavailable(reason: "the response has no whole-second \"\(key)\"")
    }
    // Long digit strings and exponents are whole numbers too, but never in range.
    let isWhole = text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
    guard isWhole else {
      throw .ratesUnavailable(reason: "the response has no whole-second \"\(key)\": \(text)")
    }
    guard let seconds = Int64(text), Limits.epochSeconds.contains(seconds) else {
      throw .ratesUnavailable(
        reason: "\(key) \(text) is out of range (\(Limits.epochSeconds.meaning))")
    }
    // In range, seconds × 1000 is far from overflowing.
    return Date(epochMilliseconds: seconds * 1000)
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
  ///   or decoded.
  public func fetch() async throws -> RateSnapshot {
    let data: Foundation.Data
    do {
      data = try Foundation.Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DomainError.ratesUnavailable(
        reason: "cannot read \(path): \(error.localizedDescription)")
    }
    do {
      return try OpenERAPIDecoder().decode(data)
    } catch {
      if case .ratesUnavailable(let reason) = error {
        throw DomainError.ratesUnavailable(reason: "\(path): \(reason)")
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
