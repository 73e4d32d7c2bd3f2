import Foundation
import Presentation
import Testing

@testable import App

/// `pocket --help` names every option the command line reads and every exit status, in
/// both languages.
@Suite("--help is complete")
struct HelpOptionsTests {
  /// The options `Options.parse` reads, from its source: each `case "--name"` (or `"-h"`)
  /// of its switch, so an option added there and not to the help fails here.
  static func parsedOptions() throws -> [String] {
    let source = try String(
      contentsOf: DocumentationTests.root.appendingPathComponent("Sources/App/Options.swift"),
      encoding: .utf8)
    let regex = try NSRegularExpression(
      pattern: #"^\s*case ((?:"-[^"]*"(?:, )?)+):"#, options: [.anchorsMatchLines])
    var options: [String] = []
    let range = NSRange(source.startIndex..., in: source)
    for match in regex.matches(in: source, range: range) {
      guard let cases = Range(match.range(at: 1), in: source) else { continue }
      options += source[cases].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
          in: CharacterSet(charactersIn: "\""))
      }
    }
    return options
  }

  /// The words of `text` split at blanks and at the brackets, bars and commas around options.
  static func tokens(_ text: String) -> Set<String> {
    Set(
      text.split { $0.isWhitespace || "[]|,()".contains($0) }.map(String.init))
  }

  @Test func theSourceNamesTheOptions() throws {
    let options = try Self.parsedOptions()
    #expect(options.count >= 11, "\(options)")
    #expect(options.contains("--store") && options.contains("--color") && options.contains("-h"))
    // Each one is one `Options.parse` reads: none is an unknown option.
    for option in options {
      var error: UsageError?
      do { _ = try Options.parse([option, "1"]) } catch let caught { error = caught }
      #expect(error != .unknownOption(option), "\(option)")
    }
  }

  @Test(arguments: [Language.en, .ko])
  func everyOptionIsInTheUsageAndTheOptions(language: Language) throws {
    let usage = Self.tokens(HelpText.usage(language))
    let listed = Self.tokens(HelpText.options(language))
    for option in try Self.parsedOptions() {
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
