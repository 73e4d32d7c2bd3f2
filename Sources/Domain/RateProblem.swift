/// Why a rates response (a server's body or a rates file) gives no rates (`StoreCause.rates`),
/// with the fields and values it names. What the server itself said (a status, its result
/// and error type) is kept as it came.
public enum RateProblem: Equatable, Sendable {
  /// The response is not JSON Pocket reads (`DocumentProblem.notJSON`, `.nestedTooDeep`).
  case malformed(DocumentProblem)
  /// The response is not a JSON object.
  case notAnObject
  /// The response has no member `name` ("result", "base_code", "rates", a dotted path).
  case noMember(String)
  /// The response has no "rates" object.
  case noRatesObject
  /// The rate of `code` is not a number.
  case rateNotANumber(code: String)
  /// The response has no whole-second `key`; `text`, when it holds another number.
  case noWholeSecond(key: String, text: String?)
  /// The rate service answered `result` (not "success"), with its `errorType` if any.
  case serviceAnswered(result: String, errorType: String?)
  /// The response's base_code `quoted` (in JSON quotes, escaped) is not a currency code.
  case baseNotACode(quoted: String)
  /// The response lists `quoted` (in JSON quotes, escaped), which is not a currency code.
  case listsNotACode(quoted: String)
  /// The response lists no rates.
  case noRates
  /// The rate of `code`, `text` as written, is not positive.
  case rateNotPositive(code: String, text: String)
  /// The publication cannot be real (`RateSnapshot.impossibility(now:)`).
  case impossible(PublicationProblem)
  /// The server answered with the HTTP status `status`.
  case httpStatus(Int)
  /// The response could not be read within `seconds` ("20", "1.5").
  case readTimedOut(seconds: String)
  /// No complete response came within `seconds`.
  case noCompleteResponse(seconds: String)
  /// The response is larger than `mebibytes`.
  case responseTooLarge(mebibytes: Int)
  /// The server cannot be reached, for the nested cause (the system's words).
  case unreachable(because: StoreCause)
}

/// Why a rate set cannot be a real publication (`RateSnapshot.impossibility(now:)`).
public enum PublicationProblem: Equatable, Sendable {
  /// Published more than a day after this machine's clock (`clock`, ISO 8601).
  case afterClock(published: PublicationTime, clock: String)
  /// Due for its next update before it was published.
  case nextUpdateFirst(next: PublicationTime, published: PublicationTime)
}

/// A publication time as its field holds it: the field's name, its number (seconds or
/// milliseconds since 1970, as written) and, when known, the time in ISO 8601.
public struct PublicationTime: Equatable, Sendable {
  public var field: String
  public var number: String
  public var iso: String?

  public init(field: String, number: String, iso: String?) {
    self.field = field
    self.number = number
    self.iso = iso
  }
}
