import Foundation
import PocketData
import TestSupport
import TestTraits
import Testing

/// `pocket --store postgres` while its server does not answer, as a laptop user meets it
/// (a train, a server restarting): each command that reached the server left this
/// machine's copy of the store up to date; with the server stopped, every screen reads that
/// copy, says once on standard error that it does and as of when, and a change is refused
/// (exit 3, nothing written); with the server back, the store is used as before.
@Suite(
  "pocket on a PostgreSQL store whose server does not answer", .blocking,
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresOfflineProcessTests {
  /// The copies of stores in `pocket`'s store folder.
  static func copies(_ pocket: PocketProcess) throws -> [String] {
    try copies(pocket.directory)
  }

  /// The copies of stores in the store folder `folder`.
  static func copies(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("replica-") && $0.hasSuffix(".sqlite") }
  }

  @Test func withItsServerStoppedEveryScreenReadsThisMachinesCopy() throws {
    let server = try PostgresServer.start()
    defer { server.remove() }
    let pocket = try PocketProcess(store: "postgres")
    defer { pocket.remove() }
    let online = server.environment()
    func run(_ arguments: [String], lang: String = "en") throws -> PocketProcess.Run {
      try pocket.run(arguments, lang: lang, environment: online)
    }

    // Online: no copy before a command has reached the server, one after.
    #expect(try Self.copies(pocket).isEmpty)
    #expect(try run(["say", "hello from the train"]).status == 0)
    #expect(try run(["add", "7", "a good day"]).status == 0)
    #expect(try Self.copies(pocket).count == 1)
    let before = try run(["chat"])
    #expect(before.status == 0 && before.stderr.isEmpty, "\(before.stderr)")
    let copyFile = pocket.directory.appendingPathComponent(try Self.copies(pocket)[0]).path
    let store = try run(["store"]).stdout
    // The number the server gave this machine, read from the server apart from Pocket.
    let machine = try server.psql("SELECT number FROM \(pocket.postgresSchema!).machines")
    #expect(
      store.contains("This machine's copy: \(copyFile) (machine \(machine), as of "), "\(store)")
    #expect(!store.contains("does not answer"), "\(store)")

    try server.stop()
    let chat = try run(["chat"])
    #expect(chat.status == 0, "\(chat.stderr)")
    #expect(chat.stdout.contains("hello from the train"), "\(chat.stdout)")
    #expect(chat.stdout == before.stdout, "the copy shows what the server showed")
    let warnings = chat.stderr.split(separator: "\n")
    #expect(warnings.count == 1, "\(chat.stderr)")
    #expect(chat.stderr.contains("the server does not answer"), "\(chat.stderr)")
    #expect(chat.stderr.contains("this machine's copy as of"), "\(chat.stderr)")
    let mindLog = try run(["mindlog"], lang: "ko")
    #expect(mindLog.status == 0, "\(mindLog.stderr)")
    #expect(mindLog.stdout.contains("a good day"))
    #expect(mindLog.stderr.contains("이 컴퓨터의 사본"), "\(mindLog.stderr)")
    let offlineStore = try run(["store"]).stdout
    #expect(offlineStore.contains("; shown: the server does not answer)"), "\(offlineStore)")
    #expect(
      offlineStore.split(separator: "\n").contains {
        $0.hasPrefix("  chat messages ") && $0.hasSuffix(" 1")
      }, "\(offlineStore)")

    // A change is refused, naming the server, and nothing of it is kept.
    let said = try run(["say", "written offline"])
    #expect(said.status == 3, "\(said.stdout)\(said.stderr)")
    #expect(said.stderr.contains(server.socketDirectory), "\(said.stderr)")
    #expect(!(try run(["chat"]).stdout.contains("written offline")))
    // A session (line mode) is warned before its first prompt, once.
    let session = try pocket.run([], input: "chat\nmindlog\n", environment: online)
    #expect(session.status == 0, "\(session.stderr)")
    #expect(session.stdout.contains("a good day"))
    #expect(
      session.stderr.components(separatedBy: "does not answer").count == 2, "\(session.stderr)")

    // The server back: the store as before, no warning, changes made.
    try server.restart()
    let back = try run(["say", "back online"])
    #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stderr)")
    let after = try run(["chat"])
    #expect(after.stdout.contains("hello from the train") && after.stdout.contains("back online"))
    try server.stop()
    // The copy holds the message said once the server was back.
    #expect(try run(["chat"]).stdout.contains("back online"))
  }

  /// Without a copy (no command reached the server yet), a stopped server is an error as
  /// before: exit 3, naming it, and no copy is made.
  @Test func withoutACopyAStoppedServerIsAnError() throws {
    let server = try PostgresServer.start()
    defer { server.remove() }
    let pocket = try PocketProcess(store: "postgres")
    defer { pocket.remove() }
    try server.stop()
    let chat = try pocket.run(["chat"], environment: server.environment())
    #expect(chat.status == 3, "\(chat.stderr)")
    #expect(chat.stderr.contains(server.socketDirectory), "\(chat.stderr)")
    #expect(try Self.copies(pocket).isEmpty)
  }

  /// A live view opens on this machine's copy without waiting for a server that takes the
  /// connection and does not answer (its postmaster stopped, the connect timeout 90 s), and
  /// follows the store once the server answers.
  @Test(.enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
  func aLiveViewShowsTheCopyBeforeTheServerAnswers() async throws {
    let server = try await Blocking.run { try PostgresServer.start() }
    defer { server.remove() }
    let url = server.url()
    var other = try PocketProcess(store: "postgres")
    defer { other.remove() }
    other.postgresSchema = PostgresTarget.defaultSchema
    guard
      let live = try LiveTerminalTests().start(
        ["--store", "postgres", "--store-url", url], environment: ["PGCONNECT_TIMEOUT": "90"],
        firstTab: "[Chat]",
        prepare: { folder in
          var pocket = other
          pocket.directory = folder
          #expect(try pocket.run(["--store-url", url, "say", "said before"]).status == 0)
          try server.pause()
        })
    else { return }
    defer {
      try? server.pause(false)
      live.close()
    }
    try live.pty.read(
      untilScreen: { $0.contains("said before") }, timeout: StoreFollowing.deadline)
    try server.pause(false)
    let said = try other.run(["--store-url", url, "say", "said once it answered"])
    #expect(said.status == 0, "\(said.stderr)")
    try live.pty.read(
      untilScreen: { $0.contains("said once it answered") }, timeout: StoreFollowing.deadline)
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }

  /// A live view opened while the server is stopped shows the copy, and says on its status
  /// row that the server does not answer once it has learnt it, and `offline` at the end of
  /// its tab line while it does not. It stays open: once the server answers, it says so
  /// (and no longer `offline`) and follows the store again (a message another process says
  /// appears), and a server stopped while it follows is said again, with the copy still
  /// shown.
  @Test(.enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
  func aLiveViewStaysOpenWhileTheServerIsDownAndFollowsItOnceItAnswers() async throws {
    let server = try await Blocking.run { try PostgresServer.start() }
    defer { server.remove() }
    let url = server.url()
    var other = try PocketProcess(store: "postgres")
    defer { other.remove() }
    other.postgresSchema = PostgresTarget.defaultSchema
    guard
      let live = try LiveTerminalTests().start(
        ["--store", "postgres", "--store-url", url], firstTab: "[Chat]",
        prepare: { folder in
          var pocket = other
          pocket.directory = folder
          #expect(try pocket.run(["--store-url", url, "say", "said online"]).status == 0)
          try server.stop()
        })
    else { return }
    defer { live.close() }
    let silent = "the server does not answer"
    func saysOffline(_ screen: ScreenModel) -> Bool {
      screen.lines.first?.hasSuffix("  offline") ?? false
    }
    try live.pty.read(
      untilScreen: { $0.contains("said online") && $0.contains(silent) && saysOffline($0) },
      timeout: StoreFollowing.deadline)
    try await Blocking.run { try server.restart() }
    try live.pty.read(
      untilScreen: { $0.contains("the server answers again") && !saysOffline($0) },
      timeout: StoreFollowing.deadline)
    #expect(try other.run(["--store-url", url, "say", "said once it answered"]).status == 0)
    try live.pty.read(
      untilScreen: { $0.contains("said once it answered") }, timeout: StoreFollowing.deadline)
    // Lost while it follows: said again, the copy still shown.
    try await Blocking.run { try server.stop() }
    try live.pty.read(
      untilScreen: {
        $0.contains(silent) && $0.contains("said once it answered") && saysOffline($0)
      },
      timeout: StoreFollowing.deadline)
    live.pty.send("q")
    try live.expectTerminalGivenBack()
  }
}
