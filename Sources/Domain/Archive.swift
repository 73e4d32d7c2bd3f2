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
  /// Problems are named in the domain's terms ("mind-log entry 2: score 11 is out of range");
  /// an archive file's reader names them as its format does.
  /// - Throws: `.invalidInput(.invalidArchive(reason))` naming the first problem.
  public func validate() throws(DomainError) {
    if let problem = identityProblem ?? recordProblem ?? lapSequenceProblem {
      throw .invalidInput(.invalidArchive(problem))
    }
  }

  /// The first identity given twice, or an id outside 1 up to the last id given.
  public var identityProblem: String? {
    if Set(laps.map(\.number)).count != laps.count { return "a lap number appears twice" }
    if Set(bookmarks.map(\.url)).count != bookmarks.count {
      return "a bookmark url appears twice"
    }
    if Set(mindLogs.map(\.id)).count != mindLogs.count { return "a mind-log id appears twice" }
    if Set(messages.map(\.id)).count != messages.count {
      return "a chat-message id appears twice"
    }
    if !mindLogs.allSatisfy({ $0.id >= 1 && $0.id <= lastMindLogID }) {
      return "a mind-log id is not between 1 and the last id given"
    }
    if !messages.allSatisfy({ $0.id >= 1 && $0.id <= lastMessageID }) {
      return "a chat-message id is not between 1 and the last id given"
    }
    return nil
  }

  /// The first record a store would refuse, named by the record and its field.
  private var recordProblem: String? {
    if let problem = stopwatch.problem({ "stopwatch: \($0)" })
      ?? Limits.counter.problem(lastMindLogID, field: "the last mind-log id")
      ?? Limits.counter.problem(lastMessageID, field: "the last chat-message id")
    {
      return problem
    }
    func first<Record: CheckedRecord>(_ records: [Record], _ name: @escaping (Record) -> String)
      -> String?
    {
      records.lazy.compactMap { record in record.problem { "\(name(record)): \($0)" } }.first
    }
    return first(laps) { "lap \($0.number)" } ?? first(bookmarks) { "bookmark \($0.url)" }
      ?? latestRates?.problem({ "the latest rates: \($0)" })
      ?? previousRates?.problem({ "the previous rates: \($0)" })
      ?? first(mindLogs) { "mind-log entry \($0.id)" }
      ?? first(messages) { "chat message \($0.id)" }
  }

  private var lapSequenceProblem: String? {
    guard let (index, problem) = Lap.sequenceProblem(laps) else { return nil }
    let lap = laps[index]
    switch problem {
    case .gap: return "lap \(lap.number) leaves a gap: lap \(index + 1) is missing"
    case .totalGoesDown(let previousTotal):
      return "lap \(lap.number)'s total \(lap.total.milliseconds) ms is less than lap "
        + "\(index)'s total \(previousTotal.milliseconds) ms"
    case .notTheDifference(let expected):
      return "lap \(lap.number)'s lap time \(lap.lapTime.milliseconds) ms is not its total "
        + "minus the total before (\(expected.milliseconds) ms)"
    }
  }
}

extension Lap {
  /// How a list of laps can break the sequence a stopwatch records.
  public enum SequenceProblem: Equatable, Sendable {
    /// Its number is not the one after the lap before.
    case gap
    /// Its total is less than the lap before's total.
    case totalGoesDown(previousTotal: Duration)
    /// Its lap time is not its total minus the total before (`expected`).
    case notTheDifference(expected: Duration)
  }

  /// The first lap of `laps` (sorted by number) that breaks the sequence a stopwatch
  /// records — numbers 1, 2, 3, … with no gap, totals that never go down, each lap time the
  /// total minus the total before — with its index and how; `nil` when none does.
  public static func sequenceProblem(_ laps: [Lap]) -> (index: Int, problem: SequenceProblem)? {
    var previousTotal = Duration.zero
    for (index, lap) in laps.enumerated() {
      if lap.number != index + 1 { return (index, .gap) }
      if lap.total < previousTotal { return (index, .totalGoesDown(previousTotal: previousTotal)) }
      if lap.lapTime != lap.total - previousTotal {
        return (index, .notTheDifference(expected: lap.total - previousTotal))
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
  /// Runs `body` with a reader of every record the store holds, all seen in one snapshot
  /// (one read transaction), each list a page at a time in the canonical orders
  /// `StoreArchive` documents, so that what `body` writes out is never held whole.
  func read<Result: Sendable>(_ body: @Sendable (any ArchiveReader) throws -> Result)
    async throws -> Result
  /// How many records of each kind the store holds: equal to `export().counts`, but read
  /// from counts the store keeps, so it costs the same at a million records as at none.
  func recordCounts() async throws -> RecordCounts
  /// Replaces everything the store holds with `archive`, in one atomic step: afterwards
  /// `export()` returns an archive equal to `archive`. On failure nothing changes.
  /// `archive` must pass `validate()` (`ImportStore` checks it); what a store does with an
  /// archive that does not is undefined.
  ///
  /// With `onlyIfEmpty`, a store that holds user data (any record but the cached rates, the
  /// screen shown last and a reset stopwatch) throws
  /// `.invalidInput(.storeNotEmpty)` and changes nothing; the check and the replacement are
  /// one step that no other task or process can come between.
  func replaceAll(with archive: StoreArchive, onlyIfEmpty: Bool) async throws
}

extension ArchiveRepository {
  /// Every record, in the canonical orders `StoreArchive` documents, held whole: for tests
  /// and small stores; `pocket export` writes from `read` instead.
  public func export() async throws -> StoreArchive {
    try await read { try StoreArchive(reading: $0) }
  }

  /// Replaces everything the store holds with `archive`, whatever it held.
  public func replaceAll(with archive: StoreArchive) async throws {
    try await replaceAll(with: archive, onlyIfEmpty: false)
  }
}
