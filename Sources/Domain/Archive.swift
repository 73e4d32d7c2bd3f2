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
  public var counts: KeyValuePairs<String, Int> {
    [
      "laps": laps.count, "bookmarks": bookmarks.count,
      "rate snapshots": [latestRates, previousRates].compactMap { $0 }.count,
      "favourite currencies": favoriteCurrencies.count, "mind logs": mindLogs.count,
      "chat messages": messages.count,
    ]
  }
}

/// Reads and replaces a whole store at once.
public protocol ArchiveRepository: Sendable {
  /// Every record, in the canonical orders `StoreArchive` documents.
  func export() async throws -> StoreArchive
  /// Replaces everything the store holds with `archive`, in one atomic step: afterwards
  /// `export()` returns an archive equal to `archive`. On failure nothing changes.
  func replaceAll(with archive: StoreArchive) async throws
}
