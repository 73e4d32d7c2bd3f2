import Foundation
import PocketDomain
import PocketPresentation
import TestSupport
import Testing

/// A value refused by the range and text checks (`CheckFailure`) reaches the user in the
/// language chosen: as an import's or a command's refusal, and as a store file's cause.
@Suite("Check failures, in both languages")
struct CheckFailureWordingTests {
  let english = Strings(language: .en, timeZone: .gmt)
  let korean = Strings(language: .ko, timeZone: .gmt)

  /// Every case of `CheckFailure` by name: `name(of:)` switches over them all, so a new case
  /// fails to compile until it is named here, and `everyFailureHasASample` fails until it
  /// has a sample.
  enum FailureName: CaseIterable {
    case outOfRange, tooManyDigits, notADecimal, empty, tooManyCharacters, tooManyBytes,
      notACurrencyCode, notAScreen
    case shownTwice, idsEnd, lapNumbersEnd, appearsTwice, idNotGiven, english
    case notPrintableASCII, declared, lapSequence, lapSequenceInFile, publication
  }

  static func name(of failure: CheckFailure) -> FailureName {
    switch failure {
    case .outOfRange: .outOfRange
    case .tooManyDigits: .tooManyDigits
    case .notADecimal: .notADecimal
    case .empty: .empty
    case .tooManyCharacters: .tooManyCharacters
    case .tooManyBytes: .tooManyBytes
    case .notACurrencyCode: .notACurrencyCode
    case .notAScreen: .notAScreen
    case .shownTwice: .shownTwice
    case .idsEnd: .idsEnd
    case .lapNumbersEnd: .lapNumbersEnd
    case .appearsTwice: .appearsTwice
    case .idNotGiven: .idNotGiven
    case .english: .english
    case .notPrintableASCII: .notPrintableASCII
    case .declared: .declared
    case .lapSequence: .lapSequence
    case .lapSequenceInFile: .lapSequenceInFile
    case .publication: .publication
    }
  }

  /// A check with no case of its own yet, kept verbatim in Korean text.
  static let verbatim = "lap 3's total 3499 ms is less than lap 2's total 3500 ms"

  /// A sample of every failure, each with the English users saw when it was text, written
  /// out by hand; every range (`CheckRange`) appears.
  static let samples: [(CheckFailure, String)] =
    [
      (
        .outOfRange(field: "laps[3].number", value: "0", range: .between("1", "9007199254740991")),
        "laps[3].number 0 is out of range (1 to 9007199254740991)"
      ),
      (
        .outOfRange(field: "mind_logs.date_ms (id 3)", value: "-1", range: .dates),
        "mind_logs.date_ms (id 3) -1 is out of range (a date from 1970-01-01 to 9999-12-31)"
      ),
      (
        .outOfRange(field: "stopwatch.accumulatedMs", value: "-5", range: .years(100)),
        "stopwatch.accumulatedMs -5 is out of range (0 to 100 years)"
      ),
      (
        .outOfRange(field: "result", value: "1e31", range: .atMost("10^30")),
        "result 1e31 is out of range (at most 10^30)"
      ),
      (
        .tooManyDigits(
          field: "mind_logs.score (id 2)", value: "1.0000000000000000000000000000000000001",
          digits: 38),
        "mind_logs.score (id 2) 1.0000000000000000000000000000000000001 has more than 38 "
          + "significant digits, more than a decimal holds exactly"
      ),
      (
        .notADecimal(field: "mind_logs.score (id 2)", value: "ten"),
        "mind_logs.score (id 2) \"ten\" is not a decimal number"
      ),
      (.empty(field: "bookmarks[0].url"), "bookmarks[0].url is empty"),
      (
        .tooManyCharacters(field: "chat.messages[2].content", count: 5000, limit: 4000),
        "chat.messages[2].content is too long: 5000 characters (at most 4000)"
      ),
      (
        .tooManyBytes(field: "mindLog.entries[0].note", bytes: 70000, limit: 65536),
        "mindLog.entries[0].note is too long: 70000 bytes of UTF-8 (at most 65536)"
      ),
      (
        .notACurrencyCode(field: "rates.latest.base", code: "\"usd\"", characters: nil),
        "rates.latest.base \"usd\" is not a currency code (three capital letters A–Z)"
      ),
      (
        .notACurrencyCode(field: "rates.latest.rates", code: "\"XXXX\"", characters: 50),
        "rates.latest.rates \"XXXX\"… (50 characters) is not a currency code "
          + "(three capital letters A–Z)"
      ),
      (
        .notAScreen(field: "shown.screen", name: "nowhere", currency: nil),
        "shown.screen \"nowhere\" is not a screen's name"
      ),
      (
        .notAScreen(field: "shown.screen", name: "nowhere", currency: "EUR"),
        "shown.screen \"nowhere\" is not a screen's name (currency EUR)"
      ),
      (
        .shownTwice(field: "shown.items[1].number", number: 2),
        "shown.items[1].number 2 is shown twice"
      ),
      (.idsEnd(last: 9_007_199_254_740_991), "ids end at 9007199254740991"),
      (
        .lapNumbersEnd(last: 9_007_199_254_740_991),
        "lap numbers end at 9007199254740991; reset the stopwatch"
      ),
      (.appearsTwice(.lapNumber), "a lap number appears twice"),
      (.appearsTwice(.bookmarkURL), "a bookmark url appears twice"),
      (.appearsTwice(.mindLogID), "a mind-log id appears twice"),
      (.appearsTwice(.messageID), "a chat-message id appears twice"),
      (.idNotGiven(.mindLogID), "a mind-log id is not between 1 and the last id given"),
      (.idNotGiven(.messageID), "a chat-message id is not between 1 and the last id given"),
      (.english(verbatim), verbatim),
    ] + typedSamples

  @Test func everyFailureHasASample() {
    let sampled = Set(Self.samples.map { "\(Self.name(of: $0.0))" })
    for name in FailureName.allCases {
      #expect(sampled.contains("\(name)"), "no sample of \(name)")
    }
  }

  @Test(arguments: samples.indices)
  func theEnglishIsWhatUsersSawBefore(index: Int) {
    let (failure, expected) = Self.samples[index]
    #expect(english.reason(StoreProblem(.check(failure))) == expected)
    #expect(english.text(.input(.outOfRange(failure))) == "Not stored: \(expected)")
    #expect(
      english.text(.input(.invalidArchive(failure)))
        == "The archive cannot be imported: \(expected)")
  }

  /// Korean text keeps only field names, values, codes and the verbatim check in Latin
  /// letters; it differs from the English.
  @Test(arguments: samples.indices)
  func everyFailureIsWordedInKorean(index: Int) {
    let failure = Self.samples[index].0
    let allowed = Self.values(of: failure)
    for (text, english) in [
      (korean.reason(StoreProblem(.check(failure))), english.reason(StoreProblem(.check(failure)))),
      (korean.text(.input(.outOfRange(failure))), english.text(.input(.outOfRange(failure)))),
      (
        korean.text(.input(.invalidArchive(failure))),
        english.text(.input(.invalidArchive(failure)))
      ),
    ] {
      KoreanCoverageTests().expectKorean(text, english: english, allowing: allowed)
    }
  }

  /// The values a failure shows as they are, longest first (each is taken out of the text
  /// in turn): field names, values, codes, names, the verbatim check.
  static func values(of failure: CheckFailure) -> [String] {
    let values: [String] =
      switch failure {
      case .outOfRange(let field, let value, _), .tooManyDigits(let field, let value, _),
        .notADecimal(let field, let value):
        [field, value]
      case .empty(let field), .tooManyCharacters(let field, _, _),
        .tooManyBytes(let field, _, _), .shownTwice(let field, _):
        [field]
      case .notACurrencyCode(let field, let code, _): [field, code]
      case .notAScreen(let field, let name, let currency):
        [field, name] + (currency.map { [$0] } ?? [])
      case .idsEnd, .lapNumbersEnd, .appearsTwice, .idNotGiven: []
      case .english(let text): [text]
      case .notPrintableASCII(let field): [field]
      case .lapSequence: []
      case .lapSequenceInFile(_, let index, let problem):
        switch problem {
        case .gap: ["laps[\(index)].number"]
        case .totalGoesDown: ["laps[\(index)].totalMs"]
        case .notTheDifference: ["laps[\(index)].lapTimeMs"]
        }
      case .publication(.afterClock(let published, _)): [published.field]
      case .publication(.nextUpdateFirst(let next, let published)): [next.field, published.field]
      case .declared(let problem):
        switch problem {
        case .badName(let name), .otherKind(let name): [name]
        case .badKey(let kind, let key), .tooLong(let kind, let key, _),
          .notAnObject(let kind, let key):
          [kind, key]
        case .notEncoded(let kind, let error): [kind, error]
        case .holdsAnotherKey(let key, let found): [key, found]
        case .keyChanged(let kind, let key, let became): [kind, key, became]
        }
      }
    return values.sorted { $0.count > $1.count }
  }

  /// The particle after a value agrees with its last sound.
  @Test func koreanParticlesFollowTheValue() {
    #expect(
      korean.text(
        .input(.outOfRange(.outOfRange(field: "score", value: "11", range: .between("0", "10")))))
        == "저장하지 않았습니다: score 값 11은 허용 범위(0부터 10까지)를 벗어났습니다")
    #expect(
      korean.text(.input(.outOfRange(.shownTwice(field: "number", number: 2))))
        == "저장하지 않았습니다: number 값 2가 두 번 보입니다")
  }
}
