/// Why a store, an archive file or a rate source failed, as a value: the cause, and
/// Pocket's advice about it when it has some. A front end words both in the user's
/// language (PocketPresentation's `Strings.reason(_:)`); only the text of a `.system` cause
/// (an OS, SQLite, libpq, libcurl or HTTP message) is shown as it came, since that is
/// what one searches for.
public struct StoreProblem: Equatable, Sendable {
  /// What went wrong.
  public var cause: StoreCause
  /// What the user can do about it, when Pocket knows.
  public var advice: Advice?

  public init(_ cause: StoreCause, advice: Advice? = nil) {
    self.cause = cause
    self.advice = advice
  }

  /// Text that is not Pocket's own, shown verbatim (`StoreCause.system`), without advice.
  public static func system(_ text: String) -> StoreProblem { StoreProblem(.system(text)) }
}

/// Pocket's own advice beside the cause of a store's failure (what the user can do about
/// it). A front end words it in the user's language.
public enum Advice: Equatable, Sendable {
  /// Take other users' write permission away from a folder: the shell command, its path
  /// quoted for a shell.
  case removeOthersWrite(command: String)
  /// A store folder another user owns.
  case useOwnFolder
  /// Another process holds the store's lock.
  case retryWhenItEnds
  /// The store kept changing while it was read.
  case retry
  /// No folder for the store could be found from the environment.
  case useStorePath
  /// `export` over something that is neither a new file nor a regular file.
  case exportToRegularFile
  /// A path that is not UTF-8 (`UTF8Bytes`), which Pocket does not repair.
  case keepPathBytes
  /// The disk is full: free some space and try again.
  case freeSpace
  /// The store changed while the command read it: run the command again.
  case runAgain
  /// A relative path could not be resolved: give an absolute path.
  case useAbsolutePath
  /// A store whose schema is newer than this Pocket's: update Pocket to open it.
  case updatePocket
  /// A PostgreSQL schema that holds another program's objects: choose another schema.
  case chooseAnotherSchema
}
