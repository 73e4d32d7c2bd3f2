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
  /// numbers, bookmark urls and ids, ids from 1 up to the last id given, every number in
  /// its range (`Limits`: dates, durations, ids, lap numbers, rates, scores), and texts
  /// within the limits of typed input (`InputField`: messages, notes, titles, none empty
  /// where typing refuses empty text). Fields are named as in the export format.
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
    if let problem = rangeProblem ?? textProblem {
      throw .invalidInput(.invalidArchive(problem))
    }
  }

  /// The first number out of its range, named as in the export format.
  private var rangeProblem: String? {
    var problems: [String?] = [
      Limits.durationMilliseconds.problem(
        stopwatch.accumulated.milliseconds, field: "stopwatch.accumulatedMs"),
      stopwatch.startedAt.flatMap {
        Limits.epochMilliseconds.problem($0.epochMilliseconds, field: "stopwatch.startedAtMs")
      },
      Limits.counter.problem(lastMindLogID, field: "mindLog.lastID"),
      Limits.counter.problem(lastMessageID, field: "chat.lastID"),
    ]
    for (index, lap) in laps.enumerated() {
      problems += [
        Limits.lapNumber.problem(lap.number, field: "laps[\(index)].number"),
        Limits.durationMilliseconds.problem(
          lap.lapTime.milliseconds, field: "laps[\(index)].lapTimeMs"),
        Limits.durationMilliseconds.problem(
          lap.total.milliseconds, field: "laps[\(index)].totalMs"),
      ]
    }
    for (index, bookmark) in bookmarks.enumerated() {
      problems += [
        Limits.epochMilliseconds.problem(
          bookmark.noticeDate.epochMilliseconds, field: "bookmarks[\(index)].noticeDateMs"),
        Limits.epochMilliseconds.problem(
          bookmark.bookmarkedAt.epochMilliseconds, field: "bookmarks[\(index)].bookmarkedAtMs"),
      ]
    }
    for (name, snapshot) in [("latest", latestRates), ("previous", previousRates)] {
      guard let snapshot else { continue }
      problems += [
        Limits.epochMilliseconds.problem(
          snapshot.publishedAt.epochMilliseconds, field: "rates.\(name).publishedAtMs"),
        Limits.epochMilliseconds.problem(
          snapshot.nextUpdateAt.epochMilliseconds, field: "rates.\(name).nextUpdateAtMs"),
      ]
      for (code, rate) in snapshot.rates.sorted(by: { $0.key < $1.key }) {
        problems.append(Limits.rate.problem(rate, field: "rates.\(name).rates.\(code)"))
      }
    }
    for (index, entry) in mindLogs.enumerated() {
      problems += [
        Limits.id.problem(entry.id, field: "mindLog.entries[\(index)].id"),
        Limits.epochMilliseconds.problem(
          entry.date.epochMilliseconds, field: "mindLog.entries[\(index)].dateMs"),
        Limits.score.problem(entry.score, field: "mindLog.entries[\(index)].score"),
      ]
    }
    for (index, message) in messages.enumerated() {
      problems += [
        Limits.id.problem(message.id, field: "chat.messages[\(index)].id"),
        Limits.epochMilliseconds.problem(
          message.date.epochMilliseconds, field: "chat.messages[\(index)].dateMs"),
      ]
    }
    return problems.lazy.compactMap { $0 }.first
  }

  /// The first text that typing would refuse: too long for its field, or empty.
  private var textProblem: String? {
    func problem(_ text: String, _ field: InputField, _ name: String, mayBeEmpty: Bool) -> String? {
      if !mayBeEmpty, text.isEmpty { return "\(name) is empty" }
      guard text.count > field.limit else { return nil }
      return "\(name) is too long: \(text.count) characters (at most \(field.limit))"
    }
    for (index, bookmark) in bookmarks.enumerated() {
      if let found = problem(bookmark.title, .title, "bookmarks[\(index)].title", mayBeEmpty: false)
      {
        return found
      }
    }
    for (index, entry) in mindLogs.enumerated() {
      if let found = problem(entry.note, .note, "mindLog.entries[\(index)].note", mayBeEmpty: true)
      {
        return found
      }
    }
    for (index, message) in messages.enumerated() {
      let name = "chat.messages[\(index)].content"
      if let found = problem(message.content, .message, name, mayBeEmpty: false) { return found }
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
