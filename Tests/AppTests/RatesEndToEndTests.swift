import Foundation
import TestSupport
import Testing

/// `refresh` against a local HTTP server on 127.0.0.1: no test reaches the internet.
@Suite("Rates end to end", .serialized)
struct RatesEndToEndTests {
  let pocket: PocketProcess

  init() throws {
    pocket = try PocketProcess(store: "sqlite")
  }

  /// The list row of `code`, with runs of blanks (column padding) made single.
  func row(_ code: String, in screen: String) -> String? {
    screen.split(separator: "\n").first { $0.dropFirst(2).hasPrefix(code + " ") }
      .map { $0.split(separator: " ").joined(separator: " ") }
  }

  @Test func refreshFollowsWhatTheServerServes() throws {
    defer { pocket.remove() }
    let server = try LocalHTTPServer(script: [
      try .init(file: Fixtures.url("open-er-api-USD-2024-01-09.json")),
      try .init(file: Fixtures.url("open-er-api-USD-2024-08-19.json")),
      .init(body: Array(#"{"result":"error","error-type":"quota-reached"}"#.utf8)),
      .init(status: 500, body: Array("Internal Server Error".utf8)),
    ])
    let url = server.url()
    // The first launch shows the bundled 2024-08-19 snapshot, offline.
    let first = try pocket.run(["rates", "krw"])
    #expect(row("KRW", in: first.stdout) == "KRW 1,350.0030 South Korean Won")
    #expect(server.requests == 0)

    // 2024-01-09: KRW fell from the cached 1350.0030 to 1315.5798.
    let january = try pocket.run(["--rates-url", url, "refresh"])
    #expect(january.status == 0, "\(january.stderr)")
    #expect(january.stdout.contains("Published Jan 9, 2024 at 12:02 AM, update due"))
    #expect(row("KRW", in: january.stdout) == "KRW 1,315.5798 🔽 South Korean Won")
    #expect(january.stdout.contains("Rates updated: published Jan 9, 2024"))

    // 2024-08-19 again: KRW rose; EUR moved less than 0.01, so no mark.
    let august = try pocket.run(["--rates-url", url, "refresh"])
    #expect(august.status == 0)
    #expect(row("KRW", in: august.stdout) == "KRW 1,350.0030 🔼 South Korean Won")
    #expect(row("EUR", in: august.stdout) == "EUR 0.9075 Euro")
    #expect(row("JPY", in: august.stdout)?.contains("148.0426 🔼") == true)

    // An error body: the cached rates stay, and the cause is said.
    let error = try pocket.run(["--rates-url", url, "refresh"])
    #expect(error.status == 1)
    #expect(
      error.stderr
        == "pocket: Could not load data: \(url): the rate service answered error: quota-reached\n")
    #expect(error.stdout.isEmpty, "a refusal prints only its reason")
    #expect(
      row("KRW", in: try pocket.run(["rates", "krw"]).stdout) == "KRW 1,350.0030 🔼 South Korean Won"
    )

    let failure = try pocket.run(["--lang", "ko", "--rates-url", url, "refresh"])
    #expect(failure.status == 1)
    #expect(failure.stderr == "pocket: 데이터를 불러올 수 없습니다: \(url): the server answered HTTP 500\n")
    #expect(server.requests == 4)
    #expect(try pocket.run(["calc", "KRW"]).stdout.contains("1 USD = 1,350.0030 KRW"))
  }

  @Test func refreshWaitsForTheNextPublicationUnlessForced() throws {
    defer { pocket.remove() }
    // A response whose next update lies far ahead (2100-01-01).
    let fixture = try String(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"), encoding: .utf8)
    let future = fixture.replacingOccurrences(
      of: #""time_next_update_unix":1724113181"#, with: #""time_next_update_unix":4102444800"#)
    let server = try LocalHTTPServer(script: [
      .init(body: Array(future.utf8)), .init(body: Array(future.utf8)),
    ])
    #expect(try pocket.run(["--rates-url", server.url(), "refresh"]).status == 0)
    let current = try pocket.run(["--rates-url", server.url(), "refresh"])
    #expect(current.status == 0)
    #expect(current.stdout.contains("Published Aug 19, 2024 at 12:02 AM\n"))
    #expect(
      current.stdout.contains(
        "The rates are current; the next update is due Jan 1, 2100 at 12:00 AM"))
    #expect(server.requests == 1, "the provider is not asked again before its next update")
    #expect(try pocket.run(["--rates-url", server.url(), "refresh", "--force"]).status == 0)
    #expect(server.requests == 2)
  }

  @Test func aRatesFileIsASource() throws {
    defer { pocket.remove() }
    let path = Fixtures.url("open-er-api-USD-2024-01-09.json").path
    let run = try pocket.run(["--rates-file", path, "refresh"])
    #expect(run.status == 0)
    #expect(row("KRW", in: run.stdout) == "KRW 1,315.5798 🔽 South Korean Won")
    let missing = try pocket.run(["--rates-file", "/nonexistent.json", "refresh", "--force"])
    #expect(missing.status == 1)
    #expect(missing.stderr.hasPrefix("pocket: Could not load data: cannot read /nonexistent.json"))
  }

  @Test(arguments: [("won", "KRW"), ("원", "KRW"), ("krw", "KRW"), ("엔", "JPY"), ("euro", "EUR")])
  func searchFindsByCodeOrNameInEitherLanguage(query: String, code: String) throws {
    defer { pocket.remove() }
    let run = try pocket.run(["rates", query])
    #expect(run.status == 0)
    #expect(row(code, in: run.stdout) != nil)
    let none = try pocket.run(["--lang", "ko", "rates", "zzz"])
    #expect(none.stdout.contains("검색 결과 없음\n"))
  }

  @Test func favouritesArePinnedAndCalcRefusesUnknownCodes() throws {
    defer { pocket.remove() }
    try pocket.run(["fav", "KRW"])
    let list = try pocket.run(["fav", "EUR"]).stdout
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(list[3].hasPrefix("★ EUR"))
    #expect(list[4].hasPrefix("★ KRW"))
    #expect(list[5].hasPrefix("  AED"))
    let unknown = try pocket.run(["calc", "XYZ"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "pocket: No results: XYZ\n")
  }
}
