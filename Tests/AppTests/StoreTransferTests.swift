import Foundation
import TestSupport
import TestTraits
import Testing

/// `pocket store`, `export` and `import`: how a user moves data between stores.
@Suite(
  "Moving between stores", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct StoreTransferTests {
  /// Commands that put some of everything into a store.
  static let fillScript = """
    say 안녕하세요
    say second "quoted" message
    edit 1 hello again
    add 7.5 sunny walk
    add 2 tired
    notices
    bookmark 3
    bookmark 1
    bookmarks
    rename 1 Read later
    fav KRW
    calc JPY
    convert 100
    start
    lap
    lap
    stop
    chat
    """

  /// Fills a store with some of everything through the real commands.
  func fill(_ pocket: PocketProcess) throws {
    let run = try pocket.run([], input: Self.fillScript + "\nquit\n")
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
  }

  @Test func aRoundTripThroughEveryStoreGivesIdenticalExports() throws {
    // The memory store lives for one process: it is filled and exported in one session.
    let memory = try PocketProcess(store: "memory")
    defer { memory.remove() }
    let first = memory.directory.appendingPathComponent("from-memory.json")
    let session = try memory.run([], input: Self.fillScript + "\nexport \(first.path)\n")
    #expect(session.status == 0, "\(session.stderr)")
    let expected = try Foundation.Data(contentsOf: first)
    #expect(expected.count > 1_000)
    var previous = first
    for (step, kind) in Self.roundTrip.enumerated() {
      let store = try PocketProcess(store: kind)
      defer { store.remove() }
      #expect(try store.run(["import", previous.path]).status == 0, "import into \(kind)")
      let next = memory.directory.appendingPathComponent("step-\(step)-\(kind).json")
      #expect(try store.run(["export", next.path]).status == 0)
      #expect(try Foundation.Data(contentsOf: next) == expected, "\(kind) exports the same bytes")
      previous = next
    }
  }

  /// memory → json → sqlite → json.
  static let roundTrip = ["json", "sqlite", "json"]

  @Test func importIntoAStoreWithDataNeedsReplace() throws {
    let source = try PocketProcess(store: "json")
    let target = try PocketProcess(store: "json")
    defer {
      source.remove()
      target.remove()
    }
    try fill(source)
    let file = source.directory.appendingPathComponent("archive.json").path
    #expect(try source.run(["export", file]).status == 0)
    try target.run(["say", "mine"])
    let refused = try target.run(["import", file])
    #expect(refused.status == 1)
    #expect(
      refused.stderr == "pocket: The store already holds data; add --replace to overwrite it\n")
    #expect(try target.run(["chat"]).stdout.contains("mine"))
    let replaced = try target.run(["import", file, "--replace"])
    #expect(replaced.status == 0)
    #expect(replaced.stdout.hasPrefix("Imported "))
    let chat = try target.run(["chat"]).stdout
    #expect(!chat.contains("mine"))
    #expect(chat.contains("hello again (edited)"))
  }

  @Test func aBadImportFileIsRefusedAndTheStoreUntouched() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    let bad = pocket.directory.appendingPathComponent("bad.json")
    try Foundation.Data("{\"format\": \"something else\"}".utf8).write(to: bad)
    let run = try pocket.run(["import", bad.path])
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("pocket: Cannot use the file \(bad.path): "))
    let missing = try pocket.run(["import", "/nonexistent/archive.json"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no such file"))
  }

  @Test func storeShowsKindPathVersionAndCounts() throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    try fill(pocket)
    let run = try pocket.run(["store"])
    #expect(run.status == 0)
    let path = pocket.directory.appendingPathComponent("pocket.json").path
    #expect(
      run.stdout == """
        Store: json
        Path: \(path)
        Schema version: 3
        Other processes' changes: shown at once (file events)
        Rate source: none
          laps                  2
          bookmarks             2
          rate snapshots        1
          favourite currencies  1
          mind logs             2
          chat messages         2

        """)
  }
}
