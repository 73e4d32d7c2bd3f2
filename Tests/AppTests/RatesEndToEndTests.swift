import Foundation
import TestSupport
import TestTraits
import Testing

/// `refresh` against a local HTTP server on 127.0.0.1: no test reaches the internet.
@Suite("Rates end to end", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
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

  /// The 2024-08-19 response republished at `unix` (2026-01-01 00:02 UTC by default), due
  /// again a day later, with KRW at `krw`.
  func republished(unix: Int = 1_767_225_720, krw: String = "1400.5") throws -> [UInt8] {
    let fixture = try String(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"), encoding: .utf8)
    return Array(
      fixture.replacingOccurrences(
        of: #""time_last_update_unix":1724025751"#, with: "\"time_last_update_unix\":\(unix)"
      )
      .replacingOccurrences(
        of: #""time_next_update_unix":1724113181"#,
        with: "\"time_next_update_unix\":\(unix + 86_400)"
      )
      .replacingOccurrences(of: #""KRW":1350.003043"#, with: "\"KRW\":\(krw)").utf8)
  }

  @Test func refreshFollowsWhatTheServerServes() throws {
    defer { pocket.remove() }
    let server = try LocalHTTPServer(script: [
      try .init(file: Fixtures.url("open-er-api-USD-2024-01-09.json")),
      .init(body: try republished()),
      try .init(file: Fixtures.url("open-er-api-USD-2024-08-19.json")),
      .init(body: Array(#"{"result":"error","error-type":"quota-reached"}"#.utf8)),
      .init(status: 500, body: Array("Internal Server Error".utf8)),
    ])
    let url = server.url()
    // The first launch shows the bundled 2024-08-19 snapshot, offline.
    let first = try pocket.run(["rates", "krw"])
    #expect(row("KRW", in: first.stdout) == "KRW 1,350.0030 South Korean Won")
    #expect(server.requests == 0)

    // 2024-01-09 is older than the cached 2024-08-19: the cache keeps the newer rates.
    let january = try pocket.run(["--rates-url", url, "refresh"])
    #expect(january.status == 0, "\(january.stderr)")
    #expect(
      january.stdout.contains(
        "The source's rates (published Jan 9, 2024 at 12:02 AM) are older than the cached ones"))
    #expect(row("KRW", in: january.stdout) == "KRW 1,350.0030 South Korean Won")

    // Published 2026-01-01: KRW rose to 1400.5; EUR did not move, so no mark.
    let newer = try pocket.run(["--rates-url", url, "refresh"])
    #expect(newer.status == 0)
    #expect(newer.stdout.contains("Rates updated: published Jan 1, 2026 at 12:02 AM"))
    #expect(row("KRW", in: newer.stdout) == "KRW 1,400.5000 🔼 South Korean Won")
    #expect(row("EUR", in: newer.stdout) == "EUR 0.9075 Euro")

    // The 2024 snapshot again, even forced: rates never go back in time, no mark flips.
    let back = try pocket.run(["--rates-url", url, "refresh", "--force"])
    #expect(back.status == 0)
    #expect(back.stdout.contains("(published Aug 19, 2024 at 12:02 AM) are older than the cached"))
    #expect(row("KRW", in: back.stdout) == "KRW 1,400.5000 🔼 South Korean Won")
    #expect(!back.stdout.contains("🔽"))

    // An error body: the cached rates stay, and the cause is said.
    let error = try pocket.run(["--rates-url", url, "refresh", "--force"])
    #expect(error.status == 1)
    #expect(
      error.stderr
        == "pocket: Could not load data: \(url): the rate service answered error: quota-reached\n")
    #expect(error.stdout.isEmpty, "a refusal prints only its reason")
    #expect(
      // `--offline`: the remembered source is not asked again now that the rates are due.
      row("KRW", in: try pocket.run(["--offline", "rates", "krw"]).stdout)
        == "KRW 1,400.5000 🔼 South Korean Won")

    let failure = try pocket.run(["--lang", "ko", "--rates-url", url, "refresh", "--force"])
    #expect(failure.status == 1)
    #expect(
      failure.stderr
        == "pocket: 데이터를 불러올 수 없습니다: \(url): 서버가 HTTP 500으로 답했습니다\n")
    #expect(server.requests == 5)
    #expect(try pocket.run(["--offline", "calc", "KRW"]).stdout.contains("1 USD = 1,400.5 KRW"))
  }

  /// A source quoting EUR: the header, the calculator and `help convert` name EUR, and no
  /// mark compares EUR rates with the cached USD ones.
  @Test func anotherBaseIsNamedAndNotComparedWithTheOld() throws {
    defer { pocket.remove() }
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("eur.json")
    let body = try String(decoding: republished(), as: UTF8.self)
      .replacingOccurrences(of: #""base_code":"USD""#, with: #""base_code":"EUR""#)
      .replacingOccurrences(of: #""USD":1,"#, with: #""USD":1.08,"#)
    try Foundation.Data(body.utf8).write(to: file)
    let run = try pocket.run(["--rates-file", file.path, "refresh"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        "Published Jan 1, 2026 at 12:02 AM, due since Jan 2, 2026 · 1 EUR buys (calculator: full rate)\n"
      ))
    #expect(!run.stdout.contains("🔼") && !run.stdout.contains("🔽"))
    #expect(try pocket.run(["calc", "KRW"]).stdout.contains("1 EUR = 1,400.5 KRW"))
    let help = try pocket.run(["help", "convert"])
    #expect(help.stdout.contains("Convert EUR (or FROM) into the calculator's currency"))
  }

  /// Without --online, --rates-url or --rates-file nothing can be asked: `refresh` says how
  /// to configure a source, and the header never says an update is due.
  @Test func withoutASourceRefreshSaysHowToConfigureOne() throws {
    defer { pocket.remove() }
    for arguments in [["refresh"], ["refresh", "--force"]] {
      let run = try pocket.run(arguments)
      #expect(run.status == 1)
      #expect(
        run.stderr
          == "pocket: No rate source is configured: start Pocket with --online, "
          + "--rates-url URL or --rates-file PATH to refresh\n")
    }
    // Rates long due are never shown as current: with no source, the header says how to
    // get newer ones.
    let list = try pocket.run(["rates"])
    #expect(
      list.stdout.contains(
        "Published Aug 19, 2024 at 12:02 AM, due since Aug 20, 2024: refresh with --online · "
          + "1 USD buys "
          + "(calculator: full rate)\n"), "\(list.stdout)")
    #expect(!list.stdout.contains("🔽"))
  }

  @Test func refreshWaitsForTheNextPublicationUnlessForced() throws {
    defer { pocket.remove() }
    // A response whose next update lies far ahead (2100-01-01).
    let fixture = try String(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"), encoding: .utf8)
    let future = fixture.replacingOccurrences(
      of: #""time_next_update_unix":1724113181"#, with: #""time_next_update_unix":4102444800"#
    )
    .replacingOccurrences(
      of: #""time_last_update_unix":1724025751"#, with: #""time_last_update_unix":1767225720"#)
    let server = try LocalHTTPServer(script: [
      .init(body: Array(future.utf8)), .init(body: Array(future.utf8)),
    ])
    let first = try pocket.run(["--rates-url", server.url(), "refresh"])
    #expect(first.status == 0, "\(first.stderr)")
    let current = try pocket.run(["--rates-url", server.url(), "refresh"])
    #expect(current.status == 0, "\(current.stderr)")
    #expect(
      current.stdout.contains(
        "Published Jan 1, 2026 at 12:02 AM · 1 USD buys (calculator: full rate)\n"))
    #expect(
      current.stdout.contains(
        "The rates are current; the next update is due Jan 1, 2100 at 12:00 AM"))
    #expect(server.requests == 1, "the provider is not asked again before its next update")
    let forced = try pocket.run(["--rates-url", server.url(), "refresh", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(server.requests == 2)
  }

  @Test func aRatesFileIsASource() throws {
    defer { pocket.remove() }
    let path = Fixtures.url("open-er-api-USD-2024-01-09.json").path
    let run = try pocket.run(["--rates-file", path, "refresh"])
    #expect(run.status == 0)
    // The file's 2024-01-09 rates are older than the bundled seed's: the seed stays.
    #expect(run.stdout.contains("are older than the cached ones"))
    #expect(row("KRW", in: run.stdout) == "KRW 1,350.0030 South Korean Won")
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
    #expect(unknown.stderr == "pocket: Unknown currency XYZ: try `rates xyz`\n")
    for arguments in [["fav", "XYZ"], ["calc", "wonn"]] {
      let run = try pocket.run(arguments)
      #expect(run.status == 1)
      #expect(run.stderr.hasPrefix("pocket: Unknown currency \(arguments[1].uppercased())"))
    }
  }
}
