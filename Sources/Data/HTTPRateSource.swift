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
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let body: Foundation.Data
    let response: URLResponse
    do {
      (body, response) = try await session.data(for: request)
    } catch {
      throw failure("cannot reach the server: \(error.localizedDescription)")
    }
    if let http = response as? HTTPURLResponse, http.statusCode != 200 {
      throw failure("the server answered HTTP \(http.statusCode)")
    }
    guard body.count <= Self.maxBodySize else {
      throw failure("the response is larger than 1 MiB (\(body.count) bytes)")
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
