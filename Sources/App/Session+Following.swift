import Domain
import Presentation

/// Following the store: another process's change reloads the screen showing, between
/// commands.
extension Session {
  /// Follows the store while the returned task runs: each time another process changes it,
  /// `handle` is called between commands (a command waits for it, and it for a command)
  /// with `reload`, which reads the screen showing again when it shows what changed
  /// (`ScreenFeature.records`), keeping its page, filter and amount. `reload` says how that
  /// went: `nil` when the screen shows none of what changed, `.done(nil)` when it was
  /// read again (Observation redraws it), `.refused` with why when the store cannot be
  /// read or is gone (an unusable store: the front end ends with status 3).
  /// A burst of changes comes as a few calls (`StoreChanges`).
  package func followStore(
    _ handle: @escaping @MainActor (_ reload: () async -> Outcome?) async -> Void
  ) -> Task<Void, Never> {
    let changes = store.repositories.changes.subscribe()
    return Task { @MainActor [weak self] in
      for await event in changes {
        guard let self else { return }
        await gate.reload { await handle { await self.reload(after: event) } }
        if case .gone = event { return }
      }
    }
  }

  private func reload(after event: StoreEvent) async -> Outcome? {
    switch event {
    case .gone(let error):
      return .refused(Message(error))
    case .changed(let kinds):
      let feature = currentFeature
      guard !kinds.isDisjoint(with: type(of: feature).records) else { return nil }
      await feature.reload(router.state.screen)
      if let message = feature.message, message.isRefusal { return .refused(message) }
      return .done(nil)
    }
  }
}
