import Foundation
import TestSupport
import TestTraits
import Testing

/// Two real processes on one store: a person watches the live view in one terminal and
/// changes the store from another. Every kind of record another process changes shows on
/// the screen that shows it, without a key pressed.
@Suite(
  "The live view follows changes made by another process", .blocking, .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
struct StoreFollowLiveTests {
  /// A change another process makes, named by its commands.
  enum Change: String, Sendable, CaseIterable, CustomStringConvertible {
    case say = "say"
    case stopwatch = "start, lap, reset --yes"
    case fav = "fav"
    case bookmark = "bookmark"
    case add = "add"
    case importReplace = "import --replace"

    var description: String { rawValue }
  }

  /// A live view on a store of `kind`, and a one-shot `pocket` on the same store.
  struct Watching {
    let live: LiveTerminalTests.Live
    let other: PocketProcess

    /// On postgres, the other process is another client of the test server, on the live
    /// view's schema.
    init?(store kind: String, environment: [String: String] = [:]) throws {
      var other = PocketProcess(store: kind, directory: URL(fileURLWithPath: "/"))
      let server = kind == "postgres" ? PostgresServer.shared?.environment() ?? [:] : [:]
      let schema = other.postgresSchema.map { ["--store-schema", $0] } ?? []
      guard
        let live = try LiveTerminalTests().start(
          ["--store", kind] + schema, environment: environment.merging(server) { $1 })
      else { return nil }
      self.live = live
      other.directory = live.directory
      self.other = other
    }

    /// Runs `arguments` in the other process; it must succeed.
    func change(
      _ arguments: String..., input: String? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let run = try other.run(arguments, input: input)
      #expect(run.status == 0, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
    }

    /// Waits until the viewer's screen satisfies `predicate`, with no key pressed.
    @discardableResult
    func shows(_ predicate: (ScreenModel) -> Bool) throws -> ScreenModel {
      try live.pty.read(untilScreen: predicate, timeout: StoreFollowing.deadline)
    }

    /// Leaves with `q`: the terminal is given back.
    func quit(sourceLocation: SourceLocation = #_sourceLocation) throws {
      live.pty.send("q")
      try live.expectTerminalGivenBack(sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: StoreFollowing.matrix(Change.allCases))
  func anotherProcessesChangeShowsOnTheScreenShowingIt(_ followed: Followed<Change>) throws {
    guard let watching = try Watching(store: followed.store) else { return }
    defer { watching.live.close() }
    switch followed.change {
    case .say: try say(watching)
    case .stopwatch: try stopwatch(watching)
    case .fav: try fav(watching)
    case .bookmark: try bookmark(watching)
    case .add: try add(watching)
    case .importReplace: try importReplace(watching, store: followed.store)
    }
    try watching.quit()
  }

  func say(_ watching: Watching) throws {
    try watching.live.send("6", until: { $0.contains("[Chat]") && $0.contains("Messages: 0") })
    try watching.change("say", "hello-from-elsewhere")
    try watching.shows { $0.contains("hello-from-elsewhere") && $0.contains("Messages: 1") }
  }

  /// The running stopwatch shows the lap under way as a row: Lap 1 at the start, Lap 2
  /// (and the recorded Lap 1) after a lap.
  func stopwatch(_ watching: Watching) throws {
    try watching.live.send("2", until: { $0.contains("Stopwatch · ready") })
    try watching.change("start")
    let running = try watching.shows { $0.contains("Stopwatch · running") }
    #expect(!running.contains("Lap 2"))
    try watching.change("lap")
    try watching.shows { $0.contains("Lap 2") && $0.contains("Lap 1") }
    try watching.change("reset", "--yes")
    let reset = try watching.shows {
      $0.contains("Stopwatch · ready") && $0.contains("No laps yet.")
    }
    #expect(!reset.contains("Lap 1"))
  }

  /// A pinned currency goes on top of the list, starred.
  func fav(_ watching: Watching) throws {
    func row(_ screen: ScreenModel, _ code: String) -> (index: Int, text: String)? {
      screen.lines.enumerated().first { $0.element.contains(" \(code) ") }.map {
        ($0.offset, $0.element)
      }
    }
    let before = watching.live.pty.screen
    #expect(row(before, "KRW") == nil || row(before, "KRW")?.text.contains("★") == false)
    try watching.change("fav", "KRW")
    let pinned = try watching.shows { screen in
      guard let won = row(screen, "KRW"), let first = row(screen, "AED") else { return false }
      return won.text.contains("★ KRW") && won.index < first.index
    }
    #expect(pinned.contains("South Korean Won"))
  }

  /// The notices mark a notice bookmarked elsewhere; the bookmarks list gains its row.
  func bookmark(_ watching: Watching) throws {
    let second = "Library hours during the winter break"
    let fourth = "Scheduled maintenance of the student portal"
    func line(_ screen: ScreenModel, _ title: String) -> String? {
      screen.lines.first { $0.contains(title) }
    }
    let notices = try watching.live.send("3", until: { $0.contains("[Notices]") })
    #expect(line(notices, second)?.contains("★") == false)
    // `bookmark N` numbers the notices as that process's own notices screen shows them.
    try watching.change(input: "notices\nbookmark 2\n")
    try watching.shows { line($0, second)?.contains("★") == true }

    try watching.live.send("4", until: { $0.contains("[Bookmarks]") && $0.contains(second) })
    #expect(!watching.live.pty.screen.contains(fourth))
    try watching.change(input: "notices\nbookmark 4\n")
    try watching.shows { $0.contains(fourth) && $0.contains(second) }
  }

  func add(_ watching: Watching) throws {
    try watching.live.send("5", until: { $0.contains("[Mind log]") })
    try watching.change("add", "7", "calm-evening")
    try watching.shows { $0.contains("calm-evening") }
  }

  /// Everything replaced by an export of a third store: the viewer shows what was imported
  /// and nothing of what was there.
  func importReplace(_ watching: Watching, store kind: String) throws {
    let third = try PocketProcess(store: kind == "json" ? "sqlite" : "json")
    defer { third.remove() }
    #expect(try third.run(["say", "imported-message"]).status == 0)
    #expect(try third.run(["add", "4", "imported-mood"]).status == 0)
    let export = third.directory.appendingPathComponent("export.json")
    #expect(try third.run(["export", export.path]).status == 0)

    try watching.change("say", "before-import")
    try watching.live.send("6", until: { $0.contains("before-import") })
    try watching.change("import", "--replace", export.path)
    let chat = try watching.shows { $0.contains("imported-message") }
    #expect(!chat.contains("before-import"))
    try watching.live.send("5", until: { $0.contains("imported-mood") })
  }
}
