/// Commands run side by side as they always did (a refresh goes on while keys are
/// handled); a reload after another process's change waits until none runs, and a command
/// that comes meanwhile waits for the reload: a reload never reads the store half way
/// through a command, nor sets what it read over what a command did since.
@MainActor
final class ReloadGate {
  private var running = 0
  private var isReloading = false
  private var waitingCommands: [CheckedContinuation<Void, Never>] = []
  private var waitingReload: CheckedContinuation<Void, Never>?

  func command<Result>(_ body: () async -> Result) async -> Result {
    while isReloading { await withCheckedContinuation { waitingCommands.append($0) } }
    running += 1
    defer {
      running -= 1
      if running == 0, let reload = waitingReload {
        waitingReload = nil
        reload.resume()
      }
    }
    return await body()
  }

  /// One reload at a time: the store's follower runs them one after another.
  func reload(_ body: () async -> Void) async {
    while running > 0 { await withCheckedContinuation { waitingReload = $0 } }
    isReloading = true
    defer {
      isReloading = false
      let waiting = waitingCommands
      waitingCommands = []
      for command in waiting { command.resume() }
    }
    await body()
  }
}
