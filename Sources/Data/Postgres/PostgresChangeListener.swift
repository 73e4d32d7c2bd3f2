import Domain
import Foundation
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
  private let libpq: LibPQ
  private let parameters: [(keyword: String, value: String)]
  private let schema: String
  private let name: String
  /// The server process of the store's own connection, whose notifications are its own.
  private let ownPID: Int32
  private let signal = StoreChangeSignal()
  /// The pipe that wakes the running listener's thread to stop it.
  private let running = Mutex<(read: Int32, write: Int32)?>(nil)

  init(
    libpq: LibPQ, parameters: [(keyword: String, value: String)], schema: String, name: String,
    ownPID: Int32
  ) {
    self.libpq = libpq
    self.parameters = parameters
    self.schema = schema
    self.name = name
    self.ownPID = ownPID
    signal.onDemand { [weak self] watched in
      if watched { self?.start() } else { self?.stop() }
    }
  }

  deinit { stop() }

  var watch: StoreWatch { .serverNotifications }

  func subscribe() -> StoreChanges { signal.subscribe() }

  private func start() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      signal.send(.gone(.storageUnavailable(path: name, reason: "cannot make a pipe to follow it")))
      return
    }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    running.withLock { $0 = (fds[0], fds[1]) }
    let (libpq, parameters, schema, name, ownPID, signal) = (
      self.libpq, self.parameters, self.schema, self.name, self.ownPID, self.signal
    )
    let wake = fds[0]
    let thread = Thread {
      Self.listen(
        libpq: libpq, parameters: parameters, schema: schema, name: name, ownPID: ownPID,
        signal: signal, wake: wake)
      close(wake)
    }
    thread.name = "pocket-postgres-listener"
    thread.start()
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
    _ = write(pipe.write, &byte, 1)
    close(pipe.write)
  }

  /// Connects, listens, and reports notifications until `wake` is readable (or closed).
  private static func listen(
    libpq: LibPQ, parameters: [(keyword: String, value: String)], schema: String, name: String,
    ownPID: Int32, signal: StoreChangeSignal, wake: Int32
  ) {
    func lost(_ reason: String) {
      signal.send(
        .gone(
          .storageUnavailable(
            path: name, reason: "the connection to the server was lost: \(reason)")))
    }
    let connection: PostgresConnection
    do {
      connection = try PostgresConnection(libpq, parameters: parameters)
      try connection.execute("LISTEN \(PostgresSchema.channel)")
    } catch {
      lost(error.message)
      return
    }
    defer { connection.close() }
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
        changed.formUnion(kinds[parts[1]] ?? .all)
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
