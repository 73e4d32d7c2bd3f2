/// Commands run side by side as they always did (a refresh goes on while keys are
/// handled); a reload after another process's change waits until none runs, and a command
/// that comes meanwhile waits for the reload: a reload never reads the store half way
/// through a command, nor sets what it read over what a command did since.
///
/// A continuation's type is made at run time, a scan of every conformance in the binary: it
/// is kept out of what every command runs, though a one-shot command never waits. Who waits
/// is kept as a `Waiter`, a class (a continuation in a stored property would make the
/// gate's own metadata need it), and the waits are functions never inlined (a continuation
/// in `command`'s frame would make each command's caller need it as it begins).
@MainActor
final class ReloadGate {
  private final class Waiter {
    let continuation: CheckedContinuation<Void, Never>
    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
  }

  private var running = 0
  private var isReloading = false
  private var waitingCommands: [Waiter] = []
  private var waitingReload: Waiter?

  func command<Result>(_ body: () async -> Result) async -> Result {
    while isReloading { await waitForReload() }
    running += 1
    defer {
      running -= 1
      if running == 0, let reload = waitingReload {
        waitingReload = nil
        reload.continuation.resume()
      }
    }
    return await body()
  }

  /// One reload at a time: the store's follower runs them one after another.
  func reload(_ body: () async -> Void) async {
    while running > 0 { await waitForCommands() }
    isReloading = true
    defer {
      isReloading = false
      let waiting = waitingCommands
      waitingCommands = []
      for command in waiting { command.continuation.resume() }
    }
    await body()
  }

  @inline(never)
  private func waitForReload() async {
    await withCheckedContinuation { waitingCommands.append(Waiter($0)) }
  }

  @inline(never)
  private func waitForCommands() async {
    await withCheckedContinuation { waitingReload = Waiter($0) }
  }
}
