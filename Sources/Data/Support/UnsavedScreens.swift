import PocketDomain
import Synchronization

/// The screens of a store whose disk is full: a save of the screen shown or its rows that
/// fails for want of room (`DiskFull`) is kept in memory instead, so showing a screen never
/// fails a command that only reads (a sqlite store opened on a full disk refuses every
/// write, `SQLiteStore.refusesWrites`; a json store cannot append its journal line; a
/// postgres store's local file cannot grow). The first such save leaves one warning
/// (`takeWarning`); what was kept is read from memory from then on, the rest from the
/// store. Any other failure is thrown as it was. The sqlite and json stores hand these out
/// in their `repositories`, so every front end gets them.
final class UnsavedScreens: ScreenRepository {
  private struct Kept: Sendable {
    var screen: Screen?
    var shown: [TerminalKey: ShownList] = [:]
    var warning: StoreProblem?
    var warned = false
  }

  private let base: any ScreenRepository
  private let kept = Mutex(Kept())

  init(_ base: any ScreenRepository) {
    self.base = base
  }

  func lastScreen() async throws -> Screen? {
    if let screen = kept.withLock({ $0.screen }) { return screen }
    return try await base.lastScreen()
  }

  func lastCalculatorCurrency() async throws -> String? {
    if case .calculator(let code) = kept.withLock({ $0.screen }) { return code }
    return try await base.lastCalculatorCurrency()
  }

  func shownList(for terminal: TerminalKey) async throws -> ShownList? {
    if let shown = kept.withLock({ $0.shown[terminal] }) { return shown }
    return try await base.shownList(for: terminal)
  }

  func save(_ screen: Screen) async throws {
    try await save(screen, at: \.screen) { try await base.save(screen) }
  }

  func save(_ shown: ShownList, for terminal: TerminalKey) async throws {
    try await save(shown, at: \.shown[terminal]) { try await base.save(shown, for: terminal) }
  }

  func dropShownLists(where isGone: @escaping @Sendable (TerminalKey) -> Bool) async throws {
    kept.withLock { kept in kept.shown = kept.shown.filter { !isGone($0.key) } }
    try await base.dropShownLists(where: isGone)
  }

  /// Saves `value` with `write`, or keeps it at `slot` when the disk is full.
  private func save<Value: Sendable>(
    _ value: Value, at slot: WritableKeyPath<Kept, Value?> & Sendable,
    _ write: () async throws -> Void
  ) async throws {
    // Once kept in memory, kept there: a later save that fits must not leave memory and
    // store disagreeing on which screen was shown last.
    if kept.withLock({ $0[keyPath: slot] != nil }) { return keep { $0[keyPath: slot] = value } }
    do {
      try await write()
    } catch  where DiskFull.isFull(error) {
      keep { $0[keyPath: slot] = value }
    }
  }

  private func keep(_ change: (inout Kept) -> Void) {
    kept.withLock { kept in
      change(&kept)
      guard !kept.warned else { return }
      kept.warned = true
      kept.warning = StoreProblem(.screenNotKept)
    }
  }

  /// The warning of the first save not kept in the store, once.
  func takeWarning() -> [StoreProblem] {
    kept.withLock { kept in
      defer { kept.warning = nil }
      return kept.warning.map { [$0] } ?? []
    }
  }
}

/// A disk without room: one wording for every store's refusal, so that a save of the
/// screen shown can tell it from any other failure (`UnsavedScreens`).
enum DiskFull {
  /// The store at `path` cannot be changed for want of room; `effect` says what that means.
  static func error(path: String, _ effect: DiskFullEffect) -> DomainError {
    .storageUnavailable(path: path, reason: StoreProblem(.diskFull(effect), advice: .freeSpace))
  }

  /// Whether `error` is a store's refusal for want of room.
  static func isFull(_ error: any Error) -> Bool {
    guard case .storageUnavailable(_, let reason) = error as? DomainError else { return false }
    return isFull(reason.cause)
  }

  private static func isFull(_ cause: StoreCause) -> Bool {
    switch cause {
    case .diskFull: true
    case .cannot(_, let because), .inLine(_, let because), .step(_, _, let because),
      .cannotRename(_, _, let because):
      isFull(because)
    default: false
    }
  }
}
