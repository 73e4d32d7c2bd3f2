import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketApp

/// The rates and calculator commands as typed, in both languages: currency words, the
/// calculator's amounts at their limits, and rates files whose codes or times cannot be.
@Suite("Currency commands", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
@MainActor
struct CurrencyCommandTests {
  /// `pocket --store memory --lang LANG arguments`, with a script for a session.
  func pocket(_ language: String, _ arguments: [String], script: [String] = []) async -> (
    status: PocketApp.ExitStatus, output: String, errors: String
  ) {
    let (status, console) = await ScriptedConsole.run(
      ["--store", "memory", "--lang", language] + arguments, script: script)
    return (status, console.output, console.errors)
  }

  /// The rows of a rate list (`  KRW  1,350.0030    South Korean Won`) by code.
  func listedCodes(_ screen: String) -> [String] {
    screen.split(separator: "\n").compactMap { line in
      let words = line.dropFirst(2).split(separator: " ")
      guard words.count >= 3, words[0].count == 3, words[0].allSatisfy(\.isUppercase),
        words[1].first?.isNumber == true
      else { return nil }
      return String(words[0])
    }
  }

  @Test(arguments: [
    ("한국", "KRW"), ("원화", "KRW"), ("유로화", "EUR"), ("달러화", "USD"), ("한국 원", "KRW"),
    ("미 달러", "USD"), ("엔", "JPY"), ("위안화", "CNY"), ("파운드", "GBP"), ("quid", "GBP"),
    ("yen", "JPY"), ("UK", "GBP"),
  ])
  func ratesFindsTheWordInBothLanguages(word: String, code: String) async {
    for language in ["en", "ko"] {
      let run = await pocket(language, ["rates", word])
      #expect(run.status == .done, "\(run.errors)")
      #expect(listedCodes(run.output).contains(code), "rates \(word) --lang \(language)")
    }
  }

  /// A whole word lists what it names and nothing that only contains it (`yen` is not
  /// Jan Mayen's NOK; `달러화` not the Australian dollar's `호주 달러화`; `프랑` the francs,
  /// not France's euro); the start of a word lists the currencies a name or word of which
  /// begins so, as the list is filtered while typing; a part found only inside names lists
  /// those.
  @Test(arguments: [
    ("yen", ["JPY"]), ("달러화", ["USD"]), ("영국", ["GBP"]), ("US", ["USD"]),
    ("ye", ["JPY", "YER"]), ("mayen", ["NOK"]), ("rwa", ["RWF"]),
  ])
  func aWholeWordListsOnlyWhatItNames(word: String, codes: [String]) async {
    for language in ["en", "ko"] {
      let run = await pocket(language, ["rates", word])
      #expect(listedCodes(run.output).sorted() == codes, "\(language) rates \(word)")
    }
  }

  /// `calc WORD` opens the one currency a word names; a word naming several is refused
  /// (exit 1) listing them, and the screen stays where it was.
  @Test func calcTakesAWordOrListsTheCandidates() async {
    for (language, opened) in [("en", "Calculator · KRW"), ("ko", "계산기 · KRW")] {
      let won = await pocket(language, ["calc", "원화"])
      #expect(won.status == .done, "\(won.errors)")
      #expect(won.output.contains(opened), "\(won.output)")
      let session = await pocket(
        language, [], script: ["calc 한국 원", "calc 프랑", "convert 100 유로화", "convert 1 프랑"])
      #expect(session.output.contains(opened))
      #expect(session.output.contains("100.00 EUR → "), "\(session.output)")
      let refusals = session.errors.split(separator: "\n")
      #expect(refusals.count == 2, "\(session.errors)")
      for refusal in refusals {
        #expect(refusal.contains("CHF") && refusal.contains("XOF"), "\(refusal)")
      }
      let alone = await pocket(language, ["calc", "프랑"])
      #expect(alone.status == .refused)
      #expect(alone.output.isEmpty, "a refusal prints only its reason")
      #expect(alone.errors.contains("CHF, "), "\(alone.errors)")
    }
    let english = await pocket("en", ["calc", "dinar"])
    #expect(english.errors.hasPrefix("pocket: 'dinar' names "), "\(english.errors)")
    #expect(english.errors.contains("; type one code"))
    let korean = await pocket("ko", ["calc", "프랑"])
    #expect(korean.errors.contains("'프랑'에 해당하는 통화가 "), "\(korean.errors)")
  }

  /// `fav WORD` reads a currency word as `calc WORD` does: the one currency it names is
  /// pinned, a word naming several is refused listing them (nothing pinned), and a code
  /// the rates do not list is refused as before.
  @Test(arguments: [("원화", "KRW"), ("yen", "JPY"), ("유로화", "EUR"), ("eur", "EUR")])
  func favTakesTheWordsCalcTakes(word: String, code: String) async {
    for language in ["en", "ko"] {
      let calc = await pocket(language, ["calc", word])
      #expect(calc.output.contains(" · \(code) "), "\(language) calc \(word): \(calc.output)")
      let fav = await pocket(language, ["fav", word])
      #expect(fav.status == .done, "\(language) fav \(word): \(fav.errors)")
      #expect(fav.output.contains("★ \(code) "), "\(language) fav \(word): \(fav.output)")
    }
  }

  @Test func favRefusesAWordNamingSeveralOrNone() async {
    let several = await pocket("en", ["fav", "프랑"])
    #expect(several.status == .refused)
    #expect(several.errors.contains("CHF, "), "\(several.errors)")
    #expect(!several.output.contains("★"), "nothing pinned")
    let none = await pocket("en", ["fav", "xyz"])
    #expect(none.status == .refused)
    #expect(none.errors.hasPrefix("pocket: Unknown currency XYZ"), "\(none.errors)")
  }

  /// `convert -0` is 0; sixteen digits name the limit of fifteen, in both languages.
  @Test func minusZeroIsZeroAndTooManyDigitsNameTheLimit() async {
    let english = await pocket(
      "en", [], script: ["calc KRW", "convert -0", "convert 9999999999999999"])
    #expect(english.output.contains("0.00 USD → 0.00 KRW"), "\(english.output)")
    #expect(
      english.errors == "The amount is too large: at most 15 digits before the decimal point\n")
    let korean = await pocket(
      "ko", [], script: ["calc KRW", "convert -0.00", "convert 9,999,999,999,999,999"])
    #expect(korean.output.contains("0.00 USD → 0.00 KRW"), "\(korean.output)")
    #expect(korean.errors.contains("소수점 앞은 최대 15자리"), "\(korean.errors)")
    #expect(!korean.output.contains("-0"))
  }

  /// A rates file as open.er-api.com writes it, published at `published` (due a day later
  /// unless `next` says otherwise), with `rates` (`"KRW":1350.5,"EUR":0.9`).
  static func ratesFile(
    _ directory: URL, _ name: String, published: Int, next: Int? = nil, rates: String
  ) throws -> URL {
    try OutsideNumberTests.write(
      """
      {"result":"success","base_code":"USD","time_last_update_unix":\(published),
       "time_next_update_unix":\(next ?? published + 86_400),"rates":{"USD":1,\(rates)}}
      """, in: directory, name: name)
  }

  /// A rates file published in 2100, due before it was published, or naming a code that
  /// is not three capital letters is refused naming the field or the code, in both
  /// languages, and the cached rates stay.
  @Test func aRatesFileThatCannotBeIsRefusedNamingWhy() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The reason in English and in Korean.
    let cases: [(URL, String, String)] = [
      (
        try Self.ratesFile(directory, "2100.json", published: 4_102_444_800, rates: #""KRW":1"#),
        "2100", "2100"  // the day it claims, worded in the language shown (below)
      ),
      (
        try Self.ratesFile(
          directory, "due.json", published: 1_764_000_000, next: 1_763_999_999,
          rates: #""KRW":1"#),
        "time_next_update_unix 1763999999 is before time_last_update_unix 1764000000",
        "time_next_update_unix 1763999999는 time_last_update_unix 1764000000보다 이릅니다"
      ),
      (
        try Self.ratesFile(directory, "lower.json", published: 1_764_000_000, rates: #""krw":1"#),
        #"the rates list "krw", is not a currency code"#,
        #"환율 목록의 "krw"는 통화 코드(대문자 세 글자)가 아닙니다"#
      ),
      (
        try Self.ratesFile(
          directory, "long.json", published: 1_764_000_000, rates: #""KRWXX":1"#),
        #"the rates list "KRWXX""#, #"환율 목록의 "KRWXX"는 통화 코드"#
      ),
      (
        try Self.ratesFile(
          directory, "space.json", published: 1_764_000_000, rates: #""KRW ":1"#),
        #"the rates list "KRW ""#, #"환율 목록의 "KRW "는 통화 코드"#
      ),
    ]
    for (file, english, korean) in cases {
      for (language, reason) in [("en", english), ("ko", korean)] {
        let run = await OutsideNumberTests.pocket(
          "sqlite", directory, ["--lang", language, "refresh", "--force"], rates: file)
        #expect(run.status == .refused, "\(file.lastPathComponent): \(run.errors)")
        #expect(run.errors.contains(reason), "\(run.errors)")
        if language == "ko" {
          // No English of Pocket's: only the file's fields and codes in Latin letters.
          let words = KoreanCoverageTests.englishWords(
            in: run.errors, allowing: ["time_next_update_unix", "time_last_update_unix", "krw"])
          #expect(words.isEmpty, "English in the Korean text: \(run.errors)")
        }
      }
      if file.lastPathComponent == "2100.json" {
        // A publication from the future is a refusal worded in each language, not a cause.
        let english = await OutsideNumberTests.pocket(
          "sqlite", directory, ["refresh", "--force"], rates: file)
        #expect(english.errors.contains("gave rates published Jan 1, 2100"), "\(english.errors)")
        #expect(english.errors.contains("more than a day after this machine's clock"))
        let korean = await OutsideNumberTests.pocket(
          "sqlite", directory, ["--lang", "ko", "refresh", "--force"], rates: file)
        #expect(korean.errors.contains("2100년 1월 1일"), "\(korean.errors)")
        #expect(korean.errors.contains("하루 넘게 앞섭니다"), "\(korean.errors)")
        #expect(!korean.errors.contains("time_last_update_unix"), "\(korean.errors)")
      }
      let calc = await OutsideNumberTests.pocket("sqlite", directory, ["calc", "KRW"])
      #expect(calc.output.contains("1 USD = 1,350.003043 KRW"), "the bundled rates stay")
    }
  }

  /// A favourite a newer rates file no longer lists is unpinned by `fav`, and only then
  /// refused as unknown.
  @Test func aFavouriteMissingFromANewSetCanBeUnpinned() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let with = try Self.ratesFile(
      directory, "with.json", published: 1_764_000_000, rates: #""KRW":1400,"EUR":0.9"#)
    let without = try Self.ratesFile(
      directory, "without.json", published: 1_764_100_000, rates: #""EUR":0.9"#)
    #expect(
      await OutsideNumberTests.pocket("sqlite", directory, ["refresh"], rates: with).status == .done
    )
    let pinned = await OutsideNumberTests.pocket("sqlite", directory, ["fav", "KRW"])
    #expect(pinned.output.contains("★ KRW"))
    #expect(
      await OutsideNumberTests.pocket("sqlite", directory, ["refresh"], rates: without).status
        == .done)
    let unpinned = await OutsideNumberTests.pocket("sqlite", directory, ["fav", "KRW"])
    #expect(unpinned.status == .done, "\(unpinned.errors)")
    #expect(unpinned.output.contains("KRW unpinned"), "\(unpinned.output)")
    let again = await OutsideNumberTests.pocket("sqlite", directory, ["fav", "KRW"])
    #expect(again.status == .refused)
    #expect(again.errors.contains("Unknown currency KRW"))
  }
}
