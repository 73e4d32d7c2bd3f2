import PocketDomain

/// The wording of a store's failure (`StoreProblem`) in English and Korean. A `.system`
/// cause is text that is not Pocket's (an OS, SQLite, server or decoder message): English
/// shows it as it is, Korean shows it verbatim as the technical cause, in parentheses.
extension Strings {
  /// `problem` in the user's language: its cause, then Pocket's advice when it has some.
  /// English: "the file is empty (0 bytes)", "…; run: chmod go-w '/p'".
  public func reason(_ problem: StoreProblem) -> String {
    switch language {
    case .en:
      [englishCause(problem.cause), problem.advice.map(english)].compactMap { $0 }.joined(
        separator: "; ")
    case .ko:
      // Pocket's own sentence ends before the advice; a verbatim cause is in parentheses.
      [koreanCause(problem.cause), problem.advice.map(korean)].compactMap { $0 }
        .joined(separator: problem.cause.isVerbatim ? " " : ". ")
    }
  }

  /// `problem` after a Korean heading that ends with a path or a word: a cause worded in
  /// Korean after a colon, a verbatim one in parentheses.
  func koreanDetail(_ problem: StoreProblem) -> String {
    (problem.cause.isVerbatim ? " " : ": ") + reason(problem)
  }

  func englishCause(_ cause: StoreCause) -> String {
    switch cause {
    case .system(let text): text
    case .check(let failure): english(failure)
    case .document(let problem): english(problem)
    case .rates(let problem): english(problem)
    case .postgresURL(let problem): words(problem).english
    case .cannot(let action, let because): "cannot \(english(action)): \(englishCause(because))"
    case .step(let step, let path, let because):
      "cannot \(english(step, path))" + ": " + englishCause(because)
    case .cannotRename(let from, let to, let because):
      "cannot rename \(from) to \(to): \(englishCause(because))"
    case .notRegular(let path, let kind):
      (path.map { "\($0) is not" } ?? "not") + " a regular file"
        + (kind.map { " (\(english($0)))" } ?? "")
    case .noWriter(let seconds): "no program wrote to it within \(seconds) s"
    case .noSuchFile: "no such file"
    case .isA(let kind): "it is \(english(kind))"
    case .folderInPlaceOfFile: "a directory is in the place of the file"
    case .symbolicLink: "it is a symbolic link (Pocket does not follow links to store files)"
    case .notRegularFile: "not a regular file"
    case .notAFolder: "not a directory"
    case .namesAFolder: "it names a folder (a / ends it)"
    case .folderNotFile: "it is a folder"
    case .ratesResponseTooLarge(let mebibytes):
      "the file is larger than \(mebibytes) MiB, the most a rates response may be"
    case .folderNotArchive: "it is a folder, not an archive file"
    case .archiveTooLarge(let mebibytes):
      "it is larger than \(mebibytes) MiB, the most an archive may hold"
    case .emptyFile: "the file is empty (0 bytes)"
    case .readOnlyFile: "the file is read-only"
    case .gone(let replaced):
      replaced
        ? "another file was put in its place while Pocket had it open; Pocket leaves that file as it is"
        : "it was deleted or moved away while Pocket showed it"
    case .ownedByAnotherUser(let uid): "the folder is owned by another user (uid \(uid))"
    case .writableByOthers(let mode): "the folder is writable by other users (mode \(mode))"
    case .locked(let holder, let seconds):
      "the store is locked by \(holder.map { "process \($0)" } ?? "another process") (waited \(seconds) s)"
    case .keptChanging(let seconds):
      "the store changed all the time it was being read (\(seconds) s)"
    case .diskFull(let effect):
      "the disk is full (No space left on device, ENOSPC)"
        + (effect.map { ": " + english($0) } ?? "")
    case .nameTooLong(let start, let bytes, let limit):
      "a name in the path is too long: \"\(start)…\" has \(bytes) bytes, and a name may have at most \(limit)"
    case .pathTooLong(let length):
      "the path is too long: \(length.bytes) bytes, and a store folder's path may have at most "
        + "\(length.folderLimit) (\(length.bySQLite ? "SQLite opens paths of" : "a path may have") at most "
        + "\(length.pathLimit) bytes, store file names included)"
    case .realPathNotUTF8(let shown): "its real path is not UTF-8 text: '\(shown)'"
    case .currentFolderNotUTF8(let shown):
      "the relative path is resolved against the current folder, whose path is not UTF-8 text: '\(shown)'"
    case .currentFolderUnreadable(let because):
      "the current folder cannot be read (\(englishCause(because))) to resolve the relative path"
    case .noHome(let problem): "\(english(problem)) and there is no absolute XDG_DATA_HOME"
    case .logNotCopied, .noWriteAheadLog, .schemaTooNew, .notPocketDatabase, .notRateSettings,
      .missingSchemaObject,
      .foreignSchema, .unusableDatabase, .changedWhileReadOnly, .connectionFailed, .connectionLost,
      .offlineCopy,
      .foreignObjects, .rowCountMissing, .counterMissing, .appearsTwice, .chunkLostRecords,
      .snapshotNotRewritten, .journalNotEmptied, .screenNotKept, .inLine,
      .fromSource, .noCachedRates,
      .changeOutOfOrder:
      englishDatabaseCause(cause)
    }
  }

  func englishDatabaseCause(_ cause: StoreCause) -> String {
    switch cause {
    case .logNotCopied(let bytes): "its log (\(bytes) bytes) could not be copied into it"
    case .noWriteAheadLog(let mode):
      "cannot use write-ahead logging (journal mode \(mode ?? "unknown"))"
    case .schemaTooNew(let version, let current):
      "schema version \(version) is newer than this Pocket (\(current))"
    case .notPocketDatabase: "not a Pocket database (another program's SQLite file)"
    case .notRateSettings:
      "not Pocket's rate settings (another version, a source that is no http(s) URL without "
        + "a password or absolute path, or a time out of range)"
    case .missingSchemaObject(let object, let name): "the \(object.rawValue) \"\(name)\" is missing"
    case .foreignSchema(let because): "the schema is not this Pocket's: \(englishCause(because))"
    case .unusableDatabase(let because): "not a usable SQLite database: \(englishCause(because))"
    case .changedWhileReadOnly:
      "it was opened for reading only on a full disk, and another process has changed it since"
    case .connectionFailed(let because):
      "the connection to the server failed: \(englishCause(because))"
    case .connectionLost(let because):
      "the connection to the server was lost: \(englishCause(because))"
    case .offlineCopy(let copiedAt, let because):
      "the server does not answer (\(englishCause(because))): shown is this machine's copy "
        + "as of \(dateTime(copiedAt)); no change can be made until it answers"
    case .foreignObjects(let schema, let objects):
      "the schema \"\(schema)\" holds objects that are not Pocket's (\(objects))"
    case .rowCountMissing(let table): "the row count of \"\(table)\" is missing"
    case .counterMissing(let name): "the id counter \"\(name)\" is missing"
    case .appearsTwice(let key, nil): "a \(english(key)) appears twice"
    case .appearsTwice(let key, let value?): "duplicate \(english(key)) \(value)"
    case .inLine(let line, .changeOutOfOrder(let change, let after)):
      "line \(line): change \(change) follows change \(after)"
    case .inLine(let line, let because): "line \(line): \(englishCause(because))"
    case .changeOutOfOrder(let change, let after): "change \(change) follows change \(after)"
    case .chunkLostRecords: "a chunk did not hold its records"
    case .snapshotNotRewritten(let journal, let because):
      "the change is saved in \(journal), but the snapshot could not be rewritten "
        + "(\(englishCause(because))); Pocket tries again at a later change"
    case .journalNotEmptied(let journal, let because):
      "the snapshot was rewritten, but \(journal) could not be emptied "
        + "(\(englishCause(because))); Pocket tries again at a later change"
    case .screenNotKept: "the screen shown is not kept for the next run: the disk is full (ENOSPC)"
    case .fromSource(let source, let because): "\(source): \(englishCause(because))"
    case .noCachedRates: "no cached rates"
    default: preconditionFailure("worded by englishCause: \(cause)")
    }
  }

  func english(_ action: FileAction) -> String {
    switch action {
    case .examineFile: "examine the file"
    case .readAndWriteFile: "read and write the file"
    case .createFile: "create the file"
    case .openFile: "open the file"
    case .syncFile: "sync the file"
    case .examineFolder: "examine the folder"
    case .openFolder: "open the folder"
    case .openFolderToSync: "open the folder to sync it"
    case .syncFolder: "sync the folder"
    case .createFolder: "create the directory"
    case .resolveFolder: "resolve the folder"
    case .createDatabase: "create the database"
    }
  }

  /// A file step as it follows "cannot": "create /s/.pocket-tmp", "open /s for writing".
  func english(_ step: FileStep, _ path: String?) -> String {
    let at = path.map { " \($0)" } ?? ""
    return switch step {
    case .create: "create\(at)"
    case .open: "open\(at)"
    case .openForReading: "open\(at) for reading"
    case .openForWriting: "open\(at) for writing"
    case .openLockFile: "open the lock file\(at)"
    case .examine: "examine\(at)"
    case .seek: "seek\(at)"
    case .position: "position\(at)"
    case .read: "read\(at)"
    case .write: "write\(at)"
    case .sync: "sync\(at)"
    case .close: "close\(at)"
    case .lock: "lock\(at)"
    case .use: "use\(at)"
    }
  }

  func english(_ kind: FileKind) -> String {
    switch kind {
    case .folder: "a directory"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a FIFO"
    case .device: "a device"
    case .socket: "a socket"
    case .other: "not a regular file"
    }
  }

  func english(_ effect: DiskFullEffect) -> String {
    switch effect {
    case .nothingChanged: "nothing was changed"
    case .readOnly: "the store can be read but not changed"
    case .logNeedsRoom: "its write-ahead log holds changes that cannot be read without room"
    case .schemaNeedsRoom: "the file needs room to be updated to this Pocket's schema"
    }
  }

  func english(_ problem: HomeProblem) -> String {
    switch problem {
    case .notSet: "HOME is not set"
    case .empty: "HOME is empty"
    case .notAbsolute(let home): "HOME (\(home)) is not an absolute path"
    }
  }

  func english(_ key: UniqueKey) -> String {
    switch key {
    case .lapNumber: "lap number"
    case .bookmarkURL: "bookmark url"
    case .id(let list): "\(list) id"
    case .terminalKey: "terminal key"
    }
  }

  /// Pocket's advice as it ends an English reason.
  func english(_ advice: Advice) -> String {
    switch advice {
    case .removeOthersWrite(let command): "run: \(command)"
    case .useOwnFolder: "keep the store in a folder of your own"
    case .retryWhenItEnds: "try again when it ends"
    case .retry: "try again"
    case .useStorePath: "use --store-path DIR"
    case .exportToRegularFile: "export writes only a new file or over a regular file"
    case .keepPathBytes:
      "Pocket keeps a path byte for byte or refuses it: give an absolute path, or rename the folder"
    case .freeSpace: "free some space and try again"
    case .runAgain: "run the command again"
    case .useAbsolutePath: "give an absolute path"
    case .updatePocket: "update Pocket to open it"
    case .chooseAnotherSchema: "choose another with --store-schema"
    }
  }

  /// Pocket's advice in Korean.
  func korean(_ advice: Advice) -> String {
    switch advice {
    case .removeOthersWrite(let command):
      "다른 사용자의 쓰기 권한을 없애려면 \(command)\(Korean.particle(.object, after: command)) 실행하세요"
    case .useOwnFolder: "저장소는 자신의 폴더에 두세요"
    case .retryWhenItEnds: "그 프로세스가 끝나면 다시 시도하세요"
    case .retry: "다시 시도하세요"
    case .useStorePath: "--store-path DIR로 저장소 폴더를 정하세요"
    case .exportToRegularFile: "export는 새 파일이나 일반 파일에만 씁니다"
    case .keepPathBytes: "경로는 바이트 그대로 쓰거나 받지 않습니다: 절대 경로를 쓰거나 폴더 이름을 바꾸세요"
    case .freeSpace: "공간을 비운 뒤 다시 시도하세요"
    case .runAgain: "명령을 다시 실행하세요"
    case .useAbsolutePath: "절대 경로를 쓰세요"
    case .updatePocket: "열려면 Pocket을 업데이트하세요"
    case .chooseAnotherSchema: "--store-schema로 다른 스키마를 고르세요"
    }
  }
}

extension StoreCause {
  /// Whether the cause is text shown as it came (`.system`), not a sentence a front end
  /// words.
  var isVerbatim: Bool {
    switch self {
    case .system: true
    default: false
    }
  }
}
