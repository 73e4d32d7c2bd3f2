import PocketDomain

/// The Korean wording of a store's failure (`StoreProblem`): every cause Pocket words
/// itself is a Korean sentence; only a `.system` cause is kept verbatim, as the technical
/// cause in parentheses.
extension Strings {
  func koreanCause(_ cause: StoreCause) -> String {
    switch cause {
    case .system(let text): "(기술적 원인: \(text))"
    case .check(let failure): korean(failure)
    case .document(let problem): korean(problem)
    case .rates(let problem): korean(problem)
    case .postgresURL(let problem): words(problem).korean
    case .cannot(let action, let because): "\(korean(action)) 수 없습니다" + koreanNested(because)
    case .step(let step, let path, let because):
      "\(path.map { "\($0): " } ?? "")\(korean(step)) 수 없습니다" + koreanNested(because)
    case .cannotRename(let from, let to, let because):
      "\(from)의 이름을 \(Korean.word(to, .direction)) 바꿀 수 없습니다" + koreanNested(because)
    case .notRegular(let path, let kind):
      "\(path.map { "\($0): " } ?? "")일반 파일이 아닙니다" + (kind.map { " (\(korean($0)))" } ?? "")
    case .noWriter(let seconds): "\(seconds)초 안에 아무 프로그램도 쓰지 않았습니다"
    case .noSuchFile: "파일이 없습니다"
    case .isA(let kind): "\(korean(kind))입니다"
    case .folderInPlaceOfFile: "파일 자리에 폴더가 있습니다"
    case .symbolicLink: "심볼릭 링크입니다 (Pocket은 저장소 파일의 링크를 따라가지 않습니다)"
    case .notRegularFile: "일반 파일이 아닙니다"
    case .notAFolder: "폴더가 아닙니다"
    case .namesAFolder: "폴더를 가리킵니다 (/로 끝납니다)"
    case .folderNotFile: "파일이 아니라 폴더입니다"
    case .ratesResponseTooLarge(let mebibytes): "환율 응답이 받을 수 있는 최대 크기인 \(mebibytes) MiB보다 큽니다"
    case .folderNotArchive: "내보낸 파일이 아니라 폴더입니다"
    case .archiveTooLarge(let mebibytes): "내보낸 파일이 받을 수 있는 최대 크기인 \(mebibytes) MiB보다 큽니다"
    case .emptyFile: "파일이 비어 있습니다 (0바이트)"
    case .readOnlyFile: "읽기 전용 파일입니다"
    case .gone(let replaced):
      replaced
        ? "Pocket이 열어 둔 사이에 다른 파일이 그 자리에 놓였습니다. 그 파일은 그대로 둡니다"
        : "Pocket이 보여 주는 사이에 지워지거나 다른 곳으로 옮겨졌습니다"
    case .ownedByAnotherUser(let uid): "폴더의 주인이 다른 사용자입니다 (사용자 ID \(uid))"
    case .writableByOthers(let mode): "다른 사용자가 이 폴더에 쓸 수 있습니다 (권한 \(mode))"
    case .locked(let holder, let seconds):
      "\(holder.map { "프로세스 \($0)" } ?? "다른 프로세스")\(holder.map { Korean.particle(.subject, after: "\($0)") } ?? "가") "
        + "저장소를 잠그고 있습니다 (\(seconds)초 기다림)"
    case .keptChanging(let seconds): "읽는 \(seconds)초 내내 저장소가 계속 바뀌었습니다"
    case .diskFull(let effect):
      "디스크가 가득 찼습니다 (ENOSPC)" + (effect.map { ": " + korean($0) } ?? "")
    case .nameTooLong(let start, let bytes, let limit):
      "경로의 이름이 너무 깁니다: \"\(start)…\"의 길이가 \(bytes)바이트이고, 이름은 최대 \(limit)바이트입니다"
    case .pathTooLong(let length):
      "경로가 너무 깁니다: \(length.bytes)바이트이고, 저장소 폴더의 경로는 최대 \(length.folderLimit)바이트입니다 "
        + "(\(length.bySQLite ? "SQLite가 여는 경로는" : "경로는") 저장소 파일 이름을 포함해 최대 \(length.pathLimit)바이트)"
    case .realPathNotUTF8(let shown): "실제 경로가 UTF-8 텍스트가 아닙니다: '\(shown)'"
    case .currentFolderNotUTF8(let shown):
      "상대 경로는 현재 폴더를 기준으로 하는데, 현재 폴더의 경로가 UTF-8 텍스트가 아닙니다: '\(shown)'"
    case .currentFolderUnreadable(let because):
      "상대 경로를 풀 현재 폴더를 읽을 수 없습니다" + koreanNested(because)
    case .noHome(let problem): "\(korean(problem)), 절대 경로인 XDG_DATA_HOME도 없습니다"
    case .logNotCopied, .noWriteAheadLog, .schemaTooNew, .notPocketDatabase, .notRateSettings,
      .missingSchemaObject,
      .foreignSchema, .unusableDatabase, .changedWhileReadOnly, .connectionFailed, .connectionLost,
      .offlineCopy,
      .foreignObjects, .rowCountMissing, .counterMissing, .appearsTwice, .chunkLostRecords,
      .snapshotNotRewritten, .journalNotEmptied, .screenNotKept, .inLine,
      .fromSource, .noCachedRates,
      .changeOutOfOrder:
      koreanDatabaseCause(cause)
    }
  }

  func koreanDatabaseCause(_ cause: StoreCause) -> String {
    switch cause {
    case .logNotCopied(let bytes): "로그(\(bytes)바이트)를 파일에 옮겨 적지 못했습니다"
    case .noWriteAheadLog(let mode): "미리 쓰기 로그(WAL)를 쓸 수 없습니다 (저널 모드: \(mode ?? "알 수 없음"))"
    case .schemaTooNew(let version, let current):
      "스키마 버전 \(version)\(Korean.particle(.subject, after: "\(version)")) 이 Pocket(\(current))보다 새롭습니다"
    case .notPocketDatabase: "Pocket 데이터베이스가 아닙니다 (다른 프로그램의 SQLite 파일)"
    case .notRateSettings:
      "Pocket의 환율 설정이 아닙니다 (다른 버전이거나, 받을 곳이 비밀번호 없는 http·https 주소나 "
        + "절대 경로가 아니거나, 시각이 범위를 벗어났습니다)"
    case .missingSchemaObject(let object, let name):
      "\"\(name)\" \(object == .table ? "테이블이" : "트리거가") 없습니다"
    case .foreignSchema(let because): "스키마가 이 Pocket의 것이 아닙니다" + koreanNested(because)
    case .unusableDatabase(let because): "쓸 수 있는 SQLite 데이터베이스가 아닙니다" + koreanNested(because)
    case .changedWhileReadOnly:
      "디스크가 가득 차 읽기 전용으로 연 뒤 다른 프로세스가 저장소를 바꿨습니다"
    case .connectionFailed(let because): "서버에 연결하지 못했습니다" + koreanNested(because)
    case .connectionLost(let because): "서버와의 연결이 끊겼습니다" + koreanNested(because)
    case .offlineCopy(let copiedAt, let because):
      "서버가 응답하지 않습니다" + koreanNested(because)
        + ". \(dateTime(copiedAt)) 기준 이 컴퓨터의 사본을 보여 줍니다. 변경은 서버가 응답할 때까지 할 수 없습니다"
    case .foreignObjects(let schema, let objects):
      "스키마 \"\(schema)\"에 Pocket의 것이 아닌 객체가 있습니다 (\(objects))"
    case .rowCountMissing(let table): "\"\(table)\"의 행 수 기록이 없습니다"
    case .counterMissing(let name): "\"\(name)\" ID 카운터가 없습니다"
    case .appearsTwice(let key, nil):
      "\(korean(key))\(Korean.particle(.subject, after: korean(key))) 두 번 나옵니다"
    case .appearsTwice(let key, let value?):
      "\(korean(key)) \(value)\(Korean.particle(.subject, after: value)) 두 번 나옵니다"
    case .chunkLostRecords: "나누어 읽은 목록에서 기록 일부가 빠졌습니다"
    case .snapshotNotRewritten(let journal, let because):
      "변경은 \(journal)에 저장되었지만 스냅샷을 다시 쓰지 못했습니다"
        + koreanNested(because) + ". 다음 변경 때 다시 시도합니다"
    case .journalNotEmptied(let journal, let because):
      "스냅샷은 다시 썼지만 \(Korean.word(journal, .object)) 비우지 못했습니다"
        + koreanNested(because) + ". 다음 변경 때 다시 시도합니다"
    case .screenNotKept: "디스크가 가득 차(ENOSPC) 보고 있는 화면을 다음 실행을 위해 저장하지 못합니다"
    case .fromSource(let source, let because): source + koreanNested(because)
    case .noCachedRates: "저장된 환율이 없습니다"
    case .inLine(let line, let because): "\(line)번째 줄" + koreanNested(because)
    case .changeOutOfOrder(let change, let after):
      "변경 \(change)\(Korean.particle(.subject, after: "\(change)")) 변경 \(after) 다음에 옵니다"
    default: koreanCause(cause)
    }
  }

  func korean(_ action: FileAction) -> String {
    switch action {
    case .examineFile: "파일 상태를 확인할"
    case .readAndWriteFile: "파일을 읽고 쓸"
    case .createFile: "파일을 만들"
    case .openFile: "파일을 열"
    case .syncFile: "파일을 디스크에 동기화할"
    case .examineFolder: "폴더 상태를 확인할"
    case .openFolder: "폴더를 열"
    case .openFolderToSync: "동기화하려고 폴더를 열"
    case .syncFolder: "폴더를 디스크에 동기화할"
    case .createFolder: "폴더를 만들"
    case .resolveFolder: "폴더의 실제 경로를 찾을"
    case .createDatabase: "데이터베이스를 만들"
    }
  }

  /// A file step, before "수 없습니다".
  func korean(_ step: FileStep) -> String {
    switch step {
    case .create: "만들"
    case .open: "열"
    case .openForReading: "읽으려고 열"
    case .openForWriting: "쓰려고 열"
    case .openLockFile: "잠금 파일을 열"
    case .examine: "상태를 확인할"
    case .seek: "읽을 위치로 옮길"
    case .position: "쓸 위치로 옮길"
    case .read: "읽을"
    case .write: "쓸"
    case .sync: "디스크에 동기화할"
    case .close: "닫을"
    case .lock: "잠글"
    case .use: "쓸"
    }
  }

  func korean(_ kind: FileKind) -> String {
    switch kind {
    case .folder: "폴더"
    case .symbolicLink: "심볼릭 링크"
    case .fifo: "FIFO"
    case .device: "장치 파일"
    case .socket: "소켓"
    case .other: "일반 파일이 아닌 것"
    }
  }

  func korean(_ effect: DiskFullEffect) -> String {
    switch effect {
    case .nothingChanged: "바뀐 것은 없습니다"
    case .readOnly: "저장소를 읽을 수는 있지만 바꿀 수는 없습니다"
    case .logNeedsRoom: "미리 쓰기 로그에 공간 없이는 읽을 수 없는 변경이 있습니다"
    case .schemaNeedsRoom: "이 Pocket의 스키마로 올리려면 공간이 필요합니다"
    }
  }

  func korean(_ problem: HomeProblem) -> String {
    switch problem {
    case .notSet: "HOME이 설정되지 않았고"
    case .empty: "HOME이 비어 있고"
    case .notAbsolute(let home): "HOME(\(home))이 절대 경로가 아니고"
    }
  }

  func korean(_ key: UniqueKey) -> String {
    switch key {
    case .lapNumber: "랩 번호"
    case .bookmarkURL: "북마크 URL"
    case .id(let list): "\(list)의 ID"
    case .terminalKey: "터미널 키"
    }
  }

  /// A nested cause after the Korean words it explains: a verbatim one in parentheses, a
  /// worded one after a colon.
  func koreanNested(_ cause: StoreCause) -> String {
    (cause.isVerbatim ? " " : ": ") + koreanCause(cause)
  }
}
