import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C in an interactive session. At a prompt it ends the session at once (every change
/// was saved when its command returned, the screen included); while a command runs it
/// waits for that command to finish, so a change is never cut in half, then ends.
enum Interruption {
  private struct State {
    var isBusy = false
    var wasRequested = false
  }

  private static let state = Mutex(State())
  private static let source = Mutex<(any DispatchSourceSignal)?>(nil)

  /// Starts listening for SIGINT (once).
  static func install() {
    source.withLock { source in
      guard source == nil else { return }
      signal(SIGINT, SIG_IGN)
      let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
      signalSource.setEventHandler {
        let endNow = state.withLock { state in
          state.wasRequested = true
          return !state.isBusy
        }
        if endNow {
          _ = write(STDOUT_FILENO, "\n", 1)
          exit(ExitStatus.done.rawValue)
        }
      }
      signalSource.resume()
      source = signalSource
    }
  }

  /// Runs one command; a Ctrl-C meanwhile takes effect when it has finished.
  @MainActor
  static func deferred<Result>(_ body: () async -> Result) async -> Result {
    state.withLock { $0.isBusy = true }
    defer { state.withLock { $0.isBusy = false } }
    return await body()
  }

  /// Ctrl-C came while a command ran: end the session now.
  static var wasRequested: Bool { state.withLock { $0.wasRequested } }
}
