import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

@Suite struct OpenERAPIDecoderTests {
  private let posix = Locale(identifier: "en_US_POSIX")

  private func fixture(_ name: String) throws -> Foundation.Data {
    try Foundation.Data(contentsOf: Fixtures.url(name))
  }

  /// Every `"CODE":number` literal of the `rates` object, as text.
  private func rateLiterals(_ data: Foundation.Data) throws -> [String: String] {
    let text = String(decoding: data, as: UTF8.self)
    let start = try #require(text.range(of: "\"rates\":{"))
    let body = text[start.upperBound...].prefix { $0 != "}" }
    var literals: [String: String] = [:]
    for pair in body.split(separator: ",") {
      let parts = pair.split(separator: ":")
      literals[String(parts[0].dropFirst().dropLast())] = String(parts[1])
    }
    return literals
  }

  @Test func decodesThe20240819SnapshotExactly() throws {
    let snapshot = try OpenERAPIDecoder().decode(try fixture("open-er-api-USD-2024-08-19.json"))
    #expect(snapshot.base == "USD")
    #expect(snapshot.publishedAt == Date(timeIntervalSince1970: 1_724_025_751))
    #expect(snapshot.nextUpdateAt == Date(timeIntervalSince1970: 1_724_113_181))
    #expect(snapshot.rates["KRW"] == Decimal(string: "1350.003043", locale: posix))
    #expect(snapshot.rates["KRW"]?.description == "1350.003043")
    #expect(snapshot.rates["USD"] == 1)
  }

  @Test(arguments: ["open-er-api-USD-2024-01-09.json", "open-er-api-USD-2024-08-19.json"])
  func everyRateIsItsLiteralText(name: String) throws {
    let data = try fixture(name)
    let snapshot = try OpenERAPIDecoder().decode(data)
    let literals = try rateLiterals(data)
    #expect(literals.count > 150)
    #expect(Set(snapshot.rates.keys) == Set(literals.keys))
    for (code, literal) in literals {
      #expect(snapshot.rates[code] == Decimal(string: literal, locale: posix), "\(code)")
      #expect(snapshot.rates[code]?.description == literal, "\(code)")
    }
  }

  /// Why Pocket reads rates with Foundation's `JSONDecoder`: it reads every rate of both
  /// snapshots into a `Decimal` that is the number's text exactly, never through `Double`.
  @Test(arguments: ["open-er-api-USD-2024-01-09.json", "open-er-api-USD-2024-08-19.json"])
  func foundationsDecoderReadsEveryRateAsItsText(name: String) throws {
    struct Rates: Decodable { var rates: [String: Decimal] }
    let data = try fixture(name)
    let rates = try JSONDecoder().decode(Rates.self, from: data).rates
    let literals = try rateLiterals(data)
    #expect(rates.count == literals.count)
    for (code, literal) in literals {
      #expect(rates[code] == Decimal(string: literal, locale: posix), "\(code)")
      #expect(rates[code]?.description == literal, "\(code)")
    }
  }

  /// ... and why `JSONNumberLiterals` stays: the decoder rounds a number with more than 38
  /// significant digits without a word, and fails on one out of `Decimal`'s range without
  /// naming its field. Pocket refuses both, naming the field.
  @Test func numbersTheDecoderCannotReadExactlyAreRefusedNamingTheirField() throws {
    struct Rates: Decodable { var rates: [String: Decimal] }
    let long = "1350.003043000000000000000000000000000001"
    let rounded = try JSONDecoder().decode(
      Rates.self, from: Foundation.Data(#"{"rates":{"KRW":\#(long)}}"#.utf8))
    #expect(rounded.rates["KRW"]?.description == "1350.003043")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Rates.self, from: Foundation.Data(#"{"rates":{"KRW":1e308}}"#.utf8))
    }

    for (rates, published, reason) in [
      (#"{"USD":1,"KRW":\#(long)}"#, "1724025751", "the rate of KRW 1350.0030430000000000000000"),
      (#"{"USD":1,"KRW":1e308}"#, "1724025751", "the rate of KRW 1e308 is out of range"),
      (#"{"USD":1,"KRW":1e-308}"#, "1724025751", "the rate of KRW 1e-308 is out of range"),
      (#"{"USD":1}"#, "1e308", "time_last_update_unix 1e308 is out of range"),
      (
        #"{"USD":1}"#, String(repeating: "9", count: 400),
        "time_last_update_unix \(String(repeating: "9", count: 40))… (400 characters) is out"
      ),
    ] {
      #expect {
        try OpenERAPIDecoder().decode(
          Foundation.Data(Self.validBody(rates: rates, published: published).utf8))
      } throws: { error in
        guard case .ratesUnavailable(let message) = error as? DomainError else { return false }
        return message.english.hasPrefix(reason)
      }
    }
  }

  @Test func numberLiteralsAreFoundWithThePathsOfTheirFields() {
    let text = #"{"a": [1, {"b\"c": -2.5e3, "d": [true, null, "x,]}"]}], "e": {}, "f": 7}"#
    var found: [(path: String, text: String)] = []
    JSONNumberLiterals.forEach(in: Array(text.utf8)) { literal in
      found.append((literal.path, literal.text))
      return true
    }
    #expect(found.map(\.path) == ["a[0]", #"a[1].b\"c"#, "f"])
    #expect(found.map(\.text) == ["1", "-2.5e3", "7"])
    let first = JSONNumberLiterals.first(in: Array(text.utf8)) { $0.hasPrefix("-") }
    #expect(first?.path == #"a[1].b\"c"#)
    #expect(first?.text == "-2.5e3")
  }

  @Test func acceptsExponentsAndEscapedText() throws {
    let body = #"""
      {"result": "success", "provider": "caf\u00e9 \ud83d\ude00 \"x\"", "base_code": "USD",
       "time_last_update_unix": 10, "time_next_update_unix": 20,
       "rates": {"USD": 1, "XAU": 4.2E-4, "VND": 2.5e+4}}
      """#
    let snapshot = try OpenERAPIDecoder().decode(Foundation.Data(body.utf8))
    #expect(snapshot.rates["XAU"] == Decimal(string: "0.00042", locale: posix))
    #expect(snapshot.rates["VND"] == 25_000)
    #expect(snapshot.publishedAt == Date(timeIntervalSince1970: 10))
  }

  static let badBodies: [(body: String, reason: String)] = [
    (#"{"result":"error","error-type":"unsupported-code"}"#, "unsupported-code"),
    (#"{"result":"error"}"#, "answered error"),
    (#"{"result":"success","base_code":"USD","time_last_update_unix":1,"#, "malformed"),
    ("not json", "malformed"),
    ("", "malformed"),
    ("[1, 2]", "not a JSON object"),
    (#"{"result":"success","base_code":"USD","rates":{"USD":1}} trailing"#, "malformed"),
    (#"{"base_code":"USD"}"#, "no \"result\""),
    (validBody(rates: nil), "no \"rates\""),
    (validBody(rates: "[]"), "no \"rates\""),
    (validBody(rates: "{}"), "no rates"),
    (validBody(rates: #"{"USD":1,"KRW":0}"#), "KRW is not positive"),
    (validBody(rates: #"{"USD":1,"KRW":-1350.5}"#), "KRW is not positive"),
    (validBody(rates: #"{"USD":1,"KRW":"1350"}"#), "KRW is not a number"),
    (validBody(rates: #"{"USD":1,"KRW":01350}"#), "malformed"),
    (validBody(rates: #"{"USD":1,"KRW":1e999}"#), "the rate of KRW 1e999 is out of range"),
    (validBody(rates: #"{"USD":1,"KRW":NaN}"#), "malformed"),
    (validBody(rates: #"{"USD":1,"KRW":Infinity}"#), "malformed"),
    (validBody(rates: #"{"USD":1}"#, published: "1.5"), "time_last_update_unix"),
    (
      #"{"result":"success","time_last_update_unix":1,"time_next_update_unix":2,"rates":{}}"#,
      "base_code"
    ),
  ]

  private static func validBody(rates: String?, published: String = "1724025751") -> String {
    let ratesField = rates.map { #","rates":\#($0)"# } ?? ""
    return #"{"result":"success","base_code":"USD","time_last_update_unix":\#(published),"#
      + #""time_next_update_unix":1724113181\#(ratesField)}"#
  }

  @Test(arguments: badBodies)
  func badBodiesAreRatesUnavailable(body: String, reason: String) {
    #expect {
      try OpenERAPIDecoder().decode(Foundation.Data(body.utf8))
    } throws: { error in
      guard case .ratesUnavailable(let message) = error as? DomainError else { return false }
      return message.english.contains(reason)
    }
  }

  @Test func theBundledSnapshotIsThe20240819Fixture() async throws {
    let source = BundledRateSource()
    #expect(source.name == "bundled snapshot 2024-08-19")
    let bundled = try await source.fetch()
    #expect(
      bundled == (try OpenERAPIDecoder().decode(try fixture("open-er-api-USD-2024-08-19.json"))))
  }

  @Test func theBundledTextHasTheFixturesContentInShortLines() throws {
    let embedded = try JSONSerialization.jsonObject(
      with: Foundation.Data(BundledRateSource.json.utf8))
    let original = try JSONSerialization.jsonObject(
      with: try fixture("open-er-api-USD-2024-08-19.json"))
    #expect((embedded as? NSDictionary) == (original as? NSDictionary))
    #expect(BundledRateSource.json.split(separator: "\n").allSatisfy { $0.count <= 100 })
  }

  @Test func aFileSourceReadsTheFileAndNamesItsPathInErrors() async throws {
    let path = Fixtures.url("open-er-api-USD-2024-01-09.json").path
    let snapshot = try await FileRateSource(path: path).fetch()
    #expect(
      snapshot == (try OpenERAPIDecoder().decode(try fixture("open-er-api-USD-2024-01-09.json"))))
    #expect(FileRateSource(path: path).name == path)

    let missing = "/nonexistent/pocket/rates.json"
    await #expect {
      try await FileRateSource(path: missing).fetch()
    } throws: { error in
      guard case .ratesUnavailable(let reason) = error as? DomainError else { return false }
      return reason.english.contains(missing)
    }

    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let errorFile = directory.appendingPathComponent("error.json")
    try Foundation.Data(#"{"result":"error","error-type":"quota-reached"}"#.utf8).write(
      to: errorFile)
    await #expect {
      try await FileRateSource(path: errorFile.path).fetch()
    } throws: { error in
      guard case .ratesUnavailable(let reason) = error as? DomainError else { return false }
      return reason.english.contains(errorFile.path) && reason.english.contains("quota-reached")
    }
  }

  /// Of several rates that are not numbers, the first by code is named, every time: the
  /// decoder reads the rates in no fixed order, and the same bytes from a file and as a
  /// body must be refused alike. Many codes, so an order left to the decoder would vary.
  @Test func ofSeveralRatesThatAreNotNumbersTheFirstByCodeIsNamed() throws {
    let members = (0..<26).map { index in
      let code = String(repeating: Character(UnicodeScalar(UInt8(65 + index))), count: 3)
      return index % 2 == 0 ? "\"\(code)\":\"x\"" : "\"\(code)\":null"
    }
    let body = Foundation.Data(
      Self.validBody(rates: "{" + members.joined(separator: ",") + "}").utf8)
    for _ in 0..<20 {
      #expect(
        throws: DomainError.ratesUnavailable(
          reason: StoreProblem(.rates(.rateNotANumber(code: "AAA"))))
      ) {
        try OpenERAPIDecoder().decode(body)
      }
    }
  }
}
