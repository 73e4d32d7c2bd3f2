import Domain
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Rates fetched over HTTP from an open.er-api.com style endpoint.
public struct HTTPRateSource: ExchangeRateSource {
  /// The provider's USD endpoint; it publishes once a day.
  public static let defaultURL: URL = {
    guard let url = URL(string: "https://open.er-api.com/v6/latest/USD") else {
      preconditionFailure("The provider URL is a valid constant")
    }
    return url
  }()

  /// The largest response body accepted.
  public static let maxBodySize = 1 << 20

  public let url: URL
  private let timeout: TimeInterval

  public init(url: URL, timeout: TimeInterval = 15) {
    self.url = url
    self.timeout = timeout
  }

  public var name: String { url.absoluteString }

  /// - Throws: `DomainError.ratesUnavailable` naming the url when the server cannot be
  ///   reached, answers with a status other than 200, sends more than 1 MiB, or sends
  ///   something that is not a valid rates response.
  public func fetch() async throws -> RateSnapshot {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let body: Foundation.Data
    let response: URLResponse
    do {
      (body, response) = try await CappedDownload(limit: Self.maxBodySize).run(request)
    } catch let error as CappedDownload.TooLarge {
      throw failure("the response is larger than 1 MiB (\(error.received) bytes or more)")
    } catch {
      throw failure("cannot reach the server: \(error.localizedDescription)")
    }
    if let http = response as? HTTPURLResponse, http.statusCode != 200 {
      throw failure("the server answered HTTP \(http.statusCode)")
    }
    do {
      return try OpenERAPIDecoder().decode(body)
    } catch {
      guard case .ratesUnavailable(let reason) = error else { throw error }
      throw failure(reason)
    }
  }

  private func failure(_ reason: String) -> DomainError {
    .ratesUnavailable(reason: "\(url.absoluteString): \(reason)")
  }
}

/// One GET whose body may not pass `limit` bytes: it is cancelled as soon as the server
/// announces or sends more, so a hostile or broken server cannot fill memory.
private final class CappedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  struct TooLarge: Error {
    var received: Int
  }

  private let limit: Int
  // Touched from the session's delegate queue and from `run`; the lock keeps them apart.
  private let lock = NSLock()
  private var body = Foundation.Data()
  private var response: URLResponse?
  private var tooLarge = false
  private var continuation: CheckedContinuation<(Foundation.Data, URLResponse), any Error>?

  init(limit: Int) {
    self.limit = limit
  }

  func run(_ request: URLRequest) async throws -> (Foundation.Data, URLResponse) {
    let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    return try await withCheckedThrowingContinuation { continuation in
      lock.withLock { self.continuation = continuation }
      session.dataTask(with: request).resume()
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let allowed = lock.withLock {
      self.response = response
      if response.expectedContentLength > Int64(limit) {
        tooLarge = true
        body.count = Int(response.expectedContentLength)
      }
      return !tooLarge
    }
    completionHandler(allowed ? .allow : .cancel)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Foundation.Data
  ) {
    let exceeded = lock.withLock {
      body.append(data)
      tooLarge = body.count > limit
      return tooLarge
    }
    if exceeded { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (continuation, result) = lock.withLock {
      () -> (
        CheckedContinuation<(Foundation.Data, URLResponse), any Error>?,
        Result<(Foundation.Data, URLResponse), any Error>
      ) in
      defer { self.continuation = nil }
      if tooLarge { return (self.continuation, .failure(TooLarge(received: body.count))) }
      if let error { return (self.continuation, .failure(error)) }
      guard let response else { return (self.continuation, .failure(URLError(.badServerResponse))) }
      return (self.continuation, .success((body, response)))
    }
    continuation?.resume(with: result)
  }
}
