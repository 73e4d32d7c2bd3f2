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

  /// The threads the tests of suites marked `.blocking` run on: as many as their jobs need
  /// at once, so a test that resumes (its child answered, its clock fired) runs at once
  /// and never waits behind another test's long wait; `gate` bounds how many run.
  static let executor = WaitingExecutor(width: nil)

  /// Lets `width` tests of the suites marked `.blocking` run at a time; the others wait
  /// for a turn without holding a thread.
  static let gate = TestGate(width: width)

  /// The one thread of the suites marked `.onOneThread`, whose tests hand turns between
  /// themselves and tasks of their own with `Task.yield()`; such a task is started with
  /// `Task(executorPreference: Blocking.oneThread)`. Its jobs run in the order they come,
  /// so a yield is a turn, however busy the rest of the run keeps the cooperative pool.
  public static let oneThread = WaitingExecutor(width: 1)

  /// Whether the caller runs on one of those threads.
  public static var isOnItsThreads: Bool { WaitingExecutor.isCurrent }
}

/// A task executor on threads of its own, for test bodies that block (waiting on a child
/// process, a lock or a clock) and would otherwise hold one of the cooperative pool's few
/// threads, and every test waiting for it, meanwhile. With a `width`, that many threads
/// run its jobs in the order they come; without one, a thread is started whenever a job
/// comes and none is free.
public final class WaitingExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var idle = 0
  private let width: Int?
  /// The key of the thread dictionary's entry that marks these threads.
  static let marker = "pocket.blocking-tests"

  /// Whether the caller runs on one of these threads.
  static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }

  init(width: Int?) {
    self.width = width
    for _ in 0..<(width ?? 0) { startThread() }
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    // Every job waiting has a free thread to take it, or a new one.
    let starts = width == nil && idle < jobs.count
    condition.signal()
    condition.unlock()
    if starts { startThread() }
  }

  private func startThread() {
    Thread { [unowned self] in
      Thread.current.threadDictionary[Self.marker] = true
      work()
    }.start()
  }

  private func work() -> Never {
    while true {
      condition.lock()
      idle += 1
      while jobs.isEmpty { condition.wait() }
      idle -= 1
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// A counting semaphore for tasks: `width` holders at a time, the others suspended (holding
/// no thread) in the order they came.
actor TestGate {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(width: Int) { free = width }

  func enter() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// Runs each test of a suite on threads of its own (`WaitingExecutor`), as one task with
/// its task-locals, so `#expect` reports to the test as anywhere else: for suites whose
/// tests block while they wait on child processes, locks or clocks (`.blocking`, a few at
/// a time), or hand turns with `Task.yield()` (`.onOneThread`).
public struct BlockingTrait: SuiteTrait, TestTrait, TestScoping {
  let executor: WaitingExecutor
  let gate: TestGate?

  /// Whether the running task's serialized suite (or serialized test) holds a place at the
  /// gate for its cases.
  @TaskLocal static var holdsPlace = false

  public var isRecursive: Bool { true }

  /// Each test case takes a place at the gate, but in a serialized suite (or test), which
  /// takes one place for all its cases: they run one at a time anyway, and a case that
  /// queued again behind every waiting test would leave the suite running long after the
  /// rest of the run.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    if testCase != nil { return self }
    return gate != nil && test.traits.contains { $0 is ParallelizationTrait } ? self : nil
  }

  // Testing's requirement, from a module without the package's nonsending default.
  @concurrent public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable @concurrent () async throws -> Void
  ) async throws {
    // The gate is entered and left on the executor's threads, not the cooperative pool's:
    // there a test that has ended would wait behind every computing test of the run before
    // it let the next one in.
    try await withTaskExecutorPreference(executor) {
      guard let gate, !Self.holdsPlace else { return try await function() }
      await gate.enter()
      do {
        try await Self.$holdsPlace.withValue(true) { try await function() }
      } catch {
        await gate.leave()
        throw error
      }
      await gate.leave()
    }
  }
}

extension Trait where Self == BlockingTrait {
  /// The suite's tests block while they wait: they run on threads of their own, a few at a
  /// time (`BlockingTrait`).
  public static var blocking: Self {
    BlockingTrait(executor: Blocking.executor, gate: Blocking.gate)
  }

  /// The suite's tests spend their time waiting on a clock or a lock held elsewhere (a
  /// write lock held for 5 s, a server that does not answer), hardly computing: they run
  /// on threads of their own, as `.blocking`, but take no place at its gate. Their waits
  /// then overlap the rest of the run, instead of holding a place a test that computes
  /// could use, or waiting behind those tests until the run's end.
  public static var waiting: Self { BlockingTrait(executor: Blocking.executor, gate: nil) }

  /// The suite's tests hand turns with `Task.yield()`: they run on one thread of their own,
  /// one job after another (`Blocking.oneThread`); mark such a suite `.serialized` too.
  public static var onOneThread: Self { BlockingTrait(executor: Blocking.oneThread, gate: nil) }
}
