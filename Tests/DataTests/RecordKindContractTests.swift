import Foundation
import PocketDomain
import PocketTesting
import StoreTestSupport
import TestSupport
import Testing

@testable import PocketData

/// Every kind `RecordKind.all` declares goes through every store: export, import, counts,
/// emptiness and the export file. A kind left out of any of them, or a part of the archive
/// no kind declares, fails here.
@Suite struct RecordKindContractTests {
  /// The part of the sample archive that is `kind`'s, the rest empty.
  static func only(_ kind: RecordKind) -> StoreArchive {
    var archive = StoreArchive()
    kind.copy(StoreArchive.sample(), &archive)
    return archive
  }

  @Test func theKindsTogetherAreTheWholeArchiveAndEachHoldsItsOwnPart() {
    let sample = StoreArchive.sample()
    var copied = StoreArchive()
    for kind in RecordKind.all { kind.copy(sample, &copied) }
    #expect(copied == sample, "a part of the archive belongs to no kind")
    for kind in RecordKind.all {
      #expect(Self.only(kind) != StoreArchive(), "\(kind.name) copies nothing")
      // Copying every other kind leaves this kind's part empty: no two kinds share a part.
      var others = StoreArchive()
      for other in RecordKind.all where other.name != kind.name { other.copy(sample, &others) }
      var mine = StoreArchive()
      kind.copy(others, &mine)
      #expect(mine == StoreArchive(), "\(kind.name) shares a part with another kind")
    }
    #expect(Set(RecordKind.all.map(\.name)).count == RecordKind.all.count)
  }

  /// The tables a store checks at open and an import empties are the kinds' own, listed
  /// apart so that opening builds no kind.
  @Test func theTablesOfRecordsAreTheKindsTables() {
    #expect(RecordKind.tablesOfRecords == RecordKind.all.flatMap(\.tables))
  }

  /// The members of a document, by their path from the top ("rates.favorites").
  static func members(_ bytes: [UInt8]) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: Foundation.Data(bytes))
    var members: [String: String] = [:]
    func walk(_ value: Any, _ path: String, depth: Int) {
      if depth < 2, let object = value as? [String: Any] {
        for (key, member) in object {
          walk(member, path.isEmpty ? key : "\(path).\(key)", depth: depth + 1)
        }
      } else {
        members[path] = "\(value)"
      }
    }
    walk(object, "", depth: 0)
    return members
  }

  @Test(arguments: RecordKind.all.indices)
  func eachKindIsWrittenWhereItDeclaresInTheExportFile(index: Int) throws {
    let kind = RecordKind.all[index]
    let archive = Self.only(kind)
    let bytes = try ArchiveFile.encode(archive)
    #expect(try ArchiveFile.decode(bytes, path: "export.json") == archive, "\(kind.name)")
    // The members that differ from an empty archive's are under the kind's own paths.
    let empty = try Self.members(try ArchiveFile.encode(StoreArchive()))
    let written = try Self.members(bytes)
    let changed = Set(empty.keys).union(written.keys).filter { empty[$0] != written[$0] }
    #expect(!changed.isEmpty, "\(kind.name) writes nothing")
    for path in changed {
      #expect(
        kind.documentPaths.contains { path == $0 || path.hasPrefix($0 + ".") },
        "\(kind.name) writes \(path), outside \(kind.documentPaths)")
    }
  }

  @Test func everyDeclaredMemberIsWrittenOnceAndNothingElseIs() throws {
    let paths = RecordKind.all.flatMap(\.documentPaths)
    #expect(Set(paths).count == paths.count, "a member declared twice: \(paths)")
    var whole = StoreArchive()
    for kind in RecordKind.all { kind.copy(Self.only(kind), &whole) }
    let written = Set(try Self.members(try ArchiveFile.encode(whole)).keys)
    for path in paths {
      #expect(
        written.contains { $0 == path || $0.hasPrefix(path + ".") }, "\(path) is not written")
    }
    for path in written where path != "format" && path != "version" {
      #expect(
        paths.contains { path == $0 || path.hasPrefix($0 + ".") }, "\(path) is not declared")
    }
  }

  @Test(arguments: StoreKind.available)
  func eachKindRoundTripsThroughTheStoreAndIsCounted(store storeKind: StoreKind) async throws {
    for kind in RecordKind.all {
      var store = try await StoreUnderTest(storeKind)
      defer { store.remove() }
      let archive = Self.only(kind)
      try archive.validate()
      try await store.repositories.archive.replaceAll(with: archive, onlyIfEmpty: true)
      try await store.reopen()
      let exported = try await store.repositories.archive.export()
      #expect(exported == archive, "\(storeKind): \(kind.name)")

      // Counted under its own heading and no other, by the store and by the archive.
      let counts = try await store.repositories.archive.recordCounts()
      #expect(counts == archive.counts, "\(storeKind): \(kind.name)")
      #expect(counts == RecordKind.counts(archive), "\(storeKind): \(kind.name)")
      #expect(counts.total == kind.count(archive), "\(storeKind): \(kind.name)")
      if let (heading, _) = kind.counted {
        #expect(counts[keyPath: heading] > 0, "\(storeKind): \(kind.name) is not counted")
      }

      // User data makes the store non-empty: an import that must not replace data is
      // refused, and changes nothing.
      let holdsUserData = kind.holdsUserData(archive)
      #expect(exported.holdsUserData == holdsUserData, "\(storeKind): \(kind.name)")
      let other = Self.only(RecordKind.all.first { $0.name != kind.name } ?? kind)
      do {
        try await store.repositories.archive.replaceAll(with: other, onlyIfEmpty: true)
        #expect(!holdsUserData, "\(storeKind): \(kind.name) was replaced as empty")
      } catch DomainError.invalidInput(.storeNotEmpty) {
        #expect(holdsUserData, "\(storeKind): \(kind.name) was refused as data")
        #expect(try await store.repositories.archive.export() == archive)
      }
    }
  }

  @Test func theSampleHoldsUserDataOfEveryKindThatHasIt() {
    let userData = RecordKind.all.filter { $0.holdsUserData(StoreArchive.sample()) }.map(\.name)
    #expect(
      Set(userData)
        == [
          "stopwatch", "laps", "bookmarks", "favourite currencies", "mind logs", "chat messages",
          "declared records",
        ])
  }
}
