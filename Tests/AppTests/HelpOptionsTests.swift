import Foundation
import PocketPresentation
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
}
