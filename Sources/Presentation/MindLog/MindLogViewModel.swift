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

  public init(
    mindLogs: any MindLogRepository, now: @escaping @Sendable () -> Date, language: Language,
    pageSize: Int = 20
  ) {
    paging = ListPaging(size: pageSize)
    self.language = language
    listMindLogs = ListMindLogs(mindLogs: mindLogs)
    addMindLog = AddMindLog(mindLogs: mindLogs, now: now)
    updateMindLog = UpdateMindLog(mindLogs: mindLogs)
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
      return page
    }
    guard let page else { return }
    state.page = page
    state.pageNumber = paging.number
    state.pageCount = paging.pageCount(total: page.total)
  }

  /// Shows page `number` of the list (1 is the newest); a page the list does not have is
  /// refused (`.noSuchPage`) and the page shown stays.
  public func showPage(_ number: Int) async {
    state.message = nil
    do {
      try paging.check(number, total: state.page.total)
    } catch {
      state.message = error.message
      return
    }
    paging.number = number
    await load()
  }

  /// Shows the next (older) page; after the last, the first again.
  public func nextPage() async {
    paging.number = paging.next(total: state.page.total)
    await load()
  }

  /// Adds an entry dated now. The score is typed text: a number from 0 to 10.
  public func add(score scoreText: String, note: String) async {
    await run {
      _ = try await self.addMindLog(score: try self.score(scoreText), note: note)
      self.paging.number = 1  // the new entry is on the first page
      return nil
    }
  }

  /// Changes entry `number`'s score, and its note when `note` is given.
  public func edit(number: Int, score scoreText: String, note: String?) async {
    await run {
      let score = try self.score(scoreText)
      let entry = try await self.entry(number)
      let updated = try await self.updateMindLog(entry, score: score, note: note ?? entry.note)
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
