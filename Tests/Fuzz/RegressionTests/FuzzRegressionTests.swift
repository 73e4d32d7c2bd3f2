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
    // Other tests run in this process meanwhile, and their child processes start in the
    // current folder an input set.
    FuzzEntries.keepsFoldersUntilExit = true
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

  /// The entries of a libFuzzer dictionary (`Tests/Fuzz/Dictionaries/<name>.dict`): each line
  /// `"text"` or `name="text"`, with `\\`, `\"` and `\xAB` escapes.
  nonisolated static func dictionary(_ name: String) throws -> Set<[UInt8]> {
    let file = fuzzFolder.appendingPathComponent("Dictionaries/\(name).dict")
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    var entries: Set<[UInt8]> = []
    for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
      let text = Array(line.utf8)
      guard text.first != UInt8(ascii: "#"), let open = text.firstIndex(of: quote),
        text.last == quote, open < text.count - 1
      else { continue }
      let quoted = text[(open + 1)..<(text.count - 1)]
      var bytes: [UInt8] = []
      var index = quoted.startIndex
      while index < quoted.endIndex {
        let byte = quoted[index]
        let next = index + 1 < quoted.endIndex ? quoted[index + 1] : nil
        if byte == backslash, next == UInt8(ascii: "x"), index + 3 < quoted.endIndex,
          let value = UInt8(
            String(decoding: quoted[(index + 2)...(index + 3)], as: UTF8.self), radix: 16)
        {
          bytes.append(value)
          index += 4
        } else if byte == backslash, let next {
          bytes.append(next)
          index += 2
        } else {
          bytes.append(byte)
          index += 1
        }
      }
      entries.insert(bytes)
    }
    return entries
  }

  /// A command a screen declares is a word the parser's and the line session's fuzzing
  /// inserts: the dictionary names every command word and option of the usage lines.
  @Test func theCommandDictionaryHoldsEveryCommandWord() throws {
    let dictionary = try Self.dictionary("commands")
    for word in FuzzEntries.commandWords {
      #expect(dictionary.contains(Array(word.utf8)), "commands.dict lacks \(word)")
    }
  }

  /// Every key of the archive seeds (an export of every kind of record) is in the
  /// dictionary of the archive and json-store targets; the currency codes of a rates
  /// snapshot are values, not keys.
  @Test func theArchiveDictionaryHoldsEveryKeyAnExportWrites() throws {
    let dictionary = try Self.dictionary("archive")
    var keys: Set<String> = []
    func collect(_ value: Any, inRates: Bool) {
      if let object = value as? [String: Any] {
        for (key, member) in object {
          if !inRates { keys.insert(key) }
          collect(member, inRates: key == "rates" && object["base"] != nil)
        }
      } else if let array = value as? [Any] {
        for element in array { collect(element, inRates: false) }
      }
    }
    for file in Self.files("Corpus", "archive") {
      collect(try JSONSerialization.jsonObject(with: Data(contentsOf: file)), inRates: false)
    }
    #expect(keys.contains("mindLog") && keys.contains("isEdited"))
    for key in keys.sorted() {
      #expect(dictionary.contains(Array(key.utf8)), "archive.dict lacks \(key)")
    }
  }
}
