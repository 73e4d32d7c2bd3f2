import PocketDomain
import PocketPresentation

extension LiveController {
  /// Refreshes what falls due by itself (the rates) when it is due (`retry`: again after a
  /// failure): new rates redraw the screen showing and are said on the status row; a
  /// failure is said there only on a first try, so a view that retries does not repeat it.
  func refreshWhenDue(retry: Bool) async -> WhenDue? {
    let outcome = await session.refreshWhenDue(before: nil, retry: retry)
    switch outcome {
    case .refreshed(let message?)?:
      // The rates' own screen read them; another showing them (the calculator) reads now.
      await session.currentFeature.followed.reload()
      state.status = LiveStatus(text: strings.text(message))
    case .failed(let message)? where !retry:
      state.status = LiveStatus(text: strings.text(message), isError: true)
    default:
      break
    }
    return outcome
  }
}

extension LiveView {
  /// How often an open view asks whether the rates fell due.
  static let dueCheckInterval = Duration.seconds(60)
  /// The longest wait between tries after failures (they wait 1, 2, 4… minutes).
  static let longestRetryWait = Duration.seconds(3_600)

  /// Refreshes what falls due by itself now and then while the view is open: at once, then
  /// every `dueCheckInterval`; after a failure, again after a wait that doubles from a
  /// minute up to `longestRetryWait`. No key waits for it.
  static func refreshingWhenDue(_ controller: LiveController) -> Task<Void, Never> {
    Task { [weak controller] in
      var retryWait: Duration?
      while !Task.isCancelled, let controller {
        if case .failed? = await controller.refreshWhenDue(retry: retryWait != nil) {
          retryWait = min((retryWait ?? .seconds(30)) * 2, longestRetryWait)
        } else {
          retryWait = nil
        }
        try? await Task.sleep(for: retryWait ?? dueCheckInterval)
      }
    }
  }
}
