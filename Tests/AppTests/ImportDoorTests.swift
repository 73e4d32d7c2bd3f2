import Foundation
import TestSupport
import Testing

/// One set of checks for every door: an archive `import` refuses (exit 1, naming the field,
/// nothing changed) what `refresh` (a currency code, a publication from the future) and
/// typed input refuse, and what docs/storage.md says
/// the format refuses. Each archive is a real export with one value changed by hand.
@Suite("import checks what every other door checks", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct ImportDoorTests {
  /// An export of a store with a mind-log entry, the bundled fixture's rates and a favourite,
  /// made once: every case changes its own copy of the text.
  static let exported: Result<String, any Error> = Result {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let rates = Fixtures.url("open-er-api-USD-2024-08-19.json").path
    for command in [["add", "5", "x"], ["--rates-file", rates, "refresh"], ["fav", "EUR"]] {
      let run = try pocket.run(command)
      guard run.status == 0 else { throw Failed(description: "\(command): \(run.stderr)") }
    }
    let file = pocket.directory.appendingPathComponent("export.json")
    let run = try pocket.run(["export", file.path])
    guard run.status == 0 else { throw Failed(description: "export: \(run.stderr)") }
    return String(decoding: try Foundation.Data(contentsOf: file), as: UTF8.self)
  }

  /// A command that made the export failed.
  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  @Test(arguments: [
    // A rate's code holding ESC, which refresh refuses.
    ("\"AED\" : \"3.6725\"", "\"A\\u001bD\" : \"3.6725\"", "is not a currency code"),
    ("\"AED\" : \"3.6725\"", "\"aed\" : \"3.6725\"", "is not a currency code"),
    ("\"base\" : \"USD\"", "\"base\" : \"U\\u001bD\"", "is not a currency code"),
    ("\"base\" : \"USD\"", "\"base\" : \"USDX\"", "is not a currency code"),
    ("\"EUR\"\n    ]", "\"eur\"\n    ]", "is not a currency code"),
    // Ids written with a fraction or an exponent, which the format refuses.
    ("\"id\" : 1,", "\"id\" : 1.0,", "is not a whole number"),
    ("\"id\" : 1,", "\"id\" : 1e0,", "is not a whole number"),
    ("\"lastID\" : 1", "\"lastID\" : 1.0", "is not a whole number"),
    // Rates published in 2099, which refresh refuses: they would stay the newest forever.
    (
      "\"nextUpdateAtMs\" : 1724113181000,\n      \"publishedAtMs\" : 1724025751000",
      "\"nextUpdateAtMs\" : 4078166400000,\n      \"publishedAtMs\" : 4078080000000",
      "rates.latest.publishedAtMs 4078080000000 (2099-03-25T00:00:00Z) is more than a day "
        + "after this machine's clock"
    ),
  ])
  func anArchiveIsRefusedWhatEveryOtherDoorRefuses(
    original: String, changed: String, says: String
  ) throws {
    let source = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: source) }
    let text = try Self.exported.get()
    #expect(text.contains(original), "the export's layout changed")
    let file = source.appendingPathComponent("changed.json")
    try Foundation.Data(text.replacingOccurrences(of: original, with: changed).utf8).write(to: file)
    for store in ["sqlite", "json"] {
      let target = try PocketProcess(store: store)
      defer { target.remove() }
      let run = try target.run(["import", file.path])
      #expect(run.status == 1, "\(store) \(changed): \(run.stderr)")
      #expect(run.stderr.contains(says), "\(store) \(changed): \(run.stderr)")
      #expect(!run.stderr.contains("\u{1B}"), "\(store): ESC reached the terminal")
      #expect(try target.run(["chat"]).status == 0)
    }
  }

  /// The same code refused by `refresh`, for comparison: one check.
  @Test func refreshRefusesTheSameCode() throws {
    let pocket = try PocketProcess(store: "memory")
    defer { pocket.remove() }
    let text = try String(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"), encoding: .utf8)
    let file = pocket.directory.appendingPathComponent("rates.json")
    try Foundation.Data(text.replacingOccurrences(of: "\"AED\"", with: "\"A\\u001bD\"").utf8)
      .write(to: file)
    let run = try pocket.run(["--rates-file", file.path, "refresh"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("is not a currency code"), "\(run.stderr)")
  }
}
