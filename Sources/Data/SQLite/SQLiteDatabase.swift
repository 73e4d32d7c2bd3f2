import CSQLite
import Foundation
import PocketDomain

/// A stored row that the current code cannot read back (an unknown screen, a decimal that
/// does not parse). The file is damaged, or was written by something other than Pocket.
struct InvalidRow: Error {
  var reason: StoreCause
}

/// The one connection of an `SQLiteStore`. Every repository of the store goes through this
/// actor, so the connection is used by one task at a time; other processes are kept apart
/// by SQLite's own locks and the busy timeout. It runs on the thread its store was opened
/// for (`StoreThread`).
actor SQLiteDatabase {
  let path: String
  private let connection: SQLiteConnection
  /// `PRAGMA data_version` when last read: it moves when another connection commits.
  private var dataVersion: Int64?
  /// Each kind's version in `change_kinds` when last read (`SQLiteChangeKinds`).
  private var kindVersions: [Int64: Int64] = [:]
  private let executor: StoreExecutor
  /// Set once the file was found replaced (`checkInPlace`): every call after throws it.
  private var replaced: DomainError?
  /// Why every write is refused, for a connection that only reads (a store opened on a
  /// full disk: `SQLiteStore.open`); `nil` for one that writes.
  let refusesWrites: DomainError?
  /// For a connection that only reads: the store's files as they were when it was opened.
  /// It reads the file alone, without locks, so a read is trusted only when they are the
  /// same before and after it (`checkUnchanged`).
  private let openedStamp: SQLiteFile.Stamp?
  /// Whether the file has the chat search's marks, once read (`searchIndexed`).
  private var hasSearchMarks: Bool?

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

  /// `refusing`: why every write is refused, on a connection that could write (a machine's
  /// copy of a shared store whose server does not answer).
  init(
    connection: SQLiteConnection, thread: StoreThread,
    readingOnly: (refusal: DomainError, stamp: SQLiteFile.Stamp)? = nil,
    refusing: DomainError? = nil
  ) {
    self.path = connection.path
    self.connection = connection
    self.refusesWrites = readingOnly?.refusal ?? refusing
    openedStamp = readingOnly?.stamp
    executor = StoreExecutor(thread, label: "pocket.sqlite")
    dataVersion = try? connection.integer("PRAGMA data_version")
    kindVersions = (try? Self.kindVersions(connection)) ?? [:]
  }

  private static func kindVersions(_ connection: SQLiteConnection) throws -> [Int64: Int64] {
    let rows = try connection.query(SQLiteChangeKinds.read) { ($0.int64(0), $0.int64(1)) }
    return Dictionary(rows, uniquingKeysWith: { _, last in last })
  }

  /// The kinds of record another connection (another process, or another store on the
  /// same file) changed since the last call, or since the store was opened; none when no
  /// other connection committed. SQLite's `data_version`, which this connection's own
  /// commits leave alone, and a transaction another writer has not committed (or was
  /// killed in) does not move, says whether; `change_kinds` says which
  /// (`SQLiteChangeKinds`), every kind when it cannot be read.
  func changedElsewhere() throws(DomainError) -> RecordKinds {
    if let replaced { throw replaced }
    // Both read from one snapshot: the kinds then say what moved `data_version`, and a
    // commit between the two readings is seen, whole, at the next call.
    let now: (dataVersion: Int64?, kinds: [Int64: Int64]?)
    do {
      now = try connection.transaction(immediate: false) {
        let kinds = try? Self.kindVersions(connection)
        return (try connection.integer("PRAGMA data_version"), kinds)
      }
    } catch {
      throw sqlDomainError(error, store: path)
    }
    defer { dataVersion = now.dataVersion }
    guard now.dataVersion != dataVersion else { return [] }
    guard let versions = now.kinds else { return .all }
    defer { kindVersions = versions }
    return SQLiteChangeKinds.changed(from: kindVersions, to: versions)
  }

  /// Runs `body` in a read transaction, so several queries see one snapshot.
  func read<Result: Sendable>(
    _ body: @Sendable (SQLiteConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try run(immediate: false, body)
  }

  /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): either all its changes are
  /// committed, or, when it throws, none.
  func write<Result: Sendable>(
    _ body: @Sendable (SQLiteConnection) throws -> Result
  ) throws(DomainError) -> Result {
    try run(immediate: true, body)
  }

  private func run<Result: Sendable>(
    immediate: Bool, _ body: (SQLiteConnection) throws -> Result
  ) throws(DomainError) -> Result {
    if let replaced { throw replaced }
    // Refused before anything is tried: the file is left as it is.
    if immediate, let refusesWrites { throw refusesWrites }
    // A write goes only to the file at `path`: never, acknowledged, to one moved away.
    if immediate { try checkInPlace() }
    try checkUnchanged()
    do {
      let result = try connection.transaction(immediate: immediate) {
        let result = try body(connection)
        // Each of Pocket's writes keeps the chat's search index current, a batch at a time.
        if immediate, try searchIndexed(connection) { try SQLiteChatSearch.catchUp(connection) }
        return result
      }
      try checkUnchanged()
      return result
    } catch {
      // What a read of a file changed under it found (a page torn, say) is not the cause.
      try checkUnchanged()
      throw sqlDomainError(error, store: path)
    }
  }

  /// For a connection that only reads: throws when the store's files are no longer as they
  /// were when it was opened. Its reads see the file alone, so once another process has
  /// committed (the disk has room again) or copied its log into the file, they could show
  /// an old picture, or half of a new one; the command is to be run again.
  /// Whether the file has the chat search's marks (`SQLiteSchema.chatSearchPending`), read
  /// once: every file this code writes is at the current version; a test's older one has none.
  private func searchIndexed(_ connection: SQLiteConnection) throws -> Bool {
    if let hasSearchMarks { return hasSearchMarks }
    let has =
      try connection.integer(
        "SELECT count(*) FROM sqlite_master WHERE name = 'chat_search_pending'") == 1
    hasSearchMarks = has
    return has
  }

  /// The chat's messages newest first that may match `search`, from the index of their
  /// texts (`SQLiteChatSearch`); nil where it cannot answer (a query too short, a file
  /// without the index), and the chat is scanned. A store that writes first folds the
  /// messages marked since into the index (at most a batch), so fewer are read whole.
  func chatSearchCandidates(_ search: TextSearch) throws(DomainError) -> [ChatMessage]? {
    guard SQLiteChatSearch.answers(search) else { return nil }
    if refusesWrites == nil, try read({ try SQLiteChatSearch.hasMarked($0) }) {
      try write { _ in }
    }
    return try read { try SQLiteChatSearch.candidates(search, $0) }
  }

  private func checkUnchanged() throws(DomainError) {
    guard let openedStamp, SQLiteFile.Stamp(path: path) != openedStamp else { return }
    throw .storageUnavailable(
      path: path,
      reason: StoreProblem(.changedWhileReadOnly, advice: .runAgain))
  }

  /// Throws, from now on, when the file at `path` is not the one this connection has open
  /// (another file was moved into its place, or it was moved away or deleted).
  ///
  /// The write-ahead log and its index are found by name, beside `path`, and belong to the
  /// file this connection has open: left holding pages, they would be copied into the file
  /// now at `path` by the next process that opens it. So they are emptied first, here,
  /// into the file they belong to: a checkpoint writes the log's pages through this
  /// connection's own descriptor (the file moved away) and truncates the log through its
  /// own descriptor too. Nothing is deleted or renamed by name, and the file at `path` is
  /// never written (see docs/storage.md, "A store file replaced").
  func checkInPlace() throws(DomainError) {
    if let replaced { throw replaced }
    guard connection.isReplaced else { return }
    try? connection.checkpoint()
    let error = DomainError.storageUnavailable(
      path: path, reason: StoreFileWatch.goneReason(replaced: FileIdentity(path: path) != nil))
    replaced = error
    throw error
  }

  /// Why the store cannot be used since its file was replaced or moved away (and its log
  /// emptied into the file it belongs to: `checkInPlace`); `nil` while it is in place.
  func replacement() -> DomainError? {
    do {
      try checkInPlace()
      return nil
    } catch {
      return error
    }
  }

  /// The one-line reason of `error`, whatever its path.
  static func reason(_ error: any Error) -> StoreProblem {
    switch sqlDomainError(error, store: "") {
    case .storageUnavailable(_, let reason), .corruptStore(_, let reason): reason
    case let other: .system("\(other)")
    }
  }
}

extension SQLiteError {
  /// A damaged or foreign file, or one whose schema another program changed (a statement
  /// of ours it cannot prepare), is `corruptStore`; anything else (I/O, permissions, locks,
  /// a full disk) is `storageUnavailable`. The reason is SQLite's message, without the SQL.
  func domainError(store path: String) -> DomainError {
    if isInvalidSQL {
      return .corruptStore(
        path: path, reason: StoreProblem(.foreignSchema(because: .system(message))))
    }
    if isNoSpace { return DiskFull.error(path: path, .nothingChanged) }
    return switch primaryCode {
    case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT:
      .corruptStore(path: path, reason: StoreProblem(.unusableDatabase(because: .system(message))))
    case SQLITE_BUSY, SQLITE_LOCKED:
      .storeBusy(path: path, reason: .system(message))
    default:
      .storageUnavailable(path: path, reason: .system(message))
    }
  }
}
