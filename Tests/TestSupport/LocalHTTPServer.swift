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
    /// How the body goes out.
    public enum Pace: Sendable {
      /// As fast as the client takes it.
      case whole
      /// Nothing at all, not even the head: the connection stays open and silent until
      /// the client hangs up (or 30 s pass).
      case stall
      /// The head at once, then one byte of the body per interval.
      case drip(every: Duration)
    }

    public var status: Int
    public var body: [UInt8]
    /// Sends `Content-Length`; without it the body ends when the connection closes.
    public var announcesLength: Bool
    /// Sent as `Content-Encoding` when set (`gzip`).
    public var contentEncoding: String?
    public var pace: Pace

    public init(
      status: Int = 200, body: [UInt8], announcesLength: Bool = true,
      contentEncoding: String? = nil, pace: Pace = .whole
    ) {
      self.status = status
      self.body = body
      self.announcesLength = announcesLength
      self.contentEncoding = contentEncoding
      self.pace = pace
    }

    public init(status: Int = 200, file: URL) throws {
      self.init(status: status, body: Array(try Foundation.Data(contentsOf: file)))
    }

    /// A gzip body (`Content-Encoding: gzip`) that inflates to `inflatedSize` spaces.
    public static func gzipBomb(inflatingTo inflatedSize: Int, announcesLength: Bool) -> Response {
      Response(
        body: GzipBomb.bytes(inflatingTo: inflatedSize), announcesLength: announcesLength,
        contentEncoding: "gzip")
    }
  }

  /// What the server managed to send of one response's body.
  public struct Delivery: Sendable {
    public var bodyBytesSent: Int
    public var bodySize: Int
    /// The client hung up (or stopped taking bytes) before the whole body went out.
    public var clientHungUp: Bool
  }

  private struct State {
    var script: [Response]
    var requests = 0
    var deliveries: [Delivery] = []
    var waiters: [(count: Int, continuation: CheckedContinuation<[Delivery], Never>)] = []
    var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
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

  /// Stops accepting: the serving thread's `accept` fails, and the thread closes the
  /// socket itself. Were it closed here, its number could be given to another server's
  /// socket before the thread's next `accept`, which would then answer that server's
  /// clients from this script.
  deinit {
    shutdown(socketDescriptor, Int32(SHUT_RDWR))
  }

  /// `http://127.0.0.1:PORT/path`.
  public func url(_ path: String = "/v6/latest/USD") -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// How many requests were answered so far.
  public var requests: Int { shared.state.withLock { $0.requests } }

  /// The deliveries of the first `count` responses, once the server has finished them
  /// (the body sent, or the client gone).
  public func deliveries(count: Int) async -> [Delivery] {
    await withCheckedContinuation { continuation in
      let done = shared.state.withLock { state -> [Delivery]? in
        guard state.deliveries.count < count else { return state.deliveries }
        state.waiters.append((count, continuation))
        return nil
      }
      if let done { continuation.resume(returning: done) }
    }
  }

  /// Returns once `count` requests have arrived.
  public func requestsArrived(count: Int) async {
    await withCheckedContinuation { continuation in
      let arrived = shared.state.withLock { state in
        guard state.requests < count else { return true }
        state.requestWaiters.append((count, continuation))
        return false
      }
      if arrived { continuation.resume() }
    }
  }

  /// Appends responses to the script.
  public func enqueue(_ responses: Response...) {
    shared.state.withLock { $0.script += responses }
  }

  private static func serve(_ listener: Int32, _ shared: Shared) {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        close(listener)  // shut down by deinit
        return
      }
      defer { close(connection) }
      var request: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !request.ends(with: Array("\r\n\r\n".utf8)) {
        let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        request += buffer[0..<count]
      }
      let (response, arrived) = shared.state.withLock { state in
        state.requests += 1
        let count = state.requests
        let arrived = state.requestWaiters.filter { $0.count <= count }.map(\.continuation)
        state.requestWaiters.removeAll { $0.count <= count }
        let response =
          state.script.isEmpty
          ? Response(status: 404, body: Array("no response scripted".utf8))
          : state.script.removeFirst()
        return (response, arrived)
      }
      for continuation in arrived { continuation.resume() }
      let head =
        "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Error")\r\n"
        + "Content-Type: application/json\r\n"
        + (response.announcesLength ? "Content-Length: \(response.body.count)\r\n" : "")
        + (response.contentEncoding.map { "Content-Encoding: \($0)\r\n" } ?? "")
        + "Connection: close\r\n\r\n"
      let delivery = deliver(response, head: Array(head.utf8), on: connection)
      let waiting = shared.state.withLock { state in
        state.deliveries.append(delivery)
        let deliveries = state.deliveries
        let ready = state.waiters.filter { $0.count <= deliveries.count }
        state.waiters.removeAll { $0.count <= deliveries.count }
        return ready.map { ($0.continuation, deliveries) }
      }
      for (continuation, deliveries) in waiting { continuation.resume(returning: deliveries) }
    }
  }

  /// Sends one response at its pace. Waiting happens in poll(2), which also sees the
  /// client hang up.
  private static func deliver(_ response: Response, head: [UInt8], on connection: Int32)
    -> Delivery
  {
    var delivery = Delivery(
      bodyBytesSent: 0, bodySize: response.body.count, clientHungUp: false)
    switch response.pace {
    case .stall:
      delivery.clientHungUp = waitForHangUp(connection, milliseconds: 30_000)
    case .whole:
      guard sendAll(head[...], on: connection) else {
        delivery.clientHungUp = true
        return delivery
      }
      var sent = 0
      while sent < response.body.count {
        let count = response.body[sent...].withUnsafeBytes {
          send(connection, $0.baseAddress, $0.count, noSignal)
        }
        guard count > 0 else { break }
        sent += count
      }
      delivery.bodyBytesSent = sent
      delivery.clientHungUp = sent < response.body.count
    case .drip(let interval):
      guard sendAll(head[...], on: connection) else {
        delivery.clientHungUp = true
        return delivery
      }
      let milliseconds = Int32(interval / .milliseconds(1))
      for byte in response.body {
        if waitForHangUp(connection, milliseconds: milliseconds)
          || !sendAll([byte][...], on: connection)
        {
          delivery.clientHungUp = true
          break
        }
        delivery.bodyBytesSent += 1
      }
    }
    return delivery
  }

  /// Sends every byte; false when the client is gone.
  private static func sendAll(_ bytes: ArraySlice<UInt8>, on connection: Int32) -> Bool {
    var rest = bytes
    while !rest.isEmpty {
      // MSG_NOSIGNAL: a client that hangs up early must not SIGPIPE the test process.
      let count = rest.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
      guard count > 0 else { return false }
      rest = rest.dropFirst(count)
    }
    return true
  }

  /// Waits up to `milliseconds` for the client to hang up; true when it did.
  private static func waitForHangUp(_ connection: Int32, milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(connection, &byte, 1, 0) <= 0
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
