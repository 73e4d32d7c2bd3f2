import Foundation

/// What went wrong with a store, an archive file or a rate source (`StoreProblem.cause`).
/// Every cause Pocket words itself is a case with its values (paths, names, numbers); only
/// `.system` carries text, and that text is not Pocket's: an OS, SQLite, libpq, libcurl or
/// HTTP message, or a decoder's, shown verbatim. A front end words every other case in the
/// user's language.
public indirect enum StoreCause: Equatable, Sendable {
  /// Text that is not Pocket's own, shown as it came (an `strerror`, a SQLite or server
  /// message, a JSON decoder's error): it is what one searches for.
  case system(String)
  /// A value of a store file or an archive failed the range and text checks (`CheckFailure`).
  case check(CheckFailure)
  /// What is wrong in a JSON document Pocket reads: a store's, an archive's.
  case document(DocumentProblem)
  /// Why a rates response gives no rates.
  case rates(RateProblem)

  // MARK: Files and folders

  /// An operation on a file or folder failed, for the nested cause (usually `.system`).
  case cannot(FileAction, because: StoreCause)
  /// A step of reading or writing a file failed, for the nested cause: at `path` when it is
  /// not the path reported beside the cause (a temporary file, the lock file).
  case step(FileStep, path: String?, because: StoreCause)
  /// A temporary file could not be renamed to the file it replaces.
  case cannotRename(from: String, to: String, because: StoreCause)
  /// The path (`path`, when not the one reported) names something that is not a regular
  /// file: what it is, when it could be told.
  case notRegular(path: String?, kind: FileKind?)
  /// A FIFO named as a file to read got no bytes from a writer within `seconds`.
  case noWriter(seconds: Int64)
  /// There is no file at the path.
  case noSuchFile
  /// The path names a folder, a link, a device…: not a file Pocket writes over.
  case isA(FileKind)
  /// A folder is where the store's file should be.
  case folderInPlaceOfFile
  /// A symbolic link is where a store file should be: Pocket does not follow links to
  /// store files.
  case symbolicLink
  /// The path names something that is not a regular file.
  case notRegularFile
  /// The path names something that is not a folder.
  case notAFolder
  /// A path that ends in a slash names a folder, not a file to write.
  case namesAFolder
  /// A folder is named as a file to read.
  case folderNotFile
  /// A rates response (or rates file) larger than one may be (`mebibytes`).
  case ratesResponseTooLarge(mebibytes: Int)
  /// A folder is named as the archive file to read.
  case folderNotArchive
  /// The archive file is larger than an archive may be (`mebibytes`).
  case archiveTooLarge(mebibytes: Int)
  /// The file is empty (0 bytes).
  case emptyFile
  /// The file can be read but not written.
  case readOnlyFile
  /// The store file was deleted or moved away while Pocket showed it (`replaced`: another
  /// file was put in its place; Pocket leaves that file as it is).
  case gone(replaced: Bool)
  /// The store folder belongs to another user (`uid`).
  case ownedByAnotherUser(uid: UInt32)
  /// Other users may write to the store folder: its mode, in octal (`0777`).
  case writableByOthers(mode: String)
  /// Another process (`holder`, when known) held the store's lock for the whole wait.
  case locked(holder: Int32?, waitedSeconds: Int64)
  /// The store changed all the time it was being read, for `seconds`.
  case keptChanging(seconds: Int64)
  /// The server of a shared store did not answer (`because`), so what is shown is this
  /// machine's copy of its records as it was last brought up to date (`copiedAt`); changes
  /// are refused until the server answers.
  case offlineCopy(copiedAt: Date, because: StoreCause)
  /// The disk has no room (`ENOSPC`); `effect` says what that means for the store, when
  /// more than that.
  case diskFull(DiskFullEffect?)
  /// A name in the path is longer than a name may be: its first characters, its length
  /// in bytes and the limit.
  case nameTooLong(start: String, bytes: Int, limit: Int)
  /// The store folder's path is longer than it may be, with the store's file names after it.
  case pathTooLong(PathLength)
  /// A folder's real path (its links resolved) is not UTF-8: its bytes as shown.
  case realPathNotUTF8(shown: String)
  /// The current folder's path, against which a relative path is resolved, is not UTF-8.
  case currentFolderNotUTF8(shown: String)
  /// The current folder's path cannot be read (the nested cause), so a relative path
  /// cannot be resolved.
  case currentFolderUnreadable(because: StoreCause)
  /// No folder for the store: HOME is not usable and XDG_DATA_HOME is not absolute.
  case noHome(HomeProblem)

  // MARK: Databases

  /// The store's write-ahead log (of `bytes`) could not be copied into its file.
  case logNotCopied(bytes: Int64)
  /// SQLite cannot use write-ahead logging: the journal mode it kept, when it said one.
  case noWriteAheadLog(mode: String?)
  /// The store's schema is newer than this Pocket's.
  case schemaTooNew(version: Int, current: Int)
  /// Another program's SQLite file, not a Pocket store.
  case notPocketDatabase
  /// A rate settings file that is not what Pocket writes (another version, a source that is
  /// neither an http(s) URL without a password nor an absolute path, a time out of range).
  case notRateSettings
  /// A table or trigger Pocket's schema has is missing.
  case missingSchemaObject(SchemaObject, name: String)
  /// A statement of Pocket's failed as a schema that is not Pocket's makes it fail.
  case foreignSchema(because: StoreCause)
  /// The file is not a SQLite database SQLite can use.
  case unusableDatabase(because: StoreCause)
  /// A store opened for reading only on a full disk was changed since by another process.
  case changedWhileReadOnly
  /// The connection to the database server failed.
  case connectionFailed(because: StoreCause)
  /// The connection to the database server was lost.
  case connectionLost(because: StoreCause)
  /// A PostgreSQL URL or connection string refused before libpq sees it (it is not shown).
  case postgresURL(PostgresURLProblem)
  /// A PostgreSQL schema without Pocket's version table that holds other objects.
  case foreignObjects(schema: String, objects: String)

  // MARK: Rates

  /// The rate source named (a url, a file path) failed, for the nested cause.
  case fromSource(String, StoreCause)
  /// No rates are cached, and none could be had.
  case noCachedRates

  // MARK: Records

  /// A table's row count, which Pocket keeps, is missing.
  case rowCountMissing(table: String)
  /// An id counter Pocket keeps is missing.
  case counterMissing(name: String)
  /// A key that must be unique appears twice (`value`, when the check names it).
  case appearsTwice(UniqueKey, value: String?)
  /// A change was saved in the journal at `journal`, but the snapshot could not be
  /// rewritten (the nested cause); Pocket tries again at a later change. A warning.
  case snapshotNotRewritten(journal: String, because: StoreCause)
  /// The snapshot was rewritten, but the journal at `journal` could not be emptied (the
  /// nested cause); Pocket tries again at a later change. A warning.
  case journalNotEmptied(journal: String, because: StoreCause)
  /// The disk is full: the screen shown is not kept for the next run. A warning.
  case screenNotKept
  /// A chunk of a list, decoded, did not hold as many records as it was cut from.
  case chunkLostRecords
  /// Line `line` of the journal, for the nested cause.
  case inLine(Int, StoreCause)
  /// A journal change numbered `change` follows change `after` (not the one after it).
  case changeOutOfOrder(change: Int64, after: Int64)
}

/// What Pocket tried to do with a file or folder (`StoreCause.cannot`).
public enum FileAction: Equatable, Sendable, CaseIterable {
  case examineFile, readAndWriteFile, createFile, openFile, syncFile
  case examineFolder, openFolder, openFolderToSync, syncFolder, createFolder, resolveFolder
  case createDatabase
}

/// A step of reading or writing a file (`StoreCause.step`).
public enum FileStep: Equatable, Sendable, CaseIterable {
  case create, open, openForReading, openForWriting, openLockFile, examine, seek, position
  case read, write, sync, close, lock, use
}

/// What a path names that is not a regular file (`StoreCause.isA`).
public enum FileKind: Equatable, Sendable, CaseIterable {
  case folder, symbolicLink, fifo, device, socket, other
}

/// What a full disk means for the store (`StoreCause.diskFull`).
public enum DiskFullEffect: Equatable, Sendable, CaseIterable {
  /// The change was refused: nothing changed.
  case nothingChanged
  /// The store can be read but not changed.
  case readOnly
  /// Its write-ahead log holds changes that cannot be read without room.
  case logNeedsRoom
  /// The file needs room to be updated to this Pocket's schema.
  case schemaNeedsRoom
}

/// A path too long for a store folder (`StoreCause.pathTooLong`).
public struct PathLength: Equatable, Sendable {
  /// The folder path's length, in bytes.
  public var bytes: Int
  /// The most a store folder's path may have.
  public var folderLimit: Int
  /// The most a whole path may have, store file names included.
  public var pathLimit: Int
  /// Whether the limit is SQLite's (the paths it opens), not the system's.
  public var bySQLite: Bool

  public init(bytes: Int, folderLimit: Int, pathLimit: Int, bySQLite: Bool) {
    self.bytes = bytes
    self.folderLimit = folderLimit
    self.pathLimit = pathLimit
    self.bySQLite = bySQLite
  }
}

/// Why HOME gives no store folder (`StoreCause.noHome`).
public enum HomeProblem: Equatable, Sendable {
  case notSet
  case empty
  /// HOME holds this, which is not an absolute path.
  case notAbsolute(String)
}

/// A table or a trigger of a store's schema (`StoreCause.missingSchemaObject`).
public enum SchemaObject: String, Equatable, Sendable, CaseIterable {
  case table, trigger
}

/// A key a store or an archive holds once (`StoreCause.appearsTwice`).
public enum UniqueKey: Equatable, Sendable {
  /// A lap number.
  case lapNumber
  /// A bookmark's url.
  case bookmarkURL
  /// A record's id in the list named (`list`, as the file names it).
  case id(list: String)
  /// A terminal's key, among the lists of what terminals showed.
  case terminalKey
}

extension StoreCause {
  /// This cause with every text in it (`.system`) passed through `transform`:
  /// for a store that must hide a secret a server's message may repeat.
  public func mappingText(_ transform: (String) -> String) -> StoreCause {
    switch self {
    case .system(let text): .system(transform(text))
    case .cannot(let action, let cause): .cannot(action, because: cause.mappingText(transform))
    case .step(let step, let path, let cause):
      .step(step, path: path, because: cause.mappingText(transform))
    case .cannotRename(let from, let to, let cause):
      .cannotRename(from: from, to: to, because: cause.mappingText(transform))
    case .currentFolderUnreadable(let cause):
      .currentFolderUnreadable(because: cause.mappingText(transform))
    case .foreignSchema(let cause): .foreignSchema(because: cause.mappingText(transform))
    case .unusableDatabase(let cause): .unusableDatabase(because: cause.mappingText(transform))
    case .connectionFailed(let cause): .connectionFailed(because: cause.mappingText(transform))
    case .connectionLost(let cause): .connectionLost(because: cause.mappingText(transform))
    case .offlineCopy(let copiedAt, let cause):
      .offlineCopy(copiedAt: copiedAt, because: cause.mappingText(transform))
    case .inLine(let line, let cause): .inLine(line, cause.mappingText(transform))
    case .fromSource(let source, let cause): .fromSource(source, cause.mappingText(transform))
    case .snapshotNotRewritten(let journal, let cause):
      .snapshotNotRewritten(journal: journal, because: cause.mappingText(transform))
    case .journalNotEmptied(let journal, let cause):
      .journalNotEmptied(journal: journal, because: cause.mappingText(transform))
    case .noSuchFile, .notRegular, .noWriter, .isA, .folderInPlaceOfFile, .symbolicLink,
      .notRegularFile, .notAFolder, .namesAFolder, .folderNotFile, .ratesResponseTooLarge,
      .folderNotArchive, .archiveTooLarge, .emptyFile, .readOnlyFile, .gone, .ownedByAnotherUser,
      .writableByOthers, .locked, .keptChanging, .diskFull, .nameTooLong, .pathTooLong,
      .realPathNotUTF8, .currentFolderNotUTF8, .noHome, .logNotCopied, .noWriteAheadLog,
      .schemaTooNew, .notPocketDatabase, .notRateSettings, .missingSchemaObject,
      .changedWhileReadOnly,
      .foreignObjects, .noCachedRates, .rowCountMissing, .counterMissing, .appearsTwice,
      .screenNotKept, .chunkLostRecords,
      .changeOutOfOrder, .check, .rates, .document, .postgresURL:
      // No text of another's: nothing to pass through `transform`.
      self
    }
  }
}
