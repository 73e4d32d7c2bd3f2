import Dispatch
import PocketPresentation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C in an interactive session. At a prompt it ends the session at once (every change
/// was saved when its command returned, the screen included). While `refresh` runs it
/// cancels the refresh — the cached rates stay — and the session goes on. While any other
/// command runs it waits for that command to finish, so a change is never cut in half,
/// then ends.
enum Interruption {
  private struct State {
    var isBusy = false
    var wasRequested = false
    /// Cancels the running command, when it is one that Ctrl-C may cancel.
    var cancel: (@Sendable () -> Void)?
  }

  /// What one Ctrl-C does.
  private enum Action {
    case endNow
    case waitForCommand
    case cancel(@Sendable () -> Void)
  }

  private static let state = Mutex(State())
  private static let source = Mutex<(any DispatchSourceSignal)?>(nil)

  /// Starts listening for SIGINT (once). `language` words a failed last line break.
  static func install(language: Language) {
    source.withLock { source in
      guard source == nil else { return }
      signal(SIGINT, SIG_IGN)
      let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
      signalSource.setEventHandler {
        let action = state.withLock { state -> Action in
          if let cancel = state.cancel {
            // One Ctrl-C cancels the command; a second one while it winds up ends too.
            state.cancel = nil
            return .cancel(cancel)
          }
          state.wasRequested = true
          return state.isBusy ? .waitForCommand : .endNow
        }
        switch action {
        case .endNow:
          StandardStreams.write("\n", to: .output)
          let failed = StandardStreams.failedWrites
          if let report = failed.report(language) {
            StandardStreams.write("pocket: " + report + "\n", to: .error)
          }
          exit(ExitStatus(.done, after: failed).rawValue)
        case .waitForCommand:
          break
        case .cancel(let cancel):
          cancel()
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

  /// Runs one command in a task that a Ctrl-C meanwhile cancels; the session then goes
  /// on. The command must leave everything as it was when it is cancelled.
  @MainActor
  static func cancellable<Result: Sendable>(
    _ body: @escaping @MainActor @Sendable () async -> Result
  ) async -> Result {
    // Busy first: a Ctrl-C before the task is known waits for the command like any other.
    state.withLock { $0.isBusy = true }
    let task = Task { @MainActor in await body() }
    state.withLock { $0.cancel = { task.cancel() } }
    defer {
      state.withLock {
        $0.isBusy = false
        $0.cancel = nil
      }
    }
    return await task.value
  }

  /// Ctrl-C came while a command ran: end the session now.
  static var wasRequested: Bool { state.withLock { $0.wasRequested } }
}
