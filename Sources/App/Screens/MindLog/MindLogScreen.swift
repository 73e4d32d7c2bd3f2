import Foundation
import PocketDomain
import PocketPresentation

/// The mind log: `mindlog`, `add`, and `edit` and `delete` while it shows.
final class MindLogScreen: ViewModelFeature<MindLogViewModel>, ViewModelScreen, RowEditingScreen {
  nonisolated static let commands: [CommandSpec] = [
    CommandSpec(
      "mindlog", usage: "mindlog [--days N] [--to DATE]",
      "Show the mind log, its mood over N days (30 unless told) to DATE (today unless told)",
      "마음 일기와, DATE(기본 오늘)까지 N일(기본 30일)의 기분을 봅니다"
    ) { words throws(UsageError) in try words.moodSpan() }
    .detailed(
      """
      N: 1 to \(SummarizeMood.maxDays) days (mindlog --days 7). DATE: as for add
      (2026-11-28, 2026년 11월 28일, yesterday); the picture ends on that day.
      """,
      """
      N: 1부터 \(SummarizeMood.maxDays)일까지 (mindlog --days 7). DATE: add와 같은 꼴
      (2026-11-28, 2026년 11월 28일, 어제); 그림이 그날에서 끝납니다.
      """),
    CommandSpec(
      "add", usage: "add [--date DATE] SCORE NOTE...",
      "Add a mind-log entry (score 0 to 10) for today, or for DATE",
      "마음 일기에 기록을 추가합니다 (점수 0부터 10, 날짜는 선택)"
    ) { words throws(UsageError) in
      let date = try words.date()
      return .add(score: try words.required(.score), note: words.textWithLineBreaks(), date: date)
    }
    .detailed(
      """
      DATE: 2026-11-28, 11/28/2026, 2026. 11. 28., 2026년 11월 28일, today, yesterday,
      one word or several; not after today, not before 1970-01-01.
      SCORE: 0 to 10, decimals allowed (7.5). NOTE: the rest of the line (\\n: a line break).
      """,
      """
      DATE: 2026-11-28, 11/28/2026, 2026. 11. 28., 2026년 11월 28일, 오늘, 어제,
      한 낱말이든 여러 낱말이든; 오늘 이후나 1970-01-01 이전은 안 됩니다.
      SCORE: 0부터 10까지, 소수도 됩니다 (7.5). NOTE: 줄의 나머지 전부 (\\n: 줄 바꿈).
      """),
    CommandSpec(
      "edit", usage: "edit N [--date DATE] SCORE [NOTE...]",
      "Edit mind-log entry N (and its day, with --date)", "마음 일기의 N번 기록을 고칩니다 (--date로 날짜도)",
      isScreenBound: true
    ) { words throws(UsageError) in try words.editArguments() }
    .detailed(
      """
      N: the entry's number on the mind log shown. A NOTE left out keeps the note.
      DATE: 2026-11-28, 11/28/2026, 2026. 11. 28., 2026년 11월 28일, today, yesterday,
      one word or several; not after today, not before 1970-01-01.
      """,
      """
      N: 보이는 마음 일기의 기록 번호. NOTE를 빼면 메모는 그대로입니다.
      DATE: 2026-11-28, 11/28/2026, 2026. 11. 28., 2026년 11월 28일, 오늘, 어제,
      한 낱말이든 여러 낱말이든; 오늘 이후나 1970-01-01 이전은 안 됩니다.
      """),
    CommandSpec("delete", "Delete mind-log entry N", "마음 일기의 N번 기록을 지웁니다") {
      .delete(number: $0)
    },
  ]

  nonisolated static let tab: TabSpec? = TabSpec(
    .mindLog, title: Wording("Mind log", "마음 일기"), opener: "mindlog",
    hint:
      "add [--date DATE] SCORE NOTE · edit N SCORE [NOTE] · delete N · more · page N · mindlog --days N"
  )

  private let now: @Sendable () -> Date
  private let timeZone: TimeZone

  required init(_ dependencies: ScreenDependencies) {
    now = dependencies.now
    timeZone = dependencies.timeZone
    super.init(dependencies)
  }

  nonisolated static let rowKeys = RowKeys(
    new: .init(
      does: Wording("new entry", "새 기록"),
      prompt: Wording("New entry: SCORE NOTE", "새 기록: 점수 메모"), words: "add "),
    edit: "edit", editDoes: Wording("edit", "고치기"),
    editPrompt: { Wording("Edit entry \($0)", "기록 \($0) 고치기") },
    limit: InputRequest.mindLogLimit, deleteDoes: Wording("delete", "삭제"),
    delete: { .delete(number: $0) }, kind: Wording("entry", "기록"), particle: "을",
    lineBreaks: true)

  /// The mood picture ends on the selected entry's day (`mindlog --to`), so moving through
  /// the list shows the mood around each entry.
  func followSelection(to item: ListItem) -> Command? {
    guard let date = item.date, date <= now() else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return .mindLogSpan(days: nil, through: .day(CalendarDay(date, in: calendar)))
  }
  var searching: String { viewModel.state.search }

  func load(_ screen: Screen) async { await viewModel.load() }

  func action(for command: Command, in context: ScreenContext) -> ScreenAction? {
    let total = viewModel.state.page.total
    switch command {
    case .mindLog:  // back to the 30 days after a `--days N`
      return .performFresh(.mindLog) {
        await self.viewModel.show(days: MindLogViewModel.defaultMoodDays)
      }
    case .mindLogSpan(let days?, let day):  // page 1, as `mindlog` does
      return .performFresh(.mindLog) { await self.viewModel.show(days: days, endingOn: day) }
    case .mindLogSpan(nil, let day):  // the picture follows a day; the page shown stays
      return .perform(.mindLog) { await self.viewModel.showMood(days: nil, endingOn: day) }
    case .add(let score, let note, let date):
      return .performFresh(.mindLog) {
        await self.viewModel.add(score: score, note: note, day: date ?? .today)
      }
    case .edit(let number, _, let score, let note, let date) where context.current == .mindLog:
      return context.perform(row: number, on: .mindLog, of: total) {
        await self.viewModel.edit($0, score: score, note: note, day: date)
      }
    case .delete(let number) where context.current == .mindLog:
      return context.perform(row: number, on: .mindLog, of: total) {
        await self.viewModel.delete($0)
      }
    default:
      return context.pageAction(for: command, of: viewModel, on: .mindLog)
        ?? context.searchAction(for: command, of: viewModel, on: .mindLog)
    }
  }
}

extension MindLogViewModel.State: PagedScreenState {
  var screen: Screen { .mindLog }
  func lines(_ renderer: Renderer) -> [ScreenLine] { renderer.mindLog(self) }
}

extension Renderer {
  fileprivate func mindLog(_ state: MindLogViewModel.State) -> [ScreenLine] {
    guard state.page.total > 0 || state.isSearching else {
      return [ScreenLine(strings.noEntriesYet)]
    }
    let found = state.page.total > 0 ? rows(state) : [ScreenLine(strings.noResults)]
    return moodPicture(state.mood) + searchLine(state) + found
  }

  /// The mood of the last days, one block per day (blank for a day without an entry),
  /// then its means and days logged; nothing before the summary is read.
  /// The mood picture's mark for a day without an entry: as wide as the blocks on every
  /// terminal (both East Asian Ambiguous).
  static let noEntryDay: Character = "·"

  fileprivate func moodPicture(_ mood: MoodSummary) -> [ScreenLine] {
    guard !mood.days.isEmpty else { return [] }
    // The blocks ▁…█ are East Asian Ambiguous width: a terminal set up for Korean shows them
    // two columns wide, others one, and Pocket cannot know which. A day without an entry is
    // drawn as `·` (U+00B7), Ambiguous too, rather than a space (always one column), so
    // every day takes the same width whichever the terminal decides, and the days line up.
    let blocks = Array("▁▂▃▄▅▆▇█")
    let line = String(
      mood.days.map { day -> Character in
        guard let day else { return Self.noEntryDay }
        // 0...10 onto 0...7, half-up: 0 is the lowest block, 10 the full one.
        var level = day * 7 / 10
        var rounded = Decimal()
        NSDecimalRound(&rounded, &level, 0, .plain)
        let index = min(max(NSDecimalNumber(decimal: rounded).intValue, 0), blocks.count - 1)
        return blocks[index]
      })
    return [
      "\(strings.mood)  \(line)  \(strings.moodSpan(mood))",
      ScreenLine(strings.moodNumbers(mood)), "",
    ]
  }

  /// One row an entry: its day, its score and its note. The days are filled to the widest
  /// day's display width (11/8/2026 and 11/28/2026, or 2026. 11. 8. and 2026. 11. 28.) and the
  /// scores line up on the decimal point, so each column starts where the one above does.
  fileprivate func rows(_ state: MindLogViewModel.State) -> [ScreenLine] {
    let days = state.page.items.map { strings.day($0.date) }
    let dayWidth = days.map { width($0) }.max() ?? 0
    let scores = decimalAligned(state.page.items.map { strings.score($0.score) })
    let page = state.page
    let rows = Page(
      items: zip(page.items, zip(days, scores)).map {
        MindLogRow(entry: $0.0, day: $0.1.0, score: $0.1.1)
      }, offset: page.offset, total: page.total)
    return numbered(rows, page: state.pageNumber, of: state.pageCount) { row in
      let entry = row.entry
      let columns = "\(leftAligned(row.day, dayWidth))  \(row.score)"
      // A note written over several lines shows them so, each under the first's text.
      let note = Self.lines(of: entry.note)
      let text =
        entry.note.isEmpty
        ? String(columns.reversed().drop { $0 == " " }.reversed())
        : "\(columns)  \(note[0])"
      let indent = String(repeating: " ", count: width(columns) + 2)
      return [
        ScreenLine(
          text,
          item: ListItem(
            text: entry.note.isEmpty ? "\(entry.score)" : "\(entry.score) \(entry.note)",
            date: entry.date))
      ] + note.dropFirst().map { ScreenLine(indent + $0) }
    }
  }
}

/// An entry with its day and score as its row shows them.
private struct MindLogRow: Equatable, Sendable {
  var entry: MindLog
  var day: String
  var score: String
}

extension Screen {
  /// The mind-log screen, by the name the stores keep it under.
  package static let mindLog = Screen.named("mindLog")
}
