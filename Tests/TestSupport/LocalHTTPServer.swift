import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: it answers each request with the next
/// scripted response, counts the requests, and stops when the test releases it. It never
/// reaches past this machine.
public final class LocalHTTPServer: Sendable {
  public struct Response: Sendable {
    public var status: Int
    public var body: [UInt8]
    /// Sends `Content-Length`; without it the body ends when the connection closes.
    public var announcesLength: Bool

    public init(status: Int = 200, body: [UInt8], announcesLength: Bool = true) {
      self.status = status
      self.body = body
      self.announcesLength = announcesLength
    }

    public init(status: Int = 200, file: URL) throws {
      self.init(status: status, body: Array(try Foundation.Data(contentsOf: file)))
    }
  }

  private struct State {
    var script: [Response]
    var requests = 0
  }

  /// The state the serving thread shares with the test.
  private final class Shared: Sendable {
    let state: Mutex<State>
    init(_ state: State) { self.state = Mutex(state) }
  }

  /// The port the server listens on.
  public let port: UInt16
  private let socketDescriptor: Int32
  private let shared: Shared

  /// Starts listening on an ephemeral port of 127.0.0.1.
  public init(script: [Response]) throws {
    shared = Shared(State(script: script))
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    socketDescriptor = descriptor
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [shared] in Self.serve(descriptor, shared) }
    thread.start()
  }

  deinit {
    shutdown(socketDescriptor, Int32(SHUT_RDWR))
    close(socketDescriptor)
  }

  /// `http://127.0.0.1:PORT/path`.
  public func url(_ path: String = "/v6/latest/USD") -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// How many requests were answered so far.
  public var requests: Int { shared.state.withLock { $0.requests } }

  /// Appends responses to the script.
  public func enqueue(_ responses: Response...) {
    shared.state.withLock { $0.script += responses }
  }

  private static func serve(_ listener: Int32, _ shared: Shared) {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }  // closed by deinit
      defer { close(connection) }
      var request: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !request.ends(with: Array("\r\n\r\n".utf8)) {
        let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        request += buffer[0..<count]
      }
      let response = shared.state.withLock { state -> Response in
        state.requests += 1
        return state.script.isEmpty
          ? Response(status: 404, body: Array("no response scripted".utf8))
          : state.script.removeFirst()
      }
      let head =
        "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Error")\r\n"
        + "Content-Type: application/json\r\n"
        + (response.announcesLength ? "Content-Length: \(response.body.count)\r\n" : "")
        + "Connection: close\r\n\r\n"
      let bytes = Array(head.utf8) + response.body
      var sent = 0
      while sent < bytes.count {
        // MSG_NOSIGNAL: a client that hangs up early must not SIGPIPE the test process.
        let count = bytes[sent...].withUnsafeBytes {
          send(connection, $0.baseAddress, $0.count, noSignal)
        }
        guard count > 0 else { break }
        sent += count
      }
    }
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}

#if os(Linux)
  private let noSignal = Int32(MSG_NOSIGNAL)
#else
  private let noSignal: Int32 = 0
#endif
