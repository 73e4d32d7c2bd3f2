import Foundation
import TestSupport
import TestTraits
import Testing

/// Rates that stay current without being asked: a source given once is remembered for the
/// store, due rates are fetched before `rates`, `calc` and `convert` show them (within two
/// seconds, else the cached ones show, marked, with the reason on stderr) and by an open
/// live view in the background; `--offline` skips it. Against a local HTTP server.
@Suite(
  "Rates refreshed when due", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct RatesWhenDueTests {
  /// The 2024-01-09 snapshot moved to an hour ago, its next update a day on: a set newer
  /// than the bundled 2024-08-19 one (due since 2024-08-20), and current. KRW is 1,300.25.
  static func current(now: Date = Date()) throws -> [UInt8] {
    let fixture = try String(
      contentsOf: Fixtures.url("open-er-api-USD-2024-01-09.json"), encoding: .utf8)
    let published = Int(now.timeIntervalSince1970) - 3_600
    let moved =
      fixture
      .replacing(/"time_last_update_unix":\d+/, with: "\"time_last_update_unix\":\(published)")
      .replacing(
        /"time_next_update_unix":\d+/, with: "\"time_next_update_unix\":\(published + 86_400)"
      )
      .replacing(/"KRW":[0-9.]+/, with: "\"KRW\":1300.25")
    return Array(moved.utf8)
  }

  /// The header line of the rate list in `screen`.
  static func header(_ screen: String) -> String? {
    screen.split(separator: "\n").first { $0.hasPrefix("Published ") }.map(String.init)
  }

  @Test func aSourceGivenOnceIsRememberedShownAndForgotten() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let none = try pocket.run(["source"])
    #expect(none.status == 0)
    #expect(none.stdout.hasPrefix("No rate source is remembered"))
    // A relative file is remembered by its absolute path, so another folder finds it.
    let file = pocket.directory.appendingPathComponent("saved-rates.json")
    try Foundation.Data(try Self.current()).write(to: file)
    let remembered = try pocket.run(
      ["--rates-file", "saved-rates.json", "source"], currentDirectory: pocket.directory)
    #expect(remembered.stdout == "Rate source remembered: \(file.path)\n", "\(remembered.stderr)")
    #expect(try pocket.run(["store"]).stdout.contains("Rate source: \(file.path)\n"))
    // Remembered, the source serves a plain `refresh`, from any folder.
    let refreshed = try pocket.run(["refresh"])
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    #expect(refreshed.stdout.contains("1,300.2500"))
    let forgotten = try pocket.run(["--lang", "ko", "source", "--forget"])
    #expect(forgotten.stdout == "환율 받을 곳을 잊었습니다: \(file.path)\n")
    #expect(try pocket.run(["refresh"]).status == 1)
    let wrong = try pocket.run(["source", "--now"])
    #expect(wrong.status == 2)
    #expect(wrong.stderr.hasPrefix("pocket: 'source' takes only --forget."))
  }

  @Test func aRefreshThatFailsRemembersNothing() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    let server = try LocalHTTPServer(script: [.init(status: 404, body: Array("no".utf8))])
    #expect(try pocket.run(["--rates-url", server.url(), "refresh"]).status == 1)
    #expect(try pocket.run(["source"]).stdout.hasPrefix("No rate source is remembered"))
  }

  @Test func dueRatesAreFetchedBeforeTheyAreShownOncePerPeriod() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let server = try LocalHTTPServer(script: [.init(body: try Self.current())])
    #expect(try pocket.run(["--rates-url", server.url(), "source"]).status == 0)
    #expect(server.requests == 0, "remembering fetches nothing")
    // `--offline`: the due rates show as they are, marked, and nothing is asked.
    let offline = try pocket.run(["--offline", "rates", "krw"])
    #expect(Self.header(offline.stdout)?.contains("due since Aug 20, 2024") == true)
    #expect(server.requests == 0)
    // Due: `calc` fetches first, says so, and converts with the new rates.
    let calc = try pocket.run(["calc", "KRW"])
    #expect(calc.status == 0, "\(calc.stderr)")
    #expect(calc.stderr.hasPrefix("pocket: Rates updated: published "), "\(calc.stderr)")
    #expect(calc.stdout.contains("1 USD = 1,300.25 KRW"))
    #expect(!calc.stdout.contains("due since"))
    #expect(server.requests == 1)
    // Current now: nothing is asked again.
    let list = try pocket.run(["rates", "krw"])
    #expect(list.stderr.isEmpty)
    #expect(Self.header(list.stdout)?.contains("due") == false)
    #expect(server.requests == 1)
  }

  @Test func aSourceThatCannotAnswerLeavesTheCachedRatesMarkedWithinTwoSeconds() throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    // A server that takes the request and never answers: `--timeout` would wait 20 s; a
    // refresh when due gives up after two, and the cached rates show.
    let stalling = try LocalHTTPServer(script: [.init(body: [], pace: .stall)])
    #expect(try pocket.run(["--rates-url", stalling.url(), "source"]).status == 0)
    let clock = ContinuousClock()
    let start = clock.now
    let stalled = try pocket.run(["rates", "krw"])
    let took = clock.now - start
    #expect(stalled.status == 0)
    #expect(took < .seconds(10), "the refresh gave up after \(took)")
    #expect(Self.header(stalled.stdout)?.contains("due since Aug 20, 2024") == true)
    #expect(stalled.stderr.hasPrefix("pocket: Could not load data: "), "\(stalled.stderr)")
    #expect(stalling.requests == 1)
    // Tried in this period: the next command does not ask again (nor wait).
    let again = try pocket.run(["calc", "KRW"])
    #expect(again.status == 0)
    #expect(again.stderr.isEmpty, "\(again.stderr)")
    #expect(stalling.requests == 1)

    // The server gone: the next period's try fails at once, exit 0, the reason on stderr.
    let url = stalling.url()
    let gone = try PocketProcess(store: "sqlite")
    defer { gone.remove() }
    #expect(try gone.run(["--rates-url", url, "source"]).status == 0)
    _ = consume stalling
    let run = try gone.run(["--lang", "ko", "rates"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("2024년 8월 20일부터 갱신 시각 지남"), "\(run.stdout)")
    #expect(run.stderr.hasPrefix("pocket: 데이터를 불러올 수 없습니다"), "\(run.stderr)")
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
  func anOpenLiveViewMovesToNewerRatesByItself() throws {
    let server = try LocalHTTPServer(script: [.init(body: try Self.current())])
    let url = server.url()
    guard
      let live = try LiveTerminalTests().start(prepare: { folder in
        let remembered = try PocketProcess(directory: folder).run(["--rates-url", url, "source"])
        #expect(remembered.status == 0, "\(remembered.stderr)")
      })
    else { return }
    defer { live.close() }
    // No key is pressed: the view fetches the due rates and shows them, current.
    let screen = try live.pty.read(untilScreen: { $0.contains("Rates updated: published") })
    #expect(!screen.contains("due since"), "\(screen.lines)")
    #expect(server.requests == 1)
    // The new rates are the list's: KRW as the server gave it.
    let krw = try live.send("/krw", until: { $0.contains("South Korean Won") })
    #expect(krw.contains("1,300.2500"), "\(krw.lines)")
    live.pty.send("\rq")
    try live.expectTerminalGivenBack()
  }
}
