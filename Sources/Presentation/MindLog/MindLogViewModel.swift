import Domain
import Foundation
import Observation

/// The mood diary: entries newest first; add, edit, delete.
@MainActor @Observable
public final class MindLogViewModel: MessageReporting {
  public struct State: Equatable, Sendable {
    public var page = Page<MindLog>(items: [], offset: 0, total: 0)
    /// The page shown (from 1, the newest) and how many the list has.
    public var pageNumber = 1
    public var pageCount = 1
    public var message: Message?
    /// The mood over the last `mood.days.count` days (30 unless `mindlog --days N`).
    public var mood = MoodSummary(days: [])

    public init(
      page: Page<MindLog> = .init(items: [], offset: 0, total: 0), message: Message? = nil
    ) {
      self.page = page
      self.message = message
    }
  }

  public private(set) var state = State()
  private var paging: ListPaging
  private let language: Language
  private let listMindLogs: ListMindLogs
  private let addMindLog: AddMindLog
  private let updateMindLog: UpdateMindLog
  private let deleteMindLog: DeleteMindLog
  private let summarizeMood: SummarizeMood
  /// How many days the mood picture spans.
  private var moodDays = MindLogViewModel.defaultMoodDays
  public static let defaultMoodDays = 30

  public init(
    mindLogs: any MindLogRepository, now: @escaping @Sendable () -> Date, language: Language,
    pageSize: Int = 20, timeZone: TimeZone = .current
  ) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    paging = ListPaging(size: pageSize)
    self.language = language
    listMindLogs = ListMindLogs(mindLogs: mindLogs)
    addMindLog = AddMindLog(mindLogs: mindLogs, now: now, calendar: calendar)
    updateMindLog = UpdateMindLog(mindLogs: mindLogs, now: now, calendar: calendar)
    summarizeMood = SummarizeMood(mindLogs: mindLogs, now: now, calendar: calendar)
    deleteMindLog = DeleteMindLog(mindLogs: mindLogs)
  }

  func report(_ message: Message?) { state.message = message }

  /// Reads the page shown (the last one when the list has shrunk below it).
  public func load() async {
    state.message = nil
    let page = await attempt {
      var page = try await listMindLogs(offset: paging.newestFirst.offset, limit: paging.size)
      let shown = paging.number
      paging.clamp(total: page.total)
      if paging.number != shown {
        page = try await listMindLogs(offset: paging.newestFirst.offset, limit: paging.size)
      }
      return (page, try await summarizeMood(days: moodDays))
    }
    guard let (page, mood) = page else { return }
    state.mood = mood
    state.page = page
    state.pageNumber = paging.number
    state.pageCount = paging.pageCount(total: page.total)
  }

  /// Shows page `number` of the list (1 is the newest); a page the list does not have is
  /// refused (`.noSuchPage`) and the page shown stays.
  public func showPage(_ number: Int) async {
    state.message = paging.show(number, total: state.page.total)
    if state.message == nil { await load() }
  }

  /// Shows page 1 with the mood over the last `days` days (1...`SummarizeMood.maxDays`).
  public func show(days: Int) async {
    moodDays = min(max(days, 1), SummarizeMood.maxDays)
    await showPage(1)
  }

  /// Shows the next (older) page; after the last, the first again.
  public func nextPage() async {
    paging.number = paging.next(total: state.page.total)
    await load()
  }

  /// Adds an entry for `day` (now for today, else noon of that day in the user's time
  /// zone). The score is typed text: a number from 0 to 10.
  public func add(score scoreText: String, note: String, day: EntryDay = .today) async {
    await run {
      _ = try await self.addMindLog(score: try self.score(scoreText), note: note, day: day)
      self.paging.number = 1
      return nil
    }
  }

  /// Changes entry `number`'s score, and its note when `note` is given.
  /// and its day when `day` is given.
  public func edit(number: Int, score scoreText: String, note: String?, day: EntryDay? = nil)
    async
  {
    await run {
      let score = try self.score(scoreText)
      let entry = try await self.entry(number)
      let updated = try await self.updateMindLog(
        entry, score: score, note: note ?? entry.note, day: day)
      return .entryEdited(
        number: number, score: updated.score.description, note: updated.note)
    }
  }

  public func delete(number: Int) async {
    await run {
      let entry = try await self.entry(number)
      try await self.deleteMindLog(entry)
      return .entryDeleted(number: number, score: entry.score.description, note: entry.note)
    }
  }

  /// Runs an intent; on success the screen loads again and shows the intent's confirmation.
  private func run(_ intent: () async throws -> Message?) async {
    state.message = nil
    guard let done = await attempt(intent) else { return }
    await load()
    if state.message == nil { state.message = done }
  }

  private func score(_ text: String) throws -> Decimal {
    do {
      return try DecimalInput.parse(
        text, groupingSeparator: language.groupingSeparator,
        decimalSeparator: language.decimalSeparator)
    } catch .invalidInput(.negativeAmount) {
      throw DomainError.invalidInput(.scoreOutOfRange)
    } catch .invalidInput(.emptyAmount) {
      throw DomainError.invalidInput(.invalidNumber)
    }
  }

  private func entry(_ number: Int) async throws -> MindLog {
    try await paging.item(number, total: state.page.total) {
      try await listMindLogs(offset: $0, limit: 1)
    }
  }
}
