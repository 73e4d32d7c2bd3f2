import PocketDomain
import PocketTesting
import Synchronization
import TestSupport
import Testing

/// The test clock itself: `sleep` waits for the test to advance it, as swift-clocks'
/// `TestClock` does, and never moves time on its own.
@Suite("Manual clock")
struct ManualClockTests {
  /// Lets other tasks run until `condition` holds (no sleeping, a bounded number of turns).
  func settle(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<100_000 {
      if condition() { return true }
      await Task.yield()
    }
    return condition()
  }

  @Test func sleepSuspendsUntilTheTestAdvancesPastTheDeadline() async throws {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    #expect(await settle { clock.sleepers == 1 }, "the task is suspended in sleep")
    #expect(clock.now.offset == .zero, "sleeping does not move the clock")
    clock.advance(by: .seconds(4))
    #expect(clock.sleepers == 1, "4 s is before the deadline")
    clock.advance(by: .seconds(1))
    try await sleeper.value
    #expect(clock.sleepers == 0)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func sleepUntilAPassedDeadlineReturnsAtOnce() async throws {
    let clock = ManualClock()
    clock.advance(by: .seconds(2))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func cancellingASleeperEndsItsSleepWithoutMovingTheClock() async {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    #expect(await settle { clock.sleepers == 1 })
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleepers == 0)
    #expect(clock.now.offset == .zero)
  }

  @Test(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
  func waitingForSleepersReturnsOnceThatManySleep() async throws {
    let clock = ManualClock()
    let ended = Mutex(false)
    let watcher = Task {
      try await clock.waitForSleepers(2)
      ended.withLock { $0 = true }
    }
    let first = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await settle { clock.sleepers == 1 })
    try await Task.sleep(for: .milliseconds(20))
    #expect(!ended.withLock { $0 }, "one sleeper is not two")
    let second = Task { try await clock.sleep(for: .seconds(2)) }
    try await watcher.value
    #expect(clock.sleepers == 2)
    try await clock.waitForSleepers(1)
    clock.advance(by: .seconds(2))
    try await first.value
    try await second.value
  }

  @Test(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
  func cancellingAWaitForSleepersEndsIt() async {
    let clock = ManualClock()
    let watcher = Task { try await clock.waitForSleepers() }
    watcher.cancel()
    await #expect(throws: CancellationError.self) { try await watcher.value }
    #expect(clock.sleepers == 0)
  }
}
