import Foundation
import PocketDomain

/// The snapshot and journal of a `JSONFileStore`; all reads and changes go through this
/// actor, which keeps the state they describe in memory.
///
/// Other processes (or other stores on the same folder) may change the files at any time.
/// A read compares the files' stamps with what it last read and catches up when they moved
/// (new journal lines are applied, a new snapshot is loaded whole), without a lock; a
/// change does the same under the exclusive lock, then appends its line.
actor JSONFileBackend: DocumentBackend {
  private var files: JSONFiles
  private let lockPath: String
  /// Where a change waiting for another program's lock is reported.
  private let waiting: LockWaiting
  private let executor: StoreExecutor

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

  /// Reads the files (without a lock, as every read). Temporary files a killed writer left
  /// are deleted first, under the exclusive lock, when the folder can be written and no
  /// other process holds the lock now (else a later open deletes them).
  init(
    filePath: String, directoryPath: String, journalLimit: JournalLimit,
    versions: DocumentVersions, salvaging: Bool = false, thread: StoreThread = .own,
    waiting: LockWaiting = LockWaiting(waits: StoreWaits(), store: "")
  ) throws(DomainError) {
    let lockPath = filePath + ".lock"
    // Reads take no lock, so the lock file is not opened here: a link in its place is
    // refused all the same, as every store file's is.
    do {
      try DurableFile.refuseLink(lockPath)
    } catch {
      throw .storageUnavailable(path: lockPath, reason: StoreProblem(error.reason))
    }
    let leftovers = DurableFile.temporaryPrefix(for: PathText.lastComponent(filePath))
    if StoreFolder.hasLeftovers(in: directoryPath, prefix: leftovers) {
      _ = try? DurableFile.withLockIfFree(lockPath) {
        StoreFolder.removeLeftovers(in: directoryPath, prefix: leftovers)
      }
    }
    files = try JSONFiles(
      filePath: filePath, directoryPath: directoryPath, journalLimit: journalLimit,
      versions: versions, salvaging: salvaging)
    self.lockPath = lockPath
    self.waiting = waiting
    executor = StoreExecutor(thread, label: "pocket.json")
  }

  /// The journal lines skipped while salvaging (`JSONFileStore.openSalvaging`).
  func unreadable() -> [StoreCause] { files.unreadable }

  func takeWarnings() -> [StoreProblem] {
    defer { files.warning = nil }
    return files.warning.map { [$0] } ?? []
  }

  /// Why the store can no longer be used (another file was put in its snapshot's place);
  /// `nil` while it can.
  func replaced() -> DomainError? { files.replaced }

  /// What other writers changed since the last call, as the files say now: `nil` when
  /// nothing (the files moved only by this store's own writes, or not at all).
  func changedElsewhere() throws -> StoreEvent? {
    if files.mayHaveChanged { try files.refresh() }
    let kinds = files.takeSeenElsewhere()
    return kinds.isEmpty ? nil : .changed(kinds)
  }

  func read<Result: Sendable>(_ body: @Sendable (StoreState) -> Result) throws -> Result {
    if files.mayHaveChanged { try files.refresh() }
    return body(files.state)
  }

  func apply(_ change: StoreChange) throws -> ChangeResult {
    try update { _ in (change, ()) }.applied
  }

  /// Holds the exclusive lock from the read to the write: `decide` sees every change other
  /// processes made before it, and none can land between its reading and its change.
  func update<Result: Sendable>(
    _ decide: @Sendable (StoreState) throws -> (change: StoreChange?, result: Result)
  ) throws -> Result {
    try update(decide).result
  }

  private func update<Result: Sendable>(
    _ decide: (StoreState) throws -> (change: StoreChange?, result: Result)
  ) throws -> (applied: ChangeResult, result: Result) {
    do {
      return try DurableFile.withLock(lockPath, waiting: waiting) {
        try files.catchUp()
        let (change, result) = try decide(files.state)
        guard let change else { return (.unchanged, result) }
        do {
          return (try files.apply(change), result)
        } catch let failure as DurableFile.Failure {
          // The change is in memory but not on disk: start again from the files, still
          // under the lock. Should that fail too, the next read or change reloads.
          try? files.reload()
          throw failure
        }
      }
    } catch let busy as FileLock.Busy {
      // As every store: a lock held past the bound refuses the change, the store stays usable.
      throw DomainError.storeBusy(path: busy.path, reason: busy.reason)
    } catch let failure as DurableFile.Failure {
      throw DomainError.storageUnavailable(
        path: files.filePath, reason: StoreProblem(failure.reason))
    }
  }
}
