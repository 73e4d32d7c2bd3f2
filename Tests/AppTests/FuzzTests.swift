import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// Generated command lines through the parser and the dispatcher against the in-memory
/// store: no crash, every line ends in success or a refusal with a message, and a refused
/// line leaves the store's export as it was. 1,000 lines by default, 100,000 with
/// `POCKET_SOAK=1`; the seed is printed first, random unless `POCKET_FUZZ_SEED` is set.
@MainActor
@Suite("Fuzzing")
struct FuzzTests {
  static let lines = Soak.size(1_000, full: 100_000)
  /// A new store every so many lines keeps each export small.
  static let linesPerStore = 500
  /// Every so many refusals, the export file's bytes are compared too.
  static let refusalsPerByteCheck = 50

  static let commands = [
    "show", "rates", "fav", "refresh", "calc", "convert", "back", "stopwatch", "start", "stop",
    "lap", "reset", "notices", "bookmark", "bookmarks", "rename", "remove", "clear", "mindlog",
    "add", "chat", "say", "edit", "delete", "help", "store", "quit", "exit", "dance", "",
  ]

  static let oddNumbers = [
    "1e309", "NaN", "-0", "0x10", "１２３", "١٢٣", "1,000.5", "99999999999999999999", "-1", "0",
    "1", "2", "3", "7.5", "10", "10.0001", ".5", "5.", "1..2", "+7", "Infinity", "-inf", "1_000",
    "9223372036854775808", "-9223372036854775809", "0.0000000000000000000000000000000000000001",
    "1,00", "٣", "Ⅻ", "1e-5", "0b11", "  4  ",
  ]

  static let oddWords = [
    "", " ", "\t", "KRW", "krw", "usd", "EUR", "XYZ", "€", "원", "--force", "--replace", "\u{1B}[2J",
    "\u{202E}evil", "\u{0}", "a\u{0301}", "👩‍👩‍👧‍👦", "\"quoted\"", "'", "\\", "%s%n", "../../etc",
  ]

  struct Line {
    var text: String
    var kind: String
  }

  static func line(_ generator: inout SeededGenerator) -> Line {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0:
      // Random bytes, decoded lossily.
      let bytes = (0..<Int.random(in: 0...120, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      return Line(text: String(decoding: bytes, as: UTF8.self), kind: "bytes")
    case 1:
      // A very long word.
      let unit = oddWords.randomElement(using: &generator) ?? "x"
      let word = String(
        repeating: unit.isEmpty ? "w" : unit, count: Int.random(in: 100...1_500, using: &generator))
      return Line(
        text: "\(commands.randomElement(using: &generator) ?? "say") \(word)", kind: "long")
    default:
      // A command with mutated arguments.
      var words = [commands.randomElement(using: &generator) ?? "show"]
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        words.append(
          Bool.random(using: &generator)
            ? oddNumbers.randomElement(using: &generator) ?? "1"
            : oddWords.randomElement(using: &generator) ?? "x")
      }
      let separator = [" ", "  ", "\t", " \u{3000} "].randomElement(using: &generator) ?? " "
      return Line(text: words.joined(separator: separator), kind: "command")
    }
  }

  func makeSession(_ clock: ManualClock) -> Session {
    let store = OpenedStore(
      kind: .memory, path: "memory", schemaVersion: 1, repositories: InMemoryStore().repositories)
    return Session(
      store: store, timeline: .manual(clock), strings: Strings(language: .en, timeZone: .gmt),
      rateSource: BundledRateSource(),
      bundledRates: BundledRateSource(),
      archiveFiles: DiskArchiveFileRepository(), notices: SampleNotices.all)
  }

  @Test(.enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly)))
  func generatedLinesNeverCrashAndRefusalsChangeNothing() async throws {
    let given = ProcessInfo.processInfo.environment["POCKET_FUZZ_SEED"].flatMap { UInt64($0) }
    let seed = given ?? UInt64.random(in: 0...UInt64.max)
    print("fuzz seed: \(seed) (\(Self.lines) lines; replay with POCKET_FUZZ_SEED=\(seed))")
    var generator = SeededGenerator(seed: seed)
    let strings = Strings(language: .en, timeZone: .gmt)
    let clock = ManualClock()
    var session = makeSession(clock)
    var archive = session.store.repositories.archive
    // The store as the previous line left it: each line's state is compared with it, so
    // each line costs one export.
    var previous = StoreArchive()
    var counts = (done: 0, refused: 0, usage: 0)
    for index in 0..<Self.lines {
      if index % Self.linesPerStore == 0 {
        session = makeSession(clock)
        archive = session.store.repositories.archive
        _ = await session.launch()
        previous = try await archive.export()
      }
      clock.advance(by: .milliseconds(Int64.random(in: 0...5_000, using: &generator)))
      let line = Self.line(&generator)
      func replay() -> String {
        "seed \(seed), line \(index) (\(line.kind)): \(line.text.debugDescription.prefix(200))"
      }
      var refusal: String?
      do {
        if let command = try CommandParser.parse(line.text) {
          switch await session.execute(command) {
          case .done, .text, .quit: counts.done += 1
          case .refused(let message):
            counts.refused += 1
            refusal = strings.text(message)
          }
        }
      } catch {
        counts.usage += 1
        refusal = error.message
      }
      let current = try await archive.export()
      defer { previous = current }
      guard let refusal else { continue }
      #expect(!refusal.isEmpty, "a refusal says why: \(replay())")
      // (Compared apart from `#expect`, which would print two whole stores.)
      let unchanged = current == previous
      #expect(unchanged, "a refused line changed the store: \(replay())")
      // Equal values can still be different records (a string in another Unicode
      // normalization compares equal): now and then the export files must be identical.
      if (counts.refused + counts.usage) % Self.refusalsPerByteCheck == 0 {
        let sameFile = try ArchiveFile.encode(current) == ArchiveFile.encode(previous)
        #expect(sameFile, "a refused line changed the store's export file: \(replay())")
      }
      if !unchanged { break }
    }
    let scaled = Self.lines / 100
    #expect(counts.done + counts.refused + counts.usage > Self.lines * 9 / 10)
    #expect(counts.done > scaled, "the generator also makes lines that work")
    #expect(counts.refused > scaled, "and lines that the session refuses")
    #expect(counts.usage > scaled, "and lines that the parser refuses")
  }
}
