import Foundation
import TestSupport
import TestTraits
import Testing

/// Runs the real `pocket` executable, one process per command, against a temporary
/// json store, as a person at a terminal would. Each test gets its own store folder, removed
/// when the test ends.
@Suite("pocket end to end", .blocking, .serialized, .timeLimit(.minutes(Soak.minutesBeforeAHang)))
final class EndToEndTests {
  let process: PocketProcess
  var directory: URL { process.directory }

  init() throws {
    process = try PocketProcess(store: "json")
  }

  deinit {
    process.remove()
  }

  @discardableResult
  func pocket(_ arguments: String..., input: String? = nil, lang: String = "en") throws
    -> PocketProcess.Run
  {
    try process.run(arguments, input: input, lang: lang)
  }

  @discardableResult
  func pocket(_ arguments: [String]) throws -> PocketProcess.Run {
    try process.run(arguments)
  }

  @Test func aStopwatchStartedInOneProcessIsLappedInTheNext() throws {
    #expect(try pocket("start").status == 0)
    let lap = try pocket("lap")
    #expect(lap.status == 0)
    #expect(lap.stdout.contains("Stopwatch · running"))
    #expect(lap.stdout.contains("Lap 1  "))
    try pocket("lap")
    let stopped = try pocket("stop")
    #expect(stopped.stdout.contains("Stopwatch · stopped"))
    #expect(stopped.stdout.contains("Lap 2  "))
    // The last screen comes back on the next launch.
    #expect(try pocket("show").stdout.contains("Rates  [Stopwatch]"))
    // Two laps: `reset` asks first; a one-shot command cannot be asked, so it needs --yes.
    let asked = try pocket("reset")
    #expect(asked.status == 1)
    #expect(
      asked.stderr
        == "pocket: Delete the stopwatch's time and its 2 saved laps? Nothing changed; to do it, type reset --yes\n"
    )
    #expect(try pocket("show").stdout.contains("Lap 2  "))
    let reset = try pocket("reset", "--yes")
    #expect(reset.stdout.contains("00:00.00"))
    #expect(reset.stdout.contains("No laps yet."))
  }

  @Test func theCalculatorComesBackWithItsCurrencyButNotItsAmount() throws {
    try pocket("calc", "krw")
    let converted = try pocket("convert", "100")
    #expect(converted.stdout.contains("100.00 USD → 135,000.30 KRW"))
    let relaunched = try pocket("show")
    #expect(relaunched.stdout.contains("Calculator · KRW"))
    #expect(!relaunched.stdout.contains("135,000.30"))
    #expect(try pocket("convert", "100", "EUR").stdout.contains("100.00 EUR → 148,754.27 KRW"))
    #expect(try pocket("back").stdout.hasPrefix("[Rates]"))
    // `convert` from any screen brings the last calculator back.
    try pocket("chat")
    let fromChat = try pocket("convert", "2")
    #expect(fromChat.stdout.contains("Calculator · KRW"))
    #expect(fromChat.stdout.contains("2.00 USD → 2,700.01 KRW"))
  }

  @Test func refusalsExitOneAndChangeNothing() throws {
    try pocket("calc", "KRW")
    let empty = try pocket("convert", "")
    #expect(empty.status == 1)
    #expect(empty.stderr == "pocket: Enter an amount\n")
    let letters = try pocket("convert", "abc", lang: "ko")
    #expect(letters.status == 1)
    #expect(letters.stderr == "pocket: 올바른 숫자를 입력해주세요\n")
    try pocket("say", "hello")
    try pocket("stopwatch")
    let store = directory.appendingPathComponent("pocket.json")
    let before = try Foundation.Data(contentsOf: store)
    for refused in [
      ["delete", "1"], ["edit", "1", "x"], ["add", "11", "too", "happy"], ["bookmark", "99"],
      ["lap"], ["stop"], ["calc", "XYZ"], ["say", " "], ["remove", "1"], ["rename", "0", "t"],
    ] {
      let run = try pocket(refused)
      #expect(run.status == 1, "\(refused)")
      // Only the reason: the screen is not printed again.
      #expect(run.stdout.isEmpty, "\(refused)")
      #expect(run.stderr.hasPrefix("pocket: "), "\(refused)")
      #expect(run.stderr.split(separator: "\n").count == 1, "\(refused)")
    }
    #expect(try Foundation.Data(contentsOf: store) == before)
    #expect(
      try pocket("show").stdout.hasPrefix("Rates  [Stopwatch]"), "a refusal left the stopwatch")
  }

  @Test func convertBeforeAnyCalculatorIsRefused() throws {
    let run = try pocket("convert", "5")
    #expect(run.status == 1)
    #expect(run.stderr == "pocket: Open a calculator first: calc CODE\n")
  }

  @Test func usageErrorsExitTwoWithAHint() throws {
    let unknown = try pocket("dance")
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "pocket: Unknown command 'dance'. Type 'help' for the list.\n")
    let option = try pocket("--bogus")
    #expect(option.status == 2)
    #expect(
      option.stderr == "pocket: Unknown option '--bogus'. Run 'pocket --help' for the options.\n")
  }

  @Test func anUnreadableStoreExitsThreeAndIsLeftAlone() throws {
    let file = directory.appendingPathComponent("pocket.json")
    let garbage = Foundation.Data("{ not json".utf8)
    try garbage.write(to: file)
    let run = try pocket("say", "hi")
    #expect(run.status == 3)
    #expect(run.stderr.contains(file.path))
    #expect(try Foundation.Data(contentsOf: file) == garbage)
  }

  @Test func anInteractiveSessionReadsCommandsUntilQuit() throws {
    let run = try pocket(
      input: "chat\nsay one\nsay two\nedit 1 uno\nbogus\ndelete 2\nquit\nsay never\n")
    // `bogus` is a usage error: the session runs on and ends with its status.
    #expect(run.status == 2)
    #expect(run.stdout.contains("1  ") && run.stdout.contains("uno (edited)"))
    #expect(run.stderr == "Unknown command 'bogus'. Type 'help' for the list.\n")
    #expect(!run.stdout.contains("> "))
    let chat = try pocket("chat").stdout
    #expect(chat.contains("uno (edited)"))
    #expect(!chat.contains("two"))
    #expect(!chat.contains("never"))
    #expect(chat.contains("Messages: 1"))
  }

  @Test func helpListsTheCommands() throws {
    let help = try pocket("--help")
    #expect(help.status == 0)
    #expect(help.stdout.contains("convert AMOUNT [FROM]"))
    #expect(try pocket("help", "lap").stdout == "lap\n  Record a lap of the running stopwatch\n")
  }

  /// One-shot arguments reach the parser as the words they are: a path with spaces is
  /// one path, and `--replace` inside a word is part of that word, never an option.
  @Test func argumentsAreTakenAsTheWordsTheyAre() throws {
    try pocket("say", "mine")
    let folder = directory.appendingPathComponent("my dir")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let mine = folder.appendingPathComponent("mine.json")
    let exported = try pocket("export", mine.path)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(FileManager.default.fileExists(atPath: mine.path))

    let other = try PocketProcess(store: "json")
    defer { other.remove() }
    try other.run(["say", "theirs"])
    let theirs = other.directory.appendingPathComponent("theirs.json")
    #expect(try other.run(["export", theirs.path]).status == 0)
    let oneWord = try pocket("import", "\(theirs.path) --replace")
    #expect(oneWord.status == 1)
    #expect(
      oneWord.stderr == "pocket: Cannot use the file \(theirs.path) --replace: no such file\n")
    let chat = try pocket("chat").stdout
    #expect(chat.contains("mine"))
    #expect(!chat.contains("theirs"))

    // A path with spaces imports; free text keeps the spaces inside a word.
    let fresh = try PocketProcess(store: "json")
    defer { fresh.remove() }
    let imported = try fresh.run(["import", mine.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try fresh.run(["say", "two  spaces"]).stdout.contains("two  spaces"))
    #expect(try fresh.run(["chat"]).stdout.contains("mine"))
  }
}
