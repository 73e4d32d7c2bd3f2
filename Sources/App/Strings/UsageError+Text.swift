import Foundation
import PocketDomain
import PocketPresentation

/// The wording of usage errors, in English and Korean. Command words, option names,
/// placeholders and what the user typed stay as typed.
extension UsageError {
  /// The error in both languages; `usage` gives a command's usage line (`rename N TITLE...`).
  func pair(usage: (String) -> String) -> Wording {
    // "Usage: calc CODE" for a command `help` knows.
    func hint(_ name: String) -> Wording { AppText.usageHint(usage(name)).pair }
    let options = AppText.optionsHint.pair
    switch self {
    case .unknownCommand(let name):
      return Wording(
        "Unknown command '\(name)'. Type 'help' for the list.",
        "알 수 없는 명령입니다: '\(name)'. 명령 목록은 'help'를 입력하세요.")
    case .missing(let command, let what):
      return Wording(
        "'\(command)' needs \(what.pair.english). \(hint(command).english)",
        "'\(command)' 뒤에 \(Korean.word(what.pair.korean, .object)) 입력하세요. "
          + hint(command).korean)
    case .notANumber(let command, let word):
      return Wording(
        "'\(command)' needs a number N, not '\(word)'. \(hint(command).english)",
        "'\(command)' 뒤에는 번호(N)가 와야 합니다. \(Korean.word("'\(word)'", .topic)) 번호가 아닙니다. "
          + hint(command).korean)
    case .noMoreWords(let command):
      return Wording(
        "'\(command)' takes no more words. \(hint(command).english)",
        "'\(command)' 뒤에는 더 입력할 것이 없습니다. \(hint(command).korean)")
    case .takesOnly(let command, let flag):
      return Wording(
        "'\(command)' takes only \(flag). \(hint(command).english)",
        "'\(command)' 뒤에는 \(flag)만 붙일 수 있습니다. \(hint(command).korean)")
    case .importTakesOnePath:
      return Wording(
        "'import' takes one PATH. \(hint("import").english)",
        "'import'는 파일 경로(PATH)를 하나만 받습니다. \(hint("import").korean)")
    case .emptyCommand:
      return Wording(
        "empty command. Run 'pocket --help' for the commands.",
        "명령이 비어 있습니다. 명령은 'pocket --help'로 볼 수 있습니다.")
    case .optionNeedsValue(let option):
      return Wording(
        "\(option) needs a value. \(options.english)", "\(option) 뒤에 값이 필요합니다. \(options.korean)")
    case .unknownStore(let name):
      return Wording(
        "Unknown store '\(name)': use sqlite, json, memory or postgres.",
        "알 수 없는 저장소입니다: '\(name)'. sqlite, json, memory, postgres 중 하나를 쓰세요.")
    case .passwordInStoreURL(let option):
      return Wording(
        "\(option) holds a password, which Pocket never takes in a URL (every user of this "
          + "machine could read it in the process list, and a message could repeat it): put it "
          + "in ~/.pgpass (or PGPASSFILE), or in PGPASSWORD.",
        "\(option)에 비밀번호가 들어 있습니다. 주소에 든 비밀번호는 받지 않습니다(이 컴퓨터의 모든 사용자가 "
          + "프로세스 목록에서 볼 수 있고, 메시지에 드러날 수 있습니다): 비밀번호는 ~/.pgpass(또는 PGPASSFILE)나 "
          + "PGPASSWORD에 두세요.")
    case .badStoreURL(let option, let problem):
      let why = problem.detail
      return Wording(
        "\(option) is not a postgresql:// URL or connection string libpq can read: "
          + "\(why.english). It is not shown, as it may hold a password.",
        "\(Korean.word(option, .topic)) libpq가 읽을 수 있는 postgresql:// 주소나 연결 문자열이 아닙니다: \(why.korean). "
          + "비밀번호가 들어 있을 수 있어 보여 주지 않습니다.")
    case .badSchemaName(let name):
      return Wording(
        "'\(name)' cannot name a schema: use lowercase letters, digits and _, "
          + "starting with a letter or _, at most 63 bytes.",
        "\(Korean.word("'\(name)'", .topic)) 스키마 이름이 될 수 없습니다: 영문 소문자, 숫자, _만 쓰고 "
          + "글자나 _로 시작하며 63바이트를 넘지 않게 하세요.")
    case .unknownLanguage(let name):
      return Wording(
        "Unknown language '\(name)': use en or ko.",
        "알 수 없는 언어입니다: '\(name)'. en 또는 ko를 쓰세요.")
    case .unknownColor(let name):
      return Wording(
        "Unknown colour choice '\(name)': use auto, always or never.",
        "알 수 없는 색 설정입니다: '\(name)'. auto, always, never 중 하나를 쓰세요.")
    case .notHTTPURL(let text):
      return Wording(
        "'\(text)' is not an http or https URL.",
        "\(Korean.word("'\(text)'", .topic)) http나 https 주소가 아닙니다.")
    case .passwordInRatesURL:
      return Wording(
        "--rates-url holds a password, which Pocket never takes in a URL (every user of this "
          + "machine could read it in the process list, and a message could repeat it): use a "
          + "URL without user:password@.",
        "--rates-url에 비밀번호가 들어 있습니다. 주소에 든 비밀번호는 받지 않습니다(이 컴퓨터의 모든 사용자가 "
          + "프로세스 목록에서 볼 수 있고, 메시지에 드러날 수 있습니다): 사용자:비밀번호@ 없는 주소를 쓰세요.")
    case .currentFolderNotUTF8(let door, let shown):
      let name = door.name
      return Wording(
        "\(name.english) is a relative path, and the current folder it is resolved against "
          + "is not UTF-8 text: '\(shown)' (a byte that is not is shown as \\xHH). Pocket keeps "
          + "a path byte for byte or refuses it: give an absolute path, or run Pocket from "
          + "another folder.",
        "\(Korean.word(name.korean, .topic)) 상대 경로인데, 그 기준인 현재 폴더가 UTF-8 텍스트가 "
          + "아닙니다: '\(shown)'(UTF-8이 아닌 바이트는 16진수로 표시). 경로는 바이트 그대로 쓰거나 "
          + "받지 않습니다: 절대 경로를 쓰거나 다른 폴더에서 실행하세요.")
    case .notUTF8(.secretVariable(let variable), _):
      return Wording(
        "\(variable) is not UTF-8 text (its value is not shown). Pocket keeps a variable byte "
          + "for byte or refuses it: set it again.",
        "\(Korean.word(variable, .topic)) UTF-8 텍스트가 아닙니다(값은 보여 주지 않습니다). 변수는 바이트 "
          + "그대로 쓰거나 받지 않습니다: 다시 설정하세요.")
    case .notUTF8(let door, let shown):
      let name = door.name
      return Wording(
        "\(name.english) is not UTF-8 text: '\(shown)' (a byte that is not is shown as \\xHH). "
          + "Pocket keeps a path or a word byte for byte or refuses it: rename the file or "
          + "folder, or give another.",
        "\(Korean.word(name.korean, .topic)) UTF-8 텍스트가 아닙니다: '\(shown)'(UTF-8이 아닌 바이트는 "
          + "16진수로 표시). 경로나 단어는 바이트 그대로 쓰거나 받지 않습니다: 파일이나 폴더 이름을 바꾸거나 "
          + "다른 것을 쓰세요.")
    case .unknownOption(let option):
      return Wording(
        "Unknown option '\(option)'. \(options.english)",
        "알 수 없는 옵션입니다: '\(option)'. \(options.korean)")
    case .badDate(let command, let text):
      let flag = command == "mindlog" ? "--to" : "--date"
      return Wording(
        "'\(flag)' needs a day today or before, not '\(text)': use 2026-11-28, 11/28/2026, "
          + "2026. 11. 28., today or yesterday. \(hint(command).english)",
        "'\(flag)' 뒤에는 오늘이나 그 전의 날짜가 와야 합니다. "
          + "\(Korean.word("'\(text)'", .topic)) 읽을 수 없습니다: "
          + "2026-11-28, 2026. 11. 28., 11/28/2026, 오늘, 어제 형식을 쓰세요. "
          + hint(command).korean)
    case .noSuchDay(_, let text, let problem):
      // A month or year out of range may be a day and month typed the other way round.
      let forms = Wording(
        " (days are written 2026-11-28, 11/28/2026 or 2026. 11. 28.)",
        " (날짜는 2026-11-28, 2026. 11. 28., 11/28/2026 형식으로 씁니다)")
      let why: Wording =
        switch problem {
        case .year:
          Wording("years run from 1 to 9999", "연도는 1부터 9999까지입니다") + forms
        case .month(let month):
          Wording("there is no month \(month)", "\(Korean.word("\(month)월", .topic)) 없습니다") + forms
        case .day(let year, let month, let days):
          Wording(
            "\(Self.monthName(month)) \(year) has \(days) days",
            "\(year)년 \(Korean.word("\(month)월", .topic)) \(days)일까지 있습니다")
        }
      // A refusal (exit 1) of a value, as a day after today is: no usage line.
      return Wording(
        "'\(text)' is not a day on the calendar: \(why.english).",
        "\(Korean.word("'\(text)'", .topic)) 달력에 없는 날짜입니다: \(why.korean).")
    case .badDays(let text):
      return Wording(
        "'mindlog' takes only --days N, N a number of days from 1 to \(SummarizeMood.maxDays), "
          + "and --to DATE, each once, not '\(text)'. \(hint("mindlog").english)",
        "'mindlog' 뒤에는 "
          + Korean.word("--days N(N은 1부터 \(SummarizeMood.maxDays)까지의 일수)", .and)
          + " --to DATE만 한 번씩 붙일 수 있습니다. "
          + "\(Korean.word("'\(text)'", .topic)) 쓸 수 없습니다. \(hint("mindlog").korean)")
    case .badTimeout(let text):
      return Wording(
        "--timeout needs a number of seconds above 0 and at most \(Options.maxTimeoutSeconds), "
          + "not '\(text)'. \(options.english)",
        "--timeout 뒤에는 0보다 크고 \(Options.maxTimeoutSeconds) 이하인 초 단위 숫자가 와야 합니다. "
          + "\(Korean.word("'\(text)'", .topic)) 쓸 수 없습니다. \(options.korean)")
    }
  }
}

extension Wording {
  /// Both languages' texts followed by `other`'s.
  fileprivate static func + (text: Wording, other: Wording) -> Wording {
    Wording(text.english + other.english, text.korean + other.korean)
  }
}

extension UsageError {
  /// The English name of month `month` (1 to 12).
  fileprivate static func monthName(_ month: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US")
    let names: [String] = formatter.standaloneMonthSymbols
    return names.indices.contains(month - 1) ? names[month - 1] : "\(month)"
  }
}

extension UsageError.Placeholder {
  /// The placeholder named in a sentence.
  var pair: Wording {
    switch self {
    case .code: Wording("CODE", "통화 코드(CODE)")
    case .path: Wording("PATH", "파일 경로(PATH)")
    case .score: Wording("SCORE", "점수(SCORE)")
    case .number: Wording("a number N", "번호(N)")
    }
  }
}

extension UsageError.TextDoor {
  /// The door as a message names it: "--store-path's value", "An argument of 'export'".
  var name: Wording {
    switch self {
    case .option(let option): Wording("\(option)'s value", "\(option)의 값")
    case .command(let command): Wording("An argument of '\(command)'", "'\(command)'의 인자")
    case .variable(let variable), .secretVariable(let variable): Wording(variable, variable)
    case .line: Wording("The line", "입력한 줄")
    }
  }
}
