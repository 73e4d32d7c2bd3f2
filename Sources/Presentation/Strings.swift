import Foundation
import PocketDomain

/// The one string table: every word Pocket shows, in English and Korean, and the formats
/// of numbers, durations and times. Front ends choose wording here and nowhere else.
public struct Strings: Sendable {
  public let language: Language
  public let timeZone: TimeZone
  /// Where currency names come from: `CurrencyNames.shared` but in tests that count them.
  public let names: CurrencyNames
  /// What formats the chat's times and day lines: `DateStyles.foundation` but where a front
  /// end hands in its own.
  public let dateStyles: DateStyles

  public init(
    language: Language, timeZone: TimeZone, names: CurrencyNames = .shared,
    dateStyles: DateStyles = .foundation
  ) {
    self.language = language
    self.timeZone = timeZone
    self.names = names
    self.dateStyles = dateStyles
  }

  func pick(_ english: String, _ korean: String) -> String {
    language == .ko ? korean : english
  }

  // MARK: Messages

  public func text(_ message: Message) -> String {
    switch message {
    case .input(let problem): text(problem)
    case .ambiguousCurrency(let word, let candidates):
      pick(
        "'\(word)' names \(candidates.count) currencies: \(candidates.joined(separator: ", ")); type one code",
        "'\(word)'에 해당하는 통화가 \(candidates.count)개입니다: \(candidates.joined(separator: ", ")). 코드 하나를 입력하세요"
      )
    case .noSuchPage(let number, let count) where number == .max || number == -.max:
      pick(
        "There is no such page: choose a page from 1 to \(count)",
        "그런 쪽이 없습니다: 1부터 \(count) 사이의 쪽을 고르세요")
    case .noSuchPage(let number, let count):
      pick(
        "There is no page \(number): choose a page from 1 to \(count)",
        "\(number)쪽이 없습니다: 1부터 \(count) 사이의 쪽을 고르세요")
    case .lastPage(let count):
      pick(
        "This is the last page (\(count) of \(count)): 'page 1' shows the first",
        "마지막 쪽입니다(\(count)쪽 중 \(count)쪽): 첫 쪽은 'page 1'로 봅니다")
    case .lineTooLong(let limit):
      pick(
        "The line is too long: at most \(limit / 1024) KiB",
        "입력한 줄이 너무 깁니다: 최대 \(limit / 1024) KiB")
    case .alreadyExists: pick("It exists already", "이미 있습니다")
    case .notFound: pick("It no longer exists", "항목을 찾을 수 없습니다")
    case .couldNotLoad(let reason):
      pick(
        "Could not load data: \(self.reason(reason))", "데이터를 불러올 수 없습니다\(koreanDetail(reason))")
    case .ratesFromTheFuture(let source, let publishedAt, let clock):
      pick(
        "\(source) gave rates published \(dateTime(publishedAt)), more than a day after this "
          + "machine's clock (\(dateTime(clock))): not taken; the cached rates stay",
        "\(source)의 환율은 \(dateTime(publishedAt))에 발표된 것으로 되어 있어, "
          + "이 컴퓨터 시계(\(dateTime(clock)))보다 하루 넘게 앞섭니다: 받지 않았습니다. "
          + "저장된 환율은 그대로입니다")
    case .refreshCancelled:
      pick("Refresh cancelled; the cached rates stay", "환율 새로 고침을 취소했습니다. 저장된 환율은 그대로입니다")
    case .notOnThisScreen(let command, let open):
      pick(
        "'\(command)' does not work on this screen: open \(englishList(open, last: "or")) first",
        "\(Korean.word("'\(command)'", .topic)) 이 화면에서 쓸 수 없습니다: "
          + "먼저 \(Korean.word(Korean.list(open), .direction)) 화면을 여세요")
    case .confirmClear(let count, let titles):
      pick(
        "Remove all \(count) bookmarks (\(listed(titles, of: count)))?",
        "북마크 \(count)개를 모두 지울까요 (\(listed(titles, of: count)))?")
    case .confirmReset(let laps):
      pick(
        "Delete the stopwatch's time and its \(laps) saved laps?",
        "스톱워치 시간과 저장된 랩 \(laps)개를 모두 지울까요?")
    case .notConfirmed(let question, let command):
      text(question) + " "
        + pick(
          "Nothing changed; to do it, type \(command)",
          "바꾸지 않았습니다. 하려면 \(Korean.word(command, .object)) 입력하세요")
    case .fileFailed(let path, let reason):
      pick(
        "Cannot use the file \(path): \(self.reason(reason))",
        "파일을 사용할 수 없습니다: \(path)\(koreanDetail(reason))")
    case .noCalculator:
      pick("Open a calculator first: calc CODE", "먼저 계산기를 여세요: calc CODE")
    case .storeBusy(let path):
      pick(
        "The store at \(path) is busy: another program kept writing to it for 5 seconds; "
          + "nothing changed, try again",
        "\(Korean.word(path, .topic)) 사용 중입니다: 다른 프로그램이 5초 동안 쓰고 있었습니다. "
          + "바뀐 것은 없습니다. 다시 해 보세요")
    case .storageFailed(let path, let reason):
      pick(
        "Cannot use the store at \(path): \(self.reason(reason))",
        "저장소를 사용할 수 없습니다: \(path)\(koreanDetail(reason))")
    case .bookmarkAdded(let title): pick("Bookmarked: \(title)", "북마크했습니다: \(title)")
    case .bookmarkRemoved(let title):
      pick("Bookmark removed: \(title)", "북마크를 해제했습니다: \(title)")
    case .bookmarksCleared: pick("All bookmarks removed", "북마크를 모두 지웠습니다")
    case .noBookmarksToClear:
      pick("There were no bookmarks to remove", "지울 북마크가 없었습니다")
    case .bookmarkRenamed(let number, let title):
      pick("Renamed bookmark \(number): \(title)", "\(number)번 북마크 이름을 바꿨습니다: \(title)")
    case .unchanged(let kind, let number):
      pick(
        "\(englishName(kind)) \(number) is unchanged; nothing was written",
        "\(number)번 \(koreanName(kind))\(koreanTopic(kind)) 그대로입니다. 바꾼 것이 없습니다")
    case .messageEdited(let number, let text):
      pick("Edited message \(number): \(text)", "\(number)번 메시지를 수정했습니다: \(text)")
    case .messageDeleted(let number, let text):
      pick("Deleted message \(number): \(text)", "\(number)번 메시지를 삭제했습니다: \(text)")
    case .entryEdited(let number, let score, let note):
      pick(
        "Edited entry \(number): \(scored(score, note))",
        "\(number)번 기록을 수정했습니다: \(scored(score, note))")
    case .entryDeleted(let number, let score, let note):
      pick(
        "Deleted entry \(number): \(scored(score, note))",
        "\(number)번 기록을 삭제했습니다: \(scored(score, note))")
    case .favoriteAdded(let code):
      pick("\(code) pinned to the top", "\(Korean.word(code, .object)) 맨 위에 고정했습니다")
    case .favoriteRemoved(let code): pick("\(code) unpinned", "\(code) 고정을 풀었습니다")
    case .ratesUpdated(let publishedAt):
      pick(
        "Rates updated: published \(dateTime(publishedAt))",
        "환율을 새로 받았습니다: \(dateTime(publishedAt)) 기준")
    case .ratesNotDue(let next):
      pick(
        "The rates are current; the next update is due \(dateTime(next)) (refresh --force to fetch now)",
        "최신 환율입니다. 다음 갱신은 \(dateTime(next))입니다 (지금 받으려면 refresh --force)")
    case .ratesOlderThanCached(let publishedAt):
      pick(
        "The source's rates (published \(dateTime(publishedAt))) are older than the cached ones; the cached rates stay",
        "소스의 환율(\(dateTime(publishedAt)) 기준)이 저장된 환율보다 오래되었습니다. 저장된 환율은 그대로입니다")
    case .ratesUnchanged(let publishedAt):
      pick(
        "The source has no newer rates: the cached ones (published \(dateTime(publishedAt))) are its latest",
        "소스에 더 새로운 환율이 없습니다: 저장된 환율(\(dateTime(publishedAt)) 기준)이 최신입니다")
    case .noRateSource:
      pick(
        "No rate source is configured: start Pocket with --online, --rates-url URL or --rates-file PATH to refresh",
        "환율 소스가 설정되지 않았습니다. 새로 받으려면 --online, --rates-url URL 또는 --rates-file PATH로 실행하세요")
    }
  }

  /// A refused input (`Message.input`).
  func text(_ problem: InputProblem) -> String {
    switch problem {
    case .emptyAmount: pick("Enter an amount", "금액을 입력해주세요")
    case .invalidNumber: pick("Enter a valid number", "올바른 숫자를 입력해주세요")
    case .negativeAmount: pick("The amount cannot be negative", "금액은 0 이상이어야 합니다")
    case .tooManyIntegerDigits(let limit):
      pick(
        "The amount is too large: at most \(limit) digits before the decimal point",
        "금액이 너무 큽니다: 소수점 앞은 최대 \(limit)자리입니다")
    case .scoreOutOfRange:
      pick("The score must be a number from 0 to 10", "점수는 0부터 10 사이의 숫자여야 합니다")
    case .futureDate(let day):
      pick(
        "The day \(day) is in the future or not on the calendar: "
          + "use today, yesterday, 2026-11-28 or 11/28/2026",
        "\(Korean.word(day, .topic)) 미래이거나 달력에 없는 날짜입니다: 오늘, 어제, 2026-11-28, 2026. 11. 28. 형식을 쓰세요")
    case .dayTooEarly(let day):
      pick(
        "The day \(day) is before 1970-01-01, the first day Pocket keeps: "
          + "use today, yesterday, 2026-11-28 or 11/28/2026",
        "\(Korean.word(day, .topic)) 기록할 수 있는 첫날(1970-01-01)보다 앞섭니다: 오늘, 어제, 2026-11-28, 2026. 11. 28. 형식을 쓰세요"
      )
    case .emptyText: pick("Enter some text", "내용을 입력해주세요")
    case .unknownCurrency(let code):
      pick(
        "Unknown currency \(code): try `rates \(code.lowercased())`",
        "알 수 없는 통화입니다: \(code) "
          + "(\(Korean.word("`rates \(code.lowercased())`", .direction)) 찾아보세요)")
    case .noSuchItem(let number, let count) where number == .max || number == -.max:
      count == 0
        ? pick("There is no such item: the list is empty", "그런 항목이 없습니다: 목록이 비어 있습니다")
        : pick(
          "There is no such item: choose a number from 1 to \(count)",
          "그런 항목이 없습니다: 1부터 \(count) 사이의 번호를 고르세요")
    case .noSuchItem(let number, let count) where count == 0:
      pick("There is no item \(number): the list is empty", "\(number)번 항목이 없습니다: 목록이 비어 있습니다")
    case .noSuchItem(let number, let count):
      pick(
        "There is no item \(number): choose a number from 1 to \(count)",
        "\(number)번 항목이 없습니다: 1부터 \(count) 사이의 번호를 고르세요")
    case .notShown(let number):
      pick(
        "There is no item \(number) on the screen shown: show its page first",
        "보이는 화면에 \(number)번 항목이 없습니다: 먼저 그 쪽을 여세요")
    case .notOnPage(let kind, let text):
      pick(
        "\(englishName(kind)) (\(text)) is not on the page shown; nothing changed",
        "\(koreanName(kind))(\(text))\(koreanTopic(kind)) 보이는 쪽에 없습니다. 바뀐 것은 없습니다")
    case .shownItemGone(let kind, let number, let text):
      pick(
        "\(englishName(kind)) \(number) (\(text)) was deleted elsewhere; nothing changed",
        "\(number)번 \(koreanName(kind))(\(text))\(koreanTopic(kind)) 다른 곳에서 지워졌습니다. 바뀐 것은 없습니다")
    case .shownItemChanged(let kind, let number, let text):
      pick(
        "\(englishName(kind)) \(number) (\(text)) was changed elsewhere since it was shown; "
          + "nothing changed: look at it again",
        "\(number)번 \(koreanName(kind))(\(text))\(koreanTopic(kind)) 보인 뒤 다른 곳에서 바뀌었습니다. "
          + "바뀐 것은 없습니다: 다시 확인하세요")
    case .tooLong(let field, let limit):
      pick(
        "The \(englishName(field)) is too long: at most \(limit) characters",
        "\(koreanName(field)) 너무 깁니다: 최대 \(limit)자")
    case .stopwatchNotRunning: pick("The stopwatch is not running", "스톱워치가 멈춰 있습니다")
    case .storeNotEmpty:
      pick(
        "The store already holds data; add --replace to overwrite it",
        "저장소에 이미 데이터가 있습니다. 덮어쓰려면 --replace를 붙이세요")
    case .invalidArchive(let reason):
      pick(
        "The archive cannot be imported: \(english(reason))",
        "가져올 수 없는 파일입니다: \(korean(reason))")
    case .resultTooLarge:
      pick("The result is too large to show", "결과가 너무 커서 보여줄 수 없습니다")
    case .outOfRange(let reason):
      // The reason names the value and its range ("… is out of range (…)"): not said twice.
      pick("Not stored: \(english(reason))", "저장하지 않았습니다: \(korean(reason))")
    case .ownStoreFile(let path, let writing) where writing:
      pick(
        "\(path) is one of this store's own files; export to another path",
        "\(Korean.word(path, .topic)) 이 저장소의 파일입니다. 다른 경로로 내보내세요")
    case .ownStoreFile(let path, _):
      pick(
        "\(path) is one of this store's own files, not an export; import a file export wrote",
        "\(Korean.word(path, .topic)) 내보낸 파일이 아니라 이 저장소의 파일입니다. export로 쓴 파일을 가져오세요")
    }
  }

  /// What a front end says while a call waits for another program's lock on `store`
  /// (`StoreWaitViewModel`, `StoreWaits`): the wait is bounded, as the refusal after it says.
  public func waitingForStore(_ store: String) -> String {
    pick(
      "Waiting for another program's write to \(store)… (at most 5 s)",
      "다른 프로그램이 쓰기를 마치기를 기다리는 중: \(store)… (최대 5초)")
  }

  /// What the store reports as gone wrong without failing: after a command that was done
  /// all the same, or while a live view follows the store (no command ran then, so neither
  /// language says one was done).
  public func warning(_ problem: StoreProblem) -> String {
    pick("warning: \(reason(problem))", "경고\(koreanDetail(problem))")
  }

  /// Said beside the tabs while a store is shown from this machine's copy because its
  /// server does not answer.
  public var offlineMark: String { pick("offline", "오프라인") }

  /// A store shown from this machine's copy while its server did not answer: the server
  /// answers again, and what it holds is shown.
  public var serverAnswersAgain: String {
    pick(
      "the server answers again: shown is what it holds, and changes can be made",
      "서버가 다시 응답합니다. 서버의 기록을 보여 주며 변경할 수 있습니다")
  }

  func englishName(_ kind: ItemKind) -> String {
    switch kind {
    case .message: "Message"
    case .entry: "Entry"
    case .bookmark: "Bookmark"
    case .notice: "Notice"
    }
  }

  func koreanName(_ kind: ItemKind) -> String {
    switch kind {
    case .message: "메시지"
    case .entry: "기록"
    case .bookmark: "북마크"
    case .notice: "공지"
    }
  }

  /// The topic particle after `koreanName(kind)`: 은 after a final consonant (기록), else 는.
  func koreanTopic(_ kind: ItemKind) -> String {
    kind == .entry ? "은" : "는"
  }

  /// Text reported by the system, a store or a rates source that Pocket does not word
  /// itself, in Korean text: kept verbatim (an OS error, a SQLite or HTTP message is what one
  /// searches for), in parentheses and named as the technical cause.
  func cause(_ text: String) -> String {
    "(기술적 원인: \(text))"
  }

  /// Up to three titles, then how many more: "A, B, C and 2 more".
  func listed(_ titles: [String], of count: Int) -> String {
    let shown = titles.prefix(3).joined(separator: ", ")
    let more = count - min(titles.count, 3)
    guard more > 0 else { return shown }
    return pick("\(shown) and \(more) more", "\(shown) 외 \(more)개")
  }

  /// Items as an English list: "a", "a or b", "a, b or c" (`last` is the word before the
  /// last item).
  func englishList(_ items: [String], last: String) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(last) " + (items.last ?? "")
  }

  /// A mind-log entry in one line: its score, then its note when it has one.
  func scored(_ score: String, _ note: String) -> String {
    note.isEmpty ? score : "\(score) \(note)"
  }

  /// Asked after a confirmation question at a terminal.
  public var yesOrNo: String { "[y/N]" }

  func englishName(_ field: InputField) -> String {
    switch field {
    case .message: "message"
    case .note: "note"
    case .title: "title"
    }
  }

  /// The field's name with its subject particle.
  func koreanName(_ field: InputField) -> String {
    switch field {
    case .message: "메시지가"
    case .note: "메모가"
    case .title: "제목이"
    }
  }

  // MARK: Screen words

  public var calculatorTitle: String { pick("Calculator", "계산기") }
  public var noResults: String { pick("No results", "검색 결과 없음") }
  public var noMessagesYet: String { pick("No messages yet.", "아직 입력된 채팅이 없습니다.") }
  public var noBookmarksYet: String { pick("No bookmarks yet.", "북마크한 공지가 없습니다.") }
  public var noEntriesYet: String { pick("No entries yet.", "아직 기록이 없습니다.") }
  /// The label around the mood picture: "Mood" before it, its span after.
  public var mood: String { pick("Mood", "기분") }
  /// The mood picture's span: "(last 30 days)" when it ends today, else "(30 days to
  /// 11/28/2026)" / "(2026. 11. 28.까지 30일)"; a span of one day is "(today)" or
  /// "(11/28/2026)".
  public func moodSpan(_ mood: MoodSummary) -> String {
    let days = mood.days.count
    if days == 1, mood.endsToday { return pick("(today)", "(오늘)") }
    guard !mood.endsToday else { return pick("(last \(days) days)", "(최근 \(days)일)") }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let last = mood.lastDay.noon(in: calendar).map(day) ?? mood.lastDay.description
    if days == 1 { return "(\(last))" }
    return pick("(\(days) days to \(last))", "(\(last)까지 \(days)일)")
  }
  /// The mood picture's numbers: the 7-day and span means (one decimal, half-up; "–"
  /// without entries) and the days logged. A span of 7 days or fewer has one mean (its last
  /// 7 days are the whole span), named by its length, or plainly "mean" for one day.
  public func moodNumbers(_ mood: MoodSummary) -> String {
    let days = mood.days.count
    let week = oneDecimal(mood.lastWeekMean)
    let span = oneDecimal(mood.mean)
    let logged = pick(
      "\(mood.daysLogged) of \(days) \(days == 1 ? "day" : "days") logged",
      "\(days)일 중 \(mood.daysLogged)일 기록")
    let spanMean =
      days == 1
      ? pick("mean \(span)", "평균 \(span)") : pick("\(days)-day mean \(span)", "\(days)일 평균 \(span)")
    guard days > 7 else { return "\(spanMean) · \(logged)" }
    return "\(pick("7-day mean \(week)", "7일 평균 \(week)")) · \(spanMean) · \(logged)"
  }

  /// `value` with one decimal, rounded half-up (exactly, in `Decimal`); "–" for `nil`.
  public func oneDecimal(_ value: Decimal?) -> String {
    guard var value else { return "–" }
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, 1, .plain)
    let text = "\(rounded)"
    let whole = text.contains(".") ? text : text + ".0"
    return whole.replacingOccurrences(of: ".", with: String(language.decimalSeparator))
  }
  public var noLapsYet: String { pick("No laps yet.", "아직 랩이 없습니다.") }
  public var edited: String { pick("edited", "수정됨") }
  public var fastest: String { pick("fastest", "최단") }
  public var slowest: String { pick("slowest", "최장") }
}
