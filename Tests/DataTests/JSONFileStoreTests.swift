import Foundation
import PocketData
import PocketDomain
import PocketTesting
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct JSONFileStoreTests {
  private static let isRoot = geteuid() == 0

  /// A store directory holding `pocket.json` with exactly `bytes`.
  private func directory(with bytes: [UInt8]) throws -> URL {
    let directory = try Fixtures.temporaryDirectory()
    try Foundation.Data(bytes).write(to: directory.appendingPathComponent("pocket.json"))
    return directory
  }

  /// The files in `directory`, except the empty lock file writers share.
  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0 != "pocket.json.lock" }.sorted()
  }

  /// A valid document with something in every section.
  private func validDocument() async throws -> [UInt8] {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try JSONFileStore.open(directory: directory)
    let repositories = store.repositories
    _ = try await repositories.chat.insert(content: "hello", date: Fixtures.date())
    try await repositories.screens.save(.calculator(currency: "KRW"))
    return Array(try Foundation.Data(contentsOf: store.fileURL))
  }

  enum Damage: String, CaseIterable, Sendable {
    case empty, truncated, notJSON, topLevelArray, missingFields, wrongType, otherFormat
    case newerVersion, badDecimal, duplicateIDs, lapGap, lapTimeNotTheDifference
  }

  private func damaged(_ damage: Damage, valid: [UInt8]) -> (bytes: [UInt8], reason: String) {
    let text = String(decoding: valid, as: UTF8.self)
    switch damage {
    case .empty: return ([], "empty")
    case .truncated: return (Array(valid.prefix(valid.count / 2)), "not valid JSON")
    case .notJSON: return (Array("pocket data, not JSON\n".utf8), "not valid JSON")
    case .topLevelArray: return (Array("[1, 2, 3]".utf8), "wrong type")
    case .missingFields:
      // A record's own fields have no default (the document's lists and objects have).
      return (
        Array(#"{"format": "pocket-json", "version": 1, "laps": [{"number": 1}]}"#.utf8),
        "missing field \"lapTimeMs\""
      )
    case .wrongType:
      return (
        Array(
          text.replacingOccurrences(of: #""isEdited" : false"#, with: #""isEdited" : "no""#).utf8),
        "wrong type"
      )
    case .otherFormat:
      return (Array(text.replacingOccurrences(of: "pocket-json", with: "other").utf8), "format")
    case .newerVersion:
      return (
        Array(text.replacingOccurrences(of: #""version" : 3"#, with: #""version" : 4"#).utf8),
        "newer"
      )
    case .badDecimal:
      let document = #"""
        {"format": "pocket-json", "version": 1, "bookmarks": [], "laps": [],
         "stopwatch": {"accumulatedMs": 0}, "chat": {"lastID": 0, "messages": []},
         "mindLog": {"lastID": 1, "entries": [{"id": 1, "dateMs": 0, "score": "7x", "note": ""}]},
         "rates": {"favorites": []}}
        """#
      return (Array(document.utf8), "not a decimal")
    case .duplicateIDs:
      let document = #"""
        {"format": "pocket-json", "version": 1, "bookmarks": [], "laps": [],
         "stopwatch": {"accumulatedMs": 0}, "mindLog": {"lastID": 0, "entries": []},
         "chat": {"lastID": 2, "messages": [{"id": 2, "content": "a", "dateMs": 0, "isEdited": false},
                                            {"id": 2, "content": "b", "dateMs": 0, "isEdited": false}]},
         "rates": {"favorites": []}}
        """#
      return (Array(document.utf8), "duplicate")
    // Laps that do not follow each other as a stopwatch records them, which an import
    // refuses (found by the json-store fuzz target): read whole, and read as written.
    case .lapGap:
      let document = #"""
        {"format": "pocket-json", "version": 1, "bookmarks": [],
         "laps": [{"number": 2, "lapTimeMs": 5, "totalMs": 5}],
         "stopwatch": {"accumulatedMs": 5}, "mindLog": {"lastID": 0, "entries": []},
         "chat": {"lastID": 0, "messages": []}, "rates": {"favorites": []}}
        """#
      return (Array(document.utf8), "lap 2 leaves a gap: lap 1 is missing")
    case .lapTimeNotTheDifference:
      let laps =
        #""laps" : [\#n    {\#n      "lapTimeMs" : 0,\#n      "number" : 1,\#n"#
        + #"      "totalMs" : 1\#n    }\#n  ]"#
      return (
        Array(text.replacingOccurrences(of: "\"laps\" : [\n\n  ]", with: laps).utf8),
        "lap 1's lap time 0 ms is not its total minus the total before (1 ms)"
      )
    }
  }

  @Test(arguments: Damage.allCases)
  func aDamagedFileIsRefusedAndLeftByteForByte(damage: Damage) async throws {
    let (bytes, expectedReason) = damaged(damage, valid: try await validDocument())
    if damage != .empty, damage != .notJSON, damage != .topLevelArray {
      #expect(bytes != (try await validDocument()), "the damage must change the document")
    }
    let directory = try directory(with: bytes)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("pocket.json")
    #expect {
      try JSONFileStore.open(directory: directory)
    } throws: { error in
      guard case .corruptStore(let path, let reason) = error as? DomainError else { return false }
      return path == file.path && reason.english.contains(expectedReason)
    }
    #expect(Array(try Foundation.Data(contentsOf: file)) == bytes)
    #expect(try contents(of: directory) == ["pocket.json"])
  }

  @Test func aDirectoryInPlaceOfTheFileIsStorageUnavailable() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("pocket.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    #expect {
      try JSONFileStore.open(directory: directory)
    } throws: { error in
      guard case .storageUnavailable(let path, _) = error as? DomainError else { return false }
      return path == file.path
    }
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
    #expect(try contents(of: file).isEmpty)
  }

  @Test(.disabled(if: isRoot, "root reads every file"))
  func anUnreadableFileIsStorageUnavailableAndKept() async throws {
    let bytes = try await validDocument()
    let directory = try directory(with: bytes)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("pocket.json")
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
    #expect {
      try JSONFileStore.open(directory: directory)
    } throws: { error in
      guard case .storageUnavailable = error as? DomainError else { return false }
      return true
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    #expect(Array(try Foundation.Data(contentsOf: file)) == bytes)
  }

  @Test(.disabled(if: isRoot, "root writes everywhere"))
  func aFailedWriteIsStorageUnavailableAndChangesNothing() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: directory.path)
      try? FileManager.default.removeItem(at: directory)
    }
    let store = try JSONFileStore.open(directory: directory)
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
    await #expect {
      try await store.repositories.screens.save(.chat)
    } throws: { error in
      guard case .storageUnavailable = error as? DomainError else { return false }
      return true
    }
    #expect(try await store.repositories.screens.lastScreen() == nil)
  }

  @Test func aMissingFileIsAnEmptyStoreWrittenOnlyOnTheFirstChange() async throws {
    let parent = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("nested/pocket")
    let store = try JSONFileStore.open(directory: directory)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    #expect(store.fileURL.lastPathComponent == "pocket.json")
    #expect(try contents(of: directory).isEmpty)
    // Reads and failing or empty changes write nothing.
    #expect(try await store.repositories.chat.messages(offset: 0, limit: 5).total == 0)
    await #expect(throws: DomainError.notFound) { try await store.repositories.chat.delete(id: 1) }
    try await store.repositories.bookmarks.deleteAll()
    #expect(try contents(of: directory).isEmpty)
    try await store.repositories.screens.save(.notices)
    #expect(try contents(of: directory) == ["pocket.json"])
  }

  @Test func aFailedChangeDoesNotTouchTheFile() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try JSONFileStore.open(directory: directory)
    let bookmark = Bookmark(
      url: "https://notice.example.com/articles/1", title: "t", noticeDate: Fixtures.date(),
      bookmarkedAt: Fixtures.date())
    try await store.repositories.bookmarks.toggleOn(bookmark)
    try await store.repositories.stopwatch.update(
      appending:
        Lap(number: 1, lapTime: .seconds(1), total: .seconds(1)))
    let before = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
    let bytes = try Foundation.Data(contentsOf: store.fileURL)
    await #expect(throws: DomainError.duplicate) {
      try await store.repositories.bookmarks.toggleOn(bookmark)
    }
    await #expect(throws: DomainError.duplicate) {
      try await store.repositories.stopwatch.update(
        appending:
          Lap(number: 1, lapTime: .seconds(2), total: .seconds(2)))
    }
    await #expect(throws: DomainError.notFound) {
      try await store.repositories.bookmarks.rename(url: "https://notice.example.com/x", to: "x")
    }
    let after = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
    #expect(try Foundation.Data(contentsOf: store.fileURL) == bytes)
    #expect(before[.systemFileNumber] as? NSNumber == after[.systemFileNumber] as? NSNumber)
  }

  @Test func theWrittenFileIsPrettySortedVersionedJSON() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try JSONFileStore.open(directory: directory)
    let repositories = store.repositories
    let krw = try #require(
      Decimal(string: "1350.003043", locale: Locale(identifier: "en_US_POSIX")))
    try await repositories.rates.storeNewer(
      RateSnapshot(
        base: "USD", publishedAt: Date(epochMilliseconds: 1_724_025_751_000),
        nextUpdateAt: Date(epochMilliseconds: 1_724_113_181_000), rates: ["KRW": krw, "USD": 1]))
    try await repositories.rates.toggleFavorite("KRW", to: true)
    try await repositories.screens.save(.calculator(currency: "KRW"))
    try await repositories.stopwatch.update(
      saving:
        Stopwatch(accumulated: .milliseconds(61_250), startedAt: Fixtures.date()))
    try await repositories.stopwatch.update(
      appending:
        Lap(number: 1, lapTime: .milliseconds(1_500), total: .milliseconds(1_500)))
    _ = try await repositories.mindLogs.insert(
      date: Fixtures.date(), score: Decimal(string: "7.25") ?? 0, note: "좋음")
    _ = try await repositories.chat.insert(content: "https://example.com/a", date: Fixtures.date(1))

    // The first change wrote the snapshot; the others are journal lines, one JSON object
    // each, numbered in order.
    #expect(try contents(of: directory) == ["pocket.journal", "pocket.json"])
    let journal = try String(
      contentsOf: directory.appendingPathComponent("pocket.journal"), encoding: .utf8)
    let lines = journal.split(separator: "\n")
    #expect(journal.hasSuffix("\n"))
    #expect(lines.count == 6)
    for (index, line) in lines.enumerated() {
      let entry = try #require(
        try JSONSerialization.jsonObject(with: Foundation.Data(line.utf8)) as? [String: Any])
      #expect((entry["seq"] as? NSNumber)?.intValue == index + 2)
      #expect(entry["change"] is [String: Any])
    }
    #expect(lines[4].contains(#""note":"좋음""#), "text is written as it is")

    // Replacing everything writes one snapshot that holds it all.
    try await repositories.archive.replaceAll(with: try await repositories.archive.export())
    #expect(try contents(of: directory) == ["pocket.journal", "pocket.json"])
    #expect(
      try Foundation.Data(contentsOf: directory.appendingPathComponent("pocket.journal")).isEmpty)
    let data = try Foundation.Data(contentsOf: store.fileURL)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasSuffix("}\n"))
    #expect(text.split(separator: "\n").count > 20, "pretty-printed, one field a line")
    #expect(text.contains("https://example.com/a"), "slashes are not escaped")
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["format"] as? String == "pocket-json")
    #expect((json["version"] as? NSNumber)?.intValue == 3)
    let topKeys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
      $0.drop { $0 == " " }.prefix { $0 != ":" }
    }
    #expect(topKeys == topKeys.sorted(), "keys are sorted")
    let rates = try #require(json["rates"] as? [String: Any])
    let latest = try #require(rates["latest"] as? [String: Any])
    #expect((latest["rates"] as? [String: Any])?["KRW"] as? String == "1350.003043")
    #expect((latest["publishedAtMs"] as? NSNumber)?.int64Value == 1_724_025_751_000)
    #expect(rates["favorites"] as? [String] == ["KRW"])
    #expect(json["lastScreen"] as? [String: String] == ["screen": "calculator", "currency": "KRW"])
    let stopwatch = try #require(json["stopwatch"] as? [String: Any])
    #expect((stopwatch["accumulatedMs"] as? NSNumber)?.int64Value == 61_250)
    #expect(
      (stopwatch["startedAtMs"] as? NSNumber)?.int64Value == Fixtures.date().epochMilliseconds)
    let laps = try #require(json["laps"] as? [[String: Any]])
    #expect((laps.first?["lapTimeMs"] as? NSNumber)?.int64Value == 1_500)
    let mindLog = try #require(json["mindLog"] as? [String: Any])
    #expect(((mindLog["entries"] as? [[String: Any]])?.first?["score"]) as? String == "7.25")
  }

  @Test func openingTwiceReadsWhatWasWritten() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try JSONFileStore.open(directory: directory)
    let message = try await first.repositories.chat.insert(
      content: "persisted", date: Fixtures.date())
    let bytes = try Foundation.Data(contentsOf: first.fileURL)
    let second = try JSONFileStore.open(directory: directory)
    #expect(try await second.repositories.chat.messages(offset: 0, limit: 5).items == [message])
    #expect(try Foundation.Data(contentsOf: second.fileURL) == bytes, "opening writes nothing")
  }

  @Test func aFileInPlaceOfTheDirectoryIsStorageUnavailable() throws {
    let parent = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let notADirectory = parent.appendingPathComponent("store")
    try Foundation.Data("x".utf8).write(to: notADirectory)
    #expect {
      try JSONFileStore.open(directory: notADirectory)
    } throws: { error in
      guard case .storageUnavailable = error as? DomainError else { return false }
      return true
    }
    #expect(try Foundation.Data(contentsOf: notADirectory) == Foundation.Data("x".utf8))
  }
}
