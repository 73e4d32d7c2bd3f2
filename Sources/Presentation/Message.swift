import Foundation
import PocketDomain

/// What a screen tells the user after an intent, as a value; `Strings` words it.
public enum Message: Equatable, Sendable {
  // Refusals: the intent changed nothing.
  /// The input was refused (`DomainError.invalidInput`, or a view model's own check).
  case input(InputProblem)
  /// A word typed for a currency (`calc 달러`) that names several: their codes.
  case ambiguousCurrency(String, candidates: [String])
  /// `page N` past the list's pages (`count`, at least 1).
  case noSuchPage(Int, count: Int)
  /// `more` on the last of the list's `count` pages: the page shown stays.
  case lastPage(count: Int)
  /// A typed line longer than Pocket reads (bytes).
  case lineTooLong(limit: Int)
  case alreadyExists
  case notFound
  case couldNotLoad(reason: StoreProblem)
  /// A source's rates published more than a day after the machine's clock: refused, the
  /// cached rates stay.
  case ratesFromTheFuture(source: String, publishedAt: Date, clock: Date)
  /// A refresh was cancelled (Ctrl-C) before it finished; the cached rates stay.
  case refreshCancelled
  /// The command works only while one of the screens `open` (the commands that open
  /// them: `chat`, `mindlog`) shows.
  case notOnThisScreen(command: String, open: [String])
  /// `clear` would remove `count` bookmarks (their titles, newest first); it asks first.
  case confirmClear(count: Int, titles: [String])
  /// `reset` would delete the stopwatch's time and `laps` laps; it asks first.
  case confirmReset(laps: Int)
  /// The question (`confirmClear`, `confirmReset`) was answered no, or could not be asked
  /// (not a terminal): nothing changed. `command` does it without asking.
  indirect case notConfirmed(Message, command: String)
  /// `convert` needs a calculator; none has been opened.
  case noCalculator
  /// A file other than the store (an export or import file) could not be used.
  case fileFailed(path: String, reason: StoreProblem)
  case storageFailed(path: String, reason: StoreProblem)
  /// Another program held the store's write lock too long: nothing changed, try again.
  case storeBusy(path: String)
  // Confirmations.
  case bookmarkAdded(String)
  case bookmarkRemoved(String)
  case bookmarksCleared
  /// `clear` found no bookmarks to remove.
  case noBookmarksToClear
  case bookmarkRenamed(number: Int, title: String)
  case messageEdited(number: Int, text: String)
  case messageDeleted(number: Int, text: String)
  case entryEdited(number: Int, score: String, note: String)
  case entryDeleted(number: Int, score: String, note: String)
  /// An edit gave item `number` what it holds already: nothing was written.
  case unchanged(ItemKind, number: Int)
  case favoriteAdded(String)
  case favoriteRemoved(String)
  case ratesUpdated(publishedAt: Date)
  /// `refresh` did nothing: the provider publishes again at that time.
  case ratesNotDue(nextUpdateAt: Date)
  /// `refresh` kept the cached rates: the source's are older (published at that time).
  case ratesOlderThanCached(publishedAt: Date)
  /// `refresh` found the rates the cache holds already (published at that time).
  case ratesUnchanged(publishedAt: Date)
  /// `refresh` with no source configured: the bundled snapshot only seeds the cache.
  case noRateSource

  /// Whether a message refuses a command or confirms it.
  public enum Kind: Equatable, Sendable {
    /// The command did not do what was asked, and changed nothing.
    case refusal
    /// The command was done; the message says what came of it.
    case confirmation
  }

  /// The class of this message. Every case is named here, so the compiler asks where a
  /// new message belongs; nothing falls into a class by default.
  public var kind: Kind {
    switch self.case {
    case .enterAmount, .invalidNumber, .negativeAmount, .scoreOutOfRange, .futureDate,
      .dayTooEarly, .emptyText,
      .unknownCurrency, .noSuchItem, .tooLong, .lineTooLong, .stopwatchNotRunning, .alreadyExists,
      .notFound, .couldNotLoad, .ratesFromTheFuture, .refreshCancelled, .notOnThisScreen,
      .noCalculator, .storeNotEmpty,
      .invalidArchive, .resultTooLarge, .outOfRange, .fileFailed, .storageFailed, .storeBusy,
      .noRateSource,
      .confirmClear, .confirmReset, .notConfirmed, .noSuchPage, .ownStoreFile, .notShown,
      .notOnPage, .shownItemGone, .shownItemChanged, .tooManyIntegerDigits, .ambiguousCurrency:
      .refusal
    case .bookmarkAdded, .bookmarkRemoved, .bookmarksCleared, .noBookmarksToClear, .favoriteAdded,
      .favoriteRemoved,
      .ratesUpdated, .ratesNotDue, .ratesOlderThanCached, .ratesUnchanged, .bookmarkRenamed,
      .messageEdited, .messageDeleted, .entryEdited, .entryDeleted, .unchanged, .lastPage:
      .confirmation
    }
  }

  /// The cases of `Message` without their values, an input refused by each of its
  /// problems (`InputProblem`) as a case of its own: the one list of them, so a test can ask
  /// for a sample of each (`allCases`) and a new case is named in `case` below.
  public enum Case: String, CaseIterable, Sendable {
    case enterAmount, invalidNumber, negativeAmount, scoreOutOfRange, futureDate, dayTooEarly,
      emptyText,
      unknownCurrency, noSuchItem, noSuchPage, tooLong, lineTooLong, stopwatchNotRunning,
      alreadyExists, notFound, couldNotLoad, ratesFromTheFuture, refreshCancelled, notOnThisScreen,
      confirmClear,
      confirmReset, notConfirmed, noCalculator, storeNotEmpty, invalidArchive,
      resultTooLarge, outOfRange, fileFailed, ownStoreFile, storageFailed, storeBusy,
      bookmarkAdded,
      bookmarkRemoved, bookmarksCleared, noBookmarksToClear, bookmarkRenamed, messageEdited,
      messageDeleted,
      entryEdited, entryDeleted, favoriteAdded, favoriteRemoved, ratesUpdated, ratesNotDue,
      ratesOlderThanCached, ratesUnchanged, noRateSource, notShown, notOnPage, shownItemGone,
      shownItemChanged, tooManyIntegerDigits, ambiguousCurrency, unchanged, lastPage
  }

  /// This message's case.
  public var `case`: Case {
    switch self {
    case .noSuchPage: .noSuchPage
    case .lastPage: .lastPage
    case .lineTooLong: .lineTooLong
    case .alreadyExists: .alreadyExists
    case .notFound: .notFound
    case .couldNotLoad: .couldNotLoad
    case .ratesFromTheFuture: .ratesFromTheFuture
    case .refreshCancelled: .refreshCancelled
    case .input(let problem): problem.case
    case .notOnThisScreen: .notOnThisScreen
    case .confirmClear: .confirmClear
    case .confirmReset: .confirmReset
    case .notConfirmed: .notConfirmed
    case .noCalculator: .noCalculator
    case .fileFailed: .fileFailed
    case .storageFailed: .storageFailed
    case .storeBusy: .storeBusy
    case .bookmarkAdded: .bookmarkAdded
    case .bookmarkRemoved: .bookmarkRemoved
    case .bookmarksCleared: .bookmarksCleared
    case .noBookmarksToClear: .noBookmarksToClear
    case .bookmarkRenamed: .bookmarkRenamed
    case .unchanged: .unchanged
    case .messageEdited: .messageEdited
    case .messageDeleted: .messageDeleted
    case .entryEdited: .entryEdited
    case .entryDeleted: .entryDeleted
    case .favoriteAdded: .favoriteAdded
    case .favoriteRemoved: .favoriteRemoved
    case .ratesUpdated: .ratesUpdated
    case .ratesNotDue: .ratesNotDue
    case .ratesOlderThanCached: .ratesOlderThanCached
    case .ratesUnchanged: .ratesUnchanged
    case .noRateSource: .noRateSource
    case .ambiguousCurrency: .ambiguousCurrency
    }
  }

  /// A refusal: the command did not do what was asked.
  public var isRefusal: Bool { kind == .refusal }

  /// The message for an error thrown by a use case.
  public init(_ error: any Error) {
    if error is CancellationError {
      self = .refreshCancelled
      return
    }
    guard let error = error as? DomainError else {
      self = .couldNotLoad(reason: .system(String(describing: error)))
      return
    }
    switch error {
    case .notFound: self = .notFound
    case .duplicate: self = .alreadyExists
    case .invalidInput(let problem): self = .input(problem)
    case .storageUnavailable(let path, let reason), .corruptStore(let path, let reason):
      self = .storageFailed(path: path, reason: reason)
    case .storeBusy(let path, _): self = .storeBusy(path: path)
    case .ratesUnavailable(let reason): self = .couldNotLoad(reason: reason)
    case .ratesFromTheFuture(let source, let publishedAt, let clock):
      self = .ratesFromTheFuture(source: source, publishedAt: publishedAt, clock: clock)
    }
  }
}

/// A view model that shows refusals as a message in its state.
@MainActor
protocol MessageReporting: AnyObject {
  func report(_ message: Message?)
}

extension MessageReporting {
  /// Runs a use-case call; a thrown error becomes the screen's message.
  /// - Returns: the value, or `nil` when the call was refused.
  func attempt<T>(_ body: () async throws -> T) async -> T? {
    do {
      return try await body()
    } catch {
      report(Message(error))
      return nil
    }
  }
}

extension InputProblem {
  /// The message case of an input refused for this problem.
  fileprivate var `case`: Message.Case {
    switch self {
    case .emptyAmount: .enterAmount
    case .invalidNumber: .invalidNumber
    case .negativeAmount: .negativeAmount
    case .tooManyIntegerDigits: .tooManyIntegerDigits
    case .scoreOutOfRange: .scoreOutOfRange
    case .futureDate: .futureDate
    case .dayTooEarly: .dayTooEarly
    case .emptyText: .emptyText
    case .unknownCurrency: .unknownCurrency
    case .noSuchItem: .noSuchItem
    case .notShown: .notShown
    case .notOnPage: .notOnPage
    case .shownItemGone: .shownItemGone
    case .shownItemChanged: .shownItemChanged
    case .tooLong: .tooLong
    case .stopwatchNotRunning: .stopwatchNotRunning
    case .storeNotEmpty: .storeNotEmpty
    case .invalidArchive: .invalidArchive
    case .resultTooLarge: .resultTooLarge
    case .outOfRange: .outOfRange
    case .ownStoreFile: .ownStoreFile
    }
  }
}
