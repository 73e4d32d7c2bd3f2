import PocketDomain

/// The wording of a value refused by the range and text checks (`CheckFailure`): field
/// names and values are shown as they are, in either language.
extension Strings {
  /// The failure in English (`CheckFailure.englishText`, the one English wording, which the
  /// lists a salvaging read keeps as text share).
  func english(_ failure: CheckFailure) -> String { failure.englishText }

  /// The failure in Korean; a declared kind's own sentence (`.english`) is kept
  /// verbatim, as the technical cause in parentheses.
  func korean(_ failure: CheckFailure) -> String {
    switch failure {
    case .outOfRange(let field, let value, let range):
      "\(field) 값 \(Korean.word(value, .topic)) 허용 범위(\(korean(range)))를 벗어났습니다"
    case .tooManyDigits(let field, let value, let digits):
      "\(field) 값 \(Korean.word(value, .topic)) 유효 숫자가 \(digits)개보다 많아 십진수로 정확히 담을 수 없습니다"
    case .notADecimal(let field, let value):
      "\(field) 값 \"\(value)\"\(Korean.particle(.topic, after: value)) 십진수가 아닙니다"
    case .empty(let field): "\(field) 값이 비어 있습니다"
    case .tooManyCharacters(let field, let count, let limit):
      "\(field) 값이 너무 깁니다: \(count)자 (최대 \(limit)자)"
    case .tooManyBytes(let field, let bytes, let limit):
      "\(field) 값이 너무 깁니다: 인코딩하면 \(bytes)바이트 (최대 \(limit)바이트)"
    case .notACurrencyCode(let field, let code, let characters):
      "\(field) 값 \(code)\(characters.map { "… (\($0)자)" } ?? "")"
        + "\(Korean.particle(.topic, after: code)) 통화 코드(대문자 세 글자)가 아닙니다"
    case .notAScreen(let field, let name, let currency):
      "\(field) 값 \"\(name)\"\(currency.map { " (통화 \($0))" } ?? "")"
        + "\(Korean.particle(.topic, after: name)) 화면 이름이 아닙니다"
    case .shownTwice(let field, let number):
      "\(field) 값 \(Korean.word("\(number)", .subject)) 두 번 보입니다"
    case .idsEnd(let last): "식별 번호는 \(last)까지만 쓸 수 있습니다"
    case .lapNumbersEnd(let last): "랩 번호는 \(last)까지만 쓸 수 있습니다. 스톱워치를 초기화하세요"
    case .appearsTwice(let identity): "\(Korean.word(korean(identity), .subject)) 두 번 나옵니다"
    case .idNotGiven(let identity):
      "\(Korean.word(korean(identity), .subject)) 1부터 마지막으로 준 번호 사이에 있지 않습니다"
    case .notPrintableASCII(let field): "\(field) 값에 출력할 수 있는 ASCII 문자가 아닌 것이 있습니다"
    case .declared(let problem): korean(problem)
    case .lapSequence(let lap, let index, let problem):
      korean(problem, lap: lap, index: index, inFile: false)
    case .lapSequenceInFile(let lap, let index, let problem):
      korean(problem, lap: lap, index: index, inFile: true)
    case .publication(let problem): korean(problem)
    case .english(let text): cause(text)
    }
  }

  /// A declared kind's record that cannot be kept, in Korean.
  func korean(_ problem: DeclaredProblem) -> String {
    switch problem {
    case .badName(let name):
      "종류 이름 \"\(name)\"\(Korean.particle(.topic, after: name)) 영문 소문자, 숫자, _로 된 1~40자가 아닙니다"
    case .otherKind(let name): "\"\(name)\"의 기록이 다른 종류를 가리킵니다"
    case .badKey(let kind, let key):
      "\(kind): 키 \"\(key)\"\(Korean.particle(.topic, after: key)) 제어 문자가 없는 1~200바이트가 아닙니다"
    case .tooLong(let kind, let key, let limit): "\(kind) \(key): 기록이 \(limit)바이트보다 깁니다"
    case .notAnObject(let kind, let key): "\(kind) \(key): 기록이 JSON 객체가 아닙니다"
    case .notEncoded(let kind, let error): "\(kind): 기록을 인코딩할 수 없습니다 \(cause(error))"
    case .holdsAnotherKey(let key, let found): "\(key)에 키가 \(found)인 기록이 있습니다"
    case .keyChanged(let kind, let key, let became):
      "\(kind): \(key)의 키가 \(Korean.word(became, .direction)) 바뀌었습니다"
    }
  }

  /// How lap `lap`, the `index`th (from 0), breaks the sequence, in Korean: named by the
  /// archive file's fields (`laps[2].totalMs`) when `inFile`.
  func korean(_ problem: LapSequenceBreak, lap: Int, index: Int, inFile: Bool) -> String {
    let name = "laps[\(index)]"
    return switch (problem, inFile) {
    case (.gap, false):
      "랩 \(lap)에서 순서가 끊깁니다: 랩 \(Korean.word("\(index + 1)", .subject)) 없습니다"
    case (.gap, true):
      "\(name).number 값 \(lap)에서 순서가 끊깁니다: 랩 \(Korean.word("\(index + 1)", .subject)) 없습니다"
    case (.totalGoesDown(let total, let previous), false):
      "랩 \(lap)의 누적 시간 \(total)밀리초가 랩 \(index)의 누적 시간 \(previous)밀리초보다 작습니다"
    case (.totalGoesDown(let total, let previous), true):
      "\(name).totalMs 값 \(Korean.word("\(total)", .subject)) 랩 \(index)의 누적 시간 \(previous)보다 작습니다"
    case (.notTheDifference(let lapTime, let expected), false):
      "랩 \(lap)의 랩 타임 \(lapTime)밀리초가 누적 시간에서 앞 랩의 누적 시간을 뺀 값(\(expected)밀리초)과 다릅니다"
    case (.notTheDifference(let lapTime, let expected), true):
      "\(name).lapTimeMs 값 \(Korean.word("\(lapTime)", .subject)) 누적 시간에서 앞 랩의 누적 시간을 뺀 값(\(expected))과 다릅니다"
    }
  }

  /// An archive's identity in Korean: "랩 번호".
  func korean(_ identity: ArchiveIdentity) -> String {
    switch identity {
    case .lapNumber: "랩 번호"
    case .bookmarkURL: "북마크 주소"
    case .mindLogID: "마음 일기 번호"
    case .messageID: "채팅 메시지 번호"
    }
  }

  /// The range in Korean: "1970-01-01부터 9999-12-31까지의 날짜".
  func korean(_ range: CheckRange) -> String {
    switch range {
    case .dates: "1970-01-01부터 9999-12-31까지의 날짜"
    case .years(let years): "0년부터 \(years)년까지"
    case .between(let low, let high): "\(low)부터 \(high)까지"
    case .atMost(let high): "최대 \(high)"
    }
  }
}
