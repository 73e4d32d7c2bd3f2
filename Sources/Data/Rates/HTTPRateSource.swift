import Foundation
import PocketDomain

// No FoundationNetworking on Linux: importing it links libcurl, OpenSSL and some thirty
// more libraries into every start of `pocket`, though only `refresh` downloads. Linux
// downloads through `CurlDownload`, which opens libcurl with `dlopen` when a refresh runs.
#if !os(Linux) && canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Rates fetched over HTTP from an open.er-api.com style endpoint.
///
/// Every fetch is bounded: the decoded (decompressed) body may not pass 1 MiB, and the
/// whole exchange — connecting, the headers and the body — must end within `timeout`.
/// Cancelling the calling task cancels the download at once.
public struct HTTPRateSource: ExchangeRateSource {
  /// The provider's USD endpoint; it publishes once a day.
  public static let defaultURL: URL = {
    guard let url = URL(string: "https://open.er-api.com/v6/latest/USD") else {
      preconditionFailure("The provider URL is a valid constant")
    }
    return url
  }()

  /// The largest response body accepted, counted after decompression.
  public static let maxBodySize = 1 << 20

  /// How long a fetch may take in all, unless the caller says otherwise.
  public static let defaultTimeout = Duration.seconds(20)

  /// The least time reading a body may take, even when the download has used up the
  /// deadline: a valid 1 MiB response reads in well under it.
  static let minimumReadTime = Duration.seconds(1)

  public let url: URL
  /// The deadline of the whole fetch: connection, headers and body.
  public let timeout: Duration

  /// Reads a response's body; `OpenERAPIDecoder` but in tests.
  let decode: @Sendable (Foundation.Data) throws(DomainError) -> RateSnapshot

  public init(url: URL, timeout: Duration = Self.defaultTimeout) {
    self.init(url: url, timeout: timeout) { data throws(DomainError) in
      try OpenERAPIDecoder().decode(data)
    }
  }

  /// A source that reads bodies with `decode` (tests give a slow one).
  init(
    url: URL, timeout: Duration,
    decode: @escaping @Sendable (Foundation.Data) throws(DomainError) -> RateSnapshot
  ) {
    self.url = url
    self.timeout = timeout
    self.decode = decode
  }

  /// The URL as messages name it: without the password of its user part
  /// (`hidingPassword(_:)`), if it has one.
  public var name: String {
    url.password == nil ? url.absoluteString : Self.hidingPassword(url.absoluteString)
  }

  /// `text` (a rates URL, maybe malformed) with everything between the first `:` after its
  /// scheme's `://` and its last `@` shown as `***`: `https://user:secret@host/x` reads
  /// `https://user:***@host/x`. Read as text, not as a `URL`, so that a text no `URL` takes
  /// is hidden too (and so is more than a password, where a path holds `@`); a text
  /// without `@`, or without `:` before it, is given back whole.
  public static func hidingPassword(_ text: String) -> String {
    let rest = text.range(of: "://").map { text[$0.upperBound...] } ?? text[...]
    guard let at = rest.lastIndex(of: "@"),
      let colon = rest[..<at].firstIndex(of: ":")
    else { return text }
    return String(text[..<colon]) + ":***" + String(text[at...])
  }

  /// - Throws: `DomainError.ratesUnavailable` naming the url when the server cannot be
  ///   reached, gives no complete response within the timeout, answers with a status
  ///   other than 200, sends more than 1 MiB, or sends something that is not a valid
  ///   rates response; `CancellationError` when the calling task was cancelled. The
  ///   deadline covers reading the body too: a body that takes too long to decode ends the
  ///   fetch when the deadline passes (or `minimumReadTime` after the body arrived, when
  ///   that is later), as a slow server does.
  public func fetch() async throws -> RateSnapshot {
    let deadline = ContinuousClock.now + timeout
    let (status, body) = try await download()
    if status != 200 {
      throw failure(.httpStatus(status))
    }
    do {
      let decode = self.decode
      // What is left of the deadline, and never less than `minimumReadTime`: a body that
      // arrived in time is not refused because the download used up nearly all of it.
      let readBy = max(deadline, ContinuousClock.now + Self.minimumReadTime)
      return try await DeadlineWork.run(by: readBy) { try decode(body) }
    } catch DownloadFailure.timedOut {
      throw failure(.readTimedOut(seconds: Self.describe(timeout)))
    } catch let error as DomainError {
      guard case .ratesUnavailable(let reason) = error else { throw error }
      throw DomainError.ratesUnavailable(
        reason: StoreProblem(.fromSource(name, reason.cause), advice: reason.advice))
    }
  }

  /// The response's status code and decoded body, within the bounds.
  private func download() async throws -> (status: Int, body: Foundation.Data) {
    do {
      // libcurl directly on Linux (loaded only now); on Darwin (macOS, iOS) URLSession.
      #if os(Linux)
        guard CurlDownload.isAvailable else {
          throw DownloadFailure.unreachable("libcurl (libcurl.so.4) is not installed")
        }
        let response = try await CurlDownload.run(
          url, headers: ["Accept: application/json"], limit: Self.maxBodySize,
          timeout: timeout)
        return (response.status, response.body)
      #else
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.cachePolicy = .reloadIgnoringLocalCacheData
        // URLSession's own timeout is an idle timeout; the deadline is kept apart.
        request.timeoutInterval = max(1, (timeout / .seconds(1)).rounded(.up))
        let (body, response) = try await CappedDownload.run(
          request, limit: Self.maxBodySize, timeout: timeout)
        return ((response as? HTTPURLResponse)?.statusCode ?? 200, body)
      #endif
    } catch {
      try Task.checkCancellation()
      switch error {
      case DownloadFailure.tooLarge:
        throw failure(.responseTooLarge(mebibytes: 1))
      case DownloadFailure.timedOut:
        throw failure(.noCompleteResponse(seconds: Self.describe(timeout)))
      #if !os(Linux)
        case let error as URLError where error.code == .timedOut:
          throw failure(.noCompleteResponse(seconds: Self.describe(timeout)))
      #endif
      case DownloadFailure.unreachable(let reason):
        throw failure(.unreachable(because: .system(reason)))
      default:
        throw failure(.unreachable(because: .system(error.localizedDescription)))
      }
    }
  }

  private func failure(_ problem: RateProblem) -> DomainError {
    .ratesUnavailable(reason: StoreProblem(.fromSource(name, .rates(problem))))
  }

  /// `20`, `1.5`: a duration in seconds, to the millisecond.
  static func describe(_ duration: Duration) -> String {
    let milliseconds = duration / .milliseconds(1)
    return "\(Decimal(Int64(milliseconds.rounded())) / 1000)"
  }
}

/// Why a bounded download stopped early.
enum DownloadFailure: Error {
  /// The decoded body passed the limit.
  case tooLarge
  /// The deadline passed first.
  case timedOut
  /// No connection, a broken response, a TLS failure: the transport's reason.
  case unreachable(String)
}

#if !os(Linux)
  /// One GET through URLSession whose decoded body may not pass `limit` bytes and whose
  /// whole exchange must end within a deadline (where `CurlDownload` is not used: Darwin —
  /// macOS and iOS, where an app may not load libcurl and URLSession is the system's own).
  /// It is cancelled as soon as the server announces or sends more,
  /// when the deadline passes, or when the calling task is cancelled; nothing polls.
  private final class CappedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Runs `request` against `timeout`: the download and a sleep race, and the loser is
    /// cancelled.
    static func run(
      _ request: URLRequest, limit: Int, timeout: Duration
    ) async throws -> (Foundation.Data, URLResponse) {
      try await withThrowingTaskGroup(of: (Foundation.Data, URLResponse)?.self) { group in
        group.addTask { try await CappedDownload(limit: limit).run(request) }
        group.addTask {
          try await Task.sleep(for: timeout)
          return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else {
          throw DownloadFailure.timedOut
        }
        return result
      }
    }

    private let limit: Int
    // Touched from the session's delegate queue, from `run` and from a cancellation; the
    // lock keeps them apart.
    private let lock = NSLock()
    private var body = Foundation.Data()
    private var received = 0
    private var response: URLResponse?
    private var tooLarge = false
    private var cancelled = false
    private var continuation: CheckedContinuation<(Foundation.Data, URLResponse), any Error>?

    private init(limit: Int) {
      self.limit = limit
    }

    private func run(_ request: URLRequest) async throws -> (Foundation.Data, URLResponse) {
      let configuration = URLSessionConfiguration.ephemeral
      // No cache: a cache would keep its own copy of every byte received.
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.timeoutIntervalForRequest = request.timeoutInterval
      let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
      defer { session.invalidateAndCancel() }
      let task = session.dataTask(with: request)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let start = lock.withLock {
            guard !cancelled else { return false }
            self.continuation = continuation
            return true
          }
          if start {
            task.resume()
          } else {
            continuation.resume(throwing: CancellationError())
          }
        }
      } onCancel: {
        lock.withLock { cancelled = true }
        task.cancel()
      }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      let allowed = lock.withLock {
        self.response = response
        if response.expectedContentLength > Int64(limit) { tooLarge = true }
        return !tooLarge
      }
      completionHandler(allowed ? .allow : .cancel)
      if !allowed { dataTask.cancel() }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Foundation.Data
    ) {
      let exceeded = lock.withLock {
        // Past the limit nothing more is kept; the task is being cancelled.
        guard !tooLarge else { return false }
        received += data.count
        guard received <= limit else {
          tooLarge = true
          body = Foundation.Data()
          return true
        }
        body.append(data)
        return false
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
        if cancelled { return (self.continuation, .failure(CancellationError())) }
        if tooLarge { return (self.continuation, .failure(DownloadFailure.tooLarge)) }
        if let error { return (self.continuation, .failure(error)) }
        guard let response else {
          return (self.continuation, .failure(URLError(.badServerResponse)))
        }
        return (self.continuation, .success((body, response)))
      }
      continuation?.resume(with: result)
    }
  }
#endif
