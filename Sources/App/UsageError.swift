import Domain
import Presentation

/// A line or command line Pocket could not make sense of. Exit status 2. Worded in the
/// user's language by `text(_:)`; command words, option names, placeholders and what the
/// user typed stay as typed.
package enum UsageError: Error, Equatable {
  case unknownCommand(String)
  /// The command misses a word: `what` is its placeholder (CODE, PATH, SCORE, N).
  case missing(command: String, what: Placeholder)
  case notANumber(command: String, word: String)
  case noMoreWords(command: String)
  case refreshTakesOnlyForce
  /// `clear` and `reset` take only `--yes`.
  case takesOnlyYes(command: String)
  case importTakesOnePath
  /// A one-shot command line with no command words (`pocket ""`).
  case emptyCommand
  case optionNeedsValue(String)
  case unknownStore(String)
  case unknownLanguage(String)
  case unknownColor(String)
  case notHTTPURL(String)
  case unknownOption(String)
  case badTimeout(String)
  /// `--date` (`mindlog`'s `--to`) with a day Pocket cannot read (`text` is what was
  /// typed, maybe nothing).
  case badDate(command: String, text: String)
  /// `mindlog` takes only `--days N`, N from 1 to `SummarizeMood.maxDays`, and `--to DATE`,
  /// each once.
  case badDays(text: String)

  /// The placeholder of a missing word.
  package enum Placeholder: Equatable, Sendable, CaseIterable {
    case code, path, score, number
  }

  /// Every kind of usage error with sample values (what a user typed is in Korean, so
  /// that only Pocket's own words are checked), for tests. The switch names every
  /// case, so a new one cannot be left out.
  static var samples: [UsageError] {
    let all: [UsageError] =
      [
        .unknownCommand("춤"), .notANumber(command: "bookmark", word: "둘"),
        .noMoreWords(command: "lap"), .refreshTakesOnlyForce, .takesOnlyYes(command: "clear"),
        .importTakesOnePath,
        .emptyCommand, .optionNeedsValue("--store"), .unknownStore("종이"),
        .unknownLanguage("프랑스어"), .unknownColor("무지개"), .notHTTPURL("ftp://x"),
        .unknownOption("--verbose"),
        .badTimeout("0"), .badDate(command: "add", text: "모레"),
        .badDays(text: "백"),
      ] + Placeholder.allCases.map { .missing(command: "calc", what: $0) }
    for sample in all {
      switch sample {
      case .unknownCommand, .missing, .notANumber, .noMoreWords, .refreshTakesOnlyForce,
        .takesOnlyYes, .importTakesOnePath, .emptyCommand, .optionNeedsValue, .unknownStore,
        .unknownLanguage, .unknownColor,
        .notHTTPURL, .unknownOption, .badTimeout, .badDate, .badDays:
        break
      }
    }
    return all
  }

  /// The English text (what tests of the parser compare).
  package var message: String { text(.en) }

  /// The error in `language`, its usage lines from `registry`.
  package func text(_ language: Language) -> String { text(language, registry: .standard) }

  /// The error in `language`, its usage lines from `registry`.
  func text(_ language: Language, registry: ScreenRegistry) -> String {
    let ko = language == .ko
    func pick(_ english: String, _ korean: String) -> String { ko ? korean : english }
    // "Usage: calc CODE" for a command `help` knows.
    func hint(_ name: String, _ language: Language) -> String {
      (language == .ko ? "사용법: " : "Usage: ") + (registry.usage(of: name) ?? name)
    }
    let options = pick(
      "Run 'pocket --help' for the options.", "옵션은 'pocket --help'로 볼 수 있습니다.")
    switch self {
    case .unknownCommand(let name):
      return pick(
        "Unknown command '\(name)'. Type 'help' for the list.",
        "알 수 없는 명령입니다: '\(name)'. 명령 목록은 'help'를 입력하세요.")
    case .missing(let command, let what):
      return pick(
        "'\(command)' needs \(what.english). \(hint(command, language))",
        "'\(command)' 뒤에 \(what.korean)를 입력하세요. \(hint(command, language))")
    case .notANumber(let command, let word):
      return pick(
        "'\(command)' needs a number N, not '\(word)'. \(hint(command, language))",
        "'\(command)' 뒤에는 번호(N)가 와야 합니다. '\(word)'는 번호가 아닙니다. "
          + hint(command, language))
    case .noMoreWords(let command):
      return pick(
        "'\(command)' takes no more words. \(hint(command, language))",
        "'\(command)' 뒤에는 더 입력할 것이 없습니다. \(hint(command, language))")
    case .refreshTakesOnlyForce:
      return pick(
        "'refresh' takes only --force. \(hint("refresh", language))",
        "'refresh' 뒤에는 --force만 붙일 수 있습니다. \(hint("refresh", language))")
    case .takesOnlyYes(let command):
      return pick(
        "'\(command)' takes only --yes. \(hint(command, language))",
        "'\(command)' 뒤에는 --yes만 붙일 수 있습니다. \(hint(command, language))")
    case .importTakesOnePath:
      return pick(
        "'import' takes one PATH. \(hint("import", language))",
        "'import'는 파일 경로(PATH)를 하나만 받습니다. \(hint("import", language))")
    case .emptyCommand:
      return pick(
        "empty command. Run 'pocket --help' for the commands.",
        "명령이 비어 있습니다. 명령은 'pocket --help'로 볼 수 있습니다.")
    case .optionNeedsValue(let option):
      return pick("\(option) needs a value. \(options)", "\(option) 뒤에 값이 필요합니다. \(options)")
    case .unknownStore(let name):
      return pick(
        "Unknown store '\(name)': use sqlite, json or memory.",
        "알 수 없는 저장소입니다: '\(name)'. sqlite, json, memory 중 하나를 쓰세요.")
    case .unknownLanguage(let name):
      return pick(
        "Unknown language '\(name)': use en or ko.",
        "알 수 없는 언어입니다: '\(name)'. en 또는 ko를 쓰세요.")
    case .unknownColor(let name):
      return pick(
        "Unknown colour choice '\(name)': use auto, always or never.",
        "알 수 없는 색 설정입니다: '\(name)'. auto, always, never 중 하나를 쓰세요.")
    case .notHTTPURL(let text):
      return pick(
        "'\(text)' is not an http or https URL.", "'\(text)'는 http나 https 주소가 아닙니다.")
    case .unknownOption(let option):
      return pick("Unknown option '\(option)'. \(options)", "알 수 없는 옵션입니다: '\(option)'. \(options)")
    case .badDate(let command, let text):
      let flag = command == "mindlog" ? "--to" : "--date"
      return pick(
        "'\(flag)' needs a day today or before, not '\(text)': use 2026-11-28, 11/28/2026, "
          + "2026. 11. 28., today or yesterday. \(hint(command, language))",
        "'\(flag)' 뒤에는 오늘이나 그 전의 날짜가 와야 합니다. '\(text)'는 읽을 수 없습니다: "
          + "2026-11-28, 2026. 11. 28., 11/28/2026, 오늘, 어제 형식을 쓰세요. "
          + hint(command, language))
    case .badDays(let text):
      return pick(
        "'mindlog' takes only --days N, N a number of days from 1 to \(SummarizeMood.maxDays), "
          + "and --to DATE, each once, not '\(text)'. \(hint("mindlog", language))",
        "'mindlog' 뒤에는 --days 일수(1부터 \(SummarizeMood.maxDays)까지)와 --to 날짜만 한 번씩 붙일 수 있습니다. "
          + "'\(text)'는 쓸 수 없습니다. \(hint("mindlog", language))")
    case .badTimeout(let text):
      return pick(
        "--timeout needs a number of seconds above 0 and at most \(Options.maxTimeoutSeconds), "
          + "not '\(text)'. \(options)",
        "--timeout 뒤에는 0보다 크고 \(Options.maxTimeoutSeconds) 이하인 초 단위 숫자가 와야 합니다. "
          + "'\(text)'는 쓸 수 없습니다. \(options)")
    }
  }
}

extension UsageError.Placeholder {
  var english: String {
    switch self {
    case .code: "CODE"
    case .path: "PATH"
    case .score: "SCORE"
    case .number: "a number N"
    }
  }

  /// With a particle-neutral ending: every one takes 를.
  var korean: String {
    switch self {
    case .code: "통화 코드(CODE)"
    case .path: "파일 경로(PATH)"
    case .score: "점수(SCORE)"
    case .number: "번호(N)"
    }
  }
}
