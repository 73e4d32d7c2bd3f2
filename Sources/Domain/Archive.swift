import Foundation

/// Every record of one store, in canonical order, for moving data between stores
/// (`pocket export` / `pocket import`). Two stores holding the same data give equal
/// archives, whatever their storage.
public struct StoreArchive: Equatable, Sendable {
  public var stopwatch: Stopwatch
  /// By number, lowest first.
  public var laps: [Lap]
  /// Oldest bookmark first: by `bookmarkedAt`, then the earlier insert first.
  public var bookmarks: [Bookmark]
  public var latestRates: RateSnapshot?
  public var previousRates: RateSnapshot?
  /// Sorted by code.
  public var favoriteCurrencies: [String]
  public var lastScreen: Screen?
  public var lastCalculatorCurrency: String?
  /// By id, lowest first.
  public var mindLogs: [MindLog]
  /// The highest mind-log id ever given; new entries get higher ones.
  public var lastMindLogID: Int64
  /// By id, lowest first.
  public var messages: [ChatMessage]
  /// The highest chat-message id ever given; new messages get higher ones.
  public var lastMessageID: Int64

  public init(
    stopwatch: Stopwatch = Stopwatch(), laps: [Lap] = [], bookmarks: [Bookmark] = [],
    latestRates: RateSnapshot? = nil, previousRates: RateSnapshot? = nil,
    favoriteCurrencies: [String] = [], lastScreen: Screen? = nil,
    lastCalculatorCurrency: String? = nil, mindLogs: [MindLog] = [], lastMindLogID: Int64 = 0,
    messages: [ChatMessage] = [], lastMessageID: Int64 = 0
  ) {
    self.stopwatch = stopwatch
    self.laps = laps
    self.bookmarks = bookmarks
    self.latestRates = latestRates
    self.previousRates = previousRates
    self.favoriteCurrencies = favoriteCurrencies
    self.lastScreen = lastScreen
    self.lastCalculatorCurrency = lastCalculatorCurrency
    self.mindLogs = mindLogs
    self.lastMindLogID = lastMindLogID
    self.messages = messages
    self.lastMessageID = lastMessageID
  }

  /// Holds no user data. The screen and the cached rates do not count: a store that was only
  /// looked at is still empty.
  public var isEmpty: Bool {
    stopwatch.isReset && laps.isEmpty && bookmarks.isEmpty && favoriteCurrencies.isEmpty
      && mindLogs.isEmpty && messages.isEmpty
  }

  /// Records of each kind, for `pocket store`.
  public var counts: RecordCounts {
    RecordCounts(
      laps: laps.count, bookmarks: bookmarks.count,
      rateSnapshots: [latestRates, previousRates].compactMap { $0 }.count,
      favoriteCurrencies: favoriteCurrencies.count, mindLogs: mindLogs.count,
      chatMessages: messages.count)
  }
}

extension StoreArchive {
  /// Checks what every store relies on and every command can live with: unique lap
  /// numbers, bookmark urls and ids, ids from 1 up to the last id given, laps numbered 1, 2,
  /// 3, … with totals that never go down and lap times that are the differences of the
  /// totals (so the laps shown add up and the next lap gets the next number), and every
  /// record checked as every door checks it (`CheckedRecord`: dates, durations, ids, lap
  /// numbers, rates, scores in their ranges; texts within the limits of typed input).
  /// Fields are named as in the export format.
  /// - Throws: `.invalidInput(.invalidArchive(reason))` naming the first problem.
  public func validate() throws(DomainError) {
    func require(_ condition: Bool, _ reason: String) throws(DomainError) {
      guard condition else { throw .invalidInput(.invalidArchive(reason)) }
    }
    try require(Set(laps.map(\.number)).count == laps.count, "a lap number appears twice")
    try require(Set(bookmarks.map(\.url)).count == bookmarks.count, "a bookmark url appears twice")
    try require(Set(mindLogs.map(\.id)).count == mindLogs.count, "a mind-log id appears twice")
    try require(Set(messages.map(\.id)).count == messages.count, "a chat-message id appears twice")
    try require(
      mindLogs.allSatisfy { $0.id >= 1 && $0.id <= lastMindLogID },
      "a mind-log id is not between 1 and the last id given")
    try require(
      messages.allSatisfy { $0.id >= 1 && $0.id <= lastMessageID },
      "a chat-message id is not between 1 and the last id given")
    if let problem = recordProblem ?? lapSequenceProblem {
      throw .invalidInput(.invalidArchive(problem))
    }
  }

  /// The first record a store would refuse, named as in the export format.
  private var recordProblem: String? {
    if let problem = stopwatch.problem({ "stopwatch.\($0)" })
      ?? Limits.counter.problem(lastMindLogID, field: "mindLog.lastID")
      ?? Limits.counter.problem(lastMessageID, field: "chat.lastID")
    {
      return problem
    }
    func first<Record: CheckedRecord>(_ records: [Record], _ list: String) -> String? {
      records.indices.lazy.compactMap { index in
        records[index].problem { "\(list)[\(index)].\($0)" }
      }
      .first
    }
    return first(laps, "laps") ?? first(bookmarks, "bookmarks")
      ?? latestRates?.problem({ "rates.latest.\($0)" })
      ?? previousRates?.problem({ "rates.previous.\($0)" })
      ?? first(mindLogs, "mindLog.entries") ?? first(messages, "chat.messages")
  }

  /// The first lap that breaks the sequence a stopwatch records: numbers 1, 2, 3, … with no
  /// gap, totals that never go down, each lap time the total minus the total before.
  private var lapSequenceProblem: String? {
    var previousTotal = Duration.zero
    for (index, lap) in laps.enumerated() {
      let name = "laps[\(index)]"
      if lap.number != index + 1 {
        return "\(name).number \(lap.number) leaves a gap: lap \(index + 1) is missing"
      }
      if lap.total < previousTotal {
        return "\(name).totalMs \(lap.total.milliseconds) is less than lap \(index)'s total "
          + "\(previousTotal.milliseconds)"
      }
      if lap.lapTime != lap.total - previousTotal {
        return "\(name).lapTimeMs \(lap.lapTime.milliseconds) is not its total minus the total "
          + "before (\((lap.total - previousTotal).milliseconds))"
      }
      previousTotal = lap.total
    }
    return nil
  }
}

/// How many records of each kind a store holds.
public struct RecordCounts: Equatable, Sendable {
  public var laps: Int
  public var bookmarks: Int
  public var rateSnapshots: Int
  public var favoriteCurrencies: Int
  public var mindLogs: Int
  public var chatMessages: Int

  public init(
    laps: Int, bookmarks: Int, rateSnapshots: Int, favoriteCurrencies: Int, mindLogs: Int,
    chatMessages: Int
  ) {
    self.laps = laps
    self.bookmarks = bookmarks
    self.rateSnapshots = rateSnapshots
    self.favoriteCurrencies = favoriteCurrencies
    self.mindLogs = mindLogs
    self.chatMessages = chatMessages
  }

  /// Every record counted.
  public var total: Int {
    laps + bookmarks + rateSnapshots + favoriteCurrencies + mindLogs + chatMessages
  }
}

/// Reads and replaces a whole store at once.
public protocol ArchiveRepository: Sendable {
  /// Every record, in the canonical orders `StoreArchive` documents.
  func export() async throws -> StoreArchive
  /// How many records of each kind the store holds: equal to `export().counts`, but read
  /// from counts the store keeps, so it costs the same at a million records as at none.
  func recordCounts() async throws -> RecordCounts
  /// Replaces everything the store holds with `archive`, in one atomic step: afterwards
  /// `export()` returns an archive equal to `archive`. On failure nothing changes.
  /// `archive` must pass `validate()` (`ImportStore` checks it); what a store does with an
  /// archive that does not is undefined.
  ///
  /// With `onlyIfEmpty`, a store that holds data (`export().isEmpty` is false) throws
  /// `.invalidInput(.storeNotEmpty)` and changes nothing; the check and the replacement are
  /// one step that no other task or process can come between.
  func replaceAll(with archive: StoreArchive, onlyIfEmpty: Bool) async throws
}

extension ArchiveRepository {
  /// Replaces everything the store holds with `archive`, whatever it held.
  public func replaceAll(with archive: StoreArchive) async throws {
    try await replaceAll(with: archive, onlyIfEmpty: false)
  }
}
