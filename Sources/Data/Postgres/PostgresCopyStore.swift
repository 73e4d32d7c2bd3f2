import Foundation
import PocketDomain
import Synchronization

/// A postgres store read from this machine's copy of its records (`PostgresReplica`): every
/// read is served by the copy, an SQLite file on this machine's disk, and every change goes
/// to the server, then is pulled into the copy before the next read, so a process always
/// reads its own changes. Another machine's change reaches the copy with the next pull: the
/// server announces it (`LISTEN`) while anyone follows the store (`changes`), and a reader
/// that waits for the server (`Reads.afterAPull`) pulls before its first read.
///
/// While the server does not answer, the copy is shown as last pulled, every change is
/// refused with the server's error (nothing written), and the first warning says so, once
/// each time the server stops answering (`StoreCause.offlineCopy`). A view that follows the
/// store tries the server again every `retryDelay` until it answers, then pulls what it
/// missed. When the copy cannot be written (a full or read-only disk),
/// or needs a whole copy larger than a pull makes (`PostgresDatabase.wholeCopyLimit`), reads
/// go to the server until a pull succeeds again: what is read is never older than what this
/// process wrote, nor another store's. A view that follows the store makes that whole copy
/// meanwhile (`copyWholeIfNeeded`).
public final class PostgresCopyStore: Sendable {
  /// When the reads of a store opened from its copy first wait for the server.
  public enum Reads: Sendable {
    /// The first read pulls first, waiting for the server (at most its connect timeout):
    /// a command that prints once shows what the server holds when it answers.
    case afterAPull
    /// Every read is served by the copy at once; a view that follows the store pulls when
    /// it begins to follow and whenever the server announces a change.
    case atOnce
  }

  let server: PostgresStore
  let copy: SQLiteStore
  /// The server's repositories, and the copy's.
  let onServer: Repositories
  let onCopy: Repositories
  /// The copy's file.
  public let path: String
  private let state: Mutex<State>
  private let observation: CopyObservation

  private struct State {
    /// A read pulls first: the first one `Reads.afterAPull`, and one after a change of this
    /// process whose own pull did not reach the server.
    var pullFirst: Bool
    /// Reads go to the server: the copy could not be brought up to date for a reason of its
    /// own (its disk, or a whole copy larger than a pull makes), until a pull succeeds.
    var readsServer = false
    /// The last pull needed a whole copy larger than a pull makes: a view that follows the
    /// store makes it (`copyWholeIfNeeded`).
    var needsWholeCopy = false
    /// No change was made since the last pull that succeeded: the store's end need not pull.
    var pulled = false
    /// The server answered a statement of this store's.
    var reached = false
    /// The warning the next `takeWarnings` gives, once: the copy shown, the server silent.
    var offline: StoreProblem?
    /// The last try to reach the server failed: the copy is shown as last pulled.
    var isOffline = false
    /// When the copy was last brought up to date, as its file said at open and after each
    /// pull of this store's: `status` says it without waiting for the store's connection.
    var copiedAt: Date
    /// The number this machine claimed from the server, as the copy said it last.
    var machine: Int?
  }

  private init(
    server: PostgresStore, copy: SQLiteStore, path: String, reads: Reads,
    copied: (at: Date, machine: Int?)
  ) {
    self.server = server
    self.copy = copy
    onServer = server.repositories
    onCopy = copy.repositories
    self.path = path
    state = Mutex(
      State(pullFirst: reads == .afterAPull, copiedAt: copied.at, machine: copied.machine))
    observation = CopyObservation()
    observation.store = self
  }

  /// The store `server` names, read from its copy at `path`; `nil` for a copy that was never
  /// brought up to date (nothing in it to show): the server is then read as before.
  public static func open(
    _ server: PostgresStore, copyAt path: String, reads: Reads, watch: WatchChoice = .automatic,
    thread: StoreThread = .own, waits: StoreWaits = StoreWaits()
  ) throws(DomainError) -> PostgresCopyStore? {
    let copied: (at: Date, machine: Int?)?
    do {
      let connection = try PostgresReplica.connect(path: path)
      defer { try? connection.close() }
      copied = try PostgresReplica.copied(connection)
    } catch {
      throw sqlDomainError(error, store: path)
    }
    guard let copied else { return nil }
    // The copy's own repositories never write: every change goes to the server.
    let copy = try SQLiteStore.open(
      copyAt: path,
      refusing: .storageUnavailable(
        path: path, reason: .system("this machine's copy is read only")),
      durability: .localState, watch: watch, thread: thread, waits: waits)
    return PostgresCopyStore(
      server: server, copy: copy, path: path, reads: reads, copied: copied)
  }

  /// Every repository: reads from the copy, changes on the server. The screens are the
  /// copy's too until the caller gives them another place (they are never copied).
  public var repositories: Repositories {
    let source = CopySource(store: self)
    return Repositories(
      stopwatch: CopyStopwatch(source), bookmarks: CopyBookmarks(source),
      rates: CopyRates(source), screens: onCopy.screens,
      mindLogs: CopyMindLogs(source), chat: CopyChat(source), archive: CopyArchive(source),
      declared: CopyDeclared(source), changes: observation, waits: server.database.waits)
  }

  /// Serves every read from the copy at once, for a view about to follow the store (which
  /// pulls as it begins): called before the store is first read.
  public func readAtOnce() {
    state.withLock { $0.pullFirst = false }
  }

  /// What went wrong without losing anything: once, that the copy is shown while the server
  /// does not answer (and as of when).
  public func takeWarnings() -> [StoreProblem] {
    state.withLock { state in
      defer { state.offline = nil }
      return state.offline.map { [$0] } ?? []
    }
  }

  /// Ends the store: pulls once more when this process changed the store since its last
  /// pull (or never pulled), then ends the connection to the server.
  public func close() async {
    if !state.withLock({ $0.pulled }) { await pull() }
    await server.close()
  }

  /// The repositories to read: the copy, pulled first when a read is to wait for the server
  /// or follow a change of this process; the server while the copy cannot be written.
  func readable() async throws(DomainError) -> Repositories {
    if state.withLock({ $0.pullFirst }) { try await pull(failing: true) }
    return readsServer ? onServer : onCopy
  }

  /// After a change on the server: pulls it into the copy (a pull that does not reach the
  /// server leaves the next read to pull first).
  func changed() async {
    state.withLock {
      $0.reached = true
      $0.pulled = false
    }
    if await !pull(), !readsServer { state.withLock { $0.pullFirst = true } }
  }

  /// Brings the copy up to date; whether it is (a pull the server did not answer leaves it
  /// as last pulled and says so once; one the copy failed sends reads to the server).
  @discardableResult
  func pull() async -> Bool {
    (try? await pull(failing: false)) ?? false
  }

  /// `pull`, throwing what the server refuses when `failing` (a schema of a newer Pocket, or
  /// not Pocket's): a read cannot show a store the server refuses.
  @discardableResult
  private func pull(failing: Bool) async throws(DomainError) -> Bool {
    do {
      let pull = try await server.database.pull(into: path)
      // A copy that needs a whole copy too large to make now (of another log, or one the
      // log was pruned past) is not shown: the server is read instead.
      let tooLarge = pull.way == .tooLarge
      state.withLock {
        ($0.pullFirst, $0.readsServer, $0.pulled, $0.reached) = (false, tooLarge, !tooLarge, true)
        ($0.isOffline, $0.needsWholeCopy) = (false, tooLarge)
      }
      if let copied = await server.database.copied(path) {
        state.withLock { ($0.copiedAt, $0.machine) = (copied.at, copied.machine) }
      }
      return !tooLarge
    } catch .server(let error) {
      state.withLock { $0.pullFirst = false }
      guard case .storageUnavailable(_, let reason) = error else {
        if failing { throw error }
        return false
      }
      wentOffline(because: reason.cause)
      return false
    } catch {
      // The copy's own failure, the server reached.
      state.withLock { ($0.pullFirst, $0.readsServer, $0.reached) = (false, true, true) }
      return false
    }
  }

  /// Makes the whole copy the last pull needed and did not make (the store holds more
  /// records than a pull copies whole: `PostgresDatabase.wholeCopyLimit`), on a connection
  /// and a thread of its own while the reads go on to the server, then pulls, which sends
  /// them back to the copy. For a view that follows the store; nothing when no whole copy
  /// waits.
  func copyWholeIfNeeded() async {
    guard state.withLock({ $0.needsWholeCopy }) else { return }
    if await server.copyWhole(into: path) { await pull() }
  }

  /// The server did not answer, or its connection was lost: the warning that the copy is
  /// shown, once until the server answers again.
  func wentOffline(because cause: StoreCause) {
    let first = state.withLock { state in
      defer { state.isOffline = true }
      if !state.isOffline {
        state.offline = StoreProblem(.offlineCopy(copiedAt: state.copiedAt, because: cause))
      }
      return !state.isOffline
    }
    // A view that follows the store learns of it (no record changed).
    if first { observation.signal.send(.changed([])) }
  }

  /// The copy as `pocket store` says it: its file, when it was last brought up to date, and
  /// whether it is shown because the server did not answer this process's last try. Said
  /// at once, whatever the store's connection waits for.
  public func status() -> StoreCopy {
    state.withLock {
      StoreCopy(path: path, copiedAt: $0.copiedAt, offline: $0.isOffline, machine: $0.machine)
    }
  }

  /// How long a view that follows the store waits before it tries a server that did not
  /// answer again: a server back from a restart is followed within about this.
  public static let retryDelay: Duration = .seconds(1)

  /// Whether the server has answered a statement of this store's.
  var hasReached: Bool { state.withLock { $0.reached } }
  /// Whether the last try to reach the server failed.
  var isOffline: Bool { state.withLock { $0.isOffline } }
  /// Whether reads go to the server, the copy failing.
  var readsServer: Bool { state.withLock { $0.readsServer } }
}
