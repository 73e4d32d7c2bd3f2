import Foundation
import PocketDomain
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What other clients of a postgres store change, as the server announces it: the store's
/// triggers `NOTIFY` every committed change (whoever made it: another Pocket, on any
/// machine, or `psql`), and a connection of this listener's own `LISTEN`s on a thread that
/// sleeps on its socket (no polling: no work while nothing changes). Runs only while someone
/// subscribes. The store's own changes (sent by its connection's server process) are not
/// reported; a lost connection is: the store is then `.gone`.
final class PostgresChangeListener: StoreObservation {
  /// The store's server being reached: libpq, the store's name, and the server process of
  /// its own connection (whose notifications are its own) come from there.
  private let reaching: ServerReach
  private let schema: String
  private let signal = StoreChangeSignal()
  /// The socket pair that wakes the running listener's thread to stop it.
  private let running = Mutex<(read: Int32, write: Int32)?>(nil)

  init(reaching: ServerReach, schema: String) {
    self.reaching = reaching
    self.schema = schema
    signal.onDemand { [weak self] watched in
      if watched { self?.start() } else { self?.stop() }
    }
  }

  deinit { stop() }

  var watch: StoreWatch { .serverNotifications }

  func subscribe() -> StoreChanges { signal.subscribe() }

  /// Connects and listens before it returns, so every change committed after a
  /// subscription began is reported; then a thread waits for the notifications.
  private func start() {
    let store: PostgresStore.Reached
    do {
      store = try reaching.value()
    } catch {
      signal.send(.gone(error))
      return
    }
    let name = store.name
    let connection: PostgresConnection
    do {
      connection = try PostgresConnection(store.libpq, parameters: store.parameters)
      try connection.execute("LISTEN \(PostgresSchema.channel)")
    } catch {
      signal.send(.gone(Self.lost(error.message, name: name)))
      return
    }
    // A socket pair rather than a pipe: a thread that has ended (its connection lost) and
    // closed its end gets the byte `stop` sends without a SIGPIPE (MSG_NOSIGNAL).
    var fds: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
      signal.send(.gone(Self.lost("cannot make a socket to stop the listener", name: name)))
      return
    }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    running.withLock { $0 = (fds[0], fds[1]) }
    let listening = Listening(
      connection: connection, schema: schema, name: name, ownPID: store.ownPID, signal: signal,
      wake: fds[0])
    let thread = Thread {
      listening.run()
      close(listening.wake)
    }
    thread.name = "pocket-postgres-listener"
    thread.start()
  }

  static func lost(_ reason: String, name: String) -> DomainError {
    .storageUnavailable(path: name, reason: StoreProblem(.connectionLost(because: .system(reason))))
  }

  private func stop() {
    guard
      let pipe = running.withLock({ state in
        defer { state = nil }; return state
      })
    else {
      return
    }
    var byte: UInt8 = 1
    _ = send(pipe.write, &byte, 1, Int32(MSG_NOSIGNAL))
    close(pipe.write)
  }

}

/// A listening connection, handed to its thread: it reports notifications until `wake` is
/// readable (or closed), or the connection is lost.
private struct Listening: @unchecked Sendable {
  let connection: PostgresConnection
  let schema: String
  let name: String
  let ownPID: Int32
  let signal: StoreChangeSignal
  let wake: Int32

  /// The kinds a declared kind's row reported ("declared_records KINDS"), or `nil`.
  static func declaredKinds(_ payload: String) -> RecordKinds? {
    let parts = payload.split(separator: " ")
    guard parts.count == 2, parts[0] == "declared_records", let bits = Int(parts[1]),
      bits != 0
    else { return nil }
    return RecordKinds(rawValue: bits)
  }

  func run() {
    defer { connection.close() }
    func lost(_ reason: String) {
      signal.send(.gone(PostgresChangeListener.lost(reason, name: name)))
    }
    let kinds = Dictionary(
      PostgresSchema.notifyingTables.map { ($0.table, $0.kinds) }, uniquingKeysWith: { $1 })
    var fds = [
      pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      fds[0].revents = 0
      fds[1].revents = 0
      guard poll(&fds, 2, -1) >= 0 || errno == EINTR else {
        lost(String(cString: strerror(errno)))
        return
      }
      if fds[1].revents != 0 { return }
      guard fds[0].revents != 0 else { continue }
      guard connection.consumeInput() else {
        lost(connection.errorMessage)
        return
      }
      var changed: RecordKinds = []
      for (pid, payload) in connection.takeNotifications() where pid != ownPID {
        let parts = payload.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == schema else { continue }
        changed.formUnion(kinds[parts[1]] ?? Self.declaredKinds(parts[1]) ?? .all)
      }
      if !changed.isEmpty { signal.send(.changed(changed)) }
    }
  }
}

extension PostgresConnection {
  /// Reads what the server sent; `false` when the connection is lost.
  func consumeInput() -> Bool { libpq.consumeInput(handleForListening) == 1 }

  /// libpq's last message for this connection, on one line.
  var errorMessage: String { Self.message(libpq.errorMessage(handleForListening)) }

  /// Every notification received and not yet taken: the sending server process and the
  /// payload.
  func takeNotifications() -> [(pid: Int32, payload: String)] {
    var notifications: [(pid: Int32, payload: String)] = []
    // PGnotify: relname (a pointer), be_pid (an int, padded to a pointer), extra, next.
    let pointer = MemoryLayout<UnsafeRawPointer>.stride
    while let notify = libpq.notifies(handleForListening) {
      let pid = notify.load(fromByteOffset: pointer, as: Int32.self)
      let extra = notify.load(fromByteOffset: 2 * pointer, as: UnsafePointer<CChar>?.self)
      notifications.append((pid, extra.map { String(cString: $0) } ?? ""))
      libpq.freemem(notify)
    }
    return notifications
  }
}
