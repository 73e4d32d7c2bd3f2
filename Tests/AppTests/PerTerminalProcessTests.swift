import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

@testable import PocketApp

/// Two terminal windows on one store, each a shell on a pseudo-terminal of its own (its own
/// session), running the real `pocket`: a number typed in one means what that terminal
/// showed, whatever the other showed or changed meanwhile (issue 44's sequences), `more`
/// and `page` turn this terminal's pages, a command without a terminal keeps a state of its
/// own session, and a terminal given a closed one's tty name starts with nothing shown.
@Suite(
  "Numbers per terminal", .blocking, .timeLimit(.minutes(Soak.minutesBeforeAHang)),
  .enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"),
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh"), "/bin/sh is missing"))
struct PerTerminalProcessTests {
  /// Terminals on one store folder.
  final class Terminals {
    let pocket: PocketProcess
    private(set) var shells: [ShellTerminal] = []

    init(store: String, count: Int = 2) throws {
      pocket = try PocketProcess(store: store)
      for _ in 0..<count { shells.append(try open()) }
    }

    /// Opens one more terminal window.
    func open() throws -> ShellTerminal {
      try ShellTerminal(
        environment: pocket.environment.merging([
          "NO_COLOR": "1", "TERM": "dumb", "LANG": "C.UTF-8",
        ]) { $1 })
    }

    /// The command line that runs `pocket` on the store with `words` (as a shell reads
    /// them).
    func line(_ words: String) -> String {
      let arguments = pocket.pocketArguments([]).map { "'\($0)'" }.joined(separator: " ")
      return "'\(PocketProcess.executable.path)' \(arguments) \(words)"
    }

    /// Runs `pocket WORDS` in terminal `index`.
    @discardableResult
    func run(_ words: String, in index: Int) throws -> (output: String, status: Int32) {
      try shells[index].run(line(words))
    }

    /// Runs each of `commands` in terminal `index`, one after the other, through one
    /// `pocket` in line mode (its commands on a pipe): it exits 0 only when each was done.
    func setUp(_ commands: [String], in index: Int = 0) throws {
      let lines = commands.map { "'\($0)'" }.joined(separator: " ")
      let run = try shells[index].run("printf '%s\\n' \(lines) | \(line("")) >/dev/null")
      #expect(run.status == 0, "\(run.output)")
    }

    func replace(_ index: Int, with shell: ShellTerminal) { shells[index] = shell }

    func close() {
      for shell in shells { try? shell.close() }
      pocket.remove()
    }
  }

  /// The text of row `number` in a list `output` printed (`2  msg-B`, `2  10:15 PM  msg-B`),
  /// up to a ` · `, without a notice's bookmark mark (`1 ★ title`).
  static func row(_ number: Int, in output: String) -> String? {
    for line in output.split(whereSeparator: \.isNewline) {
      let words = line.split(separator: " ", maxSplits: 1)
      guard words.count == 2, words[0] == "\(number)" else { continue }
      var text = words[1].trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("★ ") { text.removeFirst(2) }
      return String(text.split(separator: " · ").first ?? Substring(text))
    }
    return nil
  }

  /// Issue 44's first sequence: a look at the mind log in terminal 2 does not make
  /// terminal 1's `delete 2` delete a mind-log entry.
  @Test(arguments: Soak.all(["json", "sqlite"], quick: "sqlite"))
  func aLookInAnotherTerminalDoesNotChangeWhatANumberMeans(store: String) throws {
    let terminals = try Terminals(store: store)
    defer { terminals.close() }
    try terminals.setUp([
      "say msg-A", "say msg-B", "say msg-C", "add 5 note-one", "add 6 note-two",
    ])
    let chat = try terminals.run("chat", in: 0)
    #expect(Self.row(2, in: chat.output)?.hasSuffix("msg-B") == true, "\(chat.output)")
    #expect(try terminals.run("mindlog", in: 1).status == 0)
    let delete = try terminals.run("delete 2", in: 0)
    #expect(delete.status == 0)
    #expect(delete.output.contains("Deleted message 2: msg-B"), "\(delete.output)")
    let mindLog = try terminals.run("mindlog", in: 1).output
    #expect(mindLog.contains("note-one") && mindLog.contains("note-two"), "\(mindLog)")
  }

  /// Issue 44's second sequence: terminal 2's `delete` (which prints and keeps its own
  /// numbers) never changes what terminal 1's numbers mean: terminal 1's `delete 2` refuses
  /// naming B when terminal 2 deleted B, and deletes what it showed as 2 otherwise.
  @Test(arguments: Soak.all(["json", "sqlite"], quick: "json"))
  func anotherTerminalsDeleteDoesNotRenumberThisOne(store: String) throws {
    let terminals = try Terminals(store: store)
    defer { terminals.close() }
    try terminals.setUp(["say msg-A", "say msg-B", "say msg-C", "say msg-D"])
    #expect(try terminals.run("chat", in: 0).status == 0)
    #expect(try terminals.run("chat", in: 1).status == 0)
    let gone = try terminals.run("delete 2", in: 1)
    #expect(gone.output.contains("Deleted message 2: msg-B"), "\(gone.output)")
    let refused = try terminals.run("delete 2", in: 0)
    #expect(refused.status == 1)
    #expect(
      refused.output.contains("Message 2 (msg-B) was deleted elsewhere; nothing changed"),
      "\(refused.output)")
    // Terminal 1 shows A, C, D again; terminal 2 deletes A and shows C, D as 1, 2.
    #expect(try terminals.run("chat", in: 0).status == 0)
    #expect(try terminals.run("delete 1", in: 1).output.contains("Deleted message 1: msg-A"))
    let delete = try terminals.run("delete 2", in: 0)
    #expect(delete.status == 0)
    #expect(delete.output.contains("Deleted message 2: msg-C"), "\(delete.output)")
    let left = try terminals.run("chat", in: 1).output
    #expect(left.contains("msg-D") && !left.contains("msg-C"), "\(left)")
  }

  /// One numbered command: what terminal 1 shows, what terminal 2 does meanwhile (changing
  /// its own numbers), and the command in terminal 1 with what it must say it did
  /// (`expected`, given the rows terminal 1 showed), then what terminal 2 must show after.
  struct NumberedCase: Sendable, CustomStringConvertible {
    var description: String
    var setUp: [String]
    var show: String
    var meanwhile: [String]
    var command: String
    var expected: @Sendable (_ shown: String) -> String
    var check: String
    var holds: @Sendable (_ shown: String, _ after: String) -> Bool
  }

  static let chat = ["say msg-A", "say msg-B", "say msg-C"]
  static let mindLog = ["add 5 note-one", "add 6 note-two", "add 7 note-three"]
  static let bookmarks = ["notices", "bookmark 1", "bookmark 2", "bookmark 3"]

  static let numbered: [NumberedCase] = [
    NumberedCase(
      description: "chat edit", setUp: chat, show: "chat", meanwhile: ["chat", "delete 1"],
      command: "edit 2 msg-B2", expected: { _ in "Edited message 2: msg-B2" }, check: "chat",
      holds: { _, after in after.contains("msg-B2") && after.contains("msg-C") }),
    NumberedCase(
      description: "mind-log delete", setUp: mindLog, show: "mindlog",
      meanwhile: ["mindlog", "delete 1"], command: "delete 2",
      expected: { _ in "Deleted entry 2: 6 note-two" }, check: "mindlog",
      holds: { _, after in after.contains("note-one") && !after.contains("note-two") }),
    NumberedCase(
      description: "mind-log edit", setUp: mindLog, show: "mindlog",
      meanwhile: ["mindlog", "delete 1"], command: "edit 2 4 changed",
      expected: { _ in "Edited entry 2: 4 changed" }, check: "mindlog",
      holds: { _, after in
        after.contains("note-one") && after.contains("changed") && !after.contains("note-two")
      }),
    NumberedCase(
      description: "bookmarks remove", setUp: bookmarks, show: "bookmarks",
      meanwhile: ["bookmarks", "remove 1"], command: "remove 2",
      expected: { "Bookmark removed: \(row(2, in: $0) ?? "row 2")" }, check: "bookmarks",
      holds: { shown, after in
        row(2, in: shown).map { !after.contains($0) } == true
          && row(3, in: shown).map { after.contains($0) } == true
      }),
    NumberedCase(
      description: "bookmarks rename", setUp: bookmarks, show: "bookmarks",
      meanwhile: ["bookmarks", "remove 1"], command: "rename 2 renamed-two",
      expected: { _ in "Renamed bookmark 2: renamed-two" }, check: "bookmarks",
      holds: { shown, after in
        after.contains("renamed-two") && row(2, in: shown).map { !after.contains($0) } == true
          && row(3, in: shown).map { after.contains($0) } == true
      }),
    NumberedCase(
      description: "notices bookmark", setUp: ["notices", "bookmark 1"], show: "notices",
      meanwhile: ["bookmarks"], command: "bookmark 2",
      expected: { "Bookmarked: \(row(2, in: $0) ?? "row 2")" }, check: "bookmarks",
      holds: { shown, after in
        row(1, in: shown).map { after.contains($0) } == true
          && row(2, in: shown).map { after.contains($0) } == true
      }),
  ]

  /// Each numbered command in terminal 1 acts on the item terminal 1 showed with that
  /// number, while terminal 2 showed another screen or renumbered the list. (Each case on
  /// one store in turn; every store with `POCKET_SOAK=1`.)
  @Test(arguments: Soak.spread(numbered, over: ["json", "sqlite"]))
  func aNumberedCommandActsOnWhatThisTerminalShowed(store: String, command: NumberedCase)
    throws
  {
    let terminals = try Terminals(store: store)
    defer { terminals.close() }
    try terminals.setUp(command.setUp)
    let shown = try terminals.run(command.show, in: 0)
    #expect(shown.status == 0, "\(shown.output)")
    for words in command.meanwhile {
      #expect(try terminals.run(words, in: 1).status == 0, "\(words)")
    }
    let done = try terminals.run(command.command, in: 0)
    #expect(done.status == 0, "\(done.output)")
    let expected = command.expected(shown.output)
    #expect(done.output.contains(expected), "expected \(expected): \(done.output)")
    let after = try terminals.run(command.check, in: 1).output
    #expect(command.holds(shown.output, after), "showed \(shown.output), then \(after)")
  }

  /// A one-shot command in a terminal that showed something opens on that terminal's
  /// screen; the store's screen seen last stays the store's (the screen shown last in any
  /// terminal), where a new terminal opens.
  @Test func aTerminalOpensOnItsScreenAndANewOneOnTheScreenSeenLastAnywhere() throws {
    let terminals = try Terminals(store: "json", count: 3)
    defer { terminals.close() }
    try terminals.setUp(["say msg-A"])
    #expect(try terminals.run("chat", in: 0).status == 0)
    #expect(try terminals.run("mindlog", in: 1).status == 0)
    let new = try terminals.run("show", in: 2).output
    #expect(new.contains("[Mind log]"), "\(new)")
    let here = try terminals.run("show", in: 0).output
    #expect(here.contains("[Chat]") && here.contains("msg-A"), "\(here)")
  }

  /// `more` turns from the page this terminal showed, whatever page another terminal
  /// shows; on the last it says so (exit 0); `page N` sets it.
  @Test(arguments: Soak.all(["json", "sqlite"], quick: "sqlite"))
  func moreAndPageTurnThisTerminalsPages(store: String) throws {
    let terminals = try Terminals(store: store)
    defer { terminals.close() }
    let says = try terminals.shells[0].run(
      "printf 'say m%s\\n' $(seq 1 45) | " + terminals.line(""))
    #expect(says.status == 0, "\(says.output)")
    #expect(try terminals.run("chat", in: 0).output.contains("Page 1 of 3"))
    #expect(try terminals.run("chat", in: 1).output.contains("Page 1 of 3"))
    #expect(try terminals.run("page 3", in: 1).output.contains("Page 3 of 3"))
    #expect(try terminals.run("more", in: 0).output.contains("Page 2 of 3"))
    #expect(try terminals.run("more", in: 0).output.contains("Page 3 of 3"))
    let last = try terminals.run("more", in: 0)
    #expect(last.status == 0)
    #expect(last.output.contains("This is the last page (3 of 3)"), "\(last.output)")
    #expect(try terminals.run("page 1", in: 1).output.contains("Page 1 of 3"))
    #expect(try terminals.run("page 2", in: 0).output.contains("Page 2 of 3"))
    #expect(try terminals.run("more", in: 1).output.contains("Page 2 of 3"))
    #expect(try terminals.run("more", in: 0).output.contains("Page 3 of 3"))
  }

  /// A command without a terminal (here: in a session of its own, as cron and a program's
  /// pipe run it) keeps what its session showed; another such session has shown nothing,
  /// and the terminal's numbers stay its own.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
  func aCommandWithoutATerminalKeepsAStateOfItsOwnSession() throws {
    let terminals = try Terminals(store: "sqlite", count: 1)
    defer { terminals.close() }
    try terminals.setUp(["say msg-A", "say msg-B", "say msg-C", "add 5 note-one", "add 6 note-two"])
    #expect(try terminals.run("chat", in: 0).status == 0)
    let piped = try terminals.shells[0].run(
      "/usr/bin/setsid -w /bin/sh -c \"\(terminals.line("mindlog")) >/dev/null && "
        + "\(terminals.line("delete 2"))\"")
    #expect(piped.status == 0, "\(piped.output)")
    #expect(piped.output.contains("Deleted entry 2: 5 note-one"), "\(piped.output)")
    let alone = try terminals.shells[0].run("/usr/bin/setsid -w " + terminals.line("delete 1"))
    #expect(alone.status == 1, "a session that showed nothing: \(alone.output)")
    let delete = try terminals.run("delete 2", in: 0)
    #expect(delete.output.contains("Deleted message 2: msg-B"), "\(delete.output)")
  }

  /// Whether this process may start a PID namespace of its own (`unshare`, as root).
  static let startsPIDNamespaces: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    probe.arguments = ["-p", "-f", "--mount-proc", "/bin/true"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? SpawnedDescriptors.run(probe)) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }()

  /// Commands in a PID namespace whose session leader is outside it (a container's, a CI
  /// sandbox's: `getsid(0)` is 0 there) share that namespace's state: a number means what
  /// the command before showed, and the terminal outside keeps its own numbers.
  @Test(.enabled(if: startsPIDNamespaces, "no PID namespace can be started here (unshare, root)"))
  func commandsWhoseSessionLeaderIsOutsideTheirNamespaceKeepTheirNumbers() throws {
    let terminals = try Terminals(store: "sqlite", count: 1)
    defer { terminals.close() }
    try terminals.setUp(["say msg-A", "say msg-B", "say msg-C", "add 5 note-one", "add 6 note-two"])
    #expect(try terminals.run("chat", in: 0).status == 0)
    let contained = try terminals.shells[0].run(
      "/usr/bin/unshare -p -f --mount-proc /bin/sh -c \"\(terminals.line("mindlog")) >/dev/null"
        + " && \(terminals.line("delete 2"))\"")
    #expect(contained.status == 0, "\(contained.output)")
    #expect(contained.output.contains("Deleted entry 2: 5 note-one"), "\(contained.output)")
    let delete = try terminals.run("delete 2", in: 0)
    #expect(delete.output.contains("Deleted message 2: msg-B"), "\(delete.output)")
  }

  /// The key `pocket` makes for the terminal of `shell` (its shell leads the session).
  static func key(of shell: ShellTerminal) throws -> TerminalKey {
    let stat = try #require(ThisTerminal.stat(of: String(shell.session)))
    return try TerminalKey(
      ThisTerminal.Parts(
        tty: stat.tty, session: Int64(shell.session), leaderStart: stat.start,
        boot: ThisTerminal.bootID(), namespace: ThisTerminal.pidNamespace(),
        host: ThisTerminal.hostID()
      ).text)
  }

  /// The number of the pseudo-terminal at `path` (`/dev/pts/N`).
  static func number(of path: String) -> Int {
    Int(path.split(separator: "/").last ?? "") ?? Int.max
  }

  /// A terminal closed, and a new one given its tty name (`/dev/pts/N` again): the new one
  /// has shown nothing, so a number is refused there; its first list drops the closed
  /// terminal's.
  @Test func aNewTerminalWithAClosedOnesTtyNameHasShownNothing() async throws {
    let terminals = try Terminals(store: "sqlite", count: 1)
    defer { terminals.close() }
    try terminals.setUp(["say msg-A", "say msg-B", "say msg-C"])
    #expect(try terminals.run("chat", in: 0).status == 0)
    let closed = terminals.shells[0]
    let name = closed.terminal.ttyName
    let key = try Self.key(of: closed)
    let path = terminals.pocket.directory.appendingPathComponent(SQLiteStore.fileName).path
    #expect(try await SQLiteStore.open(path: path).repositories.screens.shownList(for: key) != nil)
    try closed.close()
    // Linux gives a new pty the lowest free number: the one just closed, unless another
    // test freed a lower one meanwhile (that one is held, so the next try gets the next
    // number up) or took this one (then a later try gets it once that test closes it: as
    // long as a late output is waited for, since a live-view test may hold it for half a
    // minute).
    var opened: ShellTerminal?
    var held: [ShellTerminal] = []
    defer { for shell in held { try? shell.close() } }
    let deadline = ContinuousClock.now + .seconds(Soak.secondsBeforeOutputIsLate)
    while opened == nil, ContinuousClock.now < deadline {
      let shell = try terminals.open()
      if shell.terminal.ttyName == name {
        opened = shell
      } else if Self.number(of: shell.terminal.ttyName) < Self.number(of: name) {
        held.append(shell)
      } else {
        try shell.close()
        try await Task.sleep(for: .milliseconds(50))
      }
    }
    let reopened = try #require(opened, "no new terminal was given \(name)")
    terminals.replace(0, with: reopened)
    // The same tty device, and yet another terminal's key.
    let reopenedKey = try Self.key(of: reopened)
    #expect(ThisTerminal.Parts(reopenedKey.text)?.tty == ThisTerminal.Parts(key.text)?.tty)
    #expect(reopenedKey != key)
    let refused = try terminals.run("delete 2", in: 0)
    #expect(refused.status == 1)
    #expect(
      refused.output.contains("There is no item 2 on the screen shown"), "\(refused.output)")
    #expect(try terminals.run("chat", in: 0).output.contains("msg-B"), "nothing was deleted")
    #expect(try await SQLiteStore.open(path: path).repositories.screens.shownList(for: key) == nil)
  }
}
