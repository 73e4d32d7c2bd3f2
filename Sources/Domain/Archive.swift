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
  /// The records of every declared kind (`DeclaredRecord`).
  public var declared: DeclaredRecords

  public init(
    stopwatch: Stopwatch = Stopwatch(), laps: [Lap] = [], bookmarks: [Bookmark] = [],
    latestRates: RateSnapshot? = nil, previousRates: RateSnapshot? = nil,
    favoriteCurrencies: [String] = [], lastScreen: Screen? = nil,
    lastCalculatorCurrency: String? = nil, mindLogs: [MindLog] = [], lastMindLogID: Int64 = 0,
    messages: [ChatMessage] = [], lastMessageID: Int64 = 0,
    declared: DeclaredRecords = DeclaredRecords()
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
    self.declared = declared
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
    do {
      try ValidatedArchiveReader(self).checkAll()
    } catch let error as DomainError {
      throw error
    } catch {
      preconditionFailure("An archive in memory reads without failing: \(error)")
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

  /// How the lap at `index` of a list sorted by number breaks the sequence a stopwatch
  /// records — numbers 1, 2, 3, … with no gap, totals that never go down, each lap time the
  /// total minus the total before (`previousTotal`, zero for the first) — or `nil`.
  public func sequenceProblem(index: Int, previousTotal: Duration) -> SequenceProblem? {
    if number != index + 1 { return .gap }
    if total < previousTotal { return .totalGoesDown(previousTotal: previousTotal) }
    if lapTime != total - previousTotal {
      return .notTheDifference(expected: total - previousTotal)
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
  /// Replaces everything the store holds with what `source` reads, in one atomic step:
  /// afterwards `export()` returns an archive equal to `StoreArchive(reading: source)`.
  /// The store reads `source.head()` first, then each list once, a page at a time, in the
  /// order laps, bookmarks, mind-log entries, chat messages, and writes each page as it
  /// comes (the sqlite and postgres stores in one transaction, committed at the end), so an
  /// archive of any size is never held whole by a store that does not hold its records in
  /// memory anyway. Whatever `source` throws, at any page, ends the replacement with nothing
  /// changed, and is thrown as it was. `source` must read an archive that passes
  /// `validate()` (`ImportStore` reads it through `ValidatedArchiveReader`); what a store
  /// does with one that does not is undefined.
  ///
  /// With `onlyIfEmpty`, a store that holds user data (any record but the cached rates, the
  /// screen shown last and a reset stopwatch) throws
  /// `.invalidInput(.storeNotEmpty)` and changes nothing; the check and the replacement are
  /// one step that no other task or process can come between.
  func replaceAll(from source: any ArchiveReader & Sendable, onlyIfEmpty: Bool) async throws
}

extension ArchiveRepository {
  /// Every record, in the canonical orders `StoreArchive` documents, held whole: for tests
  /// and small stores; `pocket export` writes from `read` instead.
  public func export() async throws -> StoreArchive {
    try await read { try StoreArchive(reading: $0) }
  }

  /// Replaces everything the store holds with `archive` (`replaceAll(from:onlyIfEmpty:)`).
  public func replaceAll(with archive: StoreArchive, onlyIfEmpty: Bool = false) async throws {
    try await replaceAll(from: archive, onlyIfEmpty: onlyIfEmpty)
  }
}
