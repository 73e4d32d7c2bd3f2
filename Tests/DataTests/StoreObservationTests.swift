import Foundation
import PocketData
import PocketDomain
import StoreTestSupport
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Each store that others can change tells its subscribers what other connections commit, and only that: two
/// instances on one folder stand for two processes (each has its own connection, its own
/// files read and its own watch), as `SharedStoreContractTests` do.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite("Store observation", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreObservationTests {
  static let kinds = StoreKind.persistent
  /// Long enough for a change to come on the slowest run here (the checks run on Swift's
  /// cooperative pool, which the whole test run shares with suites that block it for
  /// seconds); a change is waited for, so this only bounds a failure.
  static let patience = Duration.seconds(60)
  /// How long nothing must come, where a test checks that nothing comes.
  static let silence = Duration.milliseconds(600)

  /// What a subscription receives, recorded as it comes.
  final class Received: Sendable {
    private let events = Mutex<[StoreEvent]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ changes: StoreChanges) {
      task.withLock {
        $0 = Task { [weak self] in
          for await event in changes { self?.append(event) }
        }
      }
    }

    private func append(_ event: StoreEvent) { events.withLock { $0.append(event) } }

    var all: [StoreEvent] { events.withLock { $0 } }

    /// The kinds of every change received.
    var kinds: RecordKinds {
      all.reduce(into: []) { kinds, event in
        if case .changed(let more) = event { kinds.formUnion(more) }
      }
    }

    func stop() { task.withLock { $0?.cancel() } }

    /// Waits until `condition` holds of what came, at most `patience`.
    func wait(
      for patience: Duration = StoreObservationTests.patience,
      until condition: ([StoreEvent]) -> Bool
    ) async -> Bool {
      await Turns.wait(turns: Int(patience / .milliseconds(10))) { condition(all) }
    }
  }

  static func open(_ kind: StoreKind, _ directory: URL, watch: WatchChoice = .automatic)
    async throws -> Repositories
  {
    switch kind {
    case .json: try JSONFileStore.open(directory: directory, watch: watch).repositories
    case .sqlite:
      try SQLiteStore.open(
        path: directory.appendingPathComponent(SQLiteStore.fileName).path, watch: watch
      ).repositories
    case .memory: InMemoryStore().repositories
    case .postgres: try await kind.makeStore(at: directory)
    }
  }

  private func folder() throws -> URL { try Fixtures.temporaryDirectory(preferringMemory: true) }

  @Test(arguments: Soak.all(kinds, quickTurn: 0))
  func anotherConnectionsCommitIsReported(kind: StoreKind) async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let viewer = try await Self.open(kind, directory)
    let writer = try await Self.open(kind, directory)
    #expect(viewer.changes.watch == (kind == .postgres ? .serverNotifications : .fileEvents))
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }

    _ = try await writer.chat.insert(content: "from elsewhere", date: Fixtures.date())
    #expect(await received.wait { !$0.isEmpty })
    #expect(received.kinds.contains(.chat))
    #expect(
      try await viewer.chat.messages(offset: 0, limit: 5).items.map(\.content) == [
        "from elsewhere"
      ])
  }

  /// Every commit of another connection is reported, however soon after the file's change
  /// the check runs (a commit is marked complete after its last write, with no file event
  /// of its own): one change at a time, each waited for, on a fresh subscription each.
  @Test(arguments: Soak.all(kinds, quickTurn: 1))
  func everyCommitElsewhereIsReported(kind: StoreKind) async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let viewer = try await Self.open(kind, directory)
    let writer = try await Self.open(kind, directory)
    _ = try await writer.chat.insert(content: "a snapshot first", date: Fixtures.date())
    _ = try await viewer.chat.messages(offset: 0, limit: 1)
    for index in 0..<Soak.size(30, full: 300) {
      let received = Received(viewer.changes.subscribe())
      _ = try await writer.chat.insert(content: "message \(index)", date: Fixtures.date())
      let reported = await received.wait { !$0.isEmpty }
      received.stop()
      #expect(reported, "change \(index) was reported")
      guard reported else { return }
      _ = try await viewer.chat.messages(offset: 0, limit: 1)
    }
  }

  /// The json store names what changed; the sqlite store cannot tell, and says everything.
  @Test func theJSONStoreNamesTheKindsOfRecordTheOtherWriterTouched() async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try await Self.open(.json, directory)
    _ = try await writer.chat.insert(content: "first, for a snapshot", date: Fixtures.date())
    // Opened on the snapshot: what the writer changes next is all it has not read.
    let viewer = try await Self.open(.json, directory)
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }

    _ = try await writer.mindLogs.insert(date: Fixtures.date(), score: 7, note: "a day")
    #expect(await received.wait { !$0.isEmpty })
    #expect(received.all == [.changed(.mindLog)])
    try await writer.screens.save(.stopwatch)
    #expect(await received.wait { $0.count == 2 })
    #expect(received.all.last == .changed(.screens), "no screen shows what a screen saves")
  }

  @Test(arguments: Soak.all(kinds, quickTurn: 2))
  func aStoresOwnWritesAreNotReported(kind: StoreKind) async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let viewer = try await Self.open(kind, directory)
    let writer = try await Self.open(kind, directory)
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }

    _ = try await viewer.chat.insert(content: "mine", date: Fixtures.date())
    _ = try await viewer.mindLogs.insert(date: Fixtures.date(), score: 3, note: "mine")
    try await viewer.screens.save(.chat)
    _ = try await viewer.rates.toggleFavorite("EUR")
    try await Task.sleep(for: Self.silence)
    #expect(received.all.isEmpty, "\(received.all)")

    // The watch still runs: another connection's change comes.
    _ = try await writer.bookmarks.toggle(
      Bookmark(url: "https://n.example/1", title: "t", noticeDate: .now, bookmarkedAt: .now))
    #expect(await received.wait { !$0.isEmpty })
    #expect(received.kinds.contains(.bookmarks))
  }

  /// A write that never commits (rolled back, or a writer killed before its line ended)
  /// is nothing to show.
  @Test(arguments: Soak.all(kinds, quickTurn: 3))
  func aChangeThatWasNeverCommittedIsNotReported(kind: StoreKind) async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try await Self.open(kind, directory)
    // The first change of a json store writes its snapshot, the next ones its journal.
    _ = try await writer.chat.insert(content: "before", date: Fixtures.date())
    _ = try await writer.chat.insert(content: "after", date: Fixtures.date())
    let viewer = try await Self.open(kind, directory)
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }

    struct Refused: Error {}
    switch kind {
    case .json:
      // What a writer killed in the middle of its line leaves: no line break.
      let journal = directory.appendingPathComponent("pocket.journal")
      let handle = try FileHandle(forWritingTo: journal)
      try handle.seekToEnd()
      try handle.write(contentsOf: Foundation.Data(#"{"seq":99,"change":{"insertMess"#.utf8))
      try handle.close()
    default:
      // A transaction rolled back after it wrote.
      _ = try? await writer.stopwatch.update {
        stopwatch, _ -> (change: StopwatchChange?, result: Int) in
        throw Refused()
      }
    }
    try await Task.sleep(for: Self.silence)
    #expect(received.all.isEmpty, "\(received.all)")
  }

  @Test(arguments: Soak.all(StoreKind.fileStores, quickTurn: 4))
  func aStoreWhoseFolderIsDeletedIsGone(kind: StoreKind) async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let viewer = try await Self.open(kind, directory)
    _ = try await viewer.chat.insert(content: "here", date: Fixtures.date())
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }

    try FileManager.default.removeItem(at: directory)
    #expect(await received.wait { $0.contains { if case .gone = $0 { true } else { false } } })
    guard case .gone(.storageUnavailable(let path, let reason)) = received.all.last else {
      Issue.record("not gone: \(received.all)")
      return
    }
    let file = kind == .json ? JSONFileStore.fileName : SQLiteStore.fileName
    #expect(
      [directory.standardizedFileURL.path, directory.appendingPathComponent(file).path]
        .contains(path), "the folder, or the store file it held (rm -rf deletes it first)")
    #expect(reason.english == "it was deleted or moved away while Pocket showed it")
  }

  /// Another process moving the SQLite file away leaves this connection writing to a file
  /// no one else opens: the store is gone, not followed.
  @Test func anSQLiteFileMovedAwayIsGone() async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let viewer = try await Self.open(.sqlite, directory)
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }
    let file = directory.appendingPathComponent(SQLiteStore.fileName)
    try FileManager.default.moveItem(at: file, to: directory.appendingPathComponent("elsewhere"))
    #expect(await received.wait { $0.contains { if case .gone = $0 { true } else { false } } })
  }

  @Test(arguments: Soak.all(StoreKind.fileStores, quickTurn: 5))
  func aPolledStoreSaysSoAndStillReportsChanges(kind: StoreKind) async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let viewer = try await Self.open(kind, directory, watch: .polling)
    let writer = try await Self.open(kind, directory)
    #expect(
      viewer.changes.watch == .polling(interval: .milliseconds(250), reason: "POCKET_WATCH=poll"))
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }
    _ = try await writer.chat.insert(content: "polled", date: Fixtures.date())
    #expect(await received.wait { !$0.isEmpty })
    try FileManager.default.removeItem(at: directory)
    #expect(await received.wait { $0.contains { if case .gone = $0 { true } else { false } } })
  }

  /// A snapshot rewritten by another writer (its journal folded in) is read anew, whole.
  @Test func aJSONCompactionByAnotherWriterIsFollowed() async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let viewer = try await Self.open(.json, directory)
    let writer = try await Self.open(.json, directory)
    _ = try await writer.chat.insert(content: "start", date: Fixtures.date())
    let snapshot = directory.appendingPathComponent(JSONFileStore.fileName).path
    let before = try FileManager.default.attributesOfItem(atPath: snapshot)[.systemFileNumber]
    let received = Received(viewer.changes.subscribe())
    defer { received.stop() }

    let long = String(repeating: "x", count: 2_000)
    var count = 1
    while try FileManager.default.attributesOfItem(atPath: snapshot)[.systemFileNumber]
      as? Int == before as? Int
    {
      _ = try await writer.chat.insert(content: "\(count) \(long)", date: Fixtures.date())
      count += 1
      guard count < 1_000 else { break }
    }
    #expect(count < 1_000, "the snapshot was rewritten")
    #expect(await received.wait { $0.last == .changed(.all) || received.kinds == .all })
    #expect(try await viewer.chat.messages(offset: 0, limit: 0).total == count)
  }

  /// The watch runs only while someone subscribes: no inotify watch of the folder before
  /// the first subscriber, one while it subscribes, none once it has gone (the kernel's
  /// `/proc/self/fdinfo` names the inode each inotify watch is on).
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self/fdinfo"), "Linux's /proc only"),
    arguments: Soak.all(StoreKind.fileStores, quickTurn: 6))
  func theWatchRunsOnlyWhileSomeoneSubscribes(kind: StoreKind) async throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    var info = stat()
    #expect(stat(directory.path, &info) == 0)
    let inode = "ino:" + String(UInt64(info.st_ino), radix: 16) + " "
    func watches() -> Int {
      let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fdinfo")) ?? []
      return fds.filter { fd in
        let text = (try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").contains {
          $0.hasPrefix("inotify wd:") && $0.contains(inode)
        }
      }.count
    }
    let viewer = try await Self.open(kind, directory)
    #expect(watches() == 0, "opening a store watches nothing")
    var changes: StoreChanges? = viewer.changes.subscribe()
    #expect(watches() == 1)
    changes = nil
    await Turns.wait { watches() == 0 }
    #expect(watches() == 0, "the last subscriber gone, the watch is closed")
    _ = changes
  }
}
