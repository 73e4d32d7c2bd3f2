import Foundation
import PocketData
import TestSupport
import TestTraits
import Testing

/// `pocket --store postgres` as people run it: two machines (two processes, each with its own
/// home folder) on one server share their records and keep their own last screen; the store
/// is named without a password; a password on the command line is refused; a missing libpq
/// says what to install; an export moves to any other store and back byte for byte.
@Suite(
  "pocket on a PostgreSQL store", .blocking,
  .enabled(if: PostgresServer.isAvailable, "no PostgreSQL server can be started here"),
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct PostgresProcessTests {
  let server: PostgresServer

  init() throws { server = try #require(PostgresServer.shared) }

  /// Two machines on one schema: a pocket each, with its own home and store folder.
  func machines() throws -> (PocketProcess, PocketProcess) {
    let first = try PocketProcess(store: "postgres")
    var second = try PocketProcess(store: "postgres")
    second.postgresSchema = first.postgresSchema
    return (first, second)
  }

  @Test func twoMachinesShareTheirRecordsAndKeepTheirOwnLastScreen() throws {
    let (laptop, desktop) = try machines()
    defer {
      laptop.remove()
      desktop.remove()
    }
    let said = try laptop.run(["say", "hello from the laptop"])
    #expect(said.status == 0, "\(said.stderr)")
    let chat = try desktop.run(["chat"])
    #expect(chat.status == 0, "\(chat.stderr)")
    #expect(chat.stdout.contains("hello from the laptop"))
    #expect(try desktop.run(["add", "7", "a good day"]).status == 0)
    #expect(try laptop.run(["mindlog"]).stdout.contains("a good day"))
    // The desktop last showed the mind log's list; the laptop, the chat, then the mind log
    // too, then the stopwatch: each opens on its own.
    #expect(try laptop.run(["stopwatch"]).status == 0)
    let laptopOpens = try laptop.run([], input: "")
    let desktopOpens = try desktop.run([], input: "")
    #expect(laptopOpens.stdout.contains("Stopwatch"), "\(laptopOpens.stdout)")
    #expect(desktopOpens.stdout.contains("Mind log"), "\(desktopOpens.stdout)")
    // A number names the item this machine showed: the desktop deletes its entry 1.
    #expect(try desktop.run(["delete", "1"]).status == 0)
    #expect(!(try laptop.run(["mindlog"]).stdout.contains("a good day")))
  }

  @Test func theStoreIsNamedWithoutItsPassword() throws {
    let pocket = try PocketProcess(store: "postgres")
    defer { pocket.remove() }
    // Trusted on the socket: the password is sent for nothing, and must show nowhere.
    let secret = "correct-horse-4471"
    let run = try pocket.run(
      ["store"],
      environment: [
        "POCKET_STORE_URL": server.url(), "PGPASSWORD": secret, "PGHOST": "", "PGUSER": "",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Store: postgres"))
    #expect(run.stdout.contains("(schema \(pocket.postgresSchema!))"))
    #expect(run.stdout.contains("server notifications"))
    #expect(!(run.stdout + run.stderr).contains(secret))
  }

  /// URLs that each hold the secret, and whether as a password (the others are ones libpq
  /// cannot read, whose message would repeat them whole).
  static let secretURLs = [
    // The issue's URL: a password, and a host libpq cannot read.
    ("postgresql://pocket:Sup3rS3cret@[badhost/postgres", false),
    ("postgresql://pocket:Sup3rS3cret@localhost/postgres", true),
    ("postgres://pocket:Sup3rS3cret@/postgres?host=/tmp", true),
    ("postgresql:///postgres?user=pocket&password=Sup3rS3cret", true),
    ("postgresql:///postgres?user=pocket&pass%77ord=Sup3rS3cret", true),
    ("postgresql://pocket:Sup3r%2FS3cret@localhost/postgres", true),
    // A password with a / or an @ in it, as libpq reads neither as the user's.
    ("postgresql://pocket:Sup3r/S3cret@localhost/postgres", false),
    ("postgresql://pocket:Sup3r@S3cret@localhost/postgres", false),
    ("postgresql://pocket:Sup3rS3cret@localhost:54x/postgres", false),
    ("postgresql://pocket@localhost:Sup3rS3cret/postgres", false),
    ("postgresql://pocket@localhost/postgres?Sup3rS3cret", false),
    ("postgresql://pocket@localhost/postgres?host=%zzSup3rS3cret", false),
    ("PostgreSQL://pocket:Sup3rS3cret@localhost/postgres", false),
    ("host=localhost user=pocket password=Sup3rS3cret", true),
    ("host=localhost password = 'Sup3r S3cret'", true),
    ("host=localhost sslpassword=Sup3rS3cret", true),
    ("host=localhost Sup3rS3cret", false),
    ("host=localhost dbname='Sup3rS3cret", false),
  ]

  /// No message ever holds a password, for any URL, parsed or not: one with a password, or
  /// one libpq cannot read (whose message would repeat it whole), is refused with exit 2
  /// whether it came from `--store-url` or `POCKET_STORE_URL`, before libpq sees it (no
  /// schema is made), saying where to put a password. Every URL is given with
  /// `--store-url` in English; with `Soak.everyCase` also through `POCKET_STORE_URL` and in
  /// Korean, else one of those two, the URLs taking them in turn.
  @Test(arguments: secretURLs)
  func noURLEverShowsItsPassword(url: String, holdsPassword: Bool) throws {
    let pocket = try PocketProcess(store: "postgres", unmade: true)
    defer { pocket.remove() }
    let secrets = ["Sup3rS3cret", "Sup3r S3cret", "Sup3r/S3cret", "Sup3r@S3cret", "S3cret"]
    let turn = Self.secretURLs.firstIndex { $0 == (url, holdsPassword) } ?? 0
    let others = Soak.all(["environment", "ko"], quickTurn: turn)
    var runs = [("--store-url", try pocket.run(["--store-url", url, "chat"]))]
    if others.contains("environment") {
      runs.append(
        ("POCKET_STORE_URL", try pocket.run(["chat"], environment: ["POCKET_STORE_URL": url])))
    }
    if others.contains("ko") {
      runs.append(("--store-url", try pocket.run(["--store-url", url, "chat"], lang: "ko")))
    }
    for (option, run) in runs {
      #expect(run.status == 2, "\(option) \(url): \(run.stderr)")
      for secret in secrets {
        #expect(!(run.stdout + run.stderr).contains(secret), "\(option) \(url): \(run.stderr)")
      }
      #expect(run.stderr.contains(option), "\(run.stderr)")
      if holdsPassword {
        #expect(run.stderr.contains("PGPASSWORD") && run.stderr.contains("~/.pgpass"))
      }
    }
    #expect(runs[0].1.stderr.hasPrefix("pocket: --store-url "), "\(runs[0].1.stderr)")
    #expect(
      try server.psql(
        "SELECT count(*) FROM pg_namespace WHERE nspname = '\(pocket.postgresSchema!)'") == "0")
  }

  @Test func aPasswordOnTheCommandLineIsRefusedAndNothingIsMade() throws {
    let pocket = try PocketProcess(store: "postgres", unmade: true)
    defer { pocket.remove() }
    var url = URLComponents(string: server.url())!
    url.password = "hunter2"
    let run = try pocket.run(["--store-url", url.string!, "say", "hi"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("~/.pgpass"))
    #expect(!run.stderr.contains("hunter2"))
    // The server's own URL, which it would take (the socket is trusted): from the
    // environment too, the password is refused before anything connects.
    let fromEnvironment = try pocket.run(
      ["say", "hi"], environment: ["POCKET_STORE_URL": url.string!])
    #expect(fromEnvironment.status == 2, "\(fromEnvironment.stderr)")
    #expect(fromEnvironment.stderr.contains("POCKET_STORE_URL holds a password"))
    #expect(!(fromEnvironment.stdout + fromEnvironment.stderr).contains("hunter2"))
    #expect(
      try server.psql(
        "SELECT count(*) FROM pg_namespace WHERE nspname = '\(pocket.postgresSchema!)'") == "0")
  }

  @Test func withoutLibpqThePostgresStoreSaysWhatToInstall() throws {
    let pocket = try PocketProcess(store: "postgres")
    defer { pocket.remove() }
    let run = try pocket.run(["chat"], environment: ["POCKET_LIBPQ": "/nonexistent/libpq.so.5"])
    #expect(run.status == 3)
    #expect(run.stderr.contains("libpq5"), "\(run.stderr)")
  }

  @Test func aServerThatIsNotThereExitsThreeNamingIt() throws {
    let pocket = try PocketProcess(store: "postgres")
    defer { pocket.remove() }
    let run = try pocket.run(["chat"], environment: ["PGHOST": pocket.directory.path])
    #expect(run.status == 3)
    #expect(run.stderr.contains(pocket.directory.path), "\(run.stderr)")
  }

  /// postgres → sqlite → json → memory-less round: each export is the same bytes.
  @Test func anExportMovesToEveryStoreAndBackByteForByte() throws {
    let source = try PocketProcess(store: "postgres")
    defer { source.remove() }
    for command in [
      ["say", "안녕 😀"], ["start"], ["lap"], ["add", "3.5", "note"], ["fav", "EUR"],
      ["notices"], ["bookmark", "2"],
    ] {
      let run = try source.run(command)
      #expect(run.status == 0, "\(command): \(run.stderr)")
    }
    let original = try source.export()
    let file = source.directory.appendingPathComponent("moved.json")
    try original.write(to: file)
    for store in ["sqlite", "json", "postgres"] {
      let target = try PocketProcess(store: store)
      defer { target.remove() }
      let imported = try target.run(["import", file.path])
      #expect(imported.status == 0, "\(store): \(imported.stderr)")
      #expect(try target.export() == original, "\(store)")
    }
  }

  /// A row another client wrote past a range (a mind-log entry dated 1969, its check
  /// dropped): every command refuses the store (exit 3), `export` writes every other record
  /// and names the one left out (exit 1), and `import --replace` makes the store whole.
  @Test func aRowOutOfRangeIsRescuedByExportAndImportReplace() throws {
    let pocket = try PocketProcess(store: "postgres")
    defer { pocket.remove() }
    #expect(try pocket.run(["add", "7", "walk"]).status == 0)
    #expect(try pocket.run(["say", "hello"]).status == 0)
    let schema = try #require(pocket.postgresSchema)
    try server.psql(
      """
      SET search_path TO "\(schema)";
      ALTER TABLE mind_logs DROP CONSTRAINT mind_logs_date_ms_check;
      INSERT INTO mind_logs VALUES (2, -43200000, '5', 'typo'), (3, 1795915920000, '6', 'after');
      UPDATE counters SET value = 3 WHERE name = 'mind_logs';
      """)

    let refused = try pocket.run(["mindlog"])
    #expect(refused.status == 3, "\(refused.stderr)")
    #expect(refused.stderr.contains("-43200000 is out of range"), "\(refused.stderr)")

    let rescued = pocket.directory.appendingPathComponent("rescued.json")
    let export = try pocket.run(["export", rescued.path])
    #expect(export.status == 1, "\(export.stderr)")
    #expect(export.stdout.contains("Exported"), "\(export.stdout)")
    #expect(export.stderr.contains("Not exported, cannot be read:"), "\(export.stderr)")
    #expect(export.stderr.contains("-43200000 is out of range"), "\(export.stderr)")
    let archive = try ArchiveFile.read(rescued.path)
    #expect(archive.mindLogs.map(\.note) == ["walk", "after"])
    #expect(archive.mindLogs.map(\.id) == [1, 3])
    #expect(archive.messages.map(\.content) == ["hello"])

    let repaired = try pocket.run(["import", rescued.path, "--replace"])
    #expect(repaired.status == 0, "\(repaired.stderr)")
    let shown = try pocket.run(["mindlog"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("walk") && shown.stdout.contains("after"), "\(shown.stdout)")
    #expect(!shown.stdout.contains("typo"))
  }

  /// A live view whose server stops (after another machine's message has shown, so it
  /// listens) gives the terminal back, says the connection was lost, and ends with 3.
  @Test(.enabled(if: PseudoTerminal.isAvailable, "no pseudo-terminal here"))
  func aLiveViewWhoseServerStopsEndsWithStatus3() async throws {
    let own = try await Blocking.run { try PostgresServer.start() }
    defer { own.remove() }
    guard
      let live = try LiveTerminalTests().start(
        ["--store", "postgres", "--store-url", own.url()])
    else { return }
    defer { live.close() }
    try live.send("6", until: { $0.contains("[Chat]") })
    var other = try PocketProcess(store: "postgres")
    other.postgresSchema = PostgresTarget.defaultSchema
    defer { other.remove() }
    let said = try other.run(["--store-url", own.url(), "say", "from the other machine"])
    #expect(said.status == 0, "\(said.stderr)")
    try live.pty.read(
      untilScreen: { $0.contains("from the other machine") }, timeout: StoreFollowing.deadline)
    try await Blocking.run { try own.stop() }
    try live.expectTerminalGivenBack(status: 3)
    let output = String(decoding: live.pty.output, as: UTF8.self)
    let after = output.components(separatedBy: "\u{1B}[?1049l").last ?? ""
    #expect(after.contains("the connection to the server was lost"), "\(after)")
    #expect(after.contains("postgresql://pocket@"))
  }
}
