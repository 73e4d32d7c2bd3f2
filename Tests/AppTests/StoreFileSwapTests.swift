import Foundation
import TestSupport
import TestTraits
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Another store's file moved over the file a line-mode session has open (issue 41): the
/// session ends with status 3 and says so, acknowledges nothing after, and leaves the
/// file put in its place exactly as it came, its records what the next `pocket` shows.
/// Before, the sqlite session went on acknowledging writes into the file moved away, and
/// the next process replayed that file's write-ahead log over the newcomer; the json
/// session took the newcomer for a compaction of its own snapshot and read the old
/// journal's later lines over it, and so did the next process.
@Suite(
  "A store file replaced under a session", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreFileSwapTests {
  /// How the other file comes into the store file's place.
  enum Swap: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// `mv b/pocket.sqlite a/pocket.sqlite`, watched with file events.
    case fromAnotherFolder
    /// `mv a/incoming a/pocket.sqlite`: the newcomer was in the folder already.
    case withinTheFolder
    /// As `fromAnotherFolder`, with `POCKET_WATCH=poll`.
    case polled

    var testDescription: String { rawValue }
  }

  /// The store file's name in a folder of `kind`.
  static func fileName(_ kind: String) -> String {
    kind == "sqlite" ? "pocket.sqlite" : "pocket.json"
  }

  /// Each swap on one store, the stores taken in turn; every swap on both with
  /// `POCKET_SOAK=1`.
  @Test(arguments: Soak.spread(Swap.allCases, over: ["sqlite", "json"]))
  func aReplacedStoreFileEndsTheSessionAndIsLeftAsItCame(kind: String, swap: Swap) throws {
    let store = try PocketProcess(store: kind)
    defer { store.remove() }
    let other = try Self.otherStore(kind, saying: ["replacement-1", "replacement-2"])
    defer { other.remove() }
    let name = Self.fileName(kind)
    var source = other.directory.appendingPathComponent(name)
    if swap == .withinTheFolder {
      let incoming = store.directory.appendingPathComponent("incoming")
      try FileManager.default.moveItem(at: source, to: incoming)
      source = incoming
    }
    let expected = try Foundation.Data(contentsOf: source)

    #expect(try store.run(["chat"]).status == 0)
    let viewer = try LineViewer(
      store, environment: swap == .polled ? ["POCKET_WATCH": "poll"] : [:])
    defer { viewer.close() }
    try viewer.read(until: { PrintedScreen.split($0).screens.count >= 1 })
    viewer.send("say before-swap")
    try viewer.read(until: { $0.contains("before-swap") })

    let target = store.directory.appendingPathComponent(name)
    try #require(rename(source.path, target.path) == 0, "rename: \(errno)")
    viewer.send("say after-swap")
    #expect(try viewer.wait() == 3, "\(viewer.printed)\n-- \(viewer.errorText)")
    #expect(
      viewer.errorText.contains("Cannot use the store at \(target.path)"), "\(viewer.errorText)")
    #expect(
      viewer.errorText.contains("another file was put in its place"), "\(viewer.errorText)")
    #expect(!viewer.printed.contains("after-swap"), "acknowledged after the swap")

    #expect(try Foundation.Data(contentsOf: target) == expected, "the newcomer was written to")
    // The old file's log, still beside the newcomer by name, holds no page to replay.
    var log = stat()
    if lstat(target.path + "-wal", &log) == 0 {
      #expect(log.st_size == 0, "a log of \(log.st_size) bytes is left beside the newcomer")
    }
    let chat = try store.run(["chat"])
    #expect(chat.status == 0, "\(chat.stderr)")
    #expect(chat.stdout.contains("replacement-1"), "\(chat.stdout)")
    #expect(chat.stdout.contains("replacement-2"), "\(chat.stdout)")
    #expect(!chat.stdout.contains("before-swap"), "\(chat.stdout)")
    #expect(!chat.stdout.contains("after-swap"), "\(chat.stdout)")
  }

  /// A live view on sqlite whose file another one is moved over (after a change from
  /// another process has shown, its commit in the log the view's connection keeps open):
  /// the view gives the terminal back, says why and ends with 3; the newcomer is as it came.
  @Test(
    .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"),
    arguments: Soak.all(["sqlite", "json"], quick: "json"))
  func aLiveViewWhoseStoreFileIsReplacedEndsWithStatus3(kind: String) throws {
    guard let watching = try StoreFollowLiveTests.Watching(store: kind) else { return }
    defer { watching.live.close() }
    let other = try Self.otherStore(kind, saying: ["replacement-1"])
    defer { other.remove() }
    let source = other.directory.appendingPathComponent(Self.fileName(kind))
    let expected = try Foundation.Data(contentsOf: source)

    try watching.live.send("6", until: { $0.contains("[Chat]") })
    try watching.change("say", "watched")
    try watching.shows { $0.contains("watched") }
    let target = watching.live.directory.appendingPathComponent(Self.fileName(kind))
    try #require(rename(source.path, target.path) == 0, "rename: \(errno)")
    try watching.live.expectTerminalGivenBack(status: 3)
    let output = String(decoding: watching.live.pty.output, as: UTF8.self)
    let after = output.components(separatedBy: "\u{1B}[?1049l").last ?? ""
    #expect(after.contains("another file was put in its place"), "\(after)")

    #expect(try Foundation.Data(contentsOf: target) == expected, "the newcomer was written to")
    let chat = try watching.other.run(["chat"])
    #expect(chat.stdout.contains("replacement-1"), "\(chat.stdout)")
    #expect(!chat.stdout.contains("watched"), "\(chat.stdout)")
  }

  /// Another store of `kind` whose file alone holds `messages`: for sqlite its log folded
  /// into it; for json a snapshot with no journal beside it (an import into a new store,
  /// which writes a snapshot, of an export of a store they were said in).
  static func otherStore(_ kind: String, saying messages: [String]) throws -> PocketProcess {
    let said = try PocketProcess(store: kind)
    for text in messages {
      let run = try said.run(["say", text])
      #expect(run.status == 0, "\(run.stderr)")
    }
    if kind == "sqlite" {
      try foldLog(of: said.directory.appendingPathComponent(fileName(kind)))
      return said
    }
    defer { said.remove() }
    let export = said.directory.appendingPathComponent("export.json").path
    let exported = try said.run(["export", export])
    #expect(exported.status == 0, "\(exported.stderr)")
    let other = try PocketProcess(store: kind)
    let imported = try other.run(["import", export])
    #expect(imported.status == 0, "\(imported.stderr)")
    let journal = other.directory.appendingPathComponent("pocket.journal")
    #expect(!FileManager.default.fileExists(atPath: journal.path), "a journal beside the newcomer")
    return other
  }

  /// Folds a closed sqlite file's write-ahead log into it (python3's sqlite3), so the file
  /// alone holds every record; nothing to do when no log is beside it.
  static func foldLog(of file: URL) throws {
    var info = stat()
    guard lstat(file.path + "-wal", &info) == 0 else { return }
    try #require(StoreFollowing.hasPythonSQLite, "python3 with sqlite3 is needed here")
    let script = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      busy, log, done = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
      db.execute("PRAGMA journal_mode = WAL")
      db.close()
      sys.exit(0 if busy == 0 else 1)
      """
    let folded = try StoreFollowing.runPython(script, [file.path])
    try #require(folded.status == 0, "\(folded.stderr)")
  }
}
