import PocketDomain
import PocketPresentation

/// The App layer's own words, in English and Korean: what no one screen declares (`--help`,
/// the live view's shared words, the progress line, the input line's cut notice, a failed
/// write). Each case is worded once per language in `pair`; callers ask `text(_:)` for the
/// language shown. A screen's own words stay in its declaration (`Screens/<Name>`), usage
/// errors are worded in `UsageError.pair(usage:)`, and the keys in `AppKeys`.
enum AppText: Equatable, Sendable {
  /// `--help`'s usage lines.
  case usage
  /// `--help`'s options, modes and exit statuses.
  case options
  /// The heading of `help`'s list of commands.
  case commandsHeading
  /// Under `help`'s list of commands: where the options are.
  case optionsInHelp
  /// What `help` calls the cached rates' base currency when it does not know it.
  case baseCurrency
  /// `Usage: ` and a command's usage line.
  case usageHint(String)
  /// Where a wrong option sends the user.
  case optionsHint
  /// The live view cannot draw in a terminal this small (`have` and `need` as `30×8`).
  case tooSmall(have: String, need: String)
  /// An input line kept `count` characters and cut `cut`.
  case cutNotice(count: Int, cut: Int)
  /// An import's or export's progress, the counts grouped (`1,000,000`).
  case progress(ArchiveProgress.Stage, done: String, total: String)
  /// Standard output could not be written; `cause` as the system words it, verbatim.
  case writeError(cause: String)
  /// The live view's selected item (`gone`, named by its text) is no longer on the list;
  /// the selection moved to the item now shown as `number` (named `text`), or off the
  /// list when it is empty (`nil`).
  case selectionMoved(gone: String, to: (number: Int, text: String)?)
  /// Which lines of a page too long for the terminal show: `first`–`last` of `count`.
  case pagePosition(first: Int, last: Int, of: Int)
  /// Which item of the list the `v` view shows whole: `3 of 74`.
  case itemPosition(number: Int, of: Int)
  /// Which rows of a list longer than the live view's rows show: `rows 54–73 of 1,000`.
  case rowsPosition(first: Int, last: Int, of: Int)
  /// The live view's answer no to `question` (`reset`, `clear`): nothing was done (`nil`: a question of the live view's own, such as a delete).
  case declined(Message?)
  /// A key that moves through a list (named `key`) on a screen without one.
  case noListHere(key: String)
  /// A key that acts on the selected item, pressed with nothing selected.
  case nothingSelected(key: String)
  /// A key that means nothing on the screen showing.
  case noSuchKey(key: String)
  /// Under the chat while new messages are below what shows.
  case newMessagesBelow
  /// The live view sent a message, now shown as `number`.
  case messageSent(number: Int)
  /// A mind-log entry added in the live view, for its day in words (`nil`: the entry is
  /// on another page than the one showing).
  case entryAdded(day: String?)
  /// The live view refused bytes that are not UTF-8 (`shown` as `UTF8Bytes.shown` shows
  /// them): a paste (`pasted`), not inserted at all, or a key typed, not typed, nor the keys
  /// that came with it.
  case notUTF8Input(shown: String, pasted: Bool)

  static func == (lhs: AppText, rhs: AppText) -> Bool { lhs.pair == rhs.pair }

  /// The text in `language`.
  func text(_ language: Language) -> String { pair.text(language) }

  /// The English and the Korean.
  var pair: Wording {
    switch self {
    case .usage: Self.usageText
    case .options: Self.optionsText
    case .commandsHeading: Wording("Commands:", "명령:")
    case .baseCurrency: Wording("the base currency", "기준 통화")
    case .optionsInHelp:
      Wording(
        "Options (--store, --lang, --plain, --color and more): run 'pocket --help'.",
        "옵션(--store, --lang, --plain, --color 등)은 'pocket --help'로 볼 수 있습니다.")
    case .usageHint(let usage): Wording("Usage: \(usage)", "사용법: \(usage)")
    case .optionsHint:
      Wording("Run 'pocket --help' for the options.", "옵션은 'pocket --help'로 볼 수 있습니다.")
    case .tooSmall(let have, let need):
      Wording("Terminal too small\n\(have), needs \(need)", "터미널이 작습니다\n\(have), \(need) 필요")
    case .cutNotice(let count, let cut):
      Wording(
        "Kept the first \(count) characters; \(cut) cut", "앞의 \(count)자만 남기고 \(cut)자를 잘라 냈습니다")
    case .progress(let stage, let done, let total):
      switch stage {
      case .reading:
        Wording("Reading… \(done) of \(total) messages", "읽는 중… 메시지 \(total)개 중 \(done)개")
      case .importing:
        Wording("Importing… \(done) of \(total) messages", "가져오는 중… 메시지 \(total)개 중 \(done)개")
      case .exporting:
        Wording("Exporting… \(done) of \(total) messages", "내보내는 중… 메시지 \(total)개 중 \(done)개")
      }
    case .writeError(let cause):
      Wording("write error: \(cause)", "출력을 쓰지 못했습니다 (기술적 원인: \(cause))")
    case .selectionMoved(let gone, let target?):
      Wording(
        "The selected item (\(gone)) is gone; the selection moved to \(target.number) "
          + "(\(target.text))",
        "선택한 항목(\(gone))이 없어져 \(target.number)번(\(target.text))으로 선택을 옮겼습니다")
    case .selectionMoved(let gone, nil):
      Wording(
        "The selected item (\(gone)) is gone; the list is empty",
        "선택한 항목(\(gone))이 없어졌습니다: 목록이 비어 있습니다")
    case .pagePosition(let first, let last, let count):
      Wording("\(first)–\(last) of \(count)", "\(count)줄 중 \(first)–\(last)")
    case .itemPosition(let number, let count):
      Wording("\(number) of \(count)", "\(count)개 중 \(number)번째")
    case .rowsPosition(let first, let last, let count):
      Wording(
        "rows \(ProgressLine.grouped(first))–\(ProgressLine.grouped(last)) of "
          + ProgressLine.grouped(count),
        "\(ProgressLine.grouped(count))행 중 \(ProgressLine.grouped(first))–"
          + "\(ProgressLine.grouped(last))행")
    case .declined(.confirmReset):
      Wording("Not reset: the stopwatch is as it was", "초기화하지 않았습니다: 스톱워치는 그대로입니다")
    case .declined(.confirmClear):
      Wording("Nothing removed: the bookmarks are as they were", "지우지 않았습니다: 북마크는 그대로입니다")
    case .declined:
      Wording("Nothing changed", "바꾸지 않았습니다")
    // In Korean the key's name is marked as a key's ("Delete 키"): it is the name printed on
    // the key, not an English word left in the sentence.
    case .noListHere(let key): Wording("\(key): no list here", "\(key) 키: 여기에는 목록이 없습니다")
    case .nothingSelected(let key):
      Wording("\(key): nothing selected · ↑↓ select", "\(key) 키: 선택한 항목이 없습니다 · ↑↓ 선택")
    case .noSuchKey(let key):
      Wording("\(key): no such key here · ? lists the keys", "\(key) 키: 여기에 없는 키입니다 · ?로 키 보기")
    case .newMessagesBelow: Wording("New messages ↓ · End shows them", "새 메시지 ↓ · End로 보기")
    case .messageSent(let number): Wording("Sent message \(number)", "\(number)번 메시지를 보냈습니다")
    case .entryAdded(let day?): Wording("Added entry for \(day)", "\(day) 기록을 추가했습니다")
    case .entryAdded(nil): Wording("Added entry", "기록을 추가했습니다")
    case .notUTF8Input(let shown, pasted: true):
      Wording(
        "The pasted text is not UTF-8 ('\(shown)', a byte that is not shown as \\xHH): "
          + "nothing was pasted",
        "붙여 넣은 텍스트가 UTF-8이 아닙니다('\(shown)', UTF-8이 아닌 바이트는 16진수로 표시): "
          + "아무것도 붙여 넣지 않았습니다")
    case .notUTF8Input(let shown, pasted: false):
      Wording(
        "The key typed is not UTF-8 ('\(shown)'; set the terminal to UTF-8): it was not "
          + "typed, nor the keys that came with it",
        "입력한 키가 UTF-8이 아닙니다('\(shown)'. 터미널을 UTF-8로 설정하세요): "
          + "그 키도, 함께 온 키도 입력하지 않았습니다")
    }
  }

  /// Every case with sample values, for tests. The switch names every case, so a new one
  /// cannot be left out.
  static func samples(cause: String) -> [AppText] {
    let all: [AppText] =
      [
        .usage, .options, .commandsHeading, .optionsInHelp, .baseCurrency,
        .usageHint("rename N TITLE..."),
        .optionsHint,
        .tooSmall(have: "20×5", need: "30×8"), .cutNotice(count: 2, cut: 1),
        .writeError(cause: cause), .selectionMoved(gone: "봄 공지", to: (2, "겨울 공지")),
        .selectionMoved(gone: "봄 공지", to: nil), .pagePosition(first: 12, last: 30, of: 64),
        .itemPosition(number: 3, of: 74), .rowsPosition(first: 54, last: 73, of: 1000),
        .declined(.confirmReset(laps: 3)), .declined(.confirmClear(count: 2, titles: ["a", "b"])),
        .declined(nil),
        .noListHere(key: "j"),
        .nothingSelected(key: "Enter"), .noSuchKey(key: "x"), .newMessagesBelow,
        .messageSent(number: 26), .entryAdded(day: "2026년 11월 28일"), .entryAdded(day: nil),
        .notUTF8Input(shown: "카페", pasted: true),
        .notUTF8Input(shown: "키", pasted: false),
      ]
      + [ArchiveProgress.Stage.reading, .importing, .exporting].map {
        .progress($0, done: "420,000", total: "1,000,000")
      }
    for sample in all {
      switch sample {
      case .usage, .options, .commandsHeading, .optionsInHelp, .baseCurrency, .usageHint,
        .optionsHint,
        .tooSmall, .cutNotice, .progress, .writeError, .selectionMoved, .pagePosition,
        .itemPosition, .rowsPosition,
        .declined, .noListHere, .nothingSelected, .noSuchKey, .newMessagesBelow, .messageSent,
        .entryAdded, .notUTF8Input:
        break
      }
    }
    return all
  }
}
