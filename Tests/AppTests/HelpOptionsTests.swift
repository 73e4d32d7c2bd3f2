import Foundation
import PocketPresentation
import TestSupport
import Testing

@testable import PocketApp

/// `pocket --help` names every option the command line reads and every exit status, in
/// both languages.
@Suite("--help is complete")
struct HelpOptionsTests {
  /// The options `Options.parse` reads: every name of every declared option.
  static func parsedOptions() -> [String] { GlobalOption.all.flatMap(\.names) }

  /// The words of `text` split at blanks and at the brackets, bars and commas around options.
  static func tokens(_ text: String) -> Set<String> {
    Set(
      text.split { $0.isWhitespace || "[]|,()".contains($0) }.map(String.init))
  }

  /// The options the README's usage block names (an oracle written apart from the code)
  /// are the options declared, each read by `Options.parse`, none declared twice.
  @Test func theDeclaredOptionsAreTheREADMEsAndEachIsRead() throws {
    let options = Self.parsedOptions()
    #expect(Set(options).count == options.count, "a name declared twice: \(options)")
    let readme = try String(
      contentsOf: DocumentationTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let block = try #require(
      readme.components(separatedBy: "```").first { $0.contains("pocket [--store") })
    let documented = Self.tokens(block).filter { $0.hasPrefix("--") }
    #expect(documented == Set(options).subtracting(["--help", "-h"]))
    for option in options {
      var error: UsageError?
      do { _ = try Options.parse([option, "1"]) } catch let caught { error = caught }
      #expect(error != .unknownOption(option), "\(option)")
    }
    // A word after a switch is the command; after a value option, the value.
    for option in GlobalOption.all {
      let parsed = try? Options.parse([option.names[0], "x", "y"])
      if option.value == nil {
        #expect(parsed?.command == ["x", "y"], "\(option.names[0])")
      } else {
        #expect(parsed.map { $0.command == ["y"] } != false, "\(option.names[0])")
      }
    }
  }

  /// Every option says what it does in both languages, on as many lines in each.
  @Test func everyOptionIsExplainedInBothLanguages() {
    for option in GlobalOption.all {
      #expect(!option.help.english.isEmpty && !option.help.korean.isEmpty, "\(option.form)")
      #expect(option.help.english.count == option.help.korean.count, "\(option.form)")
    }
  }

  @Test(arguments: [Language.en, .ko])
  func everyOptionIsInTheUsageAndTheOptions(language: Language) throws {
    let usage = Self.tokens(HelpText.usage(language))
    let listed = Self.tokens(HelpText.options(language))
    for option in Self.parsedOptions() {
      #expect(usage.contains(option), "\(option) is not in the \(language) usage line")
      #expect(listed.contains(option), "\(option) is not in the \(language) options")
    }
  }

  @Test(arguments: [Language.en, .ko])
  func everyExitStatusIsListed(language: Language) {
    let options = HelpText.options(language)
    let heading = language == .ko ? "종료 상태:" : "Exit status:"
    let statuses = options.components(separatedBy: heading).last ?? ""
    #expect(options.contains(heading))
    let codes = (0...255).compactMap { ExitStatus(rawValue: Int32($0))?.rawValue }
    #expect(codes.contains(4))
    for code in codes {
      #expect(Self.tokens(statuses).contains("\(code)"), "exit status \(code) in \(language)")
    }
  }

  /// `--help` opens no store, so it does not know the cached rates' base: it names it in
  /// words, never a currency the store may not use; `help` in a session names the store's.
  @Test @MainActor func helpNamesTheBaseItKnowsAndOnlyThat() async throws {
    let (_, options) = await ScriptedConsole.run(["--store", "memory", "--help"])
    #expect(options.output.contains("Convert the base currency (or FROM) into"))
    #expect(!options.output.contains("Convert USD"))
    let (_, korean) = await ScriptedConsole.run(["--store", "memory", "--lang", "ko", "--help"])
    #expect(korean.output.contains("기준 통화(또는 FROM) 금액을"))

    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let euro = directory.appendingPathComponent("eur.json")
    let text = try String(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"), encoding: .utf8)
    // Published after the bundled rates (2025-12-01), so a refresh takes it.
    let eur = text.replacingOccurrences(of: "\"base_code\":\"USD\"", with: "\"base_code\":\"EUR\"")
      .replacingOccurrences(of: "1724025751", with: "1764547200")
      .replacingOccurrences(of: "1724113181", with: "1764633600")
    try Foundation.Data(eur.utf8).write(to: euro)
    let store = ["--store", "json", "--store-path", directory.path]
    let (refreshed, refresh) = await ScriptedConsole.run(
      store + ["--rates-file", euro.path, "refresh"])
    #expect(refreshed == .done, "\(refresh.errors)")
    let (_, help) = await ScriptedConsole.run(store + ["help", "convert"])
    #expect(help.output.contains("Convert EUR (or FROM) into"), "\(help.output)")
  }

  /// `help NAME` says what the one-line summary leaves out: the forms a date takes, the
  /// words a search finds, that a refresh needs a source, in both languages; each line
  /// fits a terminal of 100 columns.
  @Test(arguments: [
    ("add", ["11/28/2026", "2026. 11. 28.", "1970-01-01"]), ("rates", ["원화", "KRW"]),
    ("refresh", ["--online", "--rates-url URL", "--rates-file PATH"]), ("fav", ["원화"]),
  ])
  func helpForACommandSaysWhatItsSummaryLeavesOut(name: String, words: [String]) {
    for language in [Language.en, .ko] {
      let text = HelpText.text(for: name, language: language, base: "USD")
      for word in words { #expect(text.contains(word), "\(language) help \(name): \(text)") }
      for line in text.split(separator: "\n") {
        #expect(DisplayWidth(ambiguousIsWide: true).of(String(line)) <= 100, "\(line)")
      }
    }
  }
}
