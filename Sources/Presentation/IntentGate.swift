/// Keeps a front end's intents and the reloads that follow the store apart: intents run
/// side by side as they always did (a refresh goes on while keys are handled); a reload
/// after another process's change waits until none runs, and an intent that comes
/// meanwhile waits for the reload. So a reload never reads the store half way through an
/// intent of several steps (a question, its answer, what is printed), nor sets what it
/// read over what an intent did since. `StoreObservation.follow(gate:_:_:)` runs its
/// reloads through it; a front end runs its intents with `intent(_:)`. (Each view model
/// also keeps a slow read from landing over a newer one of its own, gate or not.)
///
/// A continuation's type is made at run time, a scan of every conformance in the binary: it
/// is kept out of what every command runs, though a one-shot command never waits. Who waits
/// is kept as a `Waiter`, a class (a continuation in a stored property would make the
/// gate's own metadata need it), and the waits are functions never inlined (a continuation
/// in `intent`'s frame would make each intent's caller need it as it begins).
@MainActor
public final class IntentGate {
  private final class Waiter {
    let continuation: CheckedContinuation<Void, Never>
    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
  }

  private var running = 0
  private var isReloading = false
  private var waitingIntents: [Waiter] = []
  private var waitingReloads: [Waiter] = []

  public init() {}

  /// Runs `body`, one intent or several steps a front end takes as one, with no reload
  /// coming between its steps.
  public func intent<Result>(_ body: () async -> Result) async -> Result {
    while isReloading { await waitForReload() }
    running += 1
    defer {
      running -= 1
      if running == 0 { resume(&waitingReloads) }
    }
    return await body()
  }

  /// Runs `body`, a reload, once no intent runs, and no other reload.
  public func reload<Result>(_ body: () async -> Result) async -> Result {
    while running > 0 || isReloading { await waitForTurn() }
    isReloading = true
    defer {
      isReloading = false
      // Intents waited first; a reload still waiting goes when they are done.
      if waitingIntents.isEmpty { resume(&waitingReloads) } else { resume(&waitingIntents) }
    }
    return await body()
  }

  private func resume(_ waiters: inout [Waiter]) {
    let woken = waiters
    waiters = []
    for waiter in woken { waiter.continuation.resume() }
  }

  @inline(never)
  private func waitForReload() async {
    await withCheckedContinuation { waitingIntents.append(Waiter($0)) }
  }

  @inline(never)
  private func waitForTurn() async {
    await withCheckedContinuation { waitingReloads.append(Waiter($0)) }
  }
}
