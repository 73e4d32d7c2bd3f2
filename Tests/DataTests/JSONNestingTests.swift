import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// Nested input costs time linear in its bytes and bounded memory: every JSON reader — the
/// rates decoder, an archive, a json store's snapshot and journal — refuses nesting deeper
/// than 64 levels before any parser sees the bytes, naming the depth, and the scan of
/// number literals does not build a path for every number.
@Suite("JSON nesting", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct JSONNestingTests {
  /// Far above what a linear scan of these inputs takes, far below what the quadratic one
  /// took (minutes at 20,000 levels).
  static let generousBound = Duration.seconds(5)

  /// `depth` arrays, each holding a number before the next: `[1,[1,[1,…1]]]`, the shape
  /// that made the old number scan build a path as long as the depth for every number.
  static func arrays(_ depth: Int) -> String {
    String(repeating: "[1,", count: depth) + "1" + String(repeating: "]", count: depth)
  }

  /// `depth` objects, each with a number beside the next: `{"a":1,"b":{"a":1,"b":…1}}`.
  static func objects(_ depth: Int) -> String {
    String(repeating: #"{"a":1,"b":"#, count: depth) + "1" + String(repeating: "}", count: depth)
  }

  static let depths = [20_000, 200_000]

  static var deepValues: [(shape: String, depth: Int)] {
    depths.flatMap { [("arrays", $0), ("objects", $0)] }
  }

  static func value(_ shape: String, _ depth: Int) -> String {
    shape == "arrays" ? arrays(depth) : objects(depth)
  }

  /// A valid rates response with `extra` as the value of one more top-level field.
  static func ratesBody(extra: String) -> String {
    #"{"result":"success","base_code":"USD","time_last_update_unix":1724025751,"#
      + #""time_next_update_unix":1724113181,"rates":{"USD":1,"KRW":1350.003043},"x":"#
      + extra + "}"
  }

  /// An archive (an export) of one mind-log entry, with `extra` as one more field.
  static func archive(extra: String) -> String {
    #"{"format":"pocket-json","version":1,"mindLog":{"lastID":1,"entries":"#
      + #"[{"id":1,"dateMs":1795915920000,"score":"7","note":"walk"}]},"x":"# + extra + "}"
  }

  /// `body`'s duration, expected under the generous bound.
  static func timed<Result>(
    _ label: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Result
  ) -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    let result = body()
    let elapsed = start.duration(to: clock.now)
    #expect(elapsed < generousBound, "\(label) took \(elapsed)", sourceLocation: sourceLocation)
    return result
  }

  // MARK: The check itself

  /// Depths counted by hand; brackets inside strings (with escaped quotes) do not count.
  @Test(
    arguments: [
      ("[]", nil),
      (String(repeating: "[", count: 64) + String(repeating: "]", count: 64), nil),
      (String(repeating: "{\"k\":", count: 64) + "1" + String(repeating: "}", count: 64), nil),
      (String(repeating: "[", count: 65), .nestedTooDeep(levels: 64, byte: 65)),
      ("{\"k\":" + String(repeating: "[", count: 64), .nestedTooDeep(levels: 64, byte: 69)),
      // 64 brackets, closed, then 64 more: never deeper than 64.
      (
        String(
          repeating: String(repeating: "[", count: 64) + String(repeating: "]", count: 64), count: 2
        ), nil
      ),
      ("\"" + String(repeating: "[", count: 100) + "\"", nil),
      (#"["a\"[[[["# + String(repeating: "[", count: 100) + "\"]", nil),
      // The backslash is itself escaped, so the quote ends the string: the brackets count.
      (
        #"["a\\"# + "\"," + String(repeating: "[", count: 64),
        DocumentProblem.nestedTooDeep(levels: 64, byte: 71)
      ),
      ("\"never closed " + String(repeating: "[", count: 100), nil),
    ] as [(String, DocumentProblem?)])
  func nestingIsCountedOutsideStrings(text: String, problem: DocumentProblem?) {
    #expect(JSONNesting.problem(in: Array(text.utf8)) == problem, "\(text.prefix(80))")
  }

  @Test(arguments: [
    "open-er-api-USD-2024-01-09.json", "open-er-api-USD-2024-08-19.json", "pocket-v1-export.json",
  ])
  func everyFixtureIsWithinTheDepth(name: String) throws {
    let bytes = Array(try Foundation.Data(contentsOf: Fixtures.url(name)))
    #expect(JSONNesting.problem(in: bytes) == nil)
  }

  /// The number scan on its own, without the depth check: linear even at 200,000 levels,
  /// and the path it gives the one literal asked for is still the whole path.
  @Test(arguments: depths)
  func numberLiteralsAreScannedInLinearTime(depth: Int) {
    let bytes = Array(Self.arrays(depth).utf8)
    let (count, last) = Self.timed("scanning \(depth) levels") {
      var count = 0
      JSONNumberLiterals.forEach(in: bytes) { _ in
        count += 1
        return true
      }
      let last = JSONNumberLiterals.first(in: bytes) { _ in
        count -= 1
        return count == 0
      }
      return (depth + 1 - count, last)
    }
    #expect(count == depth + 1, "one number per level and the last")
    // The innermost number is the second element of `depth` arrays, each the second
    // element of the one around it.
    #expect(last?.path == String(repeating: "[1]", count: depth))
    #expect(last?.text == "1")
  }

  // MARK: Every reader

  @Test(arguments: deepValues)
  func theRatesDecoderRefusesDeepNestingAtOnce(shape: String, depth: Int) {
    let body = Foundation.Data(Self.ratesBody(extra: Self.value(shape, depth)).utf8)
    let outcome = Self.timed("rates, \(depth) \(shape)") {
      Result { () throws(DomainError) in try OpenERAPIDecoder().decode(body) }
    }
    guard case .failure(.ratesUnavailable(let reason)) = outcome else {
      Issue.record("decoded: \(outcome)")
      return
    }
    #expect(reason.english.hasPrefix("malformed response: nesting deeper than 64 levels at byte "))
  }

  @Test func theRatesDecoderReadsAResponseNestedToTheDepth() throws {
    // The response itself is one level; the extra field adds 63.
    let body = Self.ratesBody(extra: Self.arrays(63))
    let snapshot = try OpenERAPIDecoder().decode(Foundation.Data(body.utf8))
    #expect(snapshot.rates["KRW"]?.description == "1350.003043")
    #expect {
      try OpenERAPIDecoder().decode(Foundation.Data(Self.ratesBody(extra: Self.arrays(64)).utf8))
    } throws: { error in
      error as? DomainError
        == .ratesUnavailable(
          reason: StoreProblem(
            .rates(.malformed(.nestedTooDeep(levels: 64, byte: 338)))))
    }
  }

  @Test(arguments: deepValues)
  func anArchiveIsRefusedAtOnce(shape: String, depth: Int) {
    let bytes = Array(Self.archive(extra: Self.value(shape, depth)).utf8)
    let outcome = Self.timed("archive, \(depth) \(shape)") {
      Result { () throws(DomainError) in try ArchiveFile.decode(bytes, path: "deep.json") }
    }
    guard case .failure(.corruptStore(let path, let reason)) = outcome else {
      Issue.record("decoded: \(outcome)")
      return
    }
    #expect(path == "deep.json")
    #expect(reason.english.hasPrefix("nesting deeper than 64 levels at byte "))
  }

  @Test func anArchiveNestedToTheDepthIsRead() throws {
    let archive = try ArchiveFile.decode(
      Array(Self.archive(extra: Self.arrays(63)).utf8), path: "ok.json")
    #expect(archive.mindLogs.map(\.note) == ["walk"])
    #expect(throws: DomainError.self) {
      try ArchiveFile.decode(Array(Self.archive(extra: Self.arrays(64)).utf8), path: "deep.json")
    }
  }

  /// A json store's snapshot and journal line, read by the store: refused as a broken store
  /// naming the file and the depth, and left as they were.
  @Test(arguments: deepValues)
  func aJSONStoreFileIsRefusedAtOnceAndKept(shape: String, depth: Int) async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try JSONFileStore.open(directory: directory)
    _ = try await store.repositories.mindLogs.insert(date: Fixtures.date(), score: 7, note: "a")
    _ = try await store.repositories.mindLogs.insert(date: Fixtures.date(), score: 8, note: "b")
    let snapshot = directory.appendingPathComponent("pocket.json")
    let journal = directory.appendingPathComponent("pocket.journal")
    let goodSnapshot = try Foundation.Data(contentsOf: snapshot)
    let goodJournal = try Foundation.Data(contentsOf: journal)
    #expect(!goodJournal.isEmpty, "the second entry is a journal line")
    let value = Self.value(shape, depth)

    // The snapshot.
    let deepSnapshot = Foundation.Data(Self.archive(extra: value).utf8)
    try deepSnapshot.write(to: snapshot)
    let snapshotOutcome = Self.timed("pocket.json, \(depth) \(shape)") {
      Result { () throws(DomainError) in try JSONFileStore.open(directory: directory) }
    }
    guard case .failure(.corruptStore(let path, let reason)) = snapshotOutcome else {
      Issue.record("opened: \(snapshotOutcome)")
      return
    }
    #expect(path == snapshot.path)
    #expect(reason.english.hasPrefix("nesting deeper than 64 levels at byte "))
    #expect(try Foundation.Data(contentsOf: snapshot) == deepSnapshot)

    // A journal line.
    try goodSnapshot.write(to: snapshot)
    let deepJournal = goodJournal + Foundation.Data(#"{"seq":9,"change":\#(value)}"#.utf8 + [10])
    try deepJournal.write(to: journal)
    let journalOutcome = Self.timed("pocket.journal, \(depth) \(shape)") {
      Result { () throws(DomainError) in try JSONFileStore.open(directory: directory) }
    }
    guard case .failure(.corruptStore(let path, let reason)) = journalOutcome else {
      Issue.record("opened: \(journalOutcome)")
      return
    }
    #expect(path == journal.path)
    #expect(reason.english.hasPrefix("line 2: nesting deeper than 64 levels at byte "))
    #expect(try Foundation.Data(contentsOf: journal) == deepJournal)
  }

  // MARK: The refresh deadline

  /// A response that takes longer to read than the deadline leaves ends the fetch at the
  /// deadline, as a slow server does. The decoding is a stand-in that does not end until the
  /// test lets it (a minute at most): only the deadline can end the fetch.
  @Test func theDeadlineCoversReadingTheResponse() async throws {
    let fixture = try Foundation.Data(
      contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"))
    let server = try LocalHTTPServer(script: [.init(body: Array(fixture))])
    let url = try #require(URL(string: server.url()))
    let release = DispatchSemaphore(value: 0)
    let decoded = DispatchSemaphore(value: 0)
    let slow = HTTPRateSource(url: url, timeout: .milliseconds(500)) { data throws(DomainError) in
      _ = release.wait(timeout: .now() + Self.slowDecoding)
      defer { decoded.signal() }
      return try OpenERAPIDecoder().decode(data)
    }
    defer { release.signal() }
    await #expect {
      _ = try await slow.fetch()
    } throws: { error in
      error as? DomainError
        == .ratesUnavailable(
          reason: StoreProblem(
            .fromSource(
              url.absoluteString, .rates(.readTimedOut(seconds: "0.5")))))
    }
    // The fetch ended while the decoder was still held, so the deadline ended it, however
    // long the machine took to get there.
    #expect(
      decoded.wait(timeout: .now()) == .timedOut, "ended after the decoding, not at the deadline")
  }

  /// How long the slow decoder takes, in seconds: far past the deadline, and far past the
  /// time a test may wait for its turn on the cooperative threads of a loaded machine (the
  /// soak run, whose blocking process tests hold them longest, waited a minute).
  static let slowDecoding: Double = Soak.isOn ? 600 : 60

  /// Within the deadline the decoder's own result and refusals come through unchanged.
  @Test func aResponseReadInTimeIsTheDecodersResult() async throws {
    let fixture = try Foundation.Data(contentsOf: Fixtures.url("open-er-api-USD-2024-08-19.json"))
    let server = try LocalHTTPServer(script: [
      .init(body: Array(fixture)), .init(body: Array(Self.ratesBody(extra: Self.arrays(100)).utf8)),
    ])
    let url = try #require(URL(string: server.url()))
    let source = HTTPRateSource(url: url, timeout: .seconds(10))
    #expect(try await source.fetch().rates["KRW"]?.description == "1350.003043")
    await #expect {
      _ = try await source.fetch()
    } throws: { error in
      guard case .ratesUnavailable(let reason) = error as? DomainError else { return false }
      return reason.english.hasPrefix(
        "\(url.absoluteString): malformed response: nesting deeper than 64")
    }
  }
}
