import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// A store's failure (`StoreProblem`) reaches the user in the language chosen: every cause
/// Pocket words itself is a sentence in English and one in Korean, and only a `.system`
/// cause (an OS, SQLite, server message) is kept verbatim, as the technical cause.
@Suite("Store problems, in both languages")
struct StoreProblemWordingTests {
  let english = Strings(language: .en, timeZone: .gmt)
  let korean = Strings(language: .ko, timeZone: .gmt)

  /// Every case of `StoreCause` by name: `name(of:)` switches over them all, so a new case
  /// fails to compile until it is named here, and `everyCauseHasASample` fails until it has
  /// a sample.
  enum CauseName: CaseIterable {
    case system, check, cannot, noSuchFile, isA, folderInPlaceOfFile, symbolicLink
    case notRegularFile, notAFolder, namesAFolder, folderNotArchive, archiveTooLarge, emptyFile
    case step, cannotRename, notRegular, noWriter, folderNotFile, ratesResponseTooLarge
    case snapshotNotRewritten, journalNotEmptied, screenNotKept
    case readOnlyFile, gone, ownedByAnotherUser, writableByOthers, locked, keptChanging, diskFull
    case nameTooLong, pathTooLong, realPathNotUTF8, currentFolderNotUTF8, currentFolderUnreadable
    case noHome, logNotCopied, noWriteAheadLog, schemaTooNew, notPocketDatabase, notRateSettings
    case missingSchemaObject, foreignSchema, unusableDatabase, changedWhileReadOnly
    case connectionFailed, connectionLost, offlineCopy, foreignObjects, fromSource, noCachedRates
    case rowCountMissing, counterMissing, appearsTwice, chunkLostRecords, inLine
    case changeOutOfOrder, document, rates, postgresURL
  }

  static func name(of cause: StoreCause) -> CauseName {
    switch cause {
    case .system: .system
    case .check: .check
    case .cannot: .cannot
    case .noSuchFile: .noSuchFile
    case .step: .step
    case .cannotRename: .cannotRename
    case .notRegular: .notRegular
    case .noWriter: .noWriter
    case .folderNotFile: .folderNotFile
    case .ratesResponseTooLarge: .ratesResponseTooLarge
    case .snapshotNotRewritten: .snapshotNotRewritten
    case .journalNotEmptied: .journalNotEmptied
    case .screenNotKept: .screenNotKept
    case .isA: .isA
    case .folderInPlaceOfFile: .folderInPlaceOfFile
    case .symbolicLink: .symbolicLink
    case .notRegularFile: .notRegularFile
    case .notAFolder: .notAFolder
    case .namesAFolder: .namesAFolder
    case .folderNotArchive: .folderNotArchive
    case .archiveTooLarge: .archiveTooLarge
    case .emptyFile: .emptyFile
    case .readOnlyFile: .readOnlyFile
    case .gone: .gone
    case .ownedByAnotherUser: .ownedByAnotherUser
    case .writableByOthers: .writableByOthers
    case .locked: .locked
    case .keptChanging: .keptChanging
    case .diskFull: .diskFull
    case .nameTooLong: .nameTooLong
    case .pathTooLong: .pathTooLong
    case .realPathNotUTF8: .realPathNotUTF8
    case .currentFolderNotUTF8: .currentFolderNotUTF8
    case .currentFolderUnreadable: .currentFolderUnreadable
    case .noHome: .noHome
    case .logNotCopied: .logNotCopied
    case .noWriteAheadLog: .noWriteAheadLog
    case .schemaTooNew: .schemaTooNew
    case .notPocketDatabase: .notPocketDatabase
    case .notRateSettings: .notRateSettings
    case .missingSchemaObject: .missingSchemaObject
    case .foreignSchema: .foreignSchema
    case .unusableDatabase: .unusableDatabase
    case .changedWhileReadOnly: .changedWhileReadOnly
    case .connectionFailed: .connectionFailed
    case .connectionLost: .connectionLost
    case .offlineCopy: .offlineCopy
    case .foreignObjects: .foreignObjects
    case .fromSource: .fromSource
    case .noCachedRates: .noCachedRates
    case .rowCountMissing: .rowCountMissing
    case .counterMissing: .counterMissing
    case .appearsTwice: .appearsTwice
    case .chunkLostRecords: .chunkLostRecords
    case .inLine: .inLine
    case .changeOutOfOrder: .changeOutOfOrder
    case .document: .document
    case .rates: .rates
    case .postgresURL: .postgresURL
    }
  }

  /// What the system says, kept verbatim in Korean text.
  static let verbatim = "Permission denied"

  /// A sample of every cause, and of every value its enums take.
  static let causes: [StoreCause] =
    [.system(verbatim), .check(.idsEnd(last: 9)), .noSuchFile]
    + FileAction.allCases.map { .cannot($0, because: .system(verbatim)) }
    + [.cannot(.openFile, because: .symbolicLink), .cannot(.syncFile, because: .diskFull(nil))]
    + FileKind.allCases.map { .isA($0) }
    + FileStep.allCases.flatMap {
      [
        .step($0, path: "/tmp/p/.pocket-tmp", because: .system(verbatim)),
        .step($0, path: nil, because: .diskFull(nil)),
      ]
    }
    + [
      .cannotRename(
        from: "/tmp/p/.pocket-tmp", to: "/tmp/p/pocket.json", because: .system(verbatim)),
      .notRegular(path: nil, kind: .fifo), .notRegular(path: "/tmp/p/pocket.journal", kind: nil),
      .noWriter(seconds: 5), .folderNotFile, .ratesResponseTooLarge(mebibytes: 1),
      .snapshotNotRewritten(journal: "/tmp/p/pocket.journal", because: .system(verbatim)),
      .journalNotEmptied(journal: "/tmp/p/pocket.journal", because: .diskFull(nil)), .screenNotKept,
    ]
    + [
      .folderInPlaceOfFile, .symbolicLink, .notRegularFile, .notAFolder, .namesAFolder,
      .folderNotArchive, .archiveTooLarge(mebibytes: 256), .emptyFile, .readOnlyFile,
      .gone(replaced: false), .gone(replaced: true), .ownedByAnotherUser(uid: 1001),
      .writableByOthers(mode: "0777"), .locked(holder: 4242, waitedSeconds: 5),
      .locked(holder: nil, waitedSeconds: 5), .keptChanging(seconds: 5), .diskFull(nil),
    ]
    + DiskFullEffect.allCases.map { .diskFull($0) }
    + [
      .nameTooLong(start: "aaaaaaaaaaaa", bytes: 300, limit: 255),
      .pathTooLong(PathLength(bytes: 5000, folderLimit: 4000, pathLimit: 4095, bySQLite: false)),
      .pathTooLong(PathLength(bytes: 600, folderLimit: 480, pathLimit: 512, bySQLite: true)),
      .realPathNotUTF8(shown: "/tmp/\\xff"), .currentFolderNotUTF8(shown: "/tmp/\\xff"),
      .currentFolderUnreadable(because: .system(verbatim)), .noHome(.notSet), .noHome(.empty),
      .noHome(.notAbsolute("home")), .logNotCopied(bytes: 4096), .noWriteAheadLog(mode: "delete"),
      .noWriteAheadLog(mode: nil), .schemaTooNew(version: 9, current: 8), .notPocketDatabase,
      .notRateSettings,
      .missingSchemaObject(.table, name: "laps"),
      .missingSchemaObject(.trigger, name: "chat_messages_counted_delete"),
      .foreignSchema(because: .system(verbatim)), .unusableDatabase(because: .system(verbatim)),
      .changedWhileReadOnly, .connectionFailed(because: .system(verbatim)),
      .connectionLost(because: .system(verbatim)),
      .offlineCopy(
        copiedAt: Date(timeIntervalSince1970: 1_796_000_000),
        because: .connectionFailed(because: .system(verbatim))),
      .foreignObjects(schema: "pocket", objects: "table notes"),
      .fromSource("https://open.er-api.com/v6/latest/USD", .system(verbatim)), .noCachedRates,
      .rowCountMissing(table: "laps"), .counterMissing(name: "chat_messages"),
      .appearsTwice(.lapNumber, value: nil), .appearsTwice(.bookmarkURL, value: nil),
      .appearsTwice(.lapNumber, value: "3"), .appearsTwice(.id(list: "chat"), value: "7"),
      .appearsTwice(.terminalKey, value: "42"),
      .chunkLostRecords, .inLine(3, .system(verbatim)),
      .inLine(4, .changeOutOfOrder(change: 9, after: 7)), .changeOutOfOrder(change: 9, after: 7),
    ]
    + documentCauses.map(\.0) + rateCauses.map(\.0) + postgresCauses.map(\.0)

  /// A sample of every advice: `advice(_:)` switches over them all.
  static let advice: [Advice] = [
    .removeOthersWrite(command: "chmod go-w /tmp/p"), .useOwnFolder, .retryWhenItEnds, .retry,
    .useStorePath, .exportToRegularFile, .keepPathBytes, .freeSpace, .runAgain,
    .useAbsolutePath, .updatePocket, .chooseAnotherSchema,
  ]

  /// Names each advice, so a new one fails to compile until `advice` has a sample of it.
  static func name(of advice: Advice) -> String {
    switch advice {
    case .removeOthersWrite: "removeOthersWrite"
    case .useOwnFolder: "useOwnFolder"
    case .retryWhenItEnds: "retryWhenItEnds"
    case .retry: "retry"
    case .useStorePath: "useStorePath"
    case .exportToRegularFile: "exportToRegularFile"
    case .keepPathBytes: "keepPathBytes"
    case .freeSpace: "freeSpace"
    case .runAgain: "runAgain"
    case .useAbsolutePath: "useAbsolutePath"
    case .updatePocket: "updatePocket"
    case .chooseAnotherSchema: "chooseAnotherSchema"
    }
  }

  @Test func everyCauseAndAdviceHasASample() {
    let missing = Set(CauseName.allCases).subtracting(Self.causes.map(Self.name(of:)))
    #expect(missing.isEmpty, "no sample of \(missing)")
    #expect(Set(Self.advice.map(Self.name(of:))).count == Self.advice.count)
  }

  /// Korean text keeps only the verbatim cause, paths, commands, codes and numbers in Latin
  /// letters; it differs from the English.
  @Test(arguments: causes)
  func everyCauseIsWordedInKorean(cause: StoreCause) {
    let problem = StoreProblem(cause)
    let text = korean.reason(problem)
    // The values of the samples, longest first (each is taken out of the text in turn).
    let allowed =
      ([Self.verbatim, "chat_messages_counted_delete", "chat_messages", "table notes", "delete"]
      + ["pocket-tmp", "pocket.journal", "pocket.json"]
      + ["laps", "pocket", "chat", "home", "aaaaaaaaaaaa"] + Self.documentValues)
      .sorted { $0.count > $1.count }
    KoreanCoverageTests().expectKorean(text, english: english.reason(problem), allowing: allowed)
    for message in [
      Message.storageFailed(path: "/tmp/store", reason: problem),
      .fileFailed(path: "/tmp/in.json", reason: problem), .couldNotLoad(reason: problem),
    ] {
      KoreanCoverageTests().expectKorean(
        korean.text(message), english: english.text(message), allowing: allowed)
    }
    KoreanCoverageTests().expectKorean(
      korean.warning(problem), english: english.warning(problem), allowing: allowed)
  }

  @Test(arguments: advice)
  func everyAdviceIsWordedInKorean(advice: Advice) {
    let problem = StoreProblem(.emptyFile, advice: advice)
    KoreanCoverageTests().expectKorean(
      korean.reason(problem), english: english.reason(problem),
      allowing: ["chmod go-w", "export"])
    // Beside a verbatim cause too, which stays in parentheses.
    let beside = korean.reason(StoreProblem(.system(Self.verbatim), advice: advice))
    #expect(beside.hasPrefix("(기술적 원인: \(Self.verbatim)) "), "\(beside)")
  }

  /// The English users saw when these reasons were text, written out by hand.
  /// A warning comes after a command that was done, or while a live view follows the store
  /// with no command run: in both languages it says what went wrong, and no more.
  @Test(arguments: causes)
  func aWarningSaysWhatWentWrongAndClaimsNoCommand(cause: StoreCause) {
    let problem = StoreProblem(cause)
    #expect(english.warning(problem) == "warning: " + english.reason(problem))
    // A cause worded in Korean after a colon, a verbatim one in parentheses after a space.
    let warning = korean.warning(problem)
    let reason = korean.reason(problem)
    #expect(warning == "경고: " + reason || warning == "경고 " + reason, "\(warning)")
  }

  @Test func theEnglishIsWhatUsersSawBefore() {
    let cases: [(StoreProblem, String)] = [
      (
        StoreProblem(.cannot(.examineFile, because: .system("Permission denied"))),
        "cannot examine the file: Permission denied"
      ),
      (StoreProblem(.gone(replaced: false)), "it was deleted or moved away while Pocket showed it"),
      (
        StoreProblem(.gone(replaced: true)),
        "another file was put in its place while Pocket had it open; Pocket leaves that file as it is"
      ),
      (StoreProblem(.appearsTwice(.lapNumber, value: nil)), "a lap number appears twice"),
      (StoreProblem(.appearsTwice(.lapNumber, value: "3")), "duplicate lap number 3"),
      (
        StoreProblem(.rowCountMissing(table: "chat_messages")),
        "the row count of \"chat_messages\" is missing"
      ),
      (
        StoreProblem(
          .writableByOthers(mode: "0777"), advice: .removeOthersWrite(command: "chmod go-w '/p'")),
        "the folder is writable by other users (mode 0777); run: chmod go-w '/p'"
      ),
      (
        StoreProblem(.locked(holder: 42, waitedSeconds: 5), advice: .retryWhenItEnds),
        "the store is locked by process 42 (waited 5 s); try again when it ends"
      ),
      (
        StoreProblem(.diskFull(.nothingChanged), advice: .freeSpace),
        "the disk is full (No space left on device, ENOSPC): nothing was changed; "
          + "free some space and try again"
      ),
      (
        StoreProblem(.schemaTooNew(version: 9, current: 8), advice: .updatePocket),
        "schema version 9 is newer than this Pocket (8); update Pocket to open it"
      ),
      (
        StoreProblem(.inLine(4, .changeOutOfOrder(change: 9, after: 7))),
        "line 4: change 9 follows change 7"
      ),
      (
        StoreProblem(.noHome(.notSet), advice: .useStorePath),
        "HOME is not set and there is no absolute XDG_DATA_HOME; use --store-path DIR"
      ),
      (
        StoreProblem(.fromSource("/tmp/rates.json", .system("HTTP 500"))),
        "/tmp/rates.json: HTTP 500"
      ),
    ]
    for (problem, expected) in cases
      + (Self.documentCauses + Self.rateCauses + Self.postgresCauses).map({
        (StoreProblem($0.0), $0.1)
      })
    {
      #expect(english.reason(problem) == expected)
    }
  }

  // MARK: From the store to the user

  /// The Korean message for what `body` throws.
  func koreanMessage(_ body: () async throws -> Void) async -> String? {
    do {
      try await body()
      return nil
    } catch {
      return korean.text(Message(error))
    }
  }

  @Test func anArchiveWithALapNumberTwiceIsRefusedInKorean() async throws {
    var archive = StoreArchive.sample()
    archive.laps.append(archive.laps[0])
    let bytes = try ArchiveFile.encode(archive)
    let text = try #require(
      await koreanMessage { _ = try ArchiveFile.decode(bytes, path: "/tmp/a.json") })
    #expect(text.contains("랩 번호") && text.contains("두 번 나옵니다"), "\(text)")
    #expect(!text.contains("기술적 원인") && !text.contains("lap"), "\(text)")
  }

  @Test func aStoreFolderOthersCanWriteIsRefusedInKorean() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try #require(chmod(folder.path, 0o777) == 0)
    let path = folder.appendingPathComponent("pocket.sqlite").path
    let text = try #require(await koreanMessage { _ = try SQLiteStore.open(path: path) })
    #expect(text.contains("다른 사용자가 이 폴더에 쓸 수 있습니다 (권한 0777)"), "\(text)")
    #expect(text.contains("chmod go-w") && text.hasSuffix("실행하세요"), "\(text)")
    #expect(!text.contains("writable") && !text.contains("run:"), "\(text)")
  }

  @Test func aStoreFileDeletedWhileShownIsReportedInKorean() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("pocket.sqlite").path
    let store = try SQLiteStore.open(path: path)
    _ = try await store.repositories.chat.insert(content: "before", date: Fixtures.referenceDate)
    try FileManager.default.removeItem(atPath: path)
    let text = try #require(
      await koreanMessage {
        _ = try await store.repositories.chat.insert(content: "after", date: Fixtures.referenceDate)
      })
    #expect(text.contains("Pocket이 보여 주는 사이에 지워지거나 다른 곳으로 옮겨졌습니다"), "\(text)")
    #expect(!text.contains("deleted") && !text.contains("기술적 원인"), "\(text)")
  }
}
