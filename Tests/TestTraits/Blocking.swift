import Foundation
import Testing

/// Calls that block for long (a server started, a store made on a server) run here, on a
/// thread of their own: on one of the cooperative pool's two threads they would hold up
/// every other test of the run meanwhile.
public enum Blocking {
  public static func run<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try body() }) }.start()
    }
  }

  /// How many tests of the suites marked `.blocking` run at once, besides the cooperative
  /// pool's: they spend their time waiting on a child process, a lock or a clock, not
  /// computing, so more of them than the machine's cores can wait together.
  public static let width = 4

  /// The threads the tests of suites marked `.blocking` run on.
  static let executor = WaitingExecutor(width: width)

  /// The one thread of the suites marked `.onOneThread`, whose tests hand turns between
  /// themselves and tasks of their own with `Task.yield()`; such a task is started with
  /// `Task(executorPreference: Blocking.oneThread)`. Its jobs run in the order they come,
  /// so a yield is a turn, however busy the rest of the run keeps the cooperative pool.
  public static let oneThread = WaitingExecutor(width: 1)

  /// Whether the caller runs on one of those threads.
  public static var isOnItsThreads: Bool { WaitingExecutor.isCurrent }
}

/// A task executor of `width` threads of its own, for test bodies that block (waiting on a
/// child process, a lock or a clock) and would otherwise hold one of the cooperative pool's
/// few threads, and every test waiting for it, meanwhile.
public final class WaitingExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  /// The key of the thread dictionary's entry that numbers these threads.
  static let marker = "pocket.blocking-tests"

  /// Whether the caller runs on one of these threads.
  static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }

  init(width: Int) {
    for index in 0..<width {
      Thread { [unowned self] in
        Thread.current.threadDictionary[Self.marker] = index + 1
        work()
      }.start()
    }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func work() -> Never {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// Runs each test of a suite on `Blocking`'s own threads (`WaitingExecutor`), as one task
/// with its task-locals, so `#expect` reports to the test as anywhere else: for suites whose
/// tests block while they wait on child processes, locks or clocks.
public struct BlockingTrait: SuiteTrait, TestTrait, TestScoping {
  let executor: WaitingExecutor

  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(executor) { try await function() }
  }
}

extension Trait where Self == BlockingTrait {
  /// The suite's tests block while they wait: they run on threads of their own
  /// (`BlockingTrait`).
  public static var blocking: Self { BlockingTrait(executor: Blocking.executor) }

  /// The suite's tests hand turns with `Task.yield()`: they run on one thread of their own,
  /// one job after another (`Blocking.oneThread`); mark such a suite `.serialized` too.
  public static var onOneThread: Self { BlockingTrait(executor: Blocking.oneThread) }
}
