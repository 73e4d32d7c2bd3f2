import Foundation
import TestSupport
import Testing

@testable import TestTraits

/// The suites whose tests wait on child processes, locks and clocks (`.blocking`) run them
/// on threads of their own, where they block none of the cooperative pool's, and a failed
/// expectation there still fails its test.
@Suite(.blocking)
struct BlockingTraitTests {
  @Test func aBlockingSuitesTestRunsOnItsOwnThreads() {
    #expect(Blocking.isOnItsThreads)
  }

  @Test(arguments: [1, 2])
  func eachCaseOfAParameterizedTestDoesToo(_ value: Int) async {
    await Task.yield()
    #expect(Blocking.isOnItsThreads)
  }

  @Test func anExpectationThatFailsThereIsRecordedAgainstTheTest() {
    withKnownIssue("recorded on a thread of the blocking suites") {
      #expect(!Blocking.isOnItsThreads)
    }
  }
}

/// The executor of the `.blocking` suites, on its own: not in a `.blocking` suite, whose
/// gate a soak run keeps busy for minutes, longer than this test's time limit.
@Suite struct WaitingExecutorTests {
  /// Jobs that block until they have all started each get a thread: a test that resumes
  /// while others wait never waits behind them (how many tests run is the gate's to say).
  @Test(.timeLimit(.minutes(Soak.minutesBeforeAHang)))
  func jobsThatBlockTogetherEachGetAThreadOfTheirOwn() async {
    let executor = WaitingExecutor(width: nil)
    let count = Blocking.width + 2
    let started = Counter()
    let sawAll = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<count {
        group.addTask(executorPreference: executor) {
          started.increment()
          for _ in 0..<500 {
            if started.value == count { break }
            usleep(10_000)
          }
          return started.value == count
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(sawAll, "\(started.value) of \(count) jobs ran at once")
  }

  /// A count shared between threads.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
  }
}
