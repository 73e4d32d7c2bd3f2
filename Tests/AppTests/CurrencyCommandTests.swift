import Domain
import Foundation
import TestSupport
import Testing

@testable import App

/// The rates and calculator commands as typed, in both languages: currency words, the
/// calculator's amounts at their limits, and rates files whose codes or times cannot be.
@Suite("Currency commands", .timeLimit(.minutes(Soak.minutesBeforeAHang)))
@MainActor
struct CurrencyCommandTests {
  /// `pocket --store memory --lang LANG arguments`, with a script for a session.
  func pocket(_ language: String, _ arguments: [String], script: [String] = []) async -> (
    status: App.ExitStatus, output: String, errors: String
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
}
