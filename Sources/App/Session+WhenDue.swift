import PocketDomain
import PocketPresentation

extension Session {
  /// Refreshes what falls due by itself (the rates) on every screen that says so before
  /// `command` (`ScreenFeature.refreshesWhenDue(before:)`; `nil`: a live view's ask),
  /// making its feature if need be: the first failure, else what the last refresh came
  /// to; `nil` when nothing was tried.
  func refreshWhenDue(before command: Command?, retry: Bool = false) async -> WhenDue? {
    var outcome: WhenDue?
    for index in registry.features.indices
    where registry.features[index].refreshesWhenDue(before: command) {
      guard let done = await feature(at: index).refreshWhenDue(retry: retry) else { continue }
      if case .failed = outcome { continue }
      outcome = done
    }
    return outcome
  }
}
