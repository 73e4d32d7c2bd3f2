import PocketDomain

/// The wording of what is wrong in a JSON document Pocket reads (`DocumentProblem`) and in
/// an archive's layout, in English and Korean. Paths, field names and numbers are shown as
/// they are; a decoder's own words are a nested `.system` cause.
extension Strings {
  func english(_ problem: DocumentProblem) -> String {
    switch problem {
    case .nestedTooDeep(let levels, let byte):
      "nesting deeper than \(levels) levels at byte \(byte)"
    case .notAWholeNumber(let path, let number):
      "\(path ?? "the document") \(number) is not a whole number in range"
    case .notJSON: "not valid JSON (truncated or damaged)"
    case .invalidValue(let path, let because):
      "invalid value at \(path ?? "the top level"): \(englishCause(because))"
    case .missingField(let field, let path):
      "missing field \"\(field)\" at \(path ?? "the top level")"
    case .wrongType(let path, let because):
      "wrong type at \(path ?? "the top level"): \(englishCause(because))"
    case .notPocketDocument(let because): "not a Pocket JSON document: \(englishCause(because))"
    case .wrongFormat(let format, let expected): "format is \"\(format)\", expected \"\(expected)\""
    case .newerVersion(let version, let newest):
      "version \(version) is newer than this Pocket reads (\(newest)); update Pocket to open it"
    case .unknownVersion(let version): "unknown version \(version)"
    case .notAnIdentity(let field): "\(field) is not an identity Pocket makes"
    case .lastIDBelow(let field, let lastID, let given):
      "\(field) \(lastID) is below the id \(given) it has given"
    case .itemIdentity(let field, let number, let both):
      "\(field) \(number) has \(both ? "both an id and a url" : "neither an id nor a url")"
    case .inField(let field, let because): "\(field): \(englishCause(because))"
    case .namesNoKind(let field, let name, let kinds):
      "\(field): \"\(name)\"\(kinds.map { " with kinds \($0)" } ?? "") names no kind"
    case .unknownScreen(let name, let currency):
      "unknown screen \"\(name)\"" + (currency.map { " (currency \($0))" } ?? "")
    case .changedWhileRead: "it changed while it was read"
    case .notAChange(let line, let problem):
      "line \(line) is not a Pocket change" + (problem.map { ": " + english($0) } ?? "")
    case .cannotApply(let line, let because):
      "line \(line) cannot be applied: \(englishCause(because))"
    case .layout(let layout): english(layout)
    }
  }

  func korean(_ problem: DocumentProblem) -> String {
    switch problem {
    case .nestedTooDeep(let levels, let byte):
      "\(byte)번째 바이트에서 배열과 객체가 \(levels)단계보다 깊게 중첩됩니다"
    case .notAWholeNumber(let path, let number):
      "\(path.map { "\($0) 값" } ?? "문서의 값") \(Korean.word(number, .topic)) 범위 안의 정수가 아닙니다"
    case .notJSON: "올바른 JSON이 아닙니다 (잘렸거나 손상됨)"
    case .invalidValue(let path, let because):
      "\(path ?? "최상위")의 값이 올바르지 않습니다" + koreanNested(because)
    case .missingField(let field, let path): "\(path ?? "최상위")에 \"\(field)\" 필드가 없습니다"
    case .wrongType(let path, let because):
      "\(path ?? "최상위")의 값의 형식이 맞지 않습니다" + koreanNested(because)
    case .notPocketDocument(let because): "Pocket의 JSON 문서가 아닙니다" + koreanNested(because)
    case .wrongFormat(let format, let expected):
      "형식이 \"\(expected)\"\(Korean.particle(.subject, after: expected)) 아니라 \"\(format)\"입니다"
    case .newerVersion(let version, let newest):
      "버전 \(Korean.word("\(version)", .subject)) 이 Pocket이 읽는 버전(\(newest))보다 새롭습니다. "
        + "열려면 Pocket을 업데이트하세요"
    case .unknownVersion(let version): "알 수 없는 버전 \(version)입니다"
    case .notAnIdentity(let field): "\(field) 값은 Pocket이 만드는 식별자가 아닙니다"
    case .lastIDBelow(let field, let lastID, let given):
      "\(field) 값 \(Korean.word("\(lastID)", .topic)) 이미 준 번호 \(given)보다 작습니다"
    case .itemIdentity(let field, let number, let both):
      "\(field) 값 \(number)의 행에 번호와 주소가 \(both ? "모두 있습니다" : "모두 없습니다")"
    case .inField(let field, let because): field + koreanNested(because)
    case .namesNoKind(let field, let name, let kinds):
      "\(field): \"\(name)\"\(kinds.map { " (종류 비트 \($0))" } ?? "")에 해당하는 선언된 종류가 없습니다"
    case .unknownScreen(let name, let currency):
      "알 수 없는 화면 \"\(name)\"입니다" + (currency.map { " (통화 \($0))" } ?? "")
    case .changedWhileRead: "읽는 사이에 바뀌었습니다"
    case .notAChange(let line, let problem):
      "\(line)번째 줄은 Pocket의 변경이 아닙니다" + (problem.map { ": " + korean($0) } ?? "")
    case .cannotApply(let line, let because):
      "\(line)번째 줄의 변경을 적용할 수 없습니다" + koreanNested(because)
    case .layout(let layout): korean(layout)
    }
  }

  func english(_ problem: ArchiveLayoutProblem) -> String {
    switch problem {
    case .recordTooLarge(let location, let member, let mebibytes):
      "\(location) \(member ? "makes its record" : "is") larger than \(mebibytes) MiB, the most a "
        + "record may be"
    case .restTooLarge(let location, let byte, let mebibytes):
      "\(location ?? "byte \(byte)") makes the document outside its lists larger than "
        + "\(mebibytes) MiB, the most it may be"
    case .endsAt(let byte, let location):
      "it ends at byte \(byte)\(location.map { ", in \($0)" } ?? "") (truncated or damaged)"
    case .restTooManyValues(let location, let limit):
      "\(location) makes the document outside its lists hold more than \(limit) values, the most "
        + "it may hold"
    case .recordTooManyValues(let location, let limit):
      "\(location) holds more than \(limit) values, the most a record may hold"
    case .notAsExported(let departure, let kibibytes):
      "\(words(departure).english); a file larger than \(kibibytes) KiB is read only as pocket export "
        + "lays it out"
    }
  }

  func korean(_ problem: ArchiveLayoutProblem) -> String {
    switch problem {
    case .recordTooLarge(let location, let member, let mebibytes):
      member
        ? "\(location) 때문에 기록이 최대 크기인 \(mebibytes) MiB보다 커집니다"
        : "\(location) 기록이 최대 크기인 \(mebibytes) MiB보다 큽니다"
    case .restTooLarge(let location, let byte, let mebibytes):
      "\(location ?? "\(byte)번째 바이트") 때문에 목록 밖의 문서가 최대 크기인 \(mebibytes) MiB보다 커집니다"
    case .endsAt(let byte, let location):
      "\(location.map { "\($0) 안의 " } ?? "")\(byte)번째 바이트에서 끝납니다 (잘렸거나 손상됨)"
    case .restTooManyValues(let location, let limit):
      "\(location) 때문에 목록 밖의 문서에 든 값이 최대 개수인 \(limit)개보다 많아집니다"
    case .recordTooManyValues(let location, let limit):
      "\(location) 기록에 든 값이 최대 개수인 \(limit)개보다 많습니다"
    case .notAsExported(let departure, let kibibytes):
      "\(words(departure).korean). \(kibibytes) KiB보다 큰 파일은 pocket export가 쓰는 배치일 때만 읽습니다"
    }
  }

  /// How a large archive departs from the layout pocket export writes.
  func words(_ departure: ArchiveLayoutDeparture) -> Wording {
    switch departure {
    case .unexpectedByte(let byte, let location):
      Wording(
        "byte \(byte)\(location.map { ", in \($0)" } ?? "") is not where pocket export puts one (not "
          + "valid JSON, or not laid out as pocket export writes it)",
        "\(location.map { "\($0) 안의 " } ?? "")\(byte)번째 바이트는 pocket export가 쓰지 않는 자리입니다 "
          + "(올바른 JSON이 아니거나, pocket export가 쓰는 배치가 아닙니다)")
    case .twice(let key): Wording("\(key) is there twice", "\(Korean.word(key, .subject)) 두 번 있습니다")
    case .notAnObject(let location):
      Wording("\(location) is not an object", "\(Korean.word(location, .subject)) 객체가 아닙니다")
    case .notAList(let location):
      Wording("\(location) is not a list", "\(Korean.word(location, .subject)) 목록이 아닙니다")
    case .notAPlainInteger(let location):
      Wording(
        "\(location) is not a plain integer", "\(Korean.word(location, .subject)) 단순한 정수가 아닙니다")
    case .missingOrTwice(let field):
      Wording("\(field) is missing or there twice", "\(Korean.word(field, .subject)) 없거나 두 번 있습니다")
    case .outOfOrder(let field, let found, let last):
      Wording(
        "\(field) \(found) comes after \(last), out of order",
        "\(field) 값 \(Korean.word("\(found)", .subject)) \(last) 뒤에 와서 순서가 맞지 않습니다")
    }
  }
}
