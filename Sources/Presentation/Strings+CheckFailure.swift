import PocketDomain

/// The wording of a value refused by the range and text checks (`CheckFailure`): field
/// names and values are shown as they are, in either language.
extension Strings {
  /// The failure in English (`CheckFailure.englishText`, the one English wording, which the
  /// lists a salvaging read keeps as text share).
  func english(_ failure: CheckFailure) -> String { failure.englishText }

  /// The failure in Korean; a check with no case of its own yet (`.english`) is kept
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
    case .english(let text): cause(text)
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
