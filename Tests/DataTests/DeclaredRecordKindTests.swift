import Foundation
import PocketData
import PocketDomain
import StoreTestSupport
import TestSupport
import Testing

/// The test-only `Tally` kind (`TestSupport`, one file) through every store: kept, checked,
/// counted at once by two connections, exported, imported and reported as `.tally`.
/// (Each test on every store with `POCKET_SOAK=1`; the quick run spreads the stores over the
/// tests and their cases, taken in turn.)
@Suite("A declared record kind in every store", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
struct DeclaredRecordKindTests {
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 0))
  func clicksAreKeptAndSurviveAReopen(kind: StoreKind) async throws {
    var store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let tallies = store.repositories.records(Tally.self)
    #expect(try await tallies.all() == [])
    for expected in 1...3 { #expect(try await tallies.click() == expected) }
    try await tallies.save(Tally(key: "other", count: 7))
    try await store.reopen()
    let reopened = store.repositories.records(Tally.self)
    #expect(
      try await reopened.all() == [Tally(key: "clicks", count: 3), Tally(key: "other", count: 7)])
    #expect(try await reopened.record("clicks") == Tally(key: "clicks", count: 3))
    #expect(try await reopened.delete("other"))
    #expect(try await !reopened.delete("other"))
    try await store.reopen()
    #expect(
      try await store.repositories.records(Tally.self).all() == [Tally(key: "clicks", count: 3)])
  }

  /// Every door checks a record as its kind does, and a refused one changes nothing.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 1))
  func aRecordItsKindRefusesIsNotStored(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let tallies = store.repositories.records(Tally.self)
    try await tallies.click()
    await #expect(
      throws: DomainError.invalidInput(.outOfRange(.english("a tally counts up from 0")))
    ) {
      try await tallies.save(Tally(key: "clicks", count: -1))
    }
    await #expect(throws: DomainError.self) {
      try await tallies.save(Tally(key: "", count: 1))
    }
    // A body no declared record could write, past the typed door.
    await #expect(throws: DomainError.self) {
      try await store.repositories.declared.update(Tally.declaration, key: "raw") { _ in
        (.save("[1, 2]"), ())
      }
    }
    #expect(try await tallies.all() == [Tally(key: "clicks", count: 1)])
  }

  /// Two connections (two processes) clicking at once count every click: the count is read
  /// and written in one step.
  @Test(arguments: Soak.all(StoreKind.persistent, quickTurn: 2))
  func clicksFromTwoConnectionsAtOnceAllCount(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    let other = try await kind.makeStore(at: store.directory)
    let perConnection = 15
    try await withThrowingTaskGroup(of: Void.self) { group in
      for repositories in [store.repositories, other] {
        group.addTask {
          for _ in 0..<perConnection { try await repositories.records(Tally.self).click() }
        }
      }
      try await group.waitForAll()
    }
    #expect(
      try await store.repositories.records(Tally.self).record("clicks")?.count == 2 * perConnection)
  }

  /// An export of one store imported into another holds the tally, and the second store's
  /// export is the same bytes.
  @Test(arguments: Soak.spread(StoreKind.available, over: StoreKind.available))
  func exportAndImportCarryTheKind(from source: StoreKind, to target: StoreKind) async throws {
    let from = try await StoreUnderTest(source)
    defer { from.remove() }
    let to = try await StoreUnderTest(target)
    defer { to.remove() }
    try await from.repositories.records(Tally.self).save(Tally(key: "clicks", count: 4))
    try await from.repositories.records(Tally.self).save(Tally(key: "other", count: 0))
    _ = try await from.chat.insert(content: "beside it", date: Fixtures.date())
    let path = from.directory.appendingPathComponent("export.json").path
    _ = try await from.repositories.archive.read { try ArchiveFile.write(reading: $0, to: path) }
    let exported = try Array(Foundation.Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(String(decoding: exported, as: UTF8.self).contains(#""tally""#))

    try await ImportStore(archive: to.repositories.archive, now: Date.init)(
      try ArchiveFile.open(path), replace: false)
    #expect(
      try await to.repositories.records(Tally.self).all() == [
        Tally(key: "clicks", count: 4), Tally(key: "other", count: 0),
      ])
    let again = to.directory.appendingPathComponent("again.json").path
    _ = try await to.repositories.archive.read { try ArchiveFile.write(reading: $0, to: again) }
    #expect(try Array(Foundation.Data(contentsOf: URL(fileURLWithPath: again))) == exported)
  }

  /// A tally is user data: a store holding one is not empty, and an import refuses to
  /// replace it unless told to.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 3))
  func aStoreHoldingATallyIsNotEmpty(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.repositories.records(Tally.self).click()
    let incoming = StoreArchive(
      messages: [ChatMessage(id: 1, content: "imported", date: Fixtures.date())], lastMessageID: 1)
    await #expect(throws: DomainError.invalidInput(.storeNotEmpty)) {
      try await ImportStore(archive: store.repositories.archive, now: Date.init)(
        incoming, replace: false)
    }
    #expect(try await store.repositories.records(Tally.self).record("clicks")?.count == 1)
    try await ImportStore(archive: store.repositories.archive, now: Date.init)(
      incoming, replace: true)
    #expect(try await store.repositories.records(Tally.self).all() == [])
  }

  /// An archive whose tally no store could keep is refused whole, and the store keeps what
  /// it held.
  @Test(arguments: Soak.all(StoreKind.available, quickTurn: 4))
  func anImportWithABrokenRecordChangesNothing(kind: StoreKind) async throws {
    let store = try await StoreUnderTest(kind)
    defer { store.remove() }
    try await store.repositories.records(Tally.self).click()
    for records in [["clicks": "not json"], ["": #"{"count":1,"key":""}"#]] {
      let incoming = StoreArchive(
        declared: DeclaredRecords([.init(declaration: Tally.declaration, records: records)]))
      await #expect(throws: DomainError.self) {
        try await ImportStore(archive: store.repositories.archive, now: Date.init)(
          incoming, replace: true)
      }
    }
    #expect(
      try await store.repositories.records(Tally.self).all() == [Tally(key: "clicks", count: 1)])
  }
}
