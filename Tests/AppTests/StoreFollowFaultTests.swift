import Foundation
import PocketData
import PocketDomain
import TestSupport
import TestTraits
import Testing

/// A store followed through what goes wrong around it: a writer killed before it
/// committed, a compaction or a WAL checkpoint while the viewer watches, the store's
/// folder deleted under it. The viewer shows only what was committed, never a half-read
/// store, and ends with status 3, the terminal given back, when its store is gone. (The
/// tests of a deleted folder run on both stores with `POCKET_SOAK=1`; the quick run spreads
/// the stores over them.)
@Suite(
  "A followed store when something goes wrong", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreFollowFaultTests {
  /// A line-mode session on `store`'s chat, its first screen read.
  func chatViewer(_ store: PocketProcess) throws -> LineViewer {
    #expect(try store.run(["chat"]).status == 0)
    let viewer = try LineViewer(store)
    try viewer.read(until: { PrintedScreen.split($0).screens.count >= 1 })
    return viewer
  }

  /// What a writer killed before its commit leaves: an SQLite transaction begun and a row
  /// inserted by another connection (python3's sqlite3), then SIGKILL; a journal line
  /// written but for its line break.
  func leaveUncommitted(_ text: String, in store: PocketProcess) throws {
    if store.store == "sqlite" {
      let script = """
        import os, sqlite3, sys, time
        db = sqlite3.connect(sys.argv[1], isolation_level=None)
        db.execute("PRAGMA busy_timeout = 5000")
        db.execute("BEGIN IMMEDIATE")
        (last,) = db.execute(
            "SELECT value FROM counters WHERE name = 'chat_messages'").fetchone()
        db.execute(
            "UPDATE counters SET value = ? WHERE name = 'chat_messages'", (last + 1,))
        db.execute(
            "INSERT INTO chat_messages (id, content, date_ms, edited) VALUES (?, ?, ?, 0)",
            (last + 1, sys.argv[2], int(time.time() * 1000)))
        os.kill(os.getpid(), 9)
        """
      let database = store.directory.appendingPathComponent("pocket.sqlite").path
      let killed = try StoreFollowing.runPython(script, [database, text])
      #expect(killed.status == 128 + SIGKILL, "python3: \(killed.stderr)")
    } else {
      let journal = store.directory.appendingPathComponent("pocket.journal")
      let files = [journal, store.directory.appendingPathComponent("pocket.json")]
      let seqs = files.flatMap { file in
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").matches(of: /"seq":(\d+)/)
          .compactMap { Int($0.1) }
      }
      let millis = Int(Date().timeIntervalSince1970 * 1000)
      let line =
        #"{"change":{"insertMessages":{"messages":[{"content":"\#(text)","dateMs":\#(millis)}]}},"#
        + #""seq":\#((seqs.max() ?? 0) + 1)}"#
      let handle = try FileHandle(forWritingTo: journal)
      try handle.seekToEnd()
      try handle.write(contentsOf: Foundation.Data(line.utf8))
      try handle.close()
    }
  }

  @Test(
    arguments: StoreFollowing.stores.filter { $0 == "json" || StoreFollowing.hasPythonSQLite })
  func aWriterKilledBeforeItsCommitIsNeverShown(store kind: String) throws {
    let store = try PocketProcess(store: kind)
    defer { store.remove() }
    let viewer = try chatViewer(store)
    defer { viewer.close() }

    try leaveUncommitted("killed-row", in: store)
    viewer.read(for: .milliseconds(1500))
    #expect(try store.run(["say", "real-row"]).status == 0)
    try viewer.read(until: { $0.contains("real-row") })
    viewer.read(for: .milliseconds(300))
    #expect(!viewer.printed.contains("killed-row"), "\(viewer.printed)")
    let last = PrintedScreen.split(viewer.printed).screens.last
    #expect(last?.messageCount == 1)
    #expect(last?.chatRows.map(\.text) == ["real-row"])
    #expect(try viewer.finish() == 0)
    #expect(!(try store.run(["chat"]).stdout.contains("killed-row")))
  }

  /// The json store's snapshot is rewritten (a new file renamed over it) while the viewer
  /// watches: every screen it prints is consistent, the last shows everything, and a
  /// change after the compaction shows too.
  @Test func aCompactionWhileWatchingIsFollowed() throws {
    let count = 400
    let store = try PocketProcess(store: "json")
    defer { store.remove() }
    let viewer = try chatViewer(store)
    defer { viewer.close() }
    let snapshot = store.directory.appendingPathComponent("pocket.json")
    let before = try #require(StoreFollowing.inode(snapshot))

    let burst = try store.run([], input: StoreFollowing.sayLines(count))
    #expect(burst.status == 0, "\(burst.stderr)")
    let after = try #require(StoreFollowing.inode(snapshot))
    try #require(after != before, "\(count) messages rewrite the snapshot")
    try viewer.read(until: { PrintedScreen.split($0).screens.last?.messageCount == count })

    #expect(try store.run(["say", "after-compaction"]).status == 0)
    try viewer.read(until: { PrintedScreen.split($0).screens.last?.messageCount == count + 1 })
    let (screens, faults) = PrintedScreen.split(viewer.printed)
    #expect(faults.isEmpty, "\(faults)")
    for screen in screens.dropFirst() {
      let rows = screen.chatRows
      #expect(rows.last?.number == screen.messageCount, "\(screen.lines)")
    }
    #expect(screens.last?.chatRows.last?.text == "after-compaction")
    #expect(try viewer.finish() == 0)
  }

  /// Another connection checkpoints the WAL (and truncates it) while the viewer watches:
  /// what is committed after that still shows.
  @Test(.enabled(if: StoreFollowing.hasPythonSQLite, "python3 with sqlite3 is not here"))
  func aWALCheckpointByAnotherConnectionIsFollowed() throws {
    let store = try PocketProcess(store: "sqlite")
    defer { store.remove() }
    let viewer = try chatViewer(store)
    defer { viewer.close() }
    #expect(try store.run(["say", "before-checkpoint"]).status == 0)
    try viewer.read(until: { $0.contains("before-checkpoint") })

    let database = store.directory.appendingPathComponent("pocket.sqlite").path
    let script = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      busy, log, done = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
      sys.exit(0 if busy == 0 else 1)
      """
    let checkpoint = try StoreFollowing.runPython(script, [database])
    #expect(checkpoint.status == 0, "the checkpoint was not done: \(checkpoint.stderr)")
    let wal = try FileManager.default.attributesOfItem(atPath: database + "-wal")
    #expect((wal[.size] as? Int) == 0, "the WAL is truncated")

    #expect(try store.run(["say", "after-checkpoint"]).status == 0)
    try viewer.read(until: { $0.contains("after-checkpoint") })
    let last = PrintedScreen.split(viewer.printed).screens.last
    #expect(last?.chatRows.map(\.text) == ["before-checkpoint", "after-checkpoint"])
    #expect(try viewer.finish() == 0)
  }

  /// Checks that `errors` says the store at `folder` (or a file of it: `rm -rf` deletes
  /// the files first) is gone, never that it is damaged.
  static func expectGone(
    _ errors: String, folder: URL, store kind: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      errors.contains("Cannot use the store at \(folder.path)"), sourceLocation: sourceLocation)
    #expect(
      errors.contains("was deleted or moved away while Pocket showed it"), "\(kind): \(errors)",
      sourceLocation: sourceLocation)
  }

  /// The live view whose store's folder is deleted (after a change has shown, so the watch
  /// is in place) leaves the alternate screen, gives the terminal settings back, says why
  /// and ends with status 3.
  @Test(
    .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"),
    arguments: StoreFollowing.stores(quick: "sqlite"))
  func aLiveViewWhoseFolderIsDeletedEndsWithStatus3(store kind: String) throws {
    guard let watching = try StoreFollowLiveTests.Watching(store: kind) else { return }
    defer { watching.live.close() }
    try watching.live.send("6", until: { $0.contains("[Chat]") })
    try watching.change("say", "watched")
    try watching.shows { $0.contains("watched") }
    try Self.delete(watching.live.directory)
    try watching.live.expectTerminalGivenBack(status: 3)
    // What the view wrote after leaving the alternate screen: the reason, on standard error.
    let output = String(decoding: watching.live.pty.output, as: UTF8.self)
    let after = output.components(separatedBy: "\u{1B}[?1049l").last ?? ""
    Self.expectGone(after, folder: watching.live.directory, store: kind)
  }

  @Test(arguments: StoreFollowing.stores(quick: "json"))
  func aLineSessionWhoseFolderIsDeletedEndsWithStatus3(store kind: String) throws {
    let store = try PocketProcess(store: kind)
    defer { store.remove() }
    let viewer = try chatViewer(store)
    defer { viewer.close() }
    #expect(try store.run(["say", "watched"]).status == 0)
    try viewer.read(until: { $0.contains("watched") })
    try Self.delete(store.directory)
    #expect(try viewer.wait() == 3)
    Self.expectGone(viewer.errorText, folder: store.directory, store: kind)
  }

  /// Deletes `folder` while the Pocket that watches it may still be writing in it (a lock
  /// or a temporary file made as the folder goes, which fails the removal): again until it
  /// is gone.
  static func delete(_ folder: URL) throws {
    for _ in 0..<50 {
      do {
        try FileManager.default.removeItem(at: folder)
        return
      } catch {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        usleep(20_000)
      }
    }
    try FileManager.default.removeItem(at: folder)
  }

  /// The first event of `changes`, or nil when none comes within `timeout`.
  static func firstEvent(of changes: StoreChanges, within timeout: Duration) async -> StoreEvent? {
    await withTaskGroup(of: StoreEvent?.self) { group in
      group.addTask {
        var iterator = changes.makeAsyncIterator()
        return await iterator.next()
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }

  /// A folder deleted after the store was opened but before anyone followed it (the
  /// moment a session prints its first screen) is gone for the first follower too, not
  /// polled for ever with nothing to compare. The store stays open meanwhile, as a front
  /// end's does while it follows it; the wait is the one for a late output
  /// (`Soak.secondsBeforeOutputIsLate`), since only a `.gone` that never comes is wrong here
  /// (how soon is `pocket-bench`'s to measure), and the soak run's load delays it.
  @Test(arguments: StoreFollowing.stores(quick: "sqlite"))
  func aFolderGoneBeforeTheWatchStartsIsGoneAtOnce(store kind: String) async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store: any Sendable =
      kind == "sqlite"
      ? try SQLiteStore.open(path: folder.appendingPathComponent(SQLiteStore.fileName).path)
      : try JSONFileStore.open(directory: folder)
    let changes: any StoreObservation =
      (store as? SQLiteStore)?.repositories.changes
      ?? (store as? JSONFileStore)?.repositories.changes ?? InProcessOnly()
    try FileManager.default.removeItem(at: folder)
    let late = Duration.seconds(Soak.secondsBeforeOutputIsLate)
    let event = await Self.firstEvent(of: changes.subscribe(), within: late)
    withExtendedLifetime(store) {}
    guard case .gone(let error) = event else {
      Issue.record("no .gone within \(late): \(String(describing: event))")
      return
    }
    guard case .storageUnavailable(_, let reason) = error else {
      Issue.record("not a store that cannot be used: \(error)")
      return
    }
    #expect(reason.english.contains("deleted or moved away"), "\(error)")
  }
}
