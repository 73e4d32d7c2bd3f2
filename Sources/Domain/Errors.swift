import Foundation

/// Why a piece of user input was refused. Presentation turns each case into wording.
public enum InputProblem: Equatable, Sendable {
  /// The amount field was empty.
  case emptyAmount
  /// The text is not a number this app accepts.
  case invalidNumber
  /// Amounts cannot be negative.
  case negativeAmount
  /// A typed amount with more digits before the decimal point than `limit`.
  case tooManyIntegerDigits(limit: Int)
  /// A mind-log score must lie in 0...10.
  case scoreOutOfRange
  /// A mind-log day after today (or one the calendar does not have), as `2026-11-28`.
  case futureDate(String)
  /// A mind-log day before the first a store holds (1970-01-01), as `1969-12-31`.
  case dayTooEarly(String)
  /// Text that must not be empty was empty (a chat message, a title).
  case emptyText
  /// The currency code is not in the cached rates.
  case unknownCurrency(String)
  /// A list number that is not on the list of `count` items.
  case noSuchItem(Int, count: Int)
  /// A number no row of the screen shown last showed.
  case notShown(Int)
  /// An item (named `text`) a front end acted on by itself, not by a number, that no row
  /// of the page shown shows.
  case notOnPage(ItemKind, text: String)
  /// The item row `number` showed (named `text`) was deleted since, by another process or
  /// another screen.
  case shownItemGone(ItemKind, number: Int, text: String)
  /// The item row `number` showed (named `text`) was changed since: what the row showed is
  /// no longer what the item is.
  case shownItemChanged(ItemKind, number: Int, text: String)
  /// Text longer than its field allows (`limit` characters).
  case tooLong(InputField, limit: Int)
  /// The operation needs a running (or stopped) stopwatch.
  case stopwatchNotRunning
  /// Importing into a store that holds data needs `--replace`.
  case storeNotEmpty
  /// An archive that no store could hold (duplicate identities, ids above the last id,
  /// a number out of range, a text longer than its field takes).
  case invalidArchive(CheckFailure)
  /// A conversion whose result is too large to show (see `Limits.conversionResult`).
  case resultTooLarge
  /// A number a command would make is past its limit (`Limits`), or a value a store would
  /// not read back: the failure names it.
  case outOfRange(CheckFailure)
  /// One of the open store's own files (or its folder) named as the archive to write
  /// (`writing`: export) or to read (import): an export would write over the store, and
  /// its files are not archives.
  case ownStoreFile(path: String, writing: Bool)
}

/// The closed set of failures the core reports. Everything a user or a disk can cause
/// ends up here; bugs of ours are preconditions, never one of these.
public enum DomainError: Error, Equatable, Sendable {
  /// No record with that identity.
  case notFound
  /// A record with that identity exists already (bookmark url, lap number).
  case duplicate
  /// The user's input was refused; nothing changed.
  case invalidInput(InputProblem)
  /// The store could not be opened, read or written (permissions, disk, missing folder).
  /// Every store failure carries its reason as a value (`StoreProblem`) a front end words.
  case storageUnavailable(path: String, reason: StoreProblem)
  /// Another program held the store's write lock for longer than a write waits for it;
  /// nothing changed, and the store is usable (reads go on).
  case storeBusy(path: String, reason: StoreProblem)
  /// The store exists but its content is not what Pocket writes.
  case corruptStore(path: String, reason: StoreProblem)
  /// No exchange rates could be had from the store or the configured source.
  case ratesUnavailable(reason: StoreProblem)
  /// `source` gave rates published at `publishedAt`, more than a day after the machine's
  /// clock (`clock`): no real publication, and one that would keep every true one out.
  case ratesFromTheFuture(source: String, publishedAt: Date, clock: Date)
}
