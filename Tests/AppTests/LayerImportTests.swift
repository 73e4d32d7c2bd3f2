import Foundation
import Testing

/// The dependency rule for the modules SwiftPM does not police: a target's dependencies
/// are checked by the compiler, but any file may import a system module (CoreFoundation,
/// Dispatch, the C library). Domain sees Foundation only, Presentation Domain and
/// Foundation's own parts, Data Domain and the C libraries it stores and fetches through;
/// what a front end alone needs (a terminal, CoreFoundation's formatters) is App's, and
/// PocketTesting is the core's own modules only.
@Suite struct LayerImportTests {
  /// Each layer's folder (`Sources/<layer>`, module `Pocket<layer>`) and what it may import.
  static let allowed: [(layer: String, modules: Set<String>)] = [
    ("Domain", ["Foundation", "Synchronization"]),
    ("Presentation", ["PocketDomain", "Foundation", "Observation", "Synchronization"]),
    (
      "Data",
      [
        "PocketDomain", "CSQLite", "Foundation", "FoundationNetworking", "Dispatch",
        "Synchronization",
        "Glibc", "Darwin",
      ]
    ),
    // What an adopter tests with: the core's own modules, no front end, no test framework.
    ("PocketTesting", ["PocketDomain", "PocketData", "Foundation", "Synchronization"]),
  ]

  /// The modules `source` imports: every `import M` (or `@testable import M`, `import
  /// struct M.T`) at the start of a line, inside `#if` blocks too.
  static func imports(_ source: String) -> Set<String> {
    var modules: Set<String> = []
    for line in source.split(separator: "\n") {
      var words = line.split(separator: " ").map(String.init)
      if words.first == "@testable" { words.removeFirst() }
      guard words.first == "import", words.count >= 2 else { continue }
      let kinds: Set<String> = ["struct", "class", "enum", "func", "protocol", "typealias", "var"]
      let path = words.count >= 3 && kinds.contains(words[1]) ? words[2] : words[1]
      modules.insert(String(path.split(separator: ".")[0]))
    }
    return modules
  }

  @Test func importsAreRead() {
    let source =
      "import Foundation\n  #if canImport(Glibc)\n    import Glibc\n  #endif\n"
      + "@testable import Domain\nimport struct CSQLite.sqlite3\n// import Nothing\n"
    #expect(Self.imports(source) == ["Foundation", "Glibc", "Domain", "CSQLite"])
  }

  @Test(arguments: allowed.map(\.layer))
  func aLayerImportsOnlyWhatItMaySee(layer: String) throws {
    let modules = try #require(Self.allowed.first { $0.layer == layer }?.modules)
    let folder = DocumentationTests.root.appendingPathComponent("Sources/\(layer)")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count >= 4, "the folder was read")
    for file in files {
      let source = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let outside = Self.imports(source).subtracting(modules)
      #expect(outside.isEmpty, "Sources/\(layer)/\(file) imports \(outside.sorted())")
    }
  }
}
