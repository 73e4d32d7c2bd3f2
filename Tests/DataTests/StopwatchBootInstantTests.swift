import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// Where a running stopwatch started on the boot clock is kept by every store, in the json
/// document and the export, and in SQLite files migrated from before it was kept.
@Suite struct StopwatchBootInstantTests {
  static let boot = BootInstant(
    bootID: "4b3f0c9e-1d2a-4e4b-9c1e-0a2b3c4d5e6f", uptime: .milliseconds(86_400_123))
  static let running = Stopwatch(
    accumulated: .milliseconds(1_234), startedAt: Fixtures.date(500), startedOnBoot: boot)

  @Test(arguments: StoreKind.available)
  func theBootInstantIsStoredAndSurvivesReopen(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.stopwatch.update(saving: Self.running)
    #expect(try await store.stopwatch.load().startedOnBoot == Self.boot)
    try await store.reopen()
    #expect(try await store.stopwatch.load() == Self.running)

    // Saved again without one (a run started without a boot clock): none is left.
    let wallOnly = Stopwatch(accumulated: .milliseconds(7), startedAt: Fixtures.date(900))
    try await store.stopwatch.update(saving: wallOnly)
    #expect(try await store.stopwatch.load() == wallOnly)
    try await store.reopen()
    #expect(try await store.stopwatch.load() == wallOnly)

    // A stopped stopwatch has no start, on either clock.
    try await store.stopwatch.update(saving: Self.running)
    let stopped = Stopwatch(accumulated: .milliseconds(9), startedOnBoot: Self.boot)
    #expect(stopped.startedOnBoot == nil)
    try await store.stopwatch.update(saving: stopped)
    try await store.reopen()
    #expect(try await store.stopwatch.load() == Stopwatch(accumulated: .milliseconds(9)))
  }

  @Test(arguments: StoreKind.available)
  func exportAndReplaceAllCarryTheBootInstant(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    var archive = StoreArchive.sample()
    archive.stopwatch = Self.running
    try await store.repositories.archive.replaceAll(with: archive)
    try await store.reopen()
    #expect(try await store.repositories.archive.export() == archive)
    // The export file is the json document.
    let decoded = try ArchiveFile.decode(ArchiveFile.encode(archive), path: "export.json")
    #expect(decoded.stopwatch == Self.running)
  }

  @Test func theDocumentNamesTheFieldsAndReadsDocumentsWithoutThem() throws {
    let encoded = String(
      decoding: try JSONEncoder().encode(StopwatchDTO(Self.running)), as: UTF8.self)
    #expect(encoded.contains(#""startedBootID":"4b3f0c9e-1d2a-4e4b-9c1e-0a2b3c4d5e6f""#))
    #expect(encoded.contains(#""startedUptimeMs":86400123"#))
    let wallOnly = String(
      decoding: try JSONEncoder().encode(StopwatchDTO(Stopwatch(startedAt: Fixtures.date()))),
      as: UTF8.self)
    #expect(!wallOnly.contains("startedBootID") && !wallOnly.contains("startedUptimeMs"))

    func read(_ json: String) throws -> Stopwatch {
      try JSONDecoder().decode(StopwatchDTO.self, from: Foundation.Data(json.utf8)).toDomain { $0 }
    }
    // As Pocket wrote it before the fields existed.
    #expect(
      try read(#"{"accumulatedMs":5,"startedAtMs":1795915920000}"#)
        == Stopwatch(accumulated: .milliseconds(5), startedAt: Fixtures.date()))
    #expect(
      try read(
        #"{"accumulatedMs":5,"startedAtMs":1795915920000,"startedBootID":"b-2","startedUptimeMs":9}"#
      ).startedOnBoot == BootInstant(bootID: "b-2", uptime: .milliseconds(9)))
    // A boot instant that is not one is read as none: the run is measured on the wall clock.
    for fields in [
      #""startedBootID":"b-2""#, #""startedUptimeMs":9"#,
      #""startedBootID":"b-2","startedUptimeMs":-9"#,
      #""startedBootID":"","startedUptimeMs":9"#,
      #""startedBootID":"b 2\n","startedUptimeMs":9"#,
    ] {
      let stopwatch = try read(#"{"accumulatedMs":5,"startedAtMs":1795915920000,"# + fields + "}")
      #expect(stopwatch == Stopwatch(accumulated: .milliseconds(5), startedAt: Fixtures.date()))
    }
  }

  @Test func theJournalCarriesTheBootInstant() throws {
    let change = try #require(JournalChange(.saveStopwatch(Self.running)))
    let line = try JSONEncoder().encode(change)
    #expect(String(decoding: line, as: UTF8.self).contains("startedUptimeMs"))
    let read = try JSONDecoder().decode(JournalChange.self, from: line).toDomain()
    guard case .saveStopwatch(let stopwatch) = read else {
      Issue.record("read back as \(read)")
      return
    }
    #expect(stopwatch == Self.running)
  }

  @Test func aFileBeforeTheBootInstantMigratesToReadNoneAndStoresOne() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let stopwatch = Stopwatch(accumulated: .milliseconds(4_500), startedAt: Fixtures.date(9))
    try OldSQLiteFile.make(
      at: path, with: try OldSQLiteFile.migrations(through: "rowCounts"),
      rows: [
        """
        INSERT INTO stopwatch (id, accumulated_ms, started_at_ms)
        VALUES (1, 4500, \(Fixtures.date(9).epochMilliseconds))
        """
      ])

    var store = try SQLiteStore.open(path: path)
    #expect(store.schemaVersion == SQLiteStore.currentSchemaVersion)
    #expect(try await store.repositories.stopwatch.load() == stopwatch)
    #expect(try await store.repositories.stopwatch.load().startedOnBoot == nil)
    try await store.repositories.stopwatch.update { _, _ in (.save(Self.running), ()) }
    store = try SQLiteStore.open(path: path)
    #expect(try await store.repositories.stopwatch.load() == Self.running)

    let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)
    #expect(
      try connection.text("SELECT started_boot_id FROM stopwatch") == Self.boot.bootID)
    #expect(try connection.integer("SELECT started_uptime_ms FROM stopwatch") == 86_400_123)
  }

  @Test func anSQLiteRowWithABadBootInstantReadsAsNone() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(SQLiteStore.fileName).path
    let store = try SQLiteStore.open(path: path)
    try await store.repositories.stopwatch.update(saving: Self.running)
    do {
      let connection = try SQLiteConnection(path: path, flags: 0x0000_0002)
      try connection.execute("UPDATE stopwatch SET started_uptime_ms = -5")
    }
    #expect(
      try await store.repositories.stopwatch.load()
        == Stopwatch(accumulated: Self.running.accumulated, startedAt: Self.running.startedAt))
  }
}
