import PocketDomain
import PocketPresentation

/// Following the store: another process's change reloads the screen showing, between
/// commands.
extension Session {
  /// Follows the store while the returned task runs (`StoreObservation.follow`): each time
  /// another process changes it, `handle` is called between commands (a command waits for
  /// it, and it for a command: the session's `IntentGate`) with `reload`, which reads the
  /// screen showing again when its view model shows what changed, keeping its page, filter
  /// and amount. `reload` says how that went: `nil` when the screen shows none of what
  /// changed, `.done(nil)` when it was read again (Observation redraws it), `.refused` with
  /// why when the store cannot be read or is gone (an unusable store: the front end ends
  /// with status 3). A burst of changes comes as a few calls (`StoreChanges`).
  package func followStore(
    _ handle: @escaping @MainActor (_ reload: () async -> Outcome?) async -> Void
  ) -> Task<Void, Never> {
    store.repositories.changes.follow(
      gate: gate,
      { [weak self] in
        self.map { [$0.currentFeature.followed] } ?? []
      }
    ) { reload in
      await handle {
        switch await reload() {
        case nil: nil
        case .reloaded: .done(nil)
        case .refused(let message): .refused(message)
        }
      }
    }
  }
}
