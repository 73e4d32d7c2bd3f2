import Foundation
import PocketDomain
import PocketPresentation
import Testing

@testable import PocketApp

/// Every text a user can see exists in Korean: every `Message`, every usage error, every
/// help topic, `--help`, and the screen words. Korean text may keep only what is typed or
/// technical: command words, option names, placeholders and codes (upper case), numbers,
/// paths and URLs, and a cause reported by a lower layer, kept verbatim and named as such.
@Suite("Korean, all the way")
struct KoreanCoverageTests {
  let english = Strings(language: .en, timeZone: .gmt)
  let korean = Strings(language: .ko, timeZone: .gmt)

  /// A cause as the system or a store reports it; Korean text keeps it verbatim.
  static let cause = "disk I/O error while opening the file"

  /// Every `Message` case, with sample values (`everyCaseHasASample` asks for one of each
  /// `Message.Case`).
  static let messages: [Message] = [
    .input(.emptyAmount), .input(.invalidNumber), .input(.negativeAmount), .input(.scoreOutOfRange),
    .input(.futureDate("2026-12-01")),
    .input(.dayTooEarly("1969-12-31")), .input(.emptyText),
    .input(.unknownCurrency("XYZ")), .input(.noSuchItem(3, count: 0)),
    .input(.noSuchItem(3, count: 2)),
    .input(.tooLong(.message, limit: 10)), .input(.tooLong(.note, limit: 10)),
    .input(.tooLong(.title, limit: 10)),
    .lineTooLong(limit: 65_536), .input(.stopwatchNotRunning), .alreadyExists, .notFound,
    .couldNotLoad(reason: .system(cause)),
    .ratesFromTheFuture(
      source: "/tmp/rates.json", publishedAt: Date(timeIntervalSince1970: 4_078_080_000),
      clock: Date(timeIntervalSince1970: 1_764_936_000)),
    .refreshCancelled,
    .notOnThisScreen(command: "edit", open: ["mindlog", "chat"]),
    .noCalculator, .input(.storeNotEmpty), .input(.invalidArchive(.english(cause))),
    .input(.resultTooLarge),
    .input(.outOfRange(.english(cause))),
    .fileFailed(path: "/tmp/in.json", reason: .system(cause)),
    .storageFailed(path: "/tmp/store", reason: .system(cause)), .storeBusy(path: "/tmp/store"),
    .bookmarkAdded("겨울 공지"),
    .bookmarkRemoved("겨울 공지"), .bookmarksCleared, .noBookmarksToClear, .favoriteAdded("KRW"),
    .favoriteRemoved("KRW"), .ratesUpdated(publishedAt: Date(timeIntervalSince1970: 0)),
    .ratesNotDue(nextUpdateAt: Date(timeIntervalSince1970: 0)),
    .ratesOlderThanCached(publishedAt: Date(timeIntervalSince1970: 0)),
    .ratesUnchanged(publishedAt: Date(timeIntervalSince1970: 0)), .noRateSource,
    .noSuchPage(3, count: 2), .lastPage(count: 3),
    .confirmClear(count: 5, titles: ["겨울 공지", "봄 공지", "여름 공지"]),
    .confirmReset(laps: 4), .notConfirmed(.confirmReset(laps: 4), command: "reset --yes"),
    .bookmarkRenamed(number: 2, title: "겨울 공지"), .messageEdited(number: 3, text: "안녕"),
    .messageDeleted(number: 3, text: "안녕"), .entryEdited(number: 1, score: "7", note: "비"),
    .entryDeleted(number: 1, score: "7", note: "비"),
    .input(.ownStoreFile(path: "/tmp/store/pocket.sqlite", writing: true)),
    .input(.ownStoreFile(path: "/tmp/store/pocket.json", writing: false)), .input(.notShown(35)),
    .input(.notOnPage(.message, text: "비")),
    .input(.shownItemGone(.message, number: 2, text: "안녕")),
    .input(.shownItemChanged(.entry, number: 2, text: "비")),
    .input(.tooManyIntegerDigits(limit: 15)),
    .ambiguousCurrency("dollar", candidates: ["AUD", "CAD"]),
    .unchanged(.message, number: 3), .unchanged(.entry, number: 1),
  ]

  @Test func everyCaseHasASample() {
    let missing = Set(Message.Case.allCases).subtracting(Self.messages.map(\.case))
    #expect(missing.isEmpty, "no sample of \(missing.map(\.rawValue).sorted())")
  }

  @Test(arguments: messages)
  func everyMessageIsInKorean(message: Message) {
    // `unknownCurrency` suggests a command to type, `rates xyz`: a command and its query.
    // `ambiguousCurrency` repeats the word typed.
    let suggested: [String] =
      switch message {
      case .input(.unknownCurrency(let code)): ["rates \(code.lowercased())"]
      case .ambiguousCurrency(let word, _): [word]
      default: []
      }
    expectKorean(
      korean.text(message), english: english.text(message), allowing: [Self.cause] + suggested)
  }

  @Test(arguments: UsageError.samples)
  func everyUsageErrorIsInKorean(error: UsageError) {
    expectKorean(error.text(.ko), english: error.text(.en))
  }

  @Test func everyHelpTopicIsInKorean() {
    for command in ScreenRegistry.standard.commands {
      expectKorean(
        HelpText.text(for: command.name, language: .ko, base: "USD"),
        english: HelpText.text(for: command.name, language: .en, base: "USD"))
      expectKorean(
        HelpText.summary(command, .ko, base: "USD"),
        english: HelpText.summary(command, .en, base: "USD"))
    }
    expectKorean(
      HelpText.text(for: nil, language: .ko, base: "USD"),
      english: HelpText.text(for: nil, language: .en, base: "USD"))
    expectKorean(HelpText.usage(.ko), english: HelpText.usage(.en))
    expectKorean(HelpText.options(.ko), english: HelpText.options(.en))
  }

  /// Every word a screen declares: its tab's title and hint, its keys, its commands'
  /// summaries; and the keys every screen shares.
  @Test func everyDeclaredWordIsInKorean() {
    let registry = ScreenRegistry.standard
    var words: [Wording] = registry.commands.map(\.summary)
    for feature in registry.features {
      words += feature.keys.map(\.does)
      // A hint names commands as they are typed, the same in both languages (its frame,
      // "명령: … · 도움말 help", is checked with the screens).
      if let tab = feature.tab { words += [tab.title] }
    }
    #expect(words.count > 50)
    for word in words {
      expectKorean(word.korean, english: word.english)
    }
    // Every shared key, in every state of the key bar (`fg` is the shell's command).
    for word in LiveKeys.every(tabs: 6) {
      expectKorean(word.korean, english: word.english, allowing: ["fg"])
    }
    // The shared keys name the screens by their titles, in the language shown.
    for (korean, english) in zip(
      LiveKeys.all(.ko, registry: registry), LiveKeys.all(.en, registry: registry))
    {
      expectKorean(korean.does.korean, english: english.does.english, allowing: ["fg"])
    }
    let titles = registry.tabs.map(\.tab.title.korean).joined(separator: ", ")
    #expect(LiveKeys.all(.ko, registry: registry)[0].does.korean.contains(titles))
  }

  /// Every word of the App's own table: `--help`, the live view's words, progress and
  /// a failed write (`AppText.samples` names every case).
  @Test(arguments: AppText.samples(cause: cause))
  func everyAppTextIsInKorean(text: AppText) {
    // A key is named as printed on it (`j`, `Enter`, `End`) in both languages.
    expectKorean(
      text.text(.ko), english: text.text(.en),
      allowing: [Self.cause, "j 키", "x 키", "Enter 키", "End로"])
  }

  /// What the front ends say while a store call waits for another program's lock, and
  /// why Pocket does not start under too small a limit of open files.
  @Test func theWaitAndTheDescriptorLimitAreInKorean() {
    expectKorean(
      korean.waitingForStore("/tmp/store/pocket.sqlite"),
      english: english.waitingForStore("/tmp/store/pocket.sqlite"), allowing: [])
    expectKorean(
      DescriptorHeadroom.text(free: 5, limit: 8, hard: 8, .ko),
      english: DescriptorHeadroom.text(free: 5, limit: 8, hard: 8, .en),
      // The commands to type and the program's name, as in the English.
      allowing: ["ulimit -Hn", "ulimit -n", "limits.conf", "Pocket"])
  }

  /// Every input line a key opens on any screen, with and without a selected item: each
  /// printable ASCII key and each named key is pressed on every screen a feature shows.
  @Test @MainActor func everyInputPromptIsInKorean() {
    let session = ScreenFeatureTests().session()
    let named: [Key] = [
      .enter, .tab, .backTab, .escape, .backspace, .delete, .up, .down, .left, .right, .home,
      .end, .pageUp, .pageDown,
    ]
    let keys = named + (0x20...0x7E).map { Key.character(Character(UnicodeScalar(UInt8($0)))) }
    let items: [ListItem?] = [
      nil, ListItem(number: 3, code: "EUR", text: "비", date: Date(timeIntervalSince1970: 0)),
    ]
    var prompts: [Wording] = []
    for feature in session.features {
      for screen in ScreenFeatureTests.screens where type(of: feature).shows(screen) {
        for key in keys {
          for item in items {
            if case .input(let request) = feature.liveAction(
              for: key, on: screen, selected: item)
            {
              prompts.append(request.prompt)
            }
          }
        }
      }
    }
    // Bookmarks' rename, the calculator's amount, chat's write and edit, the mind log's
    // new entry and edit, the rates' filter.
    #expect(Set(prompts.map(\.english)).count >= 7)
    for prompt in prompts {
      expectKorean(prompt.korean, english: prompt.english)
    }
  }

  @Test func everyScreenWordIsInKorean() {
    let date = Date(timeIntervalSince1970: 0)
    let pairs: [(Strings) -> String] =
      [
        \.calculatorTitle, \.noResults, \.noMessagesYet, \.noBookmarksYet, \.noEntriesYet,
        \.noLapsYet, \.edited, \.fastest, \.slowest, { $0.calculatorHint(base: "EUR") },
        { $0.messageCount(2) }, { $0.currencyCount(2) },
        { $0.pageLine(2, of: 5, items: 21...40, total: 100) }, { $0.commandsHint("say") },
        { $0.pageLine(2, of: 5, items: 21...40, total: 100, live: true) },
        { $0.calculatorHint(base: "EUR", live: true) },
        { $0.lap(1) }, { $0.published(date, dueSince: date, source: true, base: "EUR") },
        { $0.published(date, dueSince: date, source: false, base: "EUR") },
        { $0.published(date, dueSince: nil, source: true, base: "EUR") },
        { $0.exported(2, to: "/tmp/x.json") }, { $0.imported(2, from: "/tmp/x.json") },
        { $0.status(.reset) }, { $0.status(.running) }, { $0.status(.stopped) },
      ]
    for text in pairs {
      expectKorean(text(korean), english: text(english))
    }
    expectKorean(
      korean.warning(.system(Self.cause)), english: english.warning(.system(Self.cause)),
      allowing: [Self.cause])
    expectKorean(
      korean.leftOut(.system(Self.cause)), english: english.leftOut(.system(Self.cause)),
      allowing: [Self.cause])
    // A record a salvaging read left out, for a cause Pocket words itself.
    let leftOut = StoreCause.document(
      .inField("/tmp/p/pocket.journal", .inLine(2, .check(.idsEnd(last: 9)))))
    #expect(
      english.leftOut(leftOut)
        == "Not exported, cannot be read: /tmp/p/pocket.journal: line 2: ids end at 9")
    expectKorean(korean.leftOut(leftOut), english: english.leftOut(leftOut))
    let writeCause = String(cString: strerror(ENOSPC))
    expectKorean(
      FailedWrites.text(ENOSPC, .ko), english: FailedWrites.text(ENOSPC, .en),
      allowing: [writeCause])
    let summary = korean.storeSummary(
      kind: "postgres", path: "/tmp/p", version: 3, watch: .serverNotifications,
      copy: StoreCopy(path: "/tmp/p/replica.sqlite", copiedAt: Date(), offline: true, machine: 3),
      rateSource: nil,
      counts: RecordCounts(
        laps: 1, bookmarks: 1, rateSnapshots: 1, favoriteCurrencies: 1, mindLogs: 1,
        chatMessages: 1))
    for line in summary.header + summary.rows.map(\.label) {
      expectKorean(line, english: "")
    }
    // What `source` says, with a source and without one, of every change.
    let file = RateSourceChoice.file("/tmp/rates")
    for change in [StoreViewModel.RateSourceChange.shown, .remembered, .forgotten] {
      for source in [file, nil] where source != nil || change != .remembered {
        expectKorean(
          korean.rateSource(source, change), english: english.rateSource(source, change),
          allowing: ["/tmp/rates"])
      }
    }
  }

  @Test @MainActor func underLangKoUsageErrorsAndHelpAreKorean() async {
    let unknown = await ScriptedConsole.run(["--store", "memory", "--lang", "ko", "dance"])
    #expect(unknown.status == .usage)
    #expect(
      unknown.console.errors
        == "pocket: 알 수 없는 명령입니다: 'dance'. 명령 목록은 'help'를 입력하세요.\n")
    let rename = await ScriptedConsole.run(
      ["--store", "memory", "--lang", "ko"], script: ["rename two", "help", "help rename"])
    #expect(
      rename.console.errors
        == "'rename' 뒤에는 번호(N)가 와야 합니다. 'two'는 번호가 아닙니다. 사용법: rename N TITLE...\n")
    #expect(rename.console.output.contains("명령:\n  show "))
    #expect(rename.console.output.contains("rename N TITLE...\n  N번 북마크의 제목을 바꿉니다\n"))
    // The wrong option comes before --lang: the language is read first all the same.
    let option = await ScriptedConsole.run(["--store", "paper", "--lang", "ko"])
    #expect(option.status == .usage)
    #expect(
      option.console.errors
        == "pocket: 알 수 없는 저장소입니다: 'paper'. sqlite, json, memory, postgres 중 하나를 쓰세요.\n")
    let empty = await ScriptedConsole.run(["--store", "memory", "--lang", "ko", " "])
    #expect(empty.status == .usage)
    #expect(empty.console.errors.hasPrefix("pocket: 명령이 비어 있습니다."))
    let help = await ScriptedConsole.run(["--lang", "ko", "--help"])
    #expect(help.console.output.hasPrefix("사용법: pocket "))
    #expect(help.console.output.contains("옵션:\n"))
  }

  @Test func theCheckCatchesEnglishLeftInKoreanText() {
    #expect(Self.englishWords(in: "북마크했습니다: Read later", allowing: []) == ["Read", "later"])
    #expect(Self.englishWords(in: "입력: convert 금액 [CODE] --force /tmp/a.json", allowing: []) == [])
    #expect(
      Self.englishWords(in: "데이터 (기술적 원인: \(Self.cause))", allowing: [Self.cause]) == [])
  }

  /// `text` is Korean: it has Hangul, differs from the English when that has words, and
  /// keeps no English word but the allowed ones.
  func expectKorean(
    _ text: String, english: String, allowing verbatim: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) },
      "no Hangul: \(text)", sourceLocation: sourceLocation)
    #expect(
      Self.englishWords(in: text, allowing: verbatim).isEmpty,
      "English in the Korean text: \(text)", sourceLocation: sourceLocation)
    if !Self.englishWords(in: english, allowing: []).isEmpty {
      #expect(text != english, "the same as the English: \(text)", sourceLocation: sourceLocation)
    }
  }

  /// Words typed as they are: command words, option values, the program's name.
  static let typedWords: Set<String> =
    Set(ScreenRegistry.standard.commands.flatMap(\.words))
    .union([
      // `\n`, the line break typed in a message or a note.
      "n",
      "pocket", "Pocket", "sqlite", "json", "memory", "postgres", "en", "ko", "KiB", "MiB",
      "open.er-api.com",
      "http", "https", "auto", "always", "never",
      // Names of software, as in every language: the database and its client library.
      "PostgreSQL", "SQLite", "libpq",
    ])

  /// The words of `text` in Latin letters that are not typed words, codes or placeholders
  /// (all capitals), options (`--force`, `-h`), paths or URLs (with `/`), numbers, or `verbatim`.
  static func englishWords(in text: String, allowing verbatim: [String]) -> [String] {
    var text = text
    for cause in verbatim { text = text.replacingOccurrences(of: cause, with: " ") }
    let tokens = text.split(whereSeparator: \.isWhitespace).filter {
      !$0.contains("/") && !$0.contains("--") && !$0.hasPrefix("-") && !$0.contains("$")
    }
    var words: [String] = []
    for token in tokens {
      let trimmed = token.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
      if typedWords.contains(trimmed) { continue }
      let runs = token.split { !($0.isASCII && $0.isLetter) }.map(String.init)
      words += runs.filter { run in
        !typedWords.contains(run) && run != run.uppercased()
      }
    }
    return words
  }
}
