import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

/// A download has bounds in bytes and in time: hostile or broken servers on 127.0.0.1
/// (a body that inflates without end, a body without length, a silent server, a server
/// that drips) all end within the deadline with "Could not load data" and the cause, and
/// the source hangs up instead of reading on. Deadlines are short (1 s), bounds generous.
@Suite(
  "HTTP rate source bounds", .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct HTTPRateSourceBoundsTests {
  /// Far above any deadline used here (at most 5 s); a fetch that takes this long did not
  /// stop. (A fetch alone takes 0.1 s; in the whole suite on 2 cores shared with other
  /// builds, whose blocking process tests hold the cooperative threads, it has taken 60 s.)
  /// That the source stops reading early is checked by the bytes the server sent, not by time.
  static let generousBound = Duration.seconds(Soak.isOn ? 300 : 180)

  func source(_ server: LocalHTTPServer, timeout: Duration) throws -> HTTPRateSource {
    HTTPRateSource(url: try #require(URL(string: server.url())), timeout: timeout)
  }

  /// Fetches, expecting `ratesUnavailable` with `text`, within the generous bound.
  func expectFailure(
    _ source: HTTPRateSource, containing text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let clock = ContinuousClock()
    let start = clock.now
    await #expect(sourceLocation: sourceLocation) {
      _ = try await source.fetch()
    } throws: { error in
      guard case .ratesUnavailable(let reason) = error as? DomainError else { return false }
      return reason.english == "\(source.url.absoluteString): \(text)"
    }
    #expect(start.duration(to: clock.now) < Self.generousBound, sourceLocation: sourceLocation)
  }

  @Test func aBodyThatInflatesPastTheCapIsRefusedAsItArrives() async throws {
    // 1 GiB of spaces in 6.8 MB of gzip, sent without a length: the source must stop
    // reading once 1 MiB has been inflated and hang up, long before the server is done.
    let server = try LocalHTTPServer(script: [
      .gzipBomb(inflatingTo: 1 << 30, announcesLength: false),
      .gzipBomb(inflatingTo: 16 << 20, announcesLength: true),
    ])
    let source = try source(server, timeout: .seconds(5))
    await expectFailure(source, containing: "the response is larger than 1 MiB")
    let bomb = try #require(await server.deliveries(count: 1).first)
    #expect(bomb.clientHungUp)
    #expect(bomb.bodyBytesSent < bomb.bodySize)
    // 16 MiB announced as its 106 kB of gzip: the announced length is small, the
    // inflated body is not.
    await expectFailure(source, containing: "the response is larger than 1 MiB")
  }

  @Test func aBodyWithoutLengthIsRefusedAtTheCap() async throws {
    let server = try LocalHTTPServer(script: [
      .init(body: Array(repeating: UInt8(ascii: " "), count: 50_000_000), announcesLength: false)
    ])
    await expectFailure(
      try source(server, timeout: .seconds(5)), containing: "the response is larger than 1 MiB")
    let delivery = try #require(await server.deliveries(count: 1).first)
    #expect(delivery.clientHungUp)
    #expect(delivery.bodyBytesSent < delivery.bodySize)
  }

  @Test func aSilentServerFailsAtTheDeadline() async throws {
    let server = try LocalHTTPServer(script: [.init(body: [], pace: .stall)])
    await expectFailure(
      try source(server, timeout: .seconds(1)), containing: "no complete response within 1 s")
    let delivery = try #require(await server.deliveries(count: 1).first)
    #expect(delivery.clientHungUp, "the source hung up")
  }

  @Test func aDrippingServerFailsAtTheDeadline() async throws {
    // A valid response, one byte every 100 ms: 5 minutes for the whole. Each byte would
    // reset an idle timeout; the deadline counts the whole exchange.
    let fixture = try Foundation.Data(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"))
    let server = try LocalHTTPServer(script: [
      .init(body: Array(fixture), pace: .drip(every: .milliseconds(100)))
    ])
    await expectFailure(
      try source(server, timeout: .milliseconds(1500)),
      containing: "no complete response within 1.5 s")
    let delivery = try #require(await server.deliveries(count: 1).first)
    #expect(delivery.clientHungUp)
    #expect(delivery.bodyBytesSent < delivery.bodySize)
  }

  @Test func cancellingTheFetchHangsUpAtOnce() async throws {
    let server = try LocalHTTPServer(script: [.init(body: [], pace: .stall)])
    let source = try source(server, timeout: .seconds(30))
    let fetch = Task { try await source.fetch() }
    await server.requestsArrived(count: 1)
    fetch.cancel()
    await #expect(throws: CancellationError.self) { _ = try await fetch.value }
    let delivery = try #require(await server.deliveries(count: 1).first)
    #expect(delivery.clientHungUp, "the source hung up")
  }

  @Test func aGoodResponseStillArrivesWithinTheBounds() async throws {
    let fixture = try Foundation.Data(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"))
    let server = try LocalHTTPServer(script: [.init(body: Array(fixture))])
    let snapshot = try await source(server, timeout: .seconds(5)).fetch()
    #expect(snapshot == (try OpenERAPIDecoder().decode(fixture)))
  }
}
