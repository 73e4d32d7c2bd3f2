import Foundation
import PocketDomain
import PocketTesting
import Synchronization
import TestSupport
import Testing

@testable import PocketData

/// The folder watch itself, with a check the test controls: when it checks, and what ends a
/// store.
@Suite("Store file watch", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreFileWatchTests {
  /// A check that answers from a script, counting its calls.
  final class ScriptedCheck: Sendable {
    private let answers: Mutex<[StoreEvent?]>
    private let calls = Mutex(0)

    init(_ answers: [StoreEvent?]) { self.answers = Mutex(answers) }

    var count: Int { calls.withLock { $0 } }

    func callAsFunction() -> StoreEvent? {
      calls.withLock { $0 += 1 }
      return answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
  }

  func firstEvent(_ changes: StoreChanges) async -> StoreEvent? {
    let first = Task {
      var iterator = changes.makeAsyncIterator()
      return await iterator.next()
    }
    let timeout = Task {
      await Turns.wait { false }
      first.cancel()
    }
    defer { timeout.cancel() }
    return await first.value
  }

  /// SQLite's commit is complete only after the write whose event wakes the check: a check
  /// that found nothing is made again, so the commit is seen without another event.
  @Test func aCheckThatFoundNothingIsMadeAgainAfterTheEvent() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let committed = Mutex(false)
    let calls = Mutex(0)
    let watch = StoreFileWatch(
      folder: folder.path, names: ["store"], vital: [], choice: .automatic
    ) {
      calls.withLock { $0 += 1 }
      return committed.withLock { $0 } ? .changed(.chat) : nil
    }
    let changes = watch.subscribe()
    try Foundation.Data("one write".utf8).write(to: folder.appendingPathComponent("store"))
    await Turns.wait { calls.withLock { $0 } >= 1 }
    // The checks the write's events made have found nothing; the commit completes now,
    // with no event of its own.
    try await Task.sleep(for: .milliseconds(120))
    committed.withLock { $0 = true }
    #expect(await firstEvent(changes) == .changed(.chat))
  }

  /// What a check finds is sent as seen when the file event that asked for it came, not
  /// when the check ends (it may wait behind the subscriber's own reload): pacing reads the
  /// writer's pauses from those times. Here a change seen at 10 ms is sent at 250 ms, and
  /// the next, seen at 260 ms, comes after a pause of the writer (250 ms), so at once;
  /// sent as checked, it would be 10 ms after the one before, and wait out a burst's gap.
  @Test func aChangeIsSentAsSeenAtTheFileEventNotWhenItsCheckEnds() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("store")
    let clock = ManualClock()
    let held = Mutex(false)
    let waiting = Mutex(0)
    let seenContent = Mutex(Foundation.Data())
    let watch = StoreFileWatch(
      folder: folder.path, names: ["store"], vital: [], choice: .automatic,
      signal: StoreChangeSignal(clock: clock)
    ) {
      if held.withLock({ $0 }) {
        waiting.withLock { $0 += 1 }
        await Turns.wait { !held.withLock { $0 } }
      }
      let content = (try? Foundation.Data(contentsOf: file)) ?? Foundation.Data()
      return seenContent.withLock { seen in
        defer { seen = content }
        return seen == content ? nil : .changed(.chat)
      }
    }
    let changes = watch.subscribe()
    let delivered = Mutex<[Duration]>([])
    let consumer = Task {
      for await _ in changes { delivered.withLock { $0.append(clock.now.offset) } }
    }
    defer { consumer.cancel() }

    try Foundation.Data("one".utf8).write(to: file)
    #expect(await Turns.wait { delivered.withLock { $0.count } == 1 })
    clock.advance(by: .milliseconds(10))
    held.withLock { $0 = true }
    try Foundation.Data("two".utf8).write(to: file)
    #expect(await Turns.wait { waiting.withLock { $0 } >= 1 }, "the check waits")
    clock.advance(by: .milliseconds(240))
    held.withLock { $0 = false }
    #expect(await Turns.wait { delivered.withLock { $0.count } == 2 })
    clock.advance(by: .milliseconds(10))
    try Foundation.Data("three".utf8).write(to: file)
    await Turns.wait(turns: 100) { delivered.withLock { $0.count } == 3 }
    #expect(delivered.withLock { $0 } == [0, 250, 260].map { .milliseconds($0) })
  }

  /// A store that cannot be watched is checked 4 times a second: each tick checks once
  /// (checks are repeated only after file events).
  @Test func aPolledStoreIsCheckedFourTimesASecond() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let check = ScriptedCheck([])
    let watch = StoreFileWatch(
      folder: folder.path, names: ["store"], vital: [], choice: .polling
    ) { check() }
    var changes: StoreChanges? = watch.subscribe()
    try await Task.sleep(for: .milliseconds(1_100))
    changes = nil
    #expect((1...5).contains(check.count), "\(check.count) checks in 1.1 s")
    _ = changes
  }

  /// Another process's storm of commits (here a write to the store file as fast as the
  /// test can, for a second) costs a few checks a second, not one a commit: checks come at
  /// most `burst` in any `window`, whatever they find, each seeing all before it.
  @Test func aStormOfWritesCostsAFewChecksASecond() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("store")
    try Foundation.Data().write(to: file)
    let seenContent = Mutex(Foundation.Data())
    let calls = Mutex(0)
    let watch = StoreFileWatch(
      folder: folder.path, names: ["store"], vital: [], choice: .automatic
    ) {
      let content = (try? Foundation.Data(contentsOf: file)) ?? Foundation.Data()
      let changed = seenContent.withLock { seen in
        defer { seen = content }
        return seen != content
      }
      calls.withLock { $0 += 1 }
      return changed ? .changed(.chat) : nil
    }
    let changes = watch.subscribe()
    // One open file written in place: two system calls a write, so a loaded machine still
    // writes thousands a second.
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    let start = ContinuousClock.now
    var writes = 0
    while start.duration(to: .now) < .seconds(1) {
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: Foundation.Data("write \(writes)".utf8))
      writes += 1
    }
    let elapsed = start.duration(to: .now)
    let checks = calls.withLock { $0 }
    // `burst` checks a window, the window the storm began in counted whole.
    let windows = Int(elapsed / StoreFileWatch.window) + 1
    let allowed = StoreFileWatch.burst * windows
    guard writes > 3 * allowed else {
      // Three times more writes than checks allowed, or a check per write would not show.
      try Test.cancel("this machine wrote \(writes) times in \(elapsed): no storm to check")
    }
    #expect(checks <= allowed, "\(checks) checks for \(writes) writes in \(elapsed)")
    // The last write is seen.
    #expect(
      await Turns.wait {
        seenContent.withLock { $0 } == Foundation.Data("write \(writes - 1)".utf8)
      })
    _ = changes
  }

  /// A file that is not the store's wakes nothing.
  @Test func anotherFileInTheFolderIsNoCheck() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let check = ScriptedCheck([.changed(.chat)])
    let watch = StoreFileWatch(
      folder: folder.path, names: ["store"], vital: [], choice: .automatic
    ) { check() }
    let changes = watch.subscribe()
    try Foundation.Data("x".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try await Task.sleep(for: .milliseconds(300))
    #expect(check.count == 0)
    _ = changes
  }

  /// The json snapshot deleted (as `rm -rf` does first) ends the store at once; a new
  /// store without one yet is not gone.
  @Test(arguments: [WatchChoice.automatic, .polling])
  func aJSONSnapshotDeletedEndsTheStore(watch choice: WatchChoice) async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try JSONFileStore.open(directory: folder, watch: choice)
    let changes = store.repositories.changes.subscribe()
    _ = try await store.repositories.chat.insert(content: "first", date: Fixtures.date())
    // Polling sees the snapshot there at a tick, then gone at the next.
    try await Task.sleep(for: StoreFileWatch.pollInterval * 2)
    try FileManager.default.removeItem(at: store.fileURL)
    let event = await firstEvent(changes)
    guard case .gone(.storageUnavailable(let path, _)) = event else {
      Issue.record("not gone: \(String(describing: event))")
      return
    }
    #expect(path == store.fileURL.path)
  }

  /// A store whose folder is gone lets go of its files before its subscribers hear it
  /// (`letGo`, the sqlite store's checkpoint); when its thread cannot let go (it waits on
  /// another program's lock, here for ever), they still hear it, after `letGoPatience`.
  @Test(arguments: [false, true])
  func aGoneStoreIsToldAfterLettingGoOrWhenLettingGoWaits(letGoWaits: Bool) async throws {
    let folder = try Fixtures.temporaryDirectory()
    let released = Mutex(!letGoWaits)
    let letGone = Mutex(false)
    defer { released.withLock { $0 = true } }
    let watch = StoreFileWatch(
      folder: folder.path, names: ["store"], vital: [], choice: .automatic,
      letGo: {
        _ = await Turns.wait { released.withLock { $0 } }
        letGone.withLock { $0 = true }
      }
    ) { nil }
    try FileManager.default.removeItem(at: folder)
    let start = ContinuousClock.now
    let event = await firstEvent(watch.subscribe())
    let waited = ContinuousClock.now - start
    guard case .gone(.storageUnavailable(let path, _)) = event else {
      Issue.record("not gone: \(String(describing: event))")
      return
    }
    #expect(path == folder.path)
    if letGoWaits {
      #expect(!letGone.withLock { $0 })
      #expect(waited >= StoreFileWatch.letGoPatience)
    } else if waited < StoreFileWatch.letGoPatience {
      // Told before the patience ran out: only letting go can have told them.
      #expect(letGone.withLock { $0 }, "told before letting go")
    }
  }
}
