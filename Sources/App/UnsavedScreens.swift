import Domain
import Synchronization

/// The screens of a store that only reads (a sqlite store opened on a full disk): what a
/// command shows is kept in memory instead of the store, so showing a screen or rows never
/// fails a command that only reads; the first save that did not reach the store leaves one
/// warning (`takeWarning`). Reads go to the store until a save, then come from memory.
final class UnsavedScreens: ScreenRepository {
  private struct Kept: Sendable {
    var screen: Screen?
    var shown: ShownList?
    var warning: String?
    var warned = false
  }

  private let base: any ScreenRepository
  private let reason: String
  private let kept = Mutex(Kept())

  /// Wraps `base`, whose store refuses every change for `reason`.
  init(_ base: any ScreenRepository, reason: String) {
    self.base = base
    self.reason = reason
  }

  func lastScreen() async throws -> Screen? {
    if let screen = kept.withLock({ $0.screen }) { return screen }
    return try await base.lastScreen()
  }

  func lastCalculatorCurrency() async throws -> String? {
    if case .calculator(let code) = kept.withLock({ $0.screen }) { return code }
    return try await base.lastCalculatorCurrency()
  }

  func shownList() async throws -> ShownList? {
    if let shown = kept.withLock({ $0.shown }) { return shown }
    return try await base.shownList()
  }

  func save(_ screen: Screen) async throws {
    kept.withLock {
      $0.screen = screen
      noteUnsaved(&$0)
    }
  }

  func save(_ shown: ShownList) async throws {
    kept.withLock {
      $0.shown = shown
      noteUnsaved(&$0)
    }
  }

  private func noteUnsaved(_ kept: inout Kept) {
    guard !kept.warned else { return }
    kept.warned = true
    kept.warning = "the screen shown is not kept for the next run: \(reason)"
  }

  /// The warning of the first save not kept in the store, once.
  func takeWarning() -> [String] {
    kept.withLock { kept in
      defer { kept.warning = nil }
      return kept.warning.map { [$0] } ?? []
    }
  }
}
