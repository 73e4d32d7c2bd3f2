import Foundation
import PocketData
import PocketDomain
import TestSupport
import Testing

@testable import PocketApp

@Suite("Command parser")
struct CommandParserTests {
  @Test(arguments: [
    ("show", Command.show),
    ("rates", .rates(query: "")),
    ("rates  south korean ", .rates(query: "south korean")),
    ("fav krw", .favorite(code: "krw")),
    ("calc KRW", .calc(code: "KRW")),
    ("convert", .convert(amount: "", from: nil)),
    ("convert 1,000.5", .convert(amount: "1,000.5", from: nil)),
    ("convert 100 EUR", .convert(amount: "100", from: "EUR")),
    ("back", .back),
    ("stopwatch", .stopwatch), ("start", .start), ("stop", .stop), ("lap", .lap),
    ("reset", .reset(confirmed: false)), ("reset --yes", .reset(confirmed: true)),
    ("notices", .notices),
    ("bookmark 3", .bookmark(number: 3)),
    ("bookmark 0", .bookmark(number: 0)),
    ("bookmarks", .bookmarks),
    ("rename 2 Read  this later", .rename(number: 2, title: "Read  this later")),
    ("remove 1", .remove(number: 1)),
    ("clear", .clear(confirmed: false)), ("clear --yes", .clear(confirmed: true)),
    ("mindlog", .mindLog),
    ("add 7.5 sunny walk", .add(score: "7.5", note: "sunny walk")),
    ("add 3", .add(score: "3", note: "")),
    ("chat", .chat),
    ("say  hello,   world ", .say(text: "hello,   world")),
    ("say", .say(text: "")),
    ("edit 2 fixed text", .edit(number: 2, text: "fixed text", score: "fixed", note: "text")),
    ("edit 3 7", .edit(number: 3, text: "7", score: "7", note: nil)),
    (
      "edit 3 7.5  a  good day ",
      .edit(number: 3, text: "7.5  a  good day", score: "7.5", note: "a  good day")
    ),
    ("edit 4", .edit(number: 4, text: "", score: "", note: nil)),
    ("delete 4", .delete(number: 4)),
    ("help", .help(topic: nil)),
    ("help lap", .help(topic: "lap")),
    ("quit", .quit),
    ("LAP", .lap),
  ])
  func parsesEveryCommand(line: String, expected: Command) throws {
    #expect(try CommandParser.parse(line) == expected)
  }

  @Test(arguments: ["", "   ", "\t"])
  func blankLinesAreNothing(line: String) throws {
    #expect(try CommandParser.parse(line) == nil)
  }

  @Test(arguments: [
    ("dance", "Unknown command 'dance'. Type 'help' for the list."),
    ("bookmark", "'bookmark' needs a number N. Usage: bookmark N"),
    ("bookmark two", "'bookmark' needs a number N, not 'two'. Usage: bookmark N"),
    ("calc", "'calc' needs CODE. Usage: calc CODE"),
    ("lap now", "'lap' takes no more words. Usage: lap"),
    ("convert 1 EUR KRW", "'convert' takes no more words. Usage: convert AMOUNT [FROM]"),
    ("add", "'add' needs SCORE. Usage: add [--date DATE] SCORE NOTE..."),
    ("delete", "'delete' needs a number N. Usage: delete N"),
    ("help dance", "Unknown command 'dance'. Type 'help' for the list."),
  ])
  func badFormsSayWhatIsWrong(line: String, message: String) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(line) }
    #expect(error?.message == message)
  }

  @Test func optionsComeBeforeTheCommand() throws {
    let options = try Options.parse(["--store", "memory", "--lang", "ko", "say", "--store"])
    #expect(options.store == .memory)
    #expect(options.language == .ko)
    #expect(options.command == ["say", "--store"])
  }

  @Test(arguments: [
    ["--store", "paper"], ["--lang", "fr"], ["--store-path"], ["--verbose"], ["--timeout"],
  ])
  func badOptionsAreUsageErrors(arguments: [String]) {
    #expect(throws: UsageError.self) { try Options.parse(arguments) }
  }

  @Test func timeoutTakesSecondsAndDefaultsToTwenty() throws {
    #expect(try Options.parse([]).timeout == .seconds(20))
    #expect(try Options.parse(["--timeout", "5", "refresh"]).timeout == .seconds(5))
    #expect(try Options.parse(["--timeout", "1.5"]).timeout == .milliseconds(1500))
    #expect(try Options.parse(["--timeout", "3600"]).timeout == .seconds(3600))
    let options = try Options.parse(["--rates-url", "http://127.0.0.1:9/", "--timeout", "2"])
    let source = try #require(options.rateSource as? HTTPRateSource)
    #expect(source.timeout == .seconds(2))
  }

  @Test(arguments: ["0", "0.0", "-1", "abc", "1e3", "inf", "NaN", "0x10", ".5", "5.", "3601", ""])
  func timeoutRefusesAnythingButAPositiveNumber(value: String) {
    let error = #expect(throws: UsageError.self) {
      try Options.parse(["--timeout", value, "refresh"])
    }
    #expect(
      error?.message
        == "--timeout needs a number of seconds above 0 and at most 3600, not '\(value)'. "
        + "Run 'pocket --help' for the options.")
  }

  @Test func helpShowsTheTimeoutOption() {
    #expect(HelpText.usage(.en).contains("[--timeout SECONDS]"))
    #expect(HelpText.options(.en).contains("--timeout SECONDS"))
    #expect(HelpText.options(.en).contains("(default: 20; at most 3600)"))
  }

  @Test func helpListsEveryCommandOnOneLineEach() {
    let help = HelpText.text(for: nil, language: .en, base: "USD")
    for command in ScreenRegistry.standard.commands {
      let summary = HelpText.summary(command, .en, base: "USD")
      #expect(
        help.split(separator: "\n").filter {
          $0.hasPrefix("  \(command.usage)  ") && $0.hasSuffix("  \(summary)")
        }.count == 1)
    }
    for name in [
      "show", "rates", "calc", "convert", "back", "stopwatch", "start", "stop", "lap", "reset",
      "notices", "bookmark", "bookmarks", "rename", "remove", "clear", "mindlog", "add", "chat",
      "say", "edit", "delete", "help", "quit",
    ] {
      #expect(
        ScreenRegistry.standard.commands.contains { $0.name == name }, "\(name) missing from help")
    }
  }

  #if os(Linux)
    @Test func storeFolderFollowsXDG() throws {
      let options = Options()
      #expect(
        try options.storeDirectory(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path
          == "/x/pocket")
      #expect(
        try options.storeDirectory(environment: ["HOME": "/h"]).path == "/h/.local/share/pocket")
      #expect(
        try Options(storePath: "/s").storeDirectory(environment: ["XDG_DATA_HOME": "/x"]).path
          == "/s")
      // The XDG spec: a relative XDG_DATA_HOME is invalid and ignored.
      for relative in ["", "data", "./data"] {
        #expect(
          try options.storeDirectory(environment: ["XDG_DATA_HOME": relative, "HOME": "/h"]).path
            == "/h/.local/share/pocket")
      }
    }

    /// The folder `--store-path` names, worked out as text (`Options.storeFolder`): the
    /// path Foundation's file URL of it gives, relative or not, slashes at the end or not.
    @Test(arguments: [
      "/s", "/s/", "/s//", "/a/b/../c", "/a/./b", "/", "rel", "rel/", "./rel", "../up/x", "가/ü",
    ])
    func aStorePathNamesTheFolderItsFileURLNames(storePath: String) throws {
      let (ours, foundations) = try CurrentFolder.steady {
        (
          try Options(storePath: storePath).storeFolder(environment: [:]),
          URL(fileURLWithPath: storePath).path
        )
      }
      #expect(ours == foundations)
    }

    /// Without an absolute HOME or XDG_DATA_HOME there is no store folder, never the
    /// current folder.
    @Test(arguments: [
      ([:], "HOME is not set"),
      (["HOME": ""], "HOME is empty"),
      (["HOME": "", "XDG_DATA_HOME": "data"], "HOME is empty"),
      (["HOME": "home"], "HOME (home) is not an absolute path"),
    ])
    func noHomeIsAnError(environment: [String: String], problem: String) {
      #expect {
        try Options().storeDirectory(environment: environment)
      } throws: { error in
        guard case DomainError.storageUnavailable(let path, let reason) = error else {
          return false
        }
        return path == "$HOME/.local/share/pocket"
          && reason.english
            == "\(problem) and there is no absolute XDG_DATA_HOME; use --store-path DIR"
      }
      #expect(throws: Never.self) {
        try Options(storePath: "/s").storeDirectory(environment: environment)
      }
    }
  #endif

  /// One-shot arguments are taken as the words they are: a word is never split again.
  @Test(arguments: [
    (["export", "/tmp/my dir/x.json"], Command.export(path: "/tmp/my dir/x.json")),
    (
      ["import", "/tmp/a.json --replace"],
      .importArchive(path: "/tmp/a.json --replace", replace: false)
    ),
    (["import", "/tmp/a.json", "--replace"], .importArchive(path: "/tmp/a.json", replace: true)),
    (["import", "--replace", "a b.json"], .importArchive(path: "a b.json", replace: true)),
    (["convert", "1 EUR"], .convert(amount: "1 EUR", from: nil)),
    (["fav", "krw usd"], .favorite(code: "krw usd")),
    (["say", "hello,   world"], .say(text: "hello,   world")),
    (["say", "hello,", "world"], .say(text: "hello, world")),
    (["say", "  padded  "], .say(text: "padded")),
    (["rename", "2", "Read  this", "later"], .rename(number: 2, title: "Read  this later")),
    (["add", "7.5", "sunny walk"], .add(score: "7.5", note: "sunny walk")),
    (
      ["edit", "1", "6 better day"],
      .edit(number: 1, text: "6 better day", score: "6", note: "better day")
    ),
    (["rates", "south korean"], .rates(query: "south korean")),
    (["lap"], .lap),
    (["LAP"], .lap),
  ])
  func parsesWordsAsGiven(words: [String], expected: Command) throws {
    #expect(try CommandParser.parse(words: words) == expected)
  }

  @Test(arguments: [
    (["lap now"], "Unknown command 'lap now'. Type 'help' for the list."),
    (["lap", "now"], "'lap' takes no more words. Usage: lap"),
    (["bookmark", "1 2"], "'bookmark' needs a number N, not '1 2'. Usage: bookmark N"),
    (["import", "a.json", "b.json"], "'import' takes one PATH. Usage: import PATH [--replace]"),
    (["refresh", "--force now"], "'refresh' takes only --force. Usage: refresh [--force]"),
  ])
  func wordsAreNeverSplitIntoOptionsOrArguments(words: [String], message: String) {
    let error = #expect(throws: UsageError.self) { try CommandParser.parse(words: words) }
    #expect(error?.message == message)
  }

  @Test func noWordsOrBlankWordsAreNothing() throws {
    #expect(try CommandParser.parse(words: []) == nil)
    #expect(try CommandParser.parse(words: ["", " "]) == nil)
  }

  /// A mind-log edit given as one-shot words: the score is its first word, the note the
  /// remaining words.
  @Test func mindLogEditFromWords() throws {
    #expect(
      try CommandParser.parse(words: ["edit", "2", "8", "long walk"])
        == .edit(number: 2, text: "8 long walk", score: "8", note: "long walk"))
  }
}
