import Foundation
import TestSupport
import Testing

/// No counted loop is filtered by a condition (`for _ in 0..<n where !done() { nap }`): the
/// filter skips the turns once the condition holds but never ends the loop, which checks
/// the condition on every remaining turn. Written as a wait, such a loop went on after what
/// it waited for had come: a test that waited for a frame to show a row rendered up to
/// 6,000 frames more, 3–12 s of a default `swift test`. A wait ends at its condition
/// (`Turns.wait`, or a `break`/`return` in the loop).
@Suite struct CountedWaitTests {
  /// The lines of `folder`'s Swift files that filter a counted loop, as `path:line`.
  static func filteredCountedLoops(in folder: String) throws -> [String] {
    let root = Fixtures.packageRoot.appending(path: folder)
    var found: [String] = []
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let lines = try String(contentsOf: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated() where isFilteredCountedLoop(line) {
        let path = file.path.dropFirst(Fixtures.packageRoot.path.count + 1)
        found.append("\(path):\(number + 1)")
      }
    }
    return found
  }

  /// Whether `line` starts a loop over a count whose turns it does not name (`for _ in`),
  /// filtered by `where`.
  static func isFilteredCountedLoop(_ line: Substring) -> Bool {
    let code = line.drop { $0 == " " || $0 == "\t" }
    guard code.hasPrefix("for _ in ") else { return false }
    let header = code.prefix { $0 != "{" }
    return header.contains(" where ")
  }

  @Test func noCountedLoopWaitsWithAFilter() throws {
    let found = try ["Sources", "Tests", "Examples"].flatMap {
      try Self.filteredCountedLoops(in: $0)
    }
    #expect(found == [], "counted loops filtered by a condition: \(found)")
  }

  @Test func theScanFindsAFilteredWaitAndPassesAnEndedOne() {
    #expect(Self.isFilteredCountedLoop("    for _ in 0..<6_000 where !condition() {"))
    #expect(Self.isFilteredCountedLoop("for _ in 0..<tries where !done() { await Task.yield() }"))
    #expect(!Self.isFilteredCountedLoop("    for _ in 0..<6_000 {"))
    #expect(!Self.isFilteredCountedLoop("    for store in stores where store.isPersistent {"))
  }
}
