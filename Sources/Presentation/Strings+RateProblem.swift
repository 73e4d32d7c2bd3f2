import PocketDomain

/// The wording of why a rates response gives no rates (`RateProblem`), in English and
/// Korean. Field names, codes and what the server said are shown as they came.
extension Strings {
  func english(_ problem: RateProblem) -> String {
    switch problem {
    case .malformed(let document): "malformed response: \(english(document))"
    case .notAnObject: "the response is not a JSON object"
    case .noMember(let name): "the response has no \"\(name)\""
    case .noRatesObject: "the response has no \"rates\" object"
    case .rateNotANumber(let code): "the rate of \(code) is not a number"
    case .noWholeSecond(let key, let text):
      "the response has no whole-second \"\(key)\"" + (text.map { ": \($0)" } ?? "")
    case .serviceAnswered(let result, let errorType):
      "the rate service answered \(result)" + (errorType.map { ": \($0)" } ?? "")
    case .baseNotACode(let quoted): "base_code \(quoted) \(RateSnapshot.notACode)"
    case .listsNotACode(let quoted): "the rates list \(quoted), \(RateSnapshot.notACode)"
    case .noRates: "the response lists no rates"
    case .rateNotPositive(let code, let text): "the rate of \(code) is not positive: \(text)"
    case .impossible(let publication): english(publication)
    case .httpStatus(let status): "the server answered HTTP \(status)"
    case .readTimedOut(let seconds): "the response could not be read within \(seconds) s"
    case .noCompleteResponse(let seconds): "no complete response within \(seconds) s"
    case .responseTooLarge(let mebibytes): "the response is larger than \(mebibytes) MiB"
    case .unreachable(let because): "cannot reach the server: \(englishCause(because))"
    }
  }

  func korean(_ problem: RateProblem) -> String {
    switch problem {
    case .malformed(let document): "응답의 형식이 잘못되었습니다: \(korean(document))"
    case .notAnObject: "응답이 JSON 객체가 아닙니다"
    case .noMember(let name): "응답에 \"\(name)\"\(Korean.particle(.subject, after: name)) 없습니다"
    case .noRatesObject: "응답에 \"rates\" 객체가 없습니다"
    case .rateNotANumber(let code): "\(code) 환율이 숫자가 아닙니다"
    case .noWholeSecond(let key, let text):
      "응답에 초 단위 정수인 \"\(key)\"\(Korean.particle(.subject, after: key)) 없습니다"
        + (text.map { ": \($0)" } ?? "")
    case .serviceAnswered(let result, let errorType):
      "환율 서비스가 \(Korean.word(result, .direction)) 답했습니다" + (errorType.map { ": \($0)" } ?? "")
    case .baseNotACode(let quoted):
      "base_code 값 \(quoted)\(topic(afterQuoted: quoted)) 통화 코드(대문자 세 글자)가 아닙니다"
    case .listsNotACode(let quoted):
      "환율 목록의 \(quoted)\(topic(afterQuoted: quoted)) 통화 코드(대문자 세 글자)가 아닙니다"
    case .noRates: "응답에 환율이 하나도 없습니다"
    case .rateNotPositive(let code, let text): "\(code) 환율이 양수가 아닙니다: \(text)"
    case .impossible(let publication): korean(publication)
    case .httpStatus(let status): "서버가 HTTP \(Korean.word("\(status)", .direction)) 답했습니다"
    case .readTimedOut(let seconds): "\(seconds)초 안에 응답을 읽지 못했습니다"
    case .noCompleteResponse(let seconds): "\(seconds)초 안에 완전한 응답이 오지 않았습니다"
    case .responseTooLarge(let mebibytes): "응답이 \(mebibytes) MiB보다 큽니다"
    case .unreachable(let because): "서버에 연결할 수 없습니다" + koreanNested(because)
    }
  }

  func english(_ problem: PublicationProblem) -> String { problem.englishText }

  func korean(_ problem: PublicationProblem) -> String {
    switch problem {
    case .afterClock(let published, let clock):
      "\(shown(published))\(Korean.particle(.topic, after: published.number)) "
        + "이 컴퓨터의 시계(\(clock))보다 하루 넘게 앞섭니다"
    case .nextUpdateFirst(let next, let published):
      "\(shown(next))\(Korean.particle(.topic, after: next.number)) \(shown(published))보다 이릅니다"
    }
  }

  /// The topic particle after a code in JSON quotes (`"KRW "`): as after the code, its
  /// quotes and the spaces it may end with aside.
  private func topic(afterQuoted quoted: String) -> String {
    var code = Substring(quoted)
    while let last = code.last, last == "\"" || last == " " { code = code.dropLast() }
    return Korean.particle(.topic, after: String(code))
  }

  /// A publication time as its field holds it: "time_last_update_unix 1700000000
  /// (2023-11-14T22:13:20Z)".
  private func shown(_ time: PublicationTime) -> String {
    "\(time.field) \(time.number)" + (time.iso.map { " (\($0))" } ?? "")
  }
}
