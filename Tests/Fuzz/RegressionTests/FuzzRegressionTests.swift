import Foundation
import FuzzEntries
import Testing

/// Every seed of the fuzz corpus and every input that ever crashed a fuzz target
/// (`Tests/Fuzz/Corpus/<target>/`, `Tests/Fuzz/Regressions/<target>/`) run through the
/// target's entry, as libFuzzer runs them: a failed check or a trap ends the test process
/// with the entry's description. The line session changes the current folder while it runs,
/// so the replays run one at a time.
@MainActor
@Suite("Fuzz regressions", .serialized)
struct FuzzRegressionTests {
  nonisolated static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The files of `folder` under `Tests/Fuzz` for `target`, by name.
  nonisolated static func files(_ folder: String, _ target: String) -> [URL] {
    let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }

  /// The targets, by their shims' folders (`Tests/Fuzz/Targets/<target>`).
  nonisolated static let targets =
    ((try? FileManager.default.contentsOfDirectory(
      atPath: fuzzFolder.appendingPathComponent("Targets").path)) ?? []).sorted()

  @Test(arguments: targets)
  func corpusAndRegressionsReplay(_ target: String) async throws {
    let entry = try #require(FuzzEntries.all[target])
    let corpus = Self.files("Corpus", target)
    let regressions = Self.files("Regressions", target)
    #expect(corpus.count > 0, "the seed corpus of \(target) is in Tests/Fuzz/Corpus/\(target)")
    for file in corpus + regressions {
      let bytes = try [UInt8](Data(contentsOf: file))
      await entry(bytes)
    }
  }

  @Test func everyEntryHasATarget() {
    #expect(Self.targets.count == FuzzEntries.all.count)
    #expect(Set(Self.targets) == Set(FuzzEntries.all.keys))
  }
}
