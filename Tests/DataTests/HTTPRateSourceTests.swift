import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

@Suite("HTTP rate source", .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct HTTPRateSourceTests {
  func source(_ server: LocalHTTPServer) throws -> HTTPRateSource {
    HTTPRateSource(url: try #require(URL(string: server.url())), timeout: .seconds(5))
  }

  func expectFailure(
    _ source: HTTPRateSource, containing text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await #expect(sourceLocation: sourceLocation) {
      _ = try await source.fetch()
    } throws: { error in
      guard case .ratesUnavailable(let reason) = error as? DomainError else { return false }
      return reason.english.contains(text) && reason.english.contains(source.url.absoluteString)
    }
  }

  @Test func fetchesAndDecodesTheServedSnapshot() async throws {
    let server = try LocalHTTPServer(script: [
      try .init(file: Fixtures.url("open-er-api-USD-2024-01-09.json"))
    ])
    let snapshot = try await source(server).fetch()
    let expected = try OpenERAPIDecoder().decode(
      Foundation.Data(contentsOf: Fixtures.url("open-er-api-USD-2024-01-09.json")))
    #expect(snapshot == expected)
    #expect(snapshot.rates["KRW"] == Decimal(string: "1315.579762"))
    #expect(server.requests == 1)
  }

  @Test func errorsSayWhatWentWrong() async throws {
    let oversized = Array(repeating: UInt8(ascii: " "), count: HTTPRateSource.maxBodySize + 1)
    let server = try LocalHTTPServer(script: [
      .init(body: Array(#"{"result":"error","error-type":"invalid-key"}"#.utf8)),
      .init(status: 500, body: Array("oops".utf8)),
      .init(status: 404, body: []),
      .init(body: oversized),
      .init(body: oversized + oversized, announcesLength: false),
      .init(body: Array("<html>".utf8)),
    ])
    let source = try source(server)
    await expectFailure(source, containing: "invalid-key")
    await expectFailure(source, containing: "HTTP 500")
    await expectFailure(source, containing: "HTTP 404")
    await expectFailure(source, containing: "larger than 1 MiB")
    // Without a Content-Length the download stops once it passes the limit.
    await expectFailure(source, containing: "larger than 1 MiB")
    await expectFailure(source, containing: "malformed")
  }

  @Test func anUnreachableServerIsAClearError() async throws {
    // A port that was just listening and is closed now refuses connections.
    var server: LocalHTTPServer? = try LocalHTTPServer(script: [])
    let source = try source(try #require(server))
    server = nil
    await expectFailure(source, containing: "cannot reach the server")
  }
}

/// A rates URL given to the library with a password in it: every message names it without
/// the password (the `pocket` executable refuses such a URL before it gets here).
@Suite("HTTP rate source secrets", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct HTTPRateSourceSecretTests {
  @Test func aFailedFetchNamesTheURLWithoutItsPassword() async throws {
    // Port 1: nothing listens, so the fetch fails at once.
    let url = try #require(URL(string: "http://user:hunter2secret@127.0.0.1:1/v6/latest/USD"))
    let source = HTTPRateSource(url: url, timeout: .seconds(5))
    #expect(source.name == "http://user:***@127.0.0.1:1/v6/latest/USD")
    await #expect {
      _ = try await source.fetch()
    } throws: { error in
      guard case .ratesUnavailable(let reason) = error as? DomainError else { return false }
      return reason.english.hasPrefix("http://user:***@127.0.0.1:1/v6/latest/USD: ")
        && !reason.english.contains("hunter2secret")
    }
  }

  @Test func aURLWithoutAPasswordIsNamedWhole() throws {
    let text = "http://user@127.0.0.1:8080/a@b:c"
    let source = HTTPRateSource(url: try #require(URL(string: text)))
    #expect(source.name == text)
  }
}
