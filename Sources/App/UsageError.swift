import PocketData
import PocketDomain
import PocketPresentation

/// A line or command line Pocket could not make sense of. Exit status 2 (`exitStatus`),
/// but for a date that is written right and is not a day of the calendar. Worded in the
/// user's language by `text(_:)`; command words, option names, placeholders and what the
/// user typed stay as typed.
package enum UsageError: Error, Equatable {
  case unknownCommand(String)
  /// The command misses a word: `what` is its placeholder (CODE, PATH, SCORE, N).
  case missing(command: String, what: Placeholder)
  case notANumber(command: String, word: String)
  case noMoreWords(command: String)
  /// The command takes only `flag` after it (`refresh --force`, `clear --yes`).
  case takesOnly(command: String, flag: String)
  case importTakesOnePath
  /// A one-shot command line with no command words (`pocket ""`).
  case emptyCommand
  case optionNeedsValue(String)
  case unknownStore(String)
  /// `--store-url` (`option`), or `POCKET_STORE_URL`, with a password in it: every user of
  /// the machine could read an argument, and a message could repeat either.
  case passwordInStoreURL(option: String)
  /// `--store-url` (`option`), or `POCKET_STORE_URL`, that libpq could not read (and would
  /// repeat whole, password and all, in its message). Never shown.
  case badStoreURL(option: String, PostgresTarget.Malformed)
  /// `--store-schema` with a name that is not a plain lowercase identifier.
  case badSchemaName(String)
  case unknownLanguage(String)
  case unknownColor(String)
  /// `--rates-url` with a text that is not an http or https URL, shown without what may be
  /// its password (`HTTPRateSource.hidingPassword`).
  case notHTTPURL(String)
  /// `--rates-url` with a password in its user part (`https://user:secret@host`): refused
  /// before anything is fetched, as `--store-url`'s is.
  case passwordInRatesURL
  /// An argument, a variable or a line that is not UTF-8 (`shown` with `UTF8Bytes.shown`):
  /// refused, never repaired, since a path repaired would name another file.
  case notUTF8(TextDoor, shown: String)
  /// A relative path (the door's) that must be made absolute, while the current folder's
  /// path (`shown`) is not UTF-8: refused, never joined to it repaired.
  case currentFolderNotUTF8(TextDoor, shown: String)
  case unknownOption(String)
  case badTimeout(String)
  /// `--date` (`mindlog`'s `--to`) with a day Pocket cannot read (`text` is what was
  /// typed, maybe nothing).
  case badDate(command: String, text: String)
  /// `--date` (`--to`) with a date written right that the calendar does not have
  /// (`2026-11-31`): refused as a day after today is (exit 1), not a usage error.
  case noSuchDay(command: String, text: String, DayProblem)
  /// `mindlog` takes only `--days N`, N from 1 to `SummarizeMood.maxDays`, and `--to DATE`,
  /// each once.
  case badDays(text: String)

  /// How a date that is written right is not on the calendar.
  package enum DayProblem: Equatable, Sendable {
    /// Pocket's days run from year 1 to 9999.
    case year(Int)
    case month(Int)
    /// The month has `days` days.
    case day(year: Int, month: Int, days: Int)
  }

  /// Where bytes that are not UTF-8 came in.
  package enum TextDoor: Equatable, Sendable {
    /// The value of an option (`--store-path`).
    case option(String)
    /// A word after the command word (`export`); `pocket` for the command word itself or an
    /// option's name.
    case command(String)
    /// An environment variable (`HOME`).
    case variable(String)
    /// An environment variable whose value is never shown (`PGPASSWORD`).
    case secretVariable(String)
    /// A line typed in line mode.
    case line
  }

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
        .noMoreWords(command: "lap"), .takesOnly(command: "refresh", flag: "--force"),
        .takesOnly(command: "clear", flag: "--yes"),
        .importTakesOnePath,
        .emptyCommand, .optionNeedsValue("--store"), .unknownStore("종이"),
        .passwordInStoreURL(option: "--store-url"), .passwordInStoreURL(option: "POCKET_STORE_URL"),
        .badSchemaName("스키마"),
        .unknownLanguage("프랑스어"), .unknownColor("무지개"), .notHTTPURL("ftp://x"),
        .passwordInRatesURL,
        .notUTF8(.option("--store-path"), shown: "스토어"),
        .notUTF8(.command("export"), shown: "파일"), .notUTF8(.variable("HOME"), shown: "집"),
        .notUTF8(.variable("PGHOST"), shown: "서버"),
        .notUTF8(.secretVariable("PGPASSWORD"), shown: ""),
        .notUTF8(.line, shown: "내보내기"),
        .currentFolderNotUTF8(.option("--store-path"), shown: "/폴더"),
        .currentFolderNotUTF8(.command("export"), shown: "/폴더"),
        .unknownOption("--verbose"),
        .badTimeout("0"), .badDate(command: "add", text: "모레"),
        .noSuchDay(command: "add", text: "2026-11-31", .day(year: 2026, month: 11, days: 30)),
        .noSuchDay(command: "edit", text: "2026. 13. 1.", .month(13)),
        .noSuchDay(command: "mindlog", text: "0000-01-01", .year(0)),
        .badDays(text: "백"),
      ] + Placeholder.allCases.map { .missing(command: "calc", what: $0) }
      + PostgresTarget.Malformed.allCases.map { .badStoreURL(option: "POCKET_STORE_URL", $0) }
    for sample in all {
      switch sample {
      case .unknownCommand, .missing, .notANumber, .noMoreWords, .takesOnly,
        .importTakesOnePath, .emptyCommand, .optionNeedsValue, .unknownStore,
        .passwordInStoreURL, .badStoreURL, .badSchemaName, .unknownLanguage, .unknownColor,
        .notHTTPURL, .passwordInRatesURL, .notUTF8, .currentFolderNotUTF8, .unknownOption,
        .badTimeout, .badDate,
        .noSuchDay,
        .badDays:
        break
      }
    }
    return all
  }

  /// The status a command that came to this error exits with: 2, a command Pocket could
  /// not read; but 1 for a day the calendar does not have (`2026-02-29`, `2026-13-01`),
  /// which is a value out of range, refused as a day after today or before 1970 is.
  var exitStatus: ExitStatus {
    if case .noSuchDay = self { return .refused }
    return .usage
  }

  /// The English text (what tests of the parser compare).
  package var message: String { text(.en) }

  /// The error in `language`, its usage lines from `registry`.
  package func text(_ language: Language) -> String { text(language, registry: .standard) }

  /// The error in `language`, its usage lines from `registry`.
  func text(_ language: Language, registry: ScreenRegistry) -> String {
    pair { registry.usage(of: $0) ?? $0 }.text(language)
  }
}
