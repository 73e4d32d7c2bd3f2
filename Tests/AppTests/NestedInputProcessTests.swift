import Foundation
import TestSupport
import TestTraits
import Testing

/// Deeply nested JSON through every door of the real binary — rates from a file and over
/// HTTP, an archive to import, a json store's snapshot and journal — is refused at once
/// naming the depth (exit 1; exit 3 for a store file), changes nothing, and costs no more
/// time or memory than a refusal of shallow input, whatever `--timeout` allows.
///
/// Each child runs under `ulimit -v`; its peak memory comes from `/usr/bin/time` where that
/// exists (and is not checked where it does not).
@Suite(
  "Nested input", .enabled(if: Soak.measuresScale, Comment(rawValue: Soak.scaleOnly)), .blocking,
  .serialized,
  .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct NestedInputProcessTests {
  /// Far above a refusal's cost, far below the minutes the old scan took.
  static let generousBound = Duration.seconds(5)
  /// What a deep input may cost above a shallow one: its own bytes (2.2 MB at most here)
  /// a few times over, never memory that grows with the depth.
  static let extraKiB = 32 * 1024

  /// One JSON value nested `depth` deep, a number at every level.
  struct Nesting: CustomStringConvertible, Sendable {
    var shape: String
    var depth: Int
    var description: String { "\(depth) \(shape)" }

    var text: String {
      switch shape {
      case "arrays":
        String(repeating: "[1,", count: depth) + "1" + String(repeating: "]", count: depth)
      default:
        String(repeating: #"{"a":1,"b":"#, count: depth) + "1"
          + String(repeating: "}", count: depth)
      }
    }

    /// Just past the limit, for the baseline.
    static let shallow = Nesting(shape: "arrays", depth: 65)
  }

  static let all = [20_000, 200_000].flatMap {
    [Nesting(shape: "arrays", depth: $0), Nesting(shape: "objects", depth: $0)]
  }
  /// Rates are at most 1 MiB: 200,000 objects (2.2 MB) would be refused for their size.
  static let withinAMebibyte = all.filter { $0.text.utf8.count < 1 << 20 }

  static func ratesBody(_ nesting: Nesting) -> String {
    #"{"result":"success","base_code":"USD","time_last_update_unix":1724025751,"#
      + #""time_next_update_unix":1724113181,"rates":{"USD":1,"KRW":1400},"x":"#
      + nesting.text + "}"
  }

  static func archive(_ nesting: Nesting) -> String {
    #"{"format":"pocket-json","version":1,"chat":{"lastID":1,"messages":"#
      + #"[{"id":1,"content":"imported","dateMs":1795915920000,"isEdited":false}]},"x":"#
      + nesting.text + "}"
  }

  /// Runs `arguments` bounded, timed, against the same command on shallow input:
  /// `arguments(nesting)` gives the command for a nesting.
  func expectRefusedCheaply(
    _ pocket: PocketProcess, _ nesting: Nesting, status: Int32, stderr expected: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ arguments: (Nesting) throws -> [String]
  ) throws {
    let base = try pocket.runBounded(try arguments(.shallow))
    #expect(base.run.status == status, "\(base.run.stderr)", sourceLocation: sourceLocation)
    let clock = ContinuousClock()
    let start = clock.now
    let deep = try pocket.runBounded(try arguments(nesting))
    let elapsed = start.duration(to: clock.now)
    #expect(deep.run.status == status, "\(nesting)", sourceLocation: sourceLocation)
    #expect(
      deep.run.stderr.contains(expected), "\(nesting): \(deep.run.stderr)",
      sourceLocation: sourceLocation)
    #expect(elapsed < Self.generousBound, "\(nesting): \(elapsed)", sourceLocation: sourceLocation)
    if let peak = deep.peakKiB, let basePeak = base.peakKiB {
      #expect(
        peak - basePeak < Self.extraKiB, "\(nesting): peak \(peak) KiB, shallow \(basePeak) KiB",
        sourceLocation: sourceLocation)
    }
  }

  func write(_ text: String, _ name: String, in pocket: PocketProcess) throws -> String {
    let file = pocket.directory.appendingPathComponent(name)
    try Foundation.Data(text.utf8).write(to: file)
    return file.path
  }

  @Test(arguments: withinAMebibyte)
  func ratesFromAFileAreRefused(nesting: Nesting) throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let before = try pocket.export()
    try expectRefusedCheaply(
      pocket, nesting, status: 1, stderr: "malformed response: nesting deeper than 64 levels"
    ) { nesting in
      let path = try write(Self.ratesBody(nesting), "rates-\(nesting.depth).json", in: pocket)
      return ["--rates-file", path, "refresh", "--force"]
    }
    #expect(try pocket.export() == before, "the cached rates stay")
  }

  @Test(arguments: withinAMebibyte)
  func ratesServedOverHTTPAreRefusedWithinTheTimeout(nesting: Nesting) throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    let before = try pocket.export()
    let server = try LocalHTTPServer(script: [
      .init(body: Array(Self.ratesBody(.shallow).utf8)),
      .init(body: Array(Self.ratesBody(nesting).utf8)),
    ])
    try expectRefusedCheaply(
      pocket, nesting, status: 1,
      stderr: "\(server.url()): malformed response: nesting deeper than 64 levels"
    ) { _ in
      ["--rates-url", server.url(), "--timeout", "5", "refresh", "--force"]
    }
    #expect(try pocket.export() == before, "the cached rates stay")
  }

  @Test(arguments: all)
  func anArchiveIsRefused(nesting: Nesting) throws {
    let pocket = try PocketProcess(store: "sqlite")
    defer { pocket.remove() }
    #expect(try pocket.run(["say", "keep me"]).status == 0)
    let before = try pocket.export()
    try expectRefusedCheaply(
      pocket, nesting, status: 1, stderr: ": nesting deeper than 64 levels at byte "
    ) { nesting in
      let path = try write(Self.archive(nesting), "archive-\(nesting.depth).json", in: pocket)
      return ["import", path, "--replace"]
    }
    #expect(try pocket.export() == before)
  }

  /// The snapshot, then a journal line: each refused as a broken store, kept byte for byte.
  @Test(arguments: all)
  func aJSONStoreFileIsRefusedAndKept(nesting: Nesting) throws {
    let pocket = try PocketProcess(store: "json")
    defer { pocket.remove() }
    #expect(try pocket.run(["say", "first"]).status == 0)
    #expect(try pocket.run(["say", "second"]).status == 0)
    let snapshot = pocket.directory.appendingPathComponent("pocket.json")
    let journal = pocket.directory.appendingPathComponent("pocket.journal")
    let goodSnapshot = try Foundation.Data(contentsOf: snapshot)
    let goodJournal = try Foundation.Data(contentsOf: journal)
    #expect(!goodJournal.isEmpty, "the second message is a journal line")

    var written = Foundation.Data()
    try expectRefusedCheaply(
      pocket, nesting, status: 3,
      stderr: "\(snapshot.path): nesting deeper than 64 levels at byte "
    ) { nesting in
      written = Foundation.Data(Self.archive(nesting).utf8)
      try written.write(to: snapshot)
      return ["chat"]
    }
    #expect(try Foundation.Data(contentsOf: snapshot) == written)

    try goodSnapshot.write(to: snapshot)
    let line = goodJournal.count { $0 == UInt8(ascii: "\n") } + 1
    try expectRefusedCheaply(
      pocket, nesting, status: 3,
      stderr: "\(journal.path): line \(line): nesting deeper than 64 levels at byte "
    ) { nesting in
      written = goodJournal + Foundation.Data(#"{"seq":9,"change":\#(nesting.text)}"#.utf8 + [10])
      try written.write(to: journal)
      return ["chat"]
    }
    #expect(try Foundation.Data(contentsOf: journal) == written)
    // Without the deep line the store reads again: nothing was reset.
    try goodJournal.write(to: journal)
    let chat = try pocket.run(["chat"])
    #expect(chat.status == 0)
    #expect(chat.stdout.contains("first") && chat.stdout.contains("second"))
  }
}
