import Foundation
import Testing

@testable import PocketApp

/// The README and the documents beside it: every relative link reaches a file (and, with a
/// `#fragment`, a heading of it), and every command of the README's main-commands table is
/// one `help` knows.
@Suite("Documentation")
struct DocumentationTests {
  /// The package's root: this file is `Tests/AppTests/DocumentationTests.swift`.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md, CONTRIBUTING.md and every `docs/*.md`, as paths from the root.
  static func documents() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("docs").path)
    return ["README.md", "CONTRIBUTING.md"]
      + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theDocumentsAreThere() throws {
    let documents = try Self.documents()
    for expected in [
      "docs/usage.md", "docs/live-view.md", "docs/architecture.md", "docs/storage.md",
      "docs/benchmarks.md",
    ] {
      #expect(documents.contains(expected))
    }
  }

  @Test func everyRelativeLinkReachesAFileAndItsHeading() throws {
    var checked = 0
    for document in try Self.documents() {
      let folder = (document as NSString).deletingLastPathComponent
      for link in Markdown.links(in: try Self.text(document)) {
        if link.contains("://") || link.hasPrefix("mailto:") { continue }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0])
        let target =
          file.isEmpty
          ? document
          : ((folder as NSString).appendingPathComponent(file) as NSString)
            .standardizingPath
        let path = Self.root.appendingPathComponent(target).path
        #expect(
          FileManager.default.fileExists(atPath: path), "\(document): \(link) names no file")
        checked += 1
        guard parts.count == 2, target.hasSuffix(".md"),
          FileManager.default.fileExists(atPath: path)
        else { continue }
        let anchors = Markdown.anchors(in: try Self.text(target))
        #expect(
          anchors.contains(String(parts[1])),
          "\(document): \(link) names no heading of \(target)")
      }
    }
    #expect(checked >= 10, "the README and docs link to each other")
  }

  /// The README is for users: what Pocket is, the two commands, install, the main
  /// commands and where data lives; the reference lives in `docs/`.
  @Test func theReadmeStaysShort() throws {
    let lines = try Self.text("README.md").filter { $0 == "\n" }.count
    #expect(lines <= 250, "README.md has \(lines) lines; move reference to docs/")
  }

  @Test func everyMainCommandIsOneHelpKnows() throws {
    let names = Markdown.firstColumnCommands(
      in: try Self.text("README.md"), afterHeading: "### Main commands")
    #expect(names.count >= 15, "the main-commands table: \(names)")
    for name in names {
      #expect(
        (try? CommandParser.parse(words: ["help", name])) == .help(topic: name),
        "`\(name)` in the README's main commands is not a command help knows")
    }
  }

  @Test func theLinkReaderFindsLinksAndHeadings() {
    let text = """
      # Storage and `files`
      See [a](docs/a.md), [b](b.md#part-two) and [c](https://x.org).
      `[not](code.md)`
      ```
      [not](block.md)
      ```
      ## Part two
      ## Part two
      """
    #expect(Markdown.links(in: text) == ["docs/a.md", "b.md#part-two", "https://x.org"])
    #expect(Markdown.anchors(in: text) == ["storage-and-files", "part-two", "part-two-1"])
  }
}

/// Just enough of Markdown for the checks above: inline links and headings, outside code.
enum Markdown {
  /// The lines that are not inside a fenced code block, with inline code spans removed.
  static func proseLines(_ text: String) -> [String] {
    var inFence = false
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if !inFence { lines.append(String(line)) }
    }
    return lines
  }

  private static func withoutCode(_ line: String) -> String {
    line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 0 }.map { String($0.element) }.joined()
  }

  /// The targets of `[text](target)` links.
  static func links(in text: String) -> [String] {
    var links: [String] = []
    for line in proseLines(text) {
      var rest = Substring(withoutCode(line))
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        links.append(String(after[..<close]))
        rest = after[after.index(after: close)...]
      }
    }
    return links
  }

  /// The anchors GitHub gives the headings: lower case, spaces as dashes, punctuation
  /// dropped, and `-1`, `-2` … after a repeated one.
  static func anchors(in text: String) -> [String] {
    var seen: [String: Int] = [:]
    return proseLines(text).compactMap { line in
      guard line.hasPrefix("#") else { return nil }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let slug = String(
        title.lowercased().replacingOccurrences(of: "`", with: "").compactMap {
          character -> Character? in
          if character == " " { return "-" }
          return character.isLetter || character.isNumber || character == "-"
            || character == "_" ? character : nil
        })
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      return count == 0 ? slug : "\(slug)-\(count)"
    }
  }

  /// The command words of the first column of the table under `heading`: the first word of
  /// each code span there (`start` / `stop` gives both).
  static func firstColumnCommands(in text: String, afterHeading heading: String) -> [String] {
    let lines = proseLines(text)
    guard let start = lines.firstIndex(of: heading) else { return [] }
    var names: [String] = []
    var inTable = false
    for line in lines[(start + 1)...] {
      if line.hasPrefix("|") {
        inTable = true
        let cell = line.split(separator: "|", omittingEmptySubsequences: false)[1]
        let spans = cell.split(separator: "`", omittingEmptySubsequences: false)
          .enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        names += spans.compactMap { $0.split(separator: " ").first.map(String.init) }
      } else if inTable || line.hasPrefix("#") {
        break
      }
    }
    return names
  }
}
