import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The wait for the store's lock (`watched`), a connection lost while idle, and libpq's
// messages.
extension PostgresConnection {
  /// Whether the connection was lost while it was idle (the server restarted, or ended its
  /// process): what the server sent meanwhile (its last words, then the end of the stream)
  /// is read without waiting, and libpq's status then says. A connection this process
  /// closed is not lost.
  var wasLost: Bool {
    guard !isClosed else { return false }
    var socket = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    // A few reads at most: a server that keeps talking to an idle connection holds no one up.
    for _ in 1...4 {
      guard libpq.status(handleForListening) == LibPQ.connectionOK, poll(&socket, 1, 0) > 0,
        consumeInput()
      else { break }
    }
    return libpq.status(handleForListening) != LibPQ.connectionOK
  }

  /// Whether `sql` is the statement whose wait is reported, and someone would be told: a
  /// one-shot command that shows no wait starts no thread for it (`LockWatchdog`).
  func isWatched(_ sql: String) -> Bool {
    guard let watched, watched.sql == sql else { return false }
    return watched.waiting.waits.isObserved
  }

  /// `body`, the wait for `sql`'s result, reported as a wait for a lock when `sql` is
  /// watched (`isWatched`; `LockWatchdog`: the call blocks in libpq meanwhile).
  func watching<Result>(_ sql: String, _ body: () -> Result) -> Result {
    guard let watched, isWatched(sql) else { return body() }
    return LockWatchdog.shared.watching(watched.waiting, body)
  }

  /// libpq's message, on one line: "ERROR:  " and the trailing newline taken off, the lines of
  /// a multi-line message joined.
  static func message(_ pointer: UnsafePointer<CChar>?) -> String {
    let text = pointer.map { String(cString: $0) } ?? ""
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    let joined = lines.joined(separator: "; ")
    for prefix in ["ERROR:  ", "FATAL:  ", "ERROR: ", "FATAL: "] where joined.hasPrefix(prefix) {
      return String(joined.dropFirst(prefix.count))
    }
    return joined.isEmpty ? "no reason given" : joined
  }
}
