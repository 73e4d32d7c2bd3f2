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
  /// Checks what every store relies on: unique lap numbers, bookmark urls and ids, ids
  /// from 1 up to the last id given, scores in 0...10, positive rates.
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
      mindLogs.allSatisfy { (1...lastMindLogID).contains($0.id) },
      "a mind-log id is not between 1 and the last id given")
    try require(
      messages.allSatisfy { (1...lastMessageID).contains($0.id) },
      "a chat-message id is not between 1 and the last id given")
    try require(
      mindLogs.allSatisfy { MindLog.scoreRange.contains($0.score) }, "a score is outside 0 to 10")
    let snapshots = [latestRates, previousRates].compactMap { $0 }
    try require(
      snapshots.allSatisfy { $0.rates.values.allSatisfy { $0 > 0 } }, "a rate is not positive")
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
