import Foundation
import Observation
import PocketDomain

/// The mood diary: entries newest first; add, edit, delete.
@MainActor @Observable
public final class MindLogViewModel: ObservedViewModel, RecordList, ReloadsByLoading,
  SearchableRecordList
{
  /// What the mind log shows: the mood picture, the page of entries, and a message.
  public struct State: MessageShowing, Equatable, Sendable, RecordSearchState {
    public var page = Page<MindLog>(items: [], offset: 0, total: 0)
    /// The text searched for in the notes (`search(_:)`); empty: every entry shows.
    public var search = ""
    /// The page's rows as the screen numbers them: what a number typed next stands for.
    public var shownItems: [ShownItem] { page.shownItems }
    /// The page shown (from 1, the newest) and how many the list has.
    public var pageNumber = 1
    public var pageCount = 1
    public var message: Message?
    /// The mood over the `mood.days.count` days (30 unless `mindlog --days N`) ending on
    /// `mood.lastDay` (today unless `mindlog --to DATE`).
    public var mood = MoodSummary.empty

    public init(
      page: Page<MindLog> = .init(items: [], offset: 0, total: 0), message: Message? = nil
    ) {
      self.page = page
      self.message = message
    }
  }

  /// The state `state` reads (`message`, `page`, `mood` observed on their own too: `part(_:)`).
  public let observed = ObservedState(State(), parts: [.at(\.page), .at(\.mood)])
  var paging: ListPaging
  private let language: Language
  private let mindLogs: any MindLogRepository
  private let addMindLog: AddMindLog
  private let updateMindLog: UpdateMindLog
  private let summarizeMood: SummarizeMood
  /// How many days the mood picture spans.
  private var moodDays = MindLogViewModel.defaultMoodDays
  /// A moment of the mood picture's last day; `nil` for today (whichever day that is).
  private var moodEnd: Date?
  private let now: @Sendable () -> Date
  private let calendar: Calendar
  public static let defaultMoodDays = 30

  public init(
    mindLogs: any MindLogRepository, now: @escaping @Sendable () -> Date, language: Language,
    pageSize: Int = 20, timeZone: TimeZone
  ) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    paging = ListPaging(size: pageSize)
    self.language = language
    self.now = now
    self.calendar = calendar
    self.mindLogs = mindLogs
    addMindLog = AddMindLog(mindLogs: mindLogs, now: now, calendar: calendar)
    updateMindLog = UpdateMindLog(mindLogs: mindLogs, now: now, calendar: calendar)
    summarizeMood = SummarizeMood(mindLogs: mindLogs, now: now, calendar: calendar)
  }

  nonisolated public static let records: RecordKinds = .mindLog
  @ObservationIgnored var reads = ReadOrder()

  /// Reads the page shown (the last one when the list has shrunk below it): while a search
  /// is on (`search(_:)`, their note; the mood picture stays), of the entries that match,
  /// read by scanning the mind log a chunk at a time (`MatchingItems`).
  public func load() async {
    state.message = nil
    let search = TextSearch(state.search)
    let mindLogs = mindLogs
    let read = await newest {
      let (page, moved) = try await paging.readNewestFirst(total: \.total) { offset, limit in
        try await search.newestFirst(skipping: offset, limit: limit, texts: { [$0.note] }) {
          try await mindLogs.entries(offset: $0, limit: $1)
        }
      }
      return (page, moved, try await summarizeMood(days: moodDays, endingOn: moodEnd))
    }
    guard let (page, moved, mood) = read else { return }
    paging = moved
    state.mood = mood
    state.show(page, at: paging)
  }

  /// Shows page 1 with the mood over the `days` days (1...`SummarizeMood.maxDays`) ending
  /// on `day` (today when `nil`). A day after today is refused (`.futureDate`) and nothing
  /// changes.
  public func show(days: Int, endingOn day: EntryDay? = nil) async {
    state.message = nil
    // `end` is itself `nil` for today; only a refusal leaves `attempt` without a value.
    guard let end = await attempt({ try self.moodEnd(day) }) else { return }
    moodDays = Self.clampedDays(days)
    moodEnd = end
    await showPage(1)
  }

  /// Makes the mood picture end on `day` (today when `nil`), over `days` days (the length
  /// shown when `nil`), and reads the mood again; the page of entries shown stays. A day
  /// after today is refused (`.futureDate`) and the picture stays.
  public func showMood(days: Int?, endingOn day: EntryDay?) async {
    state.message = nil
    let length = days.map(Self.clampedDays) ?? moodDays
    let read = await attempt {
      let end = try self.moodEnd(day)
      return (end, try await self.summarizeMood(days: length, endingOn: end))
    }
    guard let (end, mood) = read else { return }
    moodDays = length
    moodEnd = end
    state.mood = mood
  }

  private static func clampedDays(_ days: Int) -> Int { min(max(days, 1), SummarizeMood.maxDays) }

  /// The moment `day` stands for (`nil` for today, so the picture keeps ending today as
  /// days pass).
  /// - Throws: `.invalidInput(.futureDate)` for a day after today.
  private func moodEnd(_ day: EntryDay?) throws -> Date? {
    guard let day else { return nil }
    let now = now()
    let date = try day.date(now: now, in: calendar)
    return CalendarDay(date, in: calendar) == CalendarDay(now, in: calendar) ? nil : date
  }

  /// Adds an entry for `day` (now for today, else noon of that day in the user's time
  /// zone). The score is typed text: a number from 0 to 10.
  public func add(score scoreText: String, note: String, day: EntryDay = .today) async {
    await run { try await self.add(score: try self.score(scoreText), note: note, day: day) }
  }

  /// Adds an entry with a score given as a number (a slider's, a stepper's), not typed:
  /// a score outside 0...10 is refused (`.scoreOutOfRange`) and nothing changes.
  public func add(score: Decimal, note: String, day: EntryDay = .today) async {
    await run { try await self.add(score: score, note: note, day: day) }
  }

  private func add(score: Decimal, note: String, day: EntryDay) async throws -> Message? {
    _ = try await addMindLog(score: score, note: note, day: day)
    paging.number = 1
    state.search = ""  // so the entry added shows
    return nil
  }

  /// Changes the score of the entry shown as `number` on the page shown, its note when
  /// `note` is given, and its day when `day` is given.
  public func edit(number: Int, score scoreText: String, note: String?, day: EntryDay? = nil)
    async
  {
    await run {
      try await self.edit(
        try self.state.row(number), score: try self.score(scoreText), note: note, day: day)
    }
  }

  /// Changes the entry `row` showed, when it is still what the row showed.
  public func edit(_ row: ShownItem, score scoreText: String, note: String?, day: EntryDay? = nil)
    async
  {
    await run {
      try await self.edit(row, score: try self.score(scoreText), note: note, day: day)
    }
  }

  /// Changes the entry `row` showed to a score given as a number, when it is still what the
  /// row showed.
  public func edit(_ row: ShownItem, score: Decimal, note: String?, day: EntryDay? = nil) async {
    await run { try await self.edit(row, score: score, note: note, day: day) }
  }

  /// Deletes the entry shown as `number` on the page shown.
  public func delete(number: Int) async {
    await run { try await self.delete(try self.state.row(number)) }
  }

  /// Deletes the entry `row` showed, when it is still what the row showed.
  public func delete(_ row: ShownItem) async {
    await run { try await self.delete(row) }
  }

  /// Changes `entry`, one of the page shown, when it is still as the front end showed it:
  /// its score, its note when `note` is given, and its day when `day` is given.
  public func edit(_ entry: MindLog, score: Decimal, note: String?, day: EntryDay? = nil) async {
    await run {
      try await self.edit(try self.state.row(showing: entry), score: score, note: note, day: day)
    }
  }

  /// Deletes `entry`, one of the page shown, when it is still as the front end showed it.
  public func delete(_ entry: MindLog) async {
    await run { try await self.delete(try self.state.row(showing: entry)) }
  }

  private func edit(_ row: ShownItem, score: Decimal, note: String?, day: EntryDay?)
    async throws -> Message
  {
    let entry = try await current(row)
    let edited = try await updateMindLog(
      entry, score: score, note: note, day: day, if: .shown(row))
    guard edited.changed else { return .unchanged(.entry, number: row.number) }
    let updated = edited.item
    return .entryEdited(number: row.number, score: updated.score.description, note: updated.note)
  }

  private func delete(_ row: ShownItem) async throws -> Message {
    let entry = try await current(row)
    try await mindLogs.delete(id: entry.id, if: .shown(row))
    return .entryDeleted(number: row.number, score: entry.score.description, note: entry.note)
  }

  private func score(_ text: String) throws -> Decimal {
    do {
      return try DecimalInput.parse(
        text, groupingSeparator: language.groupingSeparator,
        decimalSeparator: language.decimalSeparator)
    } catch .invalidInput(.negativeAmount), .invalidInput(.tooManyIntegerDigits) {
      throw DomainError.invalidInput(.scoreOutOfRange)
    } catch .invalidInput(.emptyAmount) {
      throw DomainError.invalidInput(.invalidNumber)
    }
  }

  /// The entry `row` showed, as stored now, when it still reads as shown.
  private func current(_ row: ShownItem) async throws -> MindLog {
    try await row.unchanged(id: { try await mindLogs.entry(id: $0) })
  }
}
