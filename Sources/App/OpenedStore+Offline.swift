import Foundation
import PocketData
import PocketDomain
import Synchronization

/// This machine's copy of a postgres store, shown while its server does not answer.
struct OfflineCopy {
  /// The copy's file.
  let path: String
  /// The store as messages name it (never a password).
  let name: String
  /// This machine's screens, kept in the local file as when the server answers.
  let screens: any ScreenRepository
  let folder: String
  let local: SQLiteStore
}

extension OpenedStore {
  /// Waits for `server`'s answer: `nil` once it answers; while it cannot be reached, the
  /// store read from `copy` (`openOffline`); any other failure, or no copy it can show (never
  /// pulled, or one that cannot be opened), throws the server's failure: the one the user
  /// chose.
  static func openIfOffline(
    _ server: PostgresStore, _ copy: OfflineCopy, _ options: Options, watch: WatchChoice,
    waits: StoreWaits
  ) throws(DomainError) -> OpenedStore? {
    let refusal: DomainError
    do {
      try server.ready()
      return nil
    } catch {
      refusal = error
    }
    guard case .storageUnavailable(_, let reason) = refusal,
      let opened =
        (try? openOffline(
          copy, refusal, because: reason.cause, options, watch: watch, waits: waits)) ?? nil
    else { throw refusal }
    return opened
  }

  /// The postgres store read from this machine's copy, because its server did not answer
  /// (`cause`; every change is refused with `refusal`, nothing written); its first warning
  /// says once that the copy is shown and as of when. `nil` when the copy was never brought
  /// up to date.
  static func openOffline(
    _ copy: OfflineCopy, _ refusal: DomainError, because cause: StoreCause, _ options: Options,
    watch: WatchChoice, waits: StoreWaits
  ) throws -> OpenedStore? {
    guard
      let (store, copiedAt) = try PostgresStore.openCopy(
        at: copy.path, refusing: refusal, watch: watch, thread: options.storeThread, waits: waits)
    else { return nil }
    var repositories = store.repositories
    repositories.screens = copy.screens
    let note = Mutex<StoreProblem?>(
      StoreProblem(.offlineCopy(copiedAt: copiedAt, because: cause)))
    let local = copy.local
    return OpenedStore(
      kind: .postgres, path: copy.name, schemaVersion: PostgresStore.currentSchemaVersion,
      repositories: repositories, files: StoreFiles(folder: copy.folder),
      takeWarnings: {
        let first = note.withLock { note in
          defer { note = nil }
          return note
        }
        return (first.map { [$0] } ?? []) + local.takeWarnings()
      }, salvage: { try await store.salvage() })
  }
}
